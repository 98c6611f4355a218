"""The Stats pages on a 390 px phone in real chromium, in English and Japanese: nothing
wider than the screen (no table to scroll sideways), each chart's names and numbers
written apart (none covers another), every number readable without hovering.
``COMPANION_WEB_SHOTS=DIR`` keeps the screenshots (docs/screens/web/ holds the
README's)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from benchmarks.stats_pages import make_log
from companion.config.file import from_mapping
from companion.log.store import Store
from companion.pairing import address, codes
from companion.web.site import create_app
from tests.web.test_site_browser import browser, shoot


@pytest.fixture
def served(tmp_path: Path):  # type: ignore[no-untyped-def]
    import waitress

    make_log(tmp_path / "companion.db", 300)
    app = create_app(tmp_path / "companion.db", from_mapping({
        "state": {"dir": str(tmp_path)}, "records": {"ratings": True}}))
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=2)
    port = server.socket.getsockname()[1]
    address.save_port(tmp_path, port)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}", tmp_path
    server.close()
    app.extensions["companion"].close()


#: Each chart row's name and its numbers: [left, right] of each, in screen pixels.
ROWS = """
return Array.from(document.querySelectorAll('svg.chart.stats')).map(svg => {
  const texts = Array.from(svg.querySelectorAll('text'));
  const svgBox = svg.getBoundingClientRect();
  return {svg: [svgBox.left, svgBox.right],
          rows: texts.filter(t => t.getAttribute('fill') === '#eee').map(name => {
            const value = name.nextElementSibling.getBoundingClientRect();
            const box = name.getBoundingClientRect();
            return [box.left, box.right, value.left, value.right, box.height]; })};
});
"""


def test_the_stats_pages_fit_a_phone_in_both_languages(served) -> None:  # type: ignore[no-untyped-def]
    server, folder = served
    phone = browser(folder / "downloads")
    try:
        phone.get(server + f"/P/{codes.new_code(folder)}")
        ann = Store.open_existing(folder / "companion.db").player("山田 一郎")
        assert ann is not None
        pages = {"stats": "/stats", "stats-game": "/stats/genial",
                 "stats-player": f"/stats/player/{ann.uuid}"}
        for lang in ("en", "ja"):
            for name, path in pages.items():
                phone.get(f"{server}{path}?lang={lang}")
                main = phone.find_element("tag name", "main").text
                assert ("Who wins most" in main or "Games" in main) if lang == "en" \
                    else ("いちばん勝っているのは" in main or "ゲーム" in main), (name, lang)
                width = phone.execute_script("return document.documentElement.scrollWidth")
                assert width <= 390, (name, lang, width)
                cut = phone.execute_script(
                    "return Array.from(document.querySelectorAll('.scroll')).filter("
                    "e => e.scrollWidth > e.clientWidth + 1).length")
                assert cut == 0, (name, lang, "a table wider than the phone")
                charts = phone.execute_script(ROWS)
                assert charts, (name, lang)
                for chart in charts:
                    left, right = chart["svg"]
                    for n_left, n_right, v_left, v_right, height in chart["rows"]:
                        assert left - 1 <= n_left and v_right <= right + 1
                        assert n_right < v_left, (name, lang, "a name runs into its numbers")
                        assert height >= 10, (name, lang, "text too small to read")
                shoot(phone, name if lang == "en" else f"{name}-{lang}")
                if name != "stats":  # the head-to-head further down
                    phone.execute_script("Array.from(document.querySelectorAll('h2')).pop()"
                                         ".scrollIntoView(); window.scrollBy(0, -140)")
                    shoot(phone, f"{name}-h2h" if lang == "en" else f"{name}-h2h-{lang}")
    finally:
        phone.quit()
