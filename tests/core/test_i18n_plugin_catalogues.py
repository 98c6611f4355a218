"""Guards the box against a game package whose Japanese catalogue cannot be read (a
damaged .mo, a .po in the wrong encoding): the box's own screens — the game menu,
History, the start menu — still open in Japanese with that game's words in English,
and `companion doctor` says which catalogue and why."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import registry
from companion.core import i18n
from companion.owner.doctor.games import games_report
from companion.testing import Rig
from tests.plugin_package import KEY, plugin  # noqa: F401  (a fixture)

WHERE = Path("locale", "ja", "LC_MESSAGES")


def damage(package: Path, how: str) -> None:
    folder = package / WHERE
    if how == "mo":
        (folder / "messages.mo").write_bytes(b"not a catalogue\n")
    else:  # a .po saved as Shift_JIS though it says utf-8
        po = folder / "messages.po"
        po.write_bytes(po.read_text(encoding="utf-8").encode("shift_jis", errors="replace"))


@pytest.mark.parametrize("how", ["mo", "po"])
def test_a_damaged_catalogue_leaves_the_box_working(plugin: Path, how: str) -> None:  # noqa: F811
    damage(plugin, how)
    rig = Rig(players=("Ann", "Bob"), language="ja")
    rig.app.strict = False  # as on the box
    try:
        rig.keys("ok")  # 新しいゲーム: every game's name, this one's too
        assert "新しいゲーム" in rig.text and rig.app.slips == []
        rig.open_game(KEY)
        rig.keys("up", "ok", "ok", "ok")  # Start; Ann loses both dice
        assert "ゲーム終了" in rig.text and rig.app.slips == []
        rig.keys("ok")  # the start menu → 履歴 (History): the game by its English name
        home = rig.app.top
        rig.keys(*["down"] * (home.items().index("履歴") - home.index), "ok")
        assert "Liar's dice" in rig.text
        assert rig.app.slips == []
    finally:
        rig.close()
        i18n.use("en")
    (line,) = [str(c) for c in games_report() if str(c).startswith(f"FAIL  game {KEY}")]
    assert line.startswith(f"FAIL  game {KEY}: its catalogue locale/ja/LC_MESSAGES cannot be "
                           "read (") and "so its words show in English." in line
    assert registry.title(KEY) == "Liar's dice tally"


def test_an_intact_catalogue_translates(plugin: Path) -> None:  # noqa: F811
    rig = Rig(players=("Ann", "Bob"), language="ja")
    try:
        rig.open_game(KEY)
        assert "ライアーズダイス" in rig.text
    finally:
        rig.close()
        i18n.use("en")
    assert not [c for c in games_report() if str(c).startswith(f"FAIL  game {KEY}")]
