"""The phone page in a real browser (Debian's chromium, driven by Selenium through the
system chromedriver): the pairing address read off the box's own QR code pairs it;
Tonight changes while the box's keys are pressed on the same log; 山田 一郎 is added from
the form; the group's players come in from a BG Stats export; a BG Stats file downloads;
the BG Stats link carries the play; and a browser never paired sees no name.

Skipped only where chromium is not installed and this is not CI (CI=true: .ci/run
installs it, and the test must run). ``COMPANION_WEB_SHOTS=DIR`` keeps phone-sized
screenshots of the pages in both languages (docs/screens/web/ holds the README's).
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
from pathlib import Path
from urllib.parse import unquote

import pytest
import zxingcpp
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from companion.config.file import from_mapping
from companion.core.i18n import _
from companion.log.store import Store
from companion.pairing import address
from companion.testing import Clock, Rig
from companion.web.site import create_app

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
if not (CHROMIUM and CHROMEDRIVER) and os.environ.get("CI") != "true":
    pytest.skip("chromium and chromium-driver are not installed (apt-get install chromium "
                "chromium-driver); CI installs them", allow_module_level=True)


@pytest.fixture
def server(tmp_path: Path):  # type: ignore[no-untyped-def]
    """The page on 127.0.0.1 on a free port, served by waitress as `companion web` does."""
    import waitress

    store = Store.open(tmp_path / "companion.db")
    store.add_player("Ann")
    store.close()
    app = create_app(tmp_path / "companion.db", from_mapping({}))
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=4)
    port = server.socket.getsockname()[1]
    address.save_port(tmp_path, port)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    server.close()
    app.extensions["companion"].close()


def browser(downloads: Path):  # type: ignore[no-untyped-def]
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM  # type: ignore[assignment]
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                 "--disable-gpu", "--window-size=390,844", "--lang=en-US"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2}})
    options.add_experimental_option("prefs", {
        "download.default_directory": str(downloads), "download.prompt_for_download": False})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def text_of(driver, by: str = By.TAG_NAME, value: str = "main") -> str:  # type: ignore[no-untyped-def]
    """The loaded page's text of one element ("" while the page is being replaced).

    While a form's answer replaces the page, chromium can answer a lookup with a stale
    element, no element, or "Node with given id does not belong to the document" (a plain
    WebDriverException): all three mean "not there yet", so a wait polls on.
    """
    try:
        if driver.execute_script("return document.readyState") != "complete":
            return ""
        return str(driver.find_element(by, value).text)
    except WebDriverException:
        return ""


def qr_address(rig: Rig) -> str:
    """Phone on the box's start menu, and what a QR decoder reads off its panel."""
    rig.app.home()
    rig.keys(*["down"] * rig.app.top.items().index(_("Phone")), "ok")
    frame = rig.frame.convert("L")
    found = [r.text for r in zxingcpp.read_barcodes(frame.resize((512, 256), 0))]
    assert len(found) == 1, found
    return found[0]


def shoot(driver, name: str) -> None:  # type: ignore[no-untyped-def]
    folder = os.environ.get("COMPANION_WEB_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(folder) / f"{name}.png"))


def test_a_phone_pairs_follows_tonight_and_adds_a_player(server: str, tmp_path: Path,
                                                          monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(address, "lan_address", lambda: "127.0.0.1")
    rig = Rig(db=str(tmp_path / "companion.db"))
    stranger = browser(tmp_path / "elsewhere")
    phone = browser(tmp_path / "downloads")
    try:
        # A browser never paired sees how to pair, and no name.
        for path in ("/", "/players", "/history"):
            stranger.get(server + path)
            assert "scan the code" in stranger.page_source and "Ann" not in stranger.page_source

        # The address in the box's QR code pairs the phone, and lands on Tonight.
        url = qr_address(rig)
        assert url.startswith("HTTP://127.0.0.1:")
        phone.get(url)
        wait = WebDriverWait(phone, 5, poll_frequency=0.05)
        wait.until(lambda d: "No game is being played" in d.page_source)
        assert phone.current_url == server + "/"

        # Tonight changes while the box's keys are pressed, without a reload.
        rig.open_game("dice_roller")
        wait.until(lambda d: "Dice roller" in text_of(d, By.ID, "live"))
        marker = phone.execute_script("window.notReloaded = 1; return window.notReloaded")
        for n in (1, 2, 3):
            rig.press("ok")
            pressed = time.monotonic()
            wait.until(lambda d, n=n: f"{n} move" in text_of(d, By.ID, "live"))
            assert time.monotonic() - pressed < 1.0
        assert phone.execute_script("return window.notReloaded") == marker

        # 山田 一郎 from the form, with the phone's keyboard.
        phone.get(server + "/players")
        field = phone.find_element(By.NAME, "name")
        field.send_keys("山田 一郎")
        field.submit()
        wait.until(lambda d: "山田 一郎" in text_of(d))
        assert rig.store.player("山田 一郎") is not None  # in the box's own log

        # The group's BG Stats players: what it will do, then done.
        export = tmp_path / "BGStatsExport.json"
        export.write_text(json.dumps({"players": [
            {"uuid": "0C1D3E5A-0000-4000-8000-00000000000B", "name": "Bea"}]}))
        upload = phone.find_element(By.NAME, "file")
        upload.send_keys(str(export))
        upload.submit()
        wait.until(lambda d: "Bea" in text_of(d))
        assert rig.store.player("Bea") is None
        phone.find_element(By.CSS_SELECTOR, "form[action='/players/import/confirm'] button"
                           ).click()
        wait.until(lambda d: d.current_url == server + "/players")
        assert rig.store.player("Bea").uuid == "0C1D3E5A-0000-4000-8000-00000000000B"

        # The .bgsplay file of every play.
        phone.get(server + "/history/download?range=all&fmt=bgsplay")
        downloads = tmp_path / "downloads"
        wait.until(lambda d: any(p.suffix == ".bgsplay" for p in downloads.glob("*")))
        saved = next(p for p in downloads.glob("*.bgsplay"))
        assert set(json.loads(saved.read_text(encoding="utf-8"))) >= {"games", "plays"}

        # The page in Japanese, switched on the page, and remembered.
        phone.get(server + "/?lang=ja")
        wait.until(lambda d: "3" in text_of(d, By.ID, "live"))  # 3 moves, in Japanese
        assert "今夜" in phone.find_element(By.TAG_NAME, "h1").text
        phone.get(server + "/players")
        assert phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ja"

        # The stranger still sees no name, and cannot add one.
        stranger.get(server + "/players")
        assert "山田" not in stranger.page_source and "Ann" not in stranger.page_source
    finally:
        phone.quit()
        stranger.quit()
        rig.close()


def test_the_bg_stats_link_carries_the_play(server: str, tmp_path: Path,
                                             monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from companion.app.session import GameSession

    store = Store.open(tmp_path / "companion.db")
    for name in ("Ben", "山田 一郎", "Cleo"):
        store.add_player(name)
    game = GameSession.start(store, "genial", {"players": ["Ann", "Ben"]})
    game.apply({"type": "turn", "all": 3})
    game.apply({"type": "end_early"})
    tonight = GameSession.start(store, "genial", {"players": ["Ann", "Ben", "山田 一郎", "Cleo"]})
    for points in ({"orange": 4, "blue": 2}, {"purple": 3, "green": 5}, {"green": 2, "blue": 2},
                   {"orange": 1, "purple": 6}, {"blue": 3, "green": 3}):
        tonight.apply({"type": "turn", "points": points})
    store.close()
    monkeypatch.setattr(address, "lan_address", lambda: "127.0.0.1")
    rig = Rig(db=str(tmp_path / "companion.db"), clock=Clock())
    rig.later(10)  # the band saying tonight's game was resumed goes by itself
    phone = browser(tmp_path / "downloads")
    try:
        phone.get(qr_address(rig))
        phone.get(server + "/history")
        link = phone.find_element(By.CSS_SELECTOR, "a.bgstats").get_attribute("href")
        assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
        data = json.loads(unquote(link.split("data=", 1)[1]))
        assert data["game"]["bggId"] == 40830
        assert [(p["name"], p["winner"]) for p in data["players"]] == [
            ("Ann", True), ("Ben", False)]
        shoot(phone, "history")
        phone.get(server + "/")
        assert "lowest" in phone.find_element(By.ID, "live").text
        shoot(phone, "tonight")
        phone.get(server + "/players")
        assert phone.find_elements(By.CSS_SELECTOR, "svg.chart")
        shoot(phone, "players")
        for page in ("", "history", "players"):
            phone.get(f"{server}/{page}?lang=ja")
            assert phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ja"
            shoot(phone, f"{page or 'tonight'}-ja")
    finally:
        phone.quit()
        rig.close()
