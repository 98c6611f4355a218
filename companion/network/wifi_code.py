"""The text of a Wi-Fi QR code, which a phone's camera joins with one tap.

The format (ZXing's, which phone cameras follow): ``WIFI:T:WPA;S:<name>;P:<password>;;``,
with ``\\``, ``;``, ``,``, ``:`` and ``"`` in the name or the password escaped by a
backslash.

>>> wifi_text("Companion-AB12", "K7MPQRST2345")
'WIFI:T:WPA;S:Companion-AB12;P:K7MPQRST2345;;'
>>> wifi_text('Tom;s "Wi-Fi"', 'a\\\\b:c,d')
'WIFI:T:WPA;S:Tom\\\\;s \\\\"Wi-Fi\\\\";P:a\\\\\\\\b\\\\:c\\\\,d;;'
>>> wifi_text("Open", "")
'WIFI:T:nopass;S:Open;;'
"""

from __future__ import annotations

SPECIAL = '\\;,:"'


def escape(text: str) -> str:
    """``text`` with each of ``\\ ; , : "`` behind a backslash."""
    return "".join("\\" + c if c in SPECIAL else c for c in text)


def wifi_text(name: str, password: str) -> str:
    """What the QR code holds for network ``name`` (WPA, or open without a password)."""
    if not password:
        return f"WIFI:T:nopass;S:{escape(name)};;"
    return f"WIFI:T:WPA;S:{escape(name)};P:{escape(password)};;"
