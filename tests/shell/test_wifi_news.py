"""A network joined from the phone's *Wi-Fi* page, said on the box: through the page
(Flask's test client) and the real screens on mock pins, against a mocked NetworkManager
on a private D-Bus. The box says in one sentence what happened and, after a join, shows
the pairing code on its new address (it decodes off the 128×64 frame); a failed join is
the sentence alone, and the box is back on its own Wi-Fi."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.network import box_wifi
from companion.pairing import codes
from companion.shell.box_wifi import BoxWifiScreen
from companion.shell.phone import PhoneScreen
from companion.shell.wifi_news import WATCH_FOR, NewsScreen
from companion.testing import Rig
from companion.ui.fonts.japanese import line_height
from companion.web.site import create_app
from tests.network.nm_mock import PrivateBus, nm_fixture, private_bus_fixture  # noqa: F401
from tests.shell.test_box_wifi import decoded, keep, make_rig, open_phone, said, wifi


@pytest.fixture
def cafe(nm: PrivateBus) -> PrivateBus:
    """A box that knows no network here; a café's Wi-Fi in range."""
    dev = nm.add_wifi_device()
    nm.add_network(dev, "Cafe Lumen", 60)
    nm.give_address(dev, "192.168.1.50")
    return nm


def phone_page(folder: Path):  # type: ignore[no-untyped-def]
    """The page on the box's log, paired; gives the client and its form token."""
    app = create_app(folder / "companion.db", from_mapping({"state": {"dir": str(folder)}}))
    client = app.test_client()
    code = codes.new_code(folder)
    assert client.get(f"/P/{code}").status_code == 303
    token = codes.csrf(folder, codes.paired(folder, client.get_cookie("companion_phone").value))
    return app, client, token


def on_box_wifi(rig: Rig) -> None:
    """Phone → UP: the box's own Wi-Fi → OK: the pairing code on the box's own address."""
    open_phone(rig)
    rig.press("up")
    assert isinstance(rig.app.top, BoxWifiScreen)
    rig.press("ok")
    assert isinstance(rig.app.top, PhoneScreen)


def test_a_join_from_the_phone_is_said_with_the_new_address_as_a_code(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cafe: PrivateBus) -> None:
    rig = make_rig(tmp_path, monkeypatch, None)
    app, client, token = phone_page(tmp_path)
    try:
        on_box_wifi(rig)
        answer = client.post("/wifi/join", data={"csrf": token, "ssid": "Cafe Lumen",
                                                 "password": "cafe-password"})
        assert answer.status_code == 200
        rig.later(1)  # the box looks once a second
        assert isinstance(rig.app.top, NewsScreen)
        assert said(rig) == "Joined Cafe Lumen. 192.168. 1.50:8080"
        found = decoded(rig)
        assert found and found[0].startswith("HTTP://192.168.1.50:8080/P/")
        assert rig.faults() == []
        keep(rig, "box-wifi-joined")
        rig.press("ok")  # the screens below spoke of the box's own Wi-Fi: the start menu
        assert not isinstance(rig.app.top, (NewsScreen, PhoneScreen))
        with wifi(cafe) as nm_wifi:
            now = nm_wifi.active()
            assert now is not None and now.ssid == "Cafe Lumen"
    finally:
        app.extensions["companion"].close()
        rig.close()


def test_a_wrong_password_is_said_and_the_box_wifi_is_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cafe: PrivateBus) -> None:
    rig = make_rig(tmp_path, monkeypatch, None)
    app, client, token = phone_page(tmp_path)
    try:
        on_box_wifi(rig)
        cafe.joins_fail(7)
        client.post("/wifi/join", data={"csrf": token, "ssid": "Cafe Lumen",
                                        "password": "not-the-password"})
        rig.later(1)
        assert said(rig) == "The password for Cafe Lumen is wrong: nothing changed."
        assert decoded(rig) == [] and rig.faults() == []
        keep(rig, "box-wifi-wrong-password")
        rig.press("back")  # back to the code the phone pairs with
        assert isinstance(rig.app.top, PhoneScreen)
        with wifi(cafe) as nm_wifi:
            assert nm_wifi.access_point_up(box_wifi.load(tmp_path).name)  # type: ignore[union-attr]
    finally:
        app.extensions["companion"].close()
        rig.close()


def test_out_of_range_and_bad_input_are_said_in_japanese(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cafe: PrivateBus) -> None:
    rig = make_rig(tmp_path, monkeypatch, None, language="ja")
    app, client, token = phone_page(tmp_path)
    try:
        on_box_wifi(rig)
        client.post("/wifi/join", data={"csrf": token, "ssid": "Cafe Lumen", "password": "short"})
        rig.later(1)
        assert said(rig).startswith("Wi-Fi のパスワードは 8〜63 文字") and rig.faults() == []
        rig.press("back")
        cafe.joins_fail(53)  # NM_DEVICE_STATE_REASON_SSID_NOT_FOUND
        client.post("/wifi/join", data={"csrf": token, "ssid": "Cafe Lumen",
                                        "password": "cafe-password"})
        rig.later(1)
        assert "電波が届かない" in said(rig).replace(" ", "") and rig.faults() == []
        keep(rig, "box-wifi-out-of-range-ja")
        drawn = rig.app.painter.drawn
        assert [d.text for d in drawn if d.xy[1] + line_height(d.font) > 64] == []
        assert rig.app.painter.illegible() == []
    finally:
        app.extensions["companion"].close()
        rig.close()


def test_the_joined_screen_in_japanese(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       cafe: PrivateBus) -> None:
    rig = make_rig(tmp_path, monkeypatch, None, language="ja")
    app, client, token = phone_page(tmp_path)
    try:
        on_box_wifi(rig)
        client.post("/wifi/join", data={"csrf": token, "ssid": "Cafe Lumen",
                                        "password": "cafe-password"})
        rig.later(1)
        assert said(rig).replace(" ", "").startswith("CafeLumenにつながりました。192.168.")
        assert rig.faults() == []
        assert decoded(rig)[0].startswith("HTTP://192.168.1.50:8080/P/")
        drawn = rig.app.painter.drawn
        assert [d.text for d in drawn if d.xy[1] + line_height(d.font) > 64] == []
        assert rig.app.painter.illegible() == []
        keep(rig, "box-wifi-joined-ja")
    finally:
        app.extensions["companion"].close()
        rig.close()


def test_a_long_name_beside_the_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four lines beside the code: a name with spaces reads whole (「Caf…」 before)."""
    from companion.network import join_news

    rig = make_rig(tmp_path, monkeypatch, None)
    try:
        for name in ("Club Westend Guests", "Cafe Lumen"):
            news = join_news.News("joined", {"name": name}, "192.168.100.200")
            rig.app.push(NewsScreen(rig.app, tmp_path, news))
            rig.app.redraw()
            assert said(rig) == f"Joined {name}. 192.168. 100.200:8080" and rig.faults() == []
            assert decoded(rig)[0].startswith("HTTP://192.168.100.200:8080/P/")
            keep(rig, "box-wifi-joined-long")
            rig.app.pop()
    finally:
        rig.close()


def test_old_news_is_not_shown_and_the_watch_lets_the_panel_rest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cafe: PrivateBus) -> None:
    from companion.network import join_news

    join_news.save(tmp_path, join_news.News("wrong_password", {"name": "Cafe"}))
    rig = make_rig(tmp_path, monkeypatch, None)
    try:
        on_box_wifi(rig)
        rig.later(1)
        assert isinstance(rig.app.top, PhoneScreen)  # news from before it opened
        assert rig.app.top.wake_in() is not None
        rig.later(WATCH_FOR)
        assert rig.app.top.wake_in() is None  # the panel may dim again
    finally:
        rig.close()


def test_news_from_the_phone_is_said_on_whatever_screen_is_open(tmp_path: Path) -> None:
    """Issue 45: a join asked from the phone's Wi-Fi page while the box shows a game (not
    Phone or Box Wi-Fi) is said at the timer's next turn (the watchdog's beat at least)."""
    from companion.network import join_news
    from companion.shell.wifi_news import NewsScreen

    rig = Rig(db=str(tmp_path / "companion.db"), players=("Ann", "Ben"))
    try:
        rig.app.start_game("genial", {"players": ["Ann", "Ben"]})
        rig.app.next_frame_now()                  # the loop's timer runs once: no news
        join_news.save(tmp_path, join_news.News("wrong_password", {"name": "Cafe"}))
        rig.app.next_frame_now()
        assert isinstance(rig.app.top, NewsScreen)
        assert "Cafe" in rig.text
    finally:
        rig.close()
