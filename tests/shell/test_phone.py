"""Phone on the start menu: the QR code on the 128×64 frame decodes to the pairing
address, which pairs a phone with the page; OK makes a new code; the box forgets phones."""

from __future__ import annotations

from pathlib import Path

import pytest
import zxingcpp

from companion.config.file import from_mapping
from companion.core.i18n import _
from companion.pairing import address, codes
from companion.shell.phone import PhoneScreen
from companion.testing import Rig
from companion.web.site import create_app


@pytest.fixture
def rig(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.100.200")
    rig = Rig(db=str(tmp_path / "companion.db"))
    yield rig
    rig.close()


def open_phone(rig: Rig) -> None:
    items = rig.app.top.items()
    rig.keys(*["down"] * items.index(_("Phone")), "ok")
    assert isinstance(rig.app.top, PhoneScreen)


def keep(rig: Rig, name: str) -> None:
    """``COMPANION_WEB_SHOTS=DIR``: the frame four times as big, for the README."""
    import os

    folder = os.environ.get("COMPANION_WEB_SHOTS")
    if folder:
        frame = rig.frame.convert("L")
        frame.resize((frame.width * 4, frame.height * 4), 0).save(Path(folder) / f"{name}.png")


def decoded(rig: Rig) -> list[str]:
    """What a QR decoder reads off the frame as the panel shows it (and four times as big,
    as a camera sees it)."""
    frame = rig.frame.convert("L")
    big = frame.resize((frame.width * 4, frame.height * 4), 0)
    return [r.text for r in zxingcpp.read_barcodes(frame)] + \
        [r.text for r in zxingcpp.read_barcodes(big)]


def test_the_qr_code_on_the_panel_is_the_pairing_address(rig: Rig, tmp_path: Path) -> None:
    open_phone(rig)
    code = codes.current_code(tmp_path)
    url = f"HTTP://192.168.100.200:8080/P/{code}"
    assert decoded(rig) == [url, url]
    keep(rig, "box-phone")
    assert "192.168." in rig.text and ":8080" in rig.text and rig.faults() == []
    client = create_app(tmp_path / "companion.db", from_mapping({})).test_client()
    assert client.get(url.split(":8080")[1]).status_code == 303  # the path pairs
    assert client.get("/players").status_code == 200
    assert "scan the code" not in client.get("/players").get_data(as_text=True)


def test_ok_shows_a_new_code_and_the_port_the_page_serves(rig: Rig, tmp_path: Path) -> None:
    address.save_port(tmp_path, 8321)
    open_phone(rig)
    first = decoded(rig)[0]
    assert ":8321/P/" in first
    rig.press("ok")
    second = decoded(rig)[0]
    assert second != first and codes.current_code(tmp_path) in second


def test_the_box_forgets_every_paired_phone(rig: Rig, tmp_path: Path) -> None:
    cookie = codes.sign(tmp_path, "phone-1")
    assert codes.paired(tmp_path, cookie) == "phone-1"
    open_phone(rig)
    rig.keys("down", "ok")
    assert codes.paired(tmp_path, cookie) is None
    assert isinstance(rig.app.top, PhoneScreen)


def test_without_a_network_the_screen_says_so(rig: Rig, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(address, "lan_address", lambda: None)
    open_phone(rig)
    assert "No network" in rig.text and decoded(rig) == []


def test_the_phone_screen_in_japanese(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(address, "lan_address", lambda: "10.0.0.7")
    rig = Rig(db=str(tmp_path / "companion.db"), language="ja")
    try:
        open_phone(rig)
        assert rig.faults() == [] and len(decoded(rig)) == 2
        keep(rig, "box-phone-ja")
    finally:
        rig.close()


def test_without_the_web_extra_the_screen_says_so(rig: Rig, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "segno" else real(name, *a))
    open_phone(rig)
    assert "not installed" in rig.text and rig.faults() == [] and decoded(rig) == []


def test_the_code_names_the_address_the_page_listens_on(rig: Rig, tmp_path: Path) -> None:
    """Issue 41 (m9), 44: with ``companion web --host 127.0.0.1`` the page answers on the
    box alone; the code named the box's network address, where nothing listened."""
    address.save_port(tmp_path, 8099, "127.0.0.1")
    open_phone(rig)
    code = codes.current_code(tmp_path)
    assert decoded(rig) == [f"HTTP://127.0.0.1:8099/P/{code}"] * 2
