"""Guards the pages' templates (issue 43): every page is a Jinja template Flask
autoescapes, none is built from HTML strings in Python, and a name that looks like
markup is shown as typed on every page that shows it."""

from __future__ import annotations

import re
from pathlib import Path

from companion.app.session import GameSession
from companion.log.store import Store
from tests.web.conftest import pair

WEB = Path(__file__).resolve().parents[2] / "companion" / "web"


def test_no_page_is_built_from_html_strings_in_python() -> None:
    # markdown_lite draws a game's rules text (Markdown, every character escaped): it is
    # a renderer, not a page
    built = [p.name for p in sorted(WEB.glob("*.py"))
             if p.name != "markdown_lite.py"
             and re.search(r"Markup\(['\"]|['\"]<(div|p|li|form|a|table|section|svg)\b",
                           p.read_text(encoding="utf-8"))]
    assert built == []
    assert {"base.html", "sentence.html"} <= {p.name for p in (WEB / "templates").iterdir()}


def test_a_name_that_looks_like_markup_is_shown_as_typed(client, folder, clock) -> None:
    name = "<b>Bo</b>"
    store = Store.open(folder / "companion.db")
    store.add_player(name)
    game = GameSession.start(store, "genial", {"players": ["Ann", name]})
    game.apply({"type": "turn", "all": 3})
    game.apply({"type": "end_early"})
    GameSession.start(store, "genial", {"players": [name, "Ann"]})
    store.close()
    pair(client, folder, clock)
    for path in ("/", "/tonight/now", "/history", "/players"):
        page = client.get(path)
        text = page.json["html"] if path == "/tonight/now" else page.get_data(as_text=True)
        assert page.status_code == 200 and name not in text, path
        assert "&lt;b&gt;Bo&lt;/b&gt;" in text, path


def test_every_page_has_the_menu_and_the_language_switch(client, folder, clock) -> None:
    pair(client, folder, clock)
    for path in ("/", "/history", "/players", "/rules", "/rules/genial", "/settings"):
        text = client.get(path).get_data(as_text=True)
        assert text.count('<nav><a href="/"') == 1 and 'class="here"' in text, path
        assert '<a class="lang" href="?lang=ja" lang="ja">日本語</a>' in text, path


def test_a_name_with_a_lone_surrogate_gets_its_sentence(client, folder, clock) -> None:
    """A name with half a character (``\\ud800``, from a crafted file) crashed the error
    page itself with UnicodeEncodeError (issue 43): now it is shown as U+FFFD."""
    import io

    token = pair(client, folder, clock)
    data = (b'{"players": [{"name": "Bo\\ud800", '
            b'"uuid": "A7C1D3E5-0000-4000-8000-000000000001"}]}')
    page = client.post("/players/import", data={"csrf": token,
                                                 "file": (io.BytesIO(data), "x.json")})
    text = page.get_data(as_text=True)
    assert page.status_code == 400 and text.count("<p class=said>") == 1, text
    assert "Bo\ufffd" in text and "Ann" not in text
