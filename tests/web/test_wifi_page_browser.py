"""The *Wi-Fi* page in the real browser (chromium at 390 px, the fixtures of
:mod:`tests.web.test_site_browser`), against a mocked NetworkManager on a private D-Bus,
with the box's screens on mock pins on the same state folder: reached from Settings, the
networks listed, a wrong password (one sentence on the phone and on the box, the network
from before back), a join (the new address on the phone, the pairing code for it on the
box), forgetting a network (asked first), no Wi-Fi device, NetworkManager absent.

``COMPANION_WEB_SHOTS=DIR`` keeps the phone's pages as the README shows them
(docs/screens/wifi/).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from companion.network.bus import Bus
from companion.network.wifi import Wifi
from companion.pairing import address
from companion.shell.wifi_news import NewsScreen
from companion.testing import Clock, Rig
from tests.network.nm_mock import PrivateBus, nm_fixture, private_bus_fixture  # noqa: F401
from tests.web.test_site_browser import browser, qr_address, server, shoot, text_of  # noqa: F401


def in_use(bus: PrivateBus) -> str | None:
    with Wifi(Bus(bus.address)) as wifi:
        now = wifi.active()
    return None if now is None else now.ssid


def paired_phone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The box on mock pins (Phone open) and a phone paired from its code."""
    monkeypatch.setattr(address, "lan_address", lambda: "127.0.0.1")
    rig = Rig(db=str(tmp_path / "companion.db"), clock=Clock())
    phone = browser(tmp_path / "downloads")
    phone.get(qr_address(rig))
    return rig, phone, WebDriverWait(phone, 10, poll_frequency=0.05)


def join(phone, ssid: str, password: str) -> None:  # type: ignore[no-untyped-def]
    form = phone.find_element(By.XPATH, f"//form[@class='net'][.//b[text()='{ssid}']]")
    form.find_element(By.NAME, "password").send_keys(password)
    form.find_element(By.TAG_NAME, "button").click()


def test_the_wifi_page_lists_joins_and_forgets(server: str, tmp_path: Path,  # noqa: F811
                                               monkeypatch: pytest.MonkeyPatch,
                                               nm: PrivateBus) -> None:
    dev = nm.add_wifi_device()
    nm.add_network(dev, "Home", 80)
    nm.add_network(dev, "Cafe Lumen", 55)
    nm.add_network(dev, "Guests", 20, secured=False)
    nm.add_known(dev, "Home", active=True)
    nm.give_address(dev, "192.168.1.50")
    rig, phone, wait = paired_phone(tmp_path, monkeypatch)
    try:
        phone.get(server + "/settings")
        phone.find_element(By.CSS_SELECTOR, "#wifi a").click()
        wait.until(lambda d: d.current_url == server + "/wifi" and "Home" in text_of(d))
        seen = phone.find_element(By.ID, "seen").text
        assert seen.index("Home") < seen.index("Cafe Lumen") < seen.index("Guests")
        assert "Home" in phone.find_element(By.ID, "in-use").text
        shoot(phone, "wifi")

        # A wrong password: one sentence here and on the box; Home is back.
        nm.joins_fail(7)
        join(phone, "Cafe Lumen", "not-the-password")
        wait.until(lambda d: "is wrong" in text_of(d))
        assert phone.find_element(By.ID, "said").text == \
            "The password for Cafe Lumen is wrong: nothing changed."
        shoot(phone, "wifi-wrong-password")
        rig.later(1)
        assert isinstance(rig.app.top, NewsScreen)
        assert "is wrong" in rig.text.replace(" | ", " ")
        assert in_use(nm) == "Home"
        rig.press("back")

        # The join: the new address on the phone, its pairing code on the box.
        nm.joins_work()
        phone.find_element(By.LINK_TEXT, "Back to Wi-Fi").click()
        wait.until(lambda d: d.current_url == server + "/wifi" and "Cafe Lumen" in text_of(d))
        join(phone, "Cafe Lumen", "lumen-2024")
        wait.until(lambda d: "joined" in text_of(d))
        port = address.port(tmp_path)
        link = phone.find_element(By.ID, "new-address").get_attribute("href")
        assert link == f"http://192.168.1.50:{port}/"
        shoot(phone, "wifi-joined")
        rig.later(1)
        assert isinstance(rig.app.top, NewsScreen) and rig.faults() == []
        assert "Joined Cafe Lumen." in rig.text.replace(" | ", " "), rig.text
        assert in_use(nm) == "Cafe Lumen"

        # Forgetting Home asks first.
        phone.get(server + "/wifi")
        known = phone.find_element(By.ID, "known")
        known.find_element(By.XPATH, ".//li[starts-with(., 'Home')]/a").click()
        wait.until(lambda d: "Forget Home?" in text_of(d))
        shoot(phone, "wifi-forget")
        phone.find_element(By.CSS_SELECTOR, "#forget button").click()
        wait.until(lambda d: d.current_url == server + "/wifi#known" and text_of(d) != "")
        assert "Home" not in phone.find_element(By.ID, "known").text
        with Wifi(Bus(nm.address)) as wifi:
            assert [k.ssid for k in wifi.known()] == ["Cafe Lumen"]

        phone.get(server + "/wifi?lang=ja")
        assert "本体から見えるネットワーク" in text_of(phone)
    finally:
        phone.quit()
        rig.close()


def test_no_device_and_no_networkmanager_are_one_sentence(server: str, tmp_path: Path,  # noqa: F811
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           private_bus: PrivateBus) -> None:
    rig, phone, wait = paired_phone(tmp_path, monkeypatch)
    try:
        phone.get(server + "/wifi")
        wait.until(lambda d: "NetworkManager is not running" in text_of(d))
        assert phone.find_element(By.ID, "problem").text == \
            "NetworkManager is not running on this box (an older image with dhcpcd?)."
        shoot(phone, "wifi-no-networkmanager")
        private_bus.start_nm()
        phone.get(server + "/wifi")
        wait.until(lambda d: "no Wi-Fi device" in text_of(d))
        assert "Traceback" not in phone.page_source
        phone.get(server + "/wifi?lang=ja")
        assert "NetworkManager が管理する Wi-Fi 機器がありません" in text_of(phone)
    finally:
        phone.quit()
        rig.close()


def test_the_page_in_japanese(server: str, tmp_path: Path,  # noqa: F811
                              monkeypatch: pytest.MonkeyPatch, nm: PrivateBus) -> None:
    dev = nm.add_wifi_device()
    nm.add_network(dev, "Home", 80)
    nm.add_network(dev, "Cafe Lumen", 55)
    nm.add_known(dev, "Home", active=True)
    nm.give_address(dev, "192.168.1.50")
    rig, phone, wait = paired_phone(tmp_path, monkeypatch)
    try:
        phone.get(server + "/wifi?lang=ja")  # remembered from here on
        assert "Home" in phone.find_element(By.ID, "in-use").text
        shoot(phone, "wifi-ja")
        nm.joins_fail(7)
        join(phone, "Cafe Lumen", "not-the-password")
        wait.until(lambda d: "パスワードが違います" in text_of(d))
        assert "Back to" not in text_of(phone)
        shoot(phone, "wifi-wrong-password-ja")
        nm.joins_work()
        phone.get(server + "/wifi")
        join(phone, "Cafe Lumen", "lumen-2024")
        wait.until(lambda d: "につながりました" in text_of(d))
        shoot(phone, "wifi-joined-ja")
        phone.get(server + "/wifi/forget?name=Home")
        assert "Home を忘れますか" in text_of(phone)
        shoot(phone, "wifi-forget-ja")
    finally:
        phone.quit()
        rig.close()
