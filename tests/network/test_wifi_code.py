"""The Wi-Fi QR code's text: the format phone cameras join with, every special character
of the name and the password escaped (and only those)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.network.wifi_code import SPECIAL, escape, wifi_text


def unescape(text: str) -> str:
    out, it = [], iter(text)
    for c in it:
        out.append(next(it) if c == "\\" else c)
    return "".join(out)


def fields(text: str) -> dict[str, str]:
    """What a reader takes out of ``WIFI:…;;``: split at the unescaped semicolons."""
    assert text.startswith("WIFI:") and text.endswith(";;")
    found, field, it = {}, "", iter(text[5:-1])
    for c in it:
        if c == "\\":
            field += c + next(it)
        elif c == ";":
            key, _colon, value = field.partition(":")
            found[key] = unescape(value)
            field = ""
        else:
            field += c
    return found


def test_the_special_characters_are_escaped() -> None:
    assert escape('a\\b;c,d:e"f') == 'a\\\\b\\;c\\,d\\:e\\"f'
    assert escape("Companion-AB12 ü") == "Companion-AB12 ü"


@given(st.text(min_size=1, max_size=32), st.text(min_size=8, max_size=63))
def test_a_reader_gets_the_name_and_password_back(name: str, password: str) -> None:
    assert fields(wifi_text(name, password)) == {"T": "WPA", "S": name, "P": password}


def test_every_special_character_is_covered() -> None:
    assert set(SPECIAL) == set('\\;,:"')
