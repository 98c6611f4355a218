"""Each game's rules page: its own rules text from the package (English, and Japanese
written as Japanese), the house rules with this box's values, every character escaped."""

from __future__ import annotations

import tomllib

from companion.web import markdown_lite
from tests.web import rules_text
from tests.web.conftest import pair


def test_each_game_ships_the_text_of_its_page_in_docs() -> None:
    for path, text in rules_text.wanted().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path} differs from docs/: run .venv/bin/python -m tests.web.rules_text")
    data = tomllib.loads((rules_text.ROOT / "pyproject.toml").read_text())
    shipped = data["tool"]["setuptools"]["package-data"]["*"]
    assert "rules.md" in shipped and "rules.ja.md" in shipped


def test_a_game_s_rules_page_in_english_and_in_japanese(client, folder, clock) -> None:
    pair(client, folder, clock)
    listing = client.get("/rules").get_data(as_text=True)
    assert 'href="/rules/genial"' in listing and 'href="/rules/brikks"' in listing
    page = client.get("/rules/brikks").get_data(as_text=True)
    assert "<h2>Where the rulebooks part ways</h2>" in page
    assert "Solo starting energy: 4 or 5" in page
    assert "House rules on this box:" in page and "<b>5</b>" in page  # solo_energy
    assert "![" not in page and "screens/" not in page  # the panel's pictures stay out
    ja = client.get("/rules/brikks?lang=ja").get_data(as_text=True)
    assert "初期エネルギー" in ja and "solo_energy = 4" in ja
    assert "Where the rulebooks part ways" not in ja
    assert "ソロプレイの開始時のエネルギー(EP)。" in ja and "Energy a solo player" not in ja
    # a Japanese sentence broken across lines in the text is one sentence on the page
    assert "回転・交換のエネルギー(EP)コスト" in ja and "コスト、\nエネルギー" not in ja
    genial = client.get("/rules/genial?lang=ja").get_data(as_text=True)
    assert "<b>いちばん低い色</b>" in genial
    assert client.get("/rules/nothing").status_code == 404


def test_the_rules_text_is_escaped() -> None:
    html = str(markdown_lite.render(
        '# <script>x</script>\n\nA [link](javascript:alert(1)) and <img src=x onerror=y>.\n\n'
        '| a | <b> |\n|---|---|\n| `<i>` | **<u>** |'))
    assert "<script>" not in html and "<img" not in html and "javascript:" not in html
    assert "&lt;script&gt;" in html and "&lt;img src=x onerror=y&gt;" in html
    assert "<code>&lt;i&gt;</code>" in html and "<b>&lt;u&gt;</b>" in html
