"""*Box Wi-Fi* through the real screens on mock pins, against a mocked NetworkManager on a
private D-Bus: Phone offers it when the box is on no network (and on UP otherwise); the
Wi-Fi QR code on the 128×64 frame decodes to the name and password the box set; OK shows
the pairing code on the box's own address; a new password; stopping gives the network
from before back; no Wi-Fi device and no NetworkManager are one sentence on the panel."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import zxingcpp

from companion.core.i18n import _
from companion.network import box_wifi
from companion.network.bus import Bus
from companion.network.wifi import Wifi
from companion.network.wifi_code import wifi_text
from companion.pairing import address
from companion.shell.box_wifi import BoxWifiScreen
from companion.shell.phone import PhoneScreen
from companion.testing import Clock, Rig
from companion.ui.fonts.japanese import line_height
from tests.network.nm_mock import PrivateBus, nm_fixture, private_bus_fixture  # noqa: F401


def make_rig(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, host: str | None,
             language: str = "en") -> Rig:
    monkeypatch.setattr(address, "lan_address", lambda: host)
    return Rig(db=str(tmp_path / "companion.db"), language=language, clock=Clock())


def open_phone(rig: Rig) -> None:
    rig.app.home()
    rig.app.top.index = 0  # type: ignore[attr-defined]
    rig.keys(*["down"] * rig.app.top.items().index(_("Phone")), "ok")
    assert isinstance(rig.app.top, PhoneScreen)


def said(rig: Rig) -> str:
    """The panel's text with its lines joined back into sentences."""
    return rig.text.replace(" | ", " ")


def decoded(rig: Rig) -> list[str]:
    """What a QR decoder reads off the frame as the panel shows it, and four times as big."""
    frame = rig.frame.convert("L")
    big = frame.resize((frame.width * 4, frame.height * 4), 0)
    return [r.text for r in zxingcpp.read_barcodes(frame)] + \
        [r.text for r in zxingcpp.read_barcodes(big)]


def keep(rig: Rig, name: str) -> None:
    """``COMPANION_WEB_SHOTS=DIR``: the frame as it is and four times as big (the README's)."""
    folder = os.environ.get("COMPANION_WEB_SHOTS")
    if folder:
        frame = rig.frame.convert("L")
        frame.save(Path(folder) / f"{name}-1x.png")
        frame.resize((frame.width * 4, frame.height * 4), 0).save(Path(folder) / f"{name}.png")


def wifi(bus: PrivateBus) -> Wifi:
    return Wifi(Bus(bus.address), sleep=lambda s: None, timeout=2)


@pytest.fixture
def home_network(nm: PrivateBus) -> PrivateBus:
    dev = nm.add_wifi_device()
    nm.add_network(dev, "Home")
    nm.add_known(dev, "Home", active=True)
    return nm


def test_on_no_network_phone_offers_the_box_wifi_and_its_code_decodes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, nm: PrivateBus) -> None:
    nm.add_wifi_device()
    rig = make_rig(tmp_path, monkeypatch, None)
    try:
        open_phone(rig)
        assert "OK starts the box's own Wi-Fi" in said(rig) and decoded(rig) == []
        keep(rig, "box-phone-no-network")
        rig.press("ok")
        assert isinstance(rig.app.top, BoxWifiScreen)
        mine = box_wifi.load(tmp_path)
        assert mine is not None and mine.name == "Companion-5566"
        expected = wifi_text(mine.name, mine.password)
        assert decoded(rig) == [expected, expected]
        assert mine.password[:6] in rig.text and mine.password[6:] in rig.text
        assert "Companion-" in rig.text and rig.faults() == []
        keep(rig, "box-wifi")
        with wifi(nm) as nm_wifi:
            assert nm_wifi.access_point_up(mine.name)
        rig.press("ok")  # the phone has joined: the pairing code, on the box's own address
        assert isinstance(rig.app.top, PhoneScreen)
        found = decoded(rig)
        assert found and found[0].startswith(f"HTTP://{box_wifi.ADDRESS}:8080/P/")
        keep(rig, "box-wifi-pair")
    finally:
        rig.close()


def test_up_on_phone_starts_it_and_stopping_gives_the_network_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, home_network: PrivateBus) -> None:
    rig = make_rig(tmp_path, monkeypatch, "192.168.1.20")
    try:
        open_phone(rig)
        assert "UP Box Wi-Fi" in rig.text
        rig.press("up")
        assert isinstance(rig.app.top, BoxWifiScreen)
        with wifi(home_network) as nm_wifi:
            up = nm_wifi.active()
            assert up is not None and up.access_point
        rig.keys("back")  # leaving the screen keeps the box's Wi-Fi up
        assert isinstance(rig.app.top, PhoneScreen)
        with wifi(home_network) as nm_wifi:
            assert nm_wifi.access_point_up(box_wifi.load(tmp_path).name)  # type: ignore[union-attr]
        rig.press("up")
        rig.press("down")
        assert "Stop box Wi-Fi" in rig.text and rig.faults() == []
        rig.keys("down", "ok", "ok")  # more → Stop box Wi-Fi → Sure? OK
        assert isinstance(rig.app.top, PhoneScreen) and rig.faults() == []
        assert "the network from before is back" in said(rig)
        with wifi(home_network) as nm_wifi:
            back = nm_wifi.active()
            assert back is not None and back.ssid == "Home"
    finally:
        rig.close()


def test_a_new_password_is_shown_and_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, home_network: PrivateBus) -> None:
    rig = make_rig(tmp_path, monkeypatch, None)
    try:
        open_phone(rig)
        rig.press("ok")
        before = box_wifi.load(tmp_path)
        rig.keys("down", "ok", "ok")  # more → New password → Sure? OK
        assert "every phone must join again" in said(rig)
        rig.later(5)  # the band is gone
        after = box_wifi.load(tmp_path)
        assert before is not None and after is not None
        assert after.name == before.name and after.password != before.password
        rig.app.home()
        open_phone(rig)
        rig.press("ok")
        assert decoded(rig)[0] == wifi_text(after.name, after.password)
    finally:
        rig.close()


def test_no_wifi_device_is_one_sentence_on_the_panel(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, nm: PrivateBus) -> None:
    rig = make_rig(tmp_path, monkeypatch, None)
    try:
        open_phone(rig)
        rig.press("ok")
        assert said(rig) == "This box has no Wi-Fi device that NetworkManager manages."
        assert rig.faults() == [] and decoded(rig) == []
        rig.keys("ok", "down")  # nothing to pair, nothing to stop
        assert isinstance(rig.app.top, BoxWifiScreen)
    finally:
        rig.close()


def test_networkmanager_absent_is_one_sentence_on_the_panel(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        private_bus: PrivateBus) -> None:
    rig = make_rig(tmp_path, monkeypatch, None)
    try:
        open_phone(rig)
        rig.press("ok")
        assert "NetworkManager is not running" in said(rig) and rig.faults() == []
        keep(rig, "box-wifi-no-nm")
    finally:
        rig.close()


def test_box_wifi_in_japanese(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                              nm: PrivateBus) -> None:
    nm.add_wifi_device()
    rig = make_rig(tmp_path, monkeypatch, None, language="ja")
    try:
        open_phone(rig)
        assert rig.faults() == []
        keep(rig, "box-phone-no-network-ja")
        rig.press("ok")
        mine = box_wifi.load(tmp_path)
        assert mine is not None and decoded(rig)[0] == wifi_text(mine.name, mine.password)
        assert rig.faults() == []
        # every line whole inside the 64 rows (「下 その他」 lost its last rows at y 57)
        drawn = rig.app.painter.drawn
        assert [d.text for d in drawn if d.xy[1] + line_height(d.font) > 64] == []
        # kana and kanji in 12 px (「OK 登録」「下 その他」 were 8 px: illegible, issue 35)
        assert rig.app.painter.illegible() == []
        assert "OK 登録 ▼" in rig.text
        keep(rig, "box-wifi-ja")
        rig.press("down")  # the menu, then each question: every word fits
        assert "新しいパスワード" in rig.text and rig.faults() == []
        assert rig.app.painter.illegible() == []
        keep(rig, "box-wifi-menu-ja")
        rig.press("ok")
        assert rig.faults() == []
        rig.keys("back", "down", "down", "ok")
        assert "止めますか" in rig.text and rig.faults() == []
        assert rig.app.painter.illegible() == []
        keep(rig, "box-wifi-stop-ja")
    finally:
        rig.close()


def test_phone_takes_the_address_from_networkmanager_where_the_box_sees_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, nm: PrivateBus) -> None:
    """The box's own unit has no network of its own (PrivateNetwork=yes): the address the
    phones reach is NetworkManager's."""
    dev = nm.add_wifi_device()
    nm.give_address(dev, "192.168.1.50")
    rig = make_rig(tmp_path, monkeypatch, None)
    try:
        open_phone(rig)
        found = decoded(rig)
        assert found and found[0].startswith("HTTP://192.168.1.50:8080/P/")
    finally:
        rig.close()
