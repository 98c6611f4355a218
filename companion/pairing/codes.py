"""Pairing a phone with the box: the one-time code, the lasting cookie, the CSRF token.

The box's process (the *Phone* screen) and the web process share two files in the state
folder, beside the log:

``web-pairing.json``
    the one-time code the QR code carries, and when it was made: the first phone that
    opens the address with it is paired, and the code is gone;
``web-secret``
    the key the pairing cookies are signed with (HMAC-SHA256). The box's *Forget phones*
    writes a new one, and every cookie signed with the old one stops working.

Neither file is trusted until it reads as ours (principle 7): anything else is "no code"
or a new secret. Both are written whole (a temporary file, then a rename) and readable by
their owner only.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> code = new_code(folder, now=1000.0)
>>> len(code), code.isupper()
(16, True)
>>> take_code(folder, "WRONG", now=1001.0), take_code(folder, code, now=1001.0)
(False, True)
>>> take_code(folder, code, now=1002.0)   # once only
False
>>> cookie = sign(folder, "phone-1", now=1003.0)
>>> paired(folder, cookie, now=1004.0)
'phone-1'
>>> forget_phones(folder); paired(folder, cookie, now=1005.0) is None
True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import tempfile
import time
from pathlib import Path

from companion.core.shared_folder import file_mode

CODE_FILE = "web-pairing.json"
SECRET_FILE = "web-secret"
#: A code not used within this many seconds is void (the box makes a new one on OK).
CODE_LIFE = 15 * 60
#: How long a paired phone stays paired (browsers keep a cookie 400 days at most).
COOKIE_LIFE = 400 * 24 * 3600
#: Base32's letters without the ones a person could misread; upper case so that the
#: whole address is a QR code's dense alphanumeric mode.
_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 16


def _write(path: Path, text: str) -> None:
    """``text`` into ``path`` whole, or not at all: owner-only, or the group's too in a
    folder the box shares with the page's user (the box writes the code, the page reads
    it); its folder (the state folder, where the log is) must exist: none is made."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        os.fchmod(fd, file_mode(path.parent))
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def new_code(folder: Path, *, now: float | None = None) -> str:
    """Make a fresh one-time code (the last one is void) and return it."""
    code = "".join(secrets.choice(_ALPHABET) for _ in range(CODE_LENGTH))
    made = time.time() if now is None else now
    _write(Path(folder) / CODE_FILE, json.dumps({"code": code, "made": made}))
    return code


def current_code(folder: Path, *, now: float | None = None) -> str | None:
    """The code waiting to be used, if there is one still in time."""
    try:
        data = json.loads((Path(folder) / CODE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict):
        return None
    code, made = data.get("code"), data.get("made")
    if not isinstance(code, str) or len(code) != CODE_LENGTH \
            or not isinstance(made, int | float) or isinstance(made, bool):
        return None
    moment = time.time() if now is None else now
    return code if 0 <= moment - made <= CODE_LIFE else None


def take_code(folder: Path, offered: str, *, now: float | None = None) -> bool:
    """True, once, when ``offered`` is the waiting code: it is used up."""
    code = current_code(folder, now=now)
    if code is None or not hmac.compare_digest(code.encode(), offered.upper().encode()):
        return False
    try:
        (Path(folder) / CODE_FILE).unlink()
    except FileNotFoundError:
        return False  # another request took it first
    return True


def _secret(folder: Path) -> bytes:
    """The signing key, made on first use; one that is not ours is replaced."""
    path = Path(folder) / SECRET_FILE
    try:
        text = path.read_text(encoding="ascii").strip()
        key = bytes.fromhex(text)
        if len(key) == 32:
            return key
    except (OSError, ValueError, UnicodeDecodeError):
        pass
    key = secrets.token_bytes(32)
    _write(path, key.hex() + "\n")
    return key


def forget_phones(folder: Path) -> None:
    """Every paired phone must be paired again: a new signing key, and no code waiting."""
    _write(Path(folder) / SECRET_FILE, secrets.token_bytes(32).hex() + "\n")
    (Path(folder) / CODE_FILE).unlink(missing_ok=True)


def _mac(key: bytes, text: str) -> str:
    digest = hmac.new(key, text.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def sign(folder: Path, phone: str, *, now: float | None = None) -> str:
    """The cookie value that says ``phone`` is paired: ``phone.issued.mac``."""
    issued = int(time.time() if now is None else now)
    body = f"{phone}.{issued}"
    return f"{body}.{_mac(_secret(folder), body)}"


def paired(folder: Path, cookie: str | None, *, now: float | None = None) -> str | None:
    """The phone's id when ``cookie`` is a pairing the box still knows, else None."""
    if not cookie or cookie.count(".") != 2:
        return None
    phone, issued, mac = cookie.split(".")
    if not hmac.compare_digest(_mac(_secret(folder), f"{phone}.{issued}"), mac):
        return None
    try:
        age = (time.time() if now is None else now) - int(issued)
    except ValueError:
        return None
    return phone if 0 <= age <= COOKIE_LIFE else None


def new_phone() -> str:
    """An id for a newly paired phone."""
    return secrets.token_hex(8)


def csrf(folder: Path, phone: str) -> str:
    """The token every form of this phone carries (it changes with the signing key)."""
    return _mac(_secret(folder), f"csrf:{phone}")


def csrf_ok(folder: Path, phone: str, offered: str | None) -> bool:
    return bool(offered) and hmac.compare_digest(csrf(folder, phone), str(offered))
