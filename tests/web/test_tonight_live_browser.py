"""Tonight on a phone says when the box has not answered for a while (issue 44): the page
kept the last standings with no sign they were old. In real chromium, the server goes
away and the line shows; chromium-less machines skip as test_site_browser does."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from companion.config.file import from_mapping
from companion.log.store import Store
from companion.pairing import address, codes
from companion.web.site import create_app
from tests.web.test_site_browser import browser


def test_tonight_says_when_the_box_stops_answering(tmp_path: Path) -> None:
    import waitress

    Store.open(tmp_path / "companion.db").close()
    app = create_app(tmp_path / "companion.db", from_mapping({"state": {"dir": str(tmp_path)}}))
    down = threading.Event()
    inner = app.wsgi_app

    def gone_quiet(environ, start_response):  # type: ignore[no-untyped-def]
        if down.is_set():  # the box's page hangs (a Wi-Fi gone, a box switched off)
            time.sleep(8)
            start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
            return [b""]
        return inner(environ, start_response)

    app.wsgi_app = gone_quiet  # type: ignore[method-assign]
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=4)
    port = server.socket.getsockname()[1]
    address.save_port(tmp_path, port)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    phone = browser(tmp_path / "downloads")
    try:
        phone.get(f"http://127.0.0.1:{port}/P/{codes.new_code(tmp_path)}")
        time.sleep(1.5)
        stale = phone.find_element("id", "stale")
        assert not stale.is_displayed()
        down.set()
        deadline = time.monotonic() + 15
        while not stale.is_displayed() and time.monotonic() < deadline:
            time.sleep(0.5)
        assert stale.is_displayed()
        assert "not answered" in stale.text
    finally:
        phone.quit()
        server.close()
        app.extensions["companion"].close()


def test_genials_table_fits_a_phone_with_place_and_lowest_first(tmp_path: Path) -> None:
    """Genial's seven columns ran past a 390 px phone, the colour that decides last."""
    import waitress

    from companion.app.session import GameSession

    store = Store.open(tmp_path / "companion.db")
    names = ["Ann", "Ben", "山田 一郎", "Chloe"]
    for name in names:
        store.add_player(name)
    game = GameSession.start(store, "genial", {"players": names})
    game.apply({"type": "turn", "points": {"orange": 4, "blue": 2}})
    store.close()
    app = create_app(tmp_path / "companion.db", from_mapping({"state": {"dir": str(tmp_path)}}))
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=2)
    port = server.socket.getsockname()[1]
    threading.Thread(target=server.run, daemon=True).start()
    phone = browser(tmp_path / "downloads")
    try:
        for lang in ("en", "ja"):
            phone.get(f"http://127.0.0.1:{port}/P/{codes.new_code(tmp_path)}")
            phone.get(f"http://127.0.0.1:{port}/?lang={lang}")
            heads = phone.execute_script(
                "return [...document.querySelectorAll('div.wide th')].map(h => h.textContent)")
            assert heads[1:3] == (["place", "lowest"] if lang == "en" else ["順位", "最低"])
            inner, outer = phone.execute_script(
                "var w = document.querySelector('div.wide'); return [w.scrollWidth, "
                "w.clientWidth]")
            assert inner <= outer, (lang, inner, outer)
    finally:
        phone.quit()
        server.close()
        app.extensions["companion"].close()
