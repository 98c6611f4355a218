"""The box's own Wi-Fi: its name, its password, and starting and stopping it.

The name is ``Companion-XXXX`` (the last four hex digits of the Wi-Fi device's hardware
address, so two boxes at one table differ); the password is 12 random characters from an
alphabet a person copies without doubt (no 0/O, 1/I/L) and that a Wi-Fi QR code needs
not escape. Both are kept in ``box-wifi.json`` in the state folder until the owner makes
a new password. The file is read strictly (principle 7): anything but exactly our two
values is a stranger, set aside as ``box-wifi.json.bad`` and replaced.

While the box's Wi-Fi is up, the same file remembers the network that was in use before
(its uuid), so stopping gives it back, even after a restart.

>>> name_for("11:22:33:44:AB:12")
'Companion-AB12'
>>> len(new_password()) >= 12
True
"""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass, replace
from pathlib import Path

from companion.network.wifi import Wifi, check_password

FILE = "box-wifi.json"
#: The box's address on its own Wi-Fi (NetworkManager's "shared" method serves DHCP).
ADDRESS = "10.42.0.1"
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
PASSWORD_LENGTH = 12


@dataclass(frozen=True)
class BoxWifi:
    """The box's own network: ``name`` and ``password``; ``previous``: the uuid of the
    network in use before it started (None: none, or it is not running)."""

    name: str
    password: str
    previous: str | None = None


def name_for(hw_address: str | None) -> str:
    digits = "".join(c for c in (hw_address or "") if c in "0123456789abcdefABCDEF")
    tail = digits[-4:].upper() if len(digits) >= 4 else secrets.token_hex(2).upper()
    return f"Companion-{tail}"


def new_password() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(PASSWORD_LENGTH))


def _ours(data: object) -> BoxWifi | None:
    if not isinstance(data, dict) or not {"name", "password"} <= set(data) or \
            not set(data) <= {"name", "password", "previous"}:
        return None
    name, password, previous = data["name"], data["password"], data.get("previous")
    if not (isinstance(name, str) and name.startswith("Companion-") and len(name) <= 32):
        return None
    if not isinstance(password, str) or not (previous is None or isinstance(previous, str)):
        return None
    try:
        check_password(password)
    except ValueError:
        return None
    return BoxWifi(name, password, previous)


def load(folder: Path) -> BoxWifi | None:
    """The saved name and password (None: none saved, or the file is not ours)."""
    try:
        text = (Path(folder) / FILE).read_text(encoding="utf-8")
        return _ours(json.loads(text))
    except (OSError, ValueError):
        return None


def save(folder: Path, wifi: BoxWifi) -> None:
    """Write ``wifi`` whole or not at all (a temporary file renamed over the old one)."""
    path = Path(folder) / FILE
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps({"name": wifi.name, "password": wifi.password,
                               "previous": wifi.previous}), encoding="utf-8")
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def credentials(folder: Path, hw_address: str | None = None) -> BoxWifi:
    """The box's name and password: the saved ones, else new ones (saved)."""
    found = load(folder)
    if found is not None:
        return found
    path = Path(folder) / FILE
    if path.exists():  # a stranger: kept aside, never silently overwritten
        os.replace(path, path.with_name(FILE + ".bad"))
    made = BoxWifi(name_for(hw_address), new_password())
    save(folder, made)
    return made


def renew_password(folder: Path, hw_address: str | None = None) -> BoxWifi:
    """A new password, kept from now on (the owner asked; phones must join again)."""
    made = replace(credentials(folder, hw_address), password=new_password())
    save(folder, made)
    return made


def _hw_address(wifi: Wifi) -> str | None:
    from companion.network.bus import CallError
    from companion.network.wifi import DEVICE

    try:
        return str(wifi.bus.get(wifi.device(), DEVICE + ".Wireless", "PermHwAddress"))
    except CallError:
        return None


def start(wifi: Wifi, folder: Path, *, again: bool = False) -> BoxWifi:
    """Start the box's own Wi-Fi (or find it running); remember the network it replaces.
    ``again``: start it anew even when it runs (a new password takes effect).

    :raises NetworkError: no device, NetworkManager absent or refusing.
    """
    mine = credentials(folder, _hw_address(wifi))
    if wifi.access_point_up(mine.name):
        if again:
            wifi.start_access_point(mine.name, mine.password, ADDRESS)
        return mine
    before = wifi.active()
    wifi.start_access_point(mine.name, mine.password, ADDRESS)
    mine = replace(mine, previous=before.uuid if before is not None else None)
    save(folder, mine)
    return mine


def stop(wifi: Wifi, folder: Path) -> None:
    """Stop the box's own Wi-Fi and give back the network it replaced."""
    mine = credentials(folder)
    wifi.stop_access_point(mine.name, mine.previous)
    save(folder, replace(mine, previous=None))
