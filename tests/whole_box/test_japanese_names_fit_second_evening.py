"""Issue 41: every name at the table told apart. The 佐々木 family (健一, 真理子 and the
child さくら) with 高橋 ゆうこ, and a second evening of 渡辺 翔太 and ミヤ・ロドリゲス, walk
every game's screens in both languages: no name is ever cut (the README's rule gives the
given name, or the part before 「・」, long before a cut is needed), no text runs off its
place, and no name is shown as something else than the whole name, the given name or
the part before 「・」."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from companion.core import seat_names
from companion.testing import Rig, presses_through
from companion.ui.name_entry import NameEntry

SASAKI = ("佐々木 健一", "佐々木 真理子", "佐々木 さくら", "高橋 ゆうこ")
SECOND = ("渡辺 翔太", "ミヤ・ロドリゲス")
GAMES = ("genial", "brikks", "brain_robbery", "four_stones", "brain_crush", "area_tiles",
         "score_pad", "turn_timer")


def names_faults(key: str, names: Sequence[str], language: str, presses: int = 200,
                 seed: int = 41) -> list[str]:
    """Walk ``key`` with ``names`` at the table; every name cut, every text cut or run
    off its place, on any frame, as ``"Screen: fault"``."""
    rig = Rig(seed=seed, language=language, players=tuple(names))
    found: set[str] = set()
    try:
        for _frame in presses_through(rig, key, presses=presses, seed=seed, most_seats=True):
            if isinstance(rig.app.top, NameEntry):
                continue
            found.update(f"{type(rig.app.top).__name__}: {f}" for f in rig.faults())
    finally:
        rig.close()
    return sorted(found)


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("names", [SASAKI, SECOND], ids=["sasaki", "second"])
@pytest.mark.parametrize("key", GAMES)
def test_every_name_is_shown_whole_or_by_its_given_name(key: str, names: tuple[str, ...],
                                                         language: str) -> None:
    assert names_faults(key, names, language) == []


def test_the_rule_tells_the_sasaki_apart_in_any_width() -> None:
    for width in range(1, 12):
        shown = [s for s, _cut in seat_names.table_names(SASAKI, lambda t, w=width: len(t) <= w)]
        assert len(set(shown)) == len(shown), (width, shown)
    assert [s for s, _c in seat_names.table_names(SASAKI, lambda t: len(t) <= 4)] == [
        "健一", "真理子", "さくら", "ゆうこ"]
    assert seat_names.table_names(SECOND, lambda t: len(t) <= 5) == [
        ("翔太", False), ("ミヤ", False)]


def test_the_tile_games_end_check_pairs_each_count_with_its_name() -> None:
    """「エリア数:高橋 ゆうこ / 4、佐々木 健一 / 5、…」 paired each number with the next
    name and cut 真理子's count: now each count stays beside its name, all on screen."""
    from companion.api.screens import wrap
    from companion.games.area_tiles.screens.entry import AreasView
    from companion.ui.confirm import Confirm

    table = ["高橋 ゆうこ", "佐々木 健一", "佐々木 真理子"]
    rig = Rig(language="ja", players=tuple(table))
    try:
        rig.app.start_game("area_tiles", {"players": table, "first": table[0]})
        rig.app.play({"type": "begin_scoring"})
        for name, count in zip(table, (4, 5, 2), strict=True):
            rig.app.play({"type": "select_player", "player": name})
            for _n in range(count):
                rig.app.play({"type": "add_area", "blocks": 4})
        screen = AreasView(rig.app)
        question, whole = screen.finish_question()
        lines = wrap(question, 21, whole)
        assert len(lines) <= 3, lines
        assert "ゆうこ 4" in question and "健一 5" in question and "真理子 2" in question
        assert not any(line.lstrip()[:1].isdigit() for line in lines), lines
        rig.app.push(Confirm(rig.app, question, lambda: None, whole=whole))
        rig.app.render()
        assert rig.faults() == [] and "真理子 2。" in rig.text, rig.text
    finally:
        rig.close()


def test_the_command_line_lists_every_name_whole(tmp_path, capsys) -> None:  # noqa: ANN001
    """`players list` and `stats` cut 「佐々木 さく…」「佐々木 真理…」 to 12 cells."""
    from companion.app.session import GameSession
    from companion.log.store import Store
    from companion.owner import cli

    db = str(tmp_path / "c.db")
    store = Store.open(db)
    for name in SASAKI:
        store.add_player(name)
    genial = GameSession.start(store, "genial", {"players": list(SASAKI[:3])})
    for _seat in range(3):
        genial.apply({"type": "turn", "all": 2})
    genial.apply({"type": "end_early"})
    store.close()
    config = tmp_path / "config.toml"
    config.write_text('[display]\ndriver = "dummy"\n', encoding="utf-8")
    for command in (["players", "list"], ["stats"]):
        assert cli.main(["--config", str(config), "--db", db, *command]) == 0
        out = capsys.readouterr().out
        assert "…" not in out, out
        assert all(name in out for name in SASAKI[:3]), out


@pytest.mark.parametrize("names", [SASAKI, SECOND], ids=["sasaki", "second"])
def test_four_stones_round_and_end_tables_name_everybody(names: tuple[str, ...]) -> None:
    """「黄 佐々… / 緑 佐々…」 and 「1 佐々木… 198」 named nobody; 「ミ…」「渡…」 with two."""
    from tests.games.four_stones.test_screens import play_rounds

    rig = Rig(language="ja", players=names)
    try:
        rig.app.start_game("four_stones", {"players": list(names)})
        rounds = rig.app.session.state.rounds
        play_rounds(rig, 1)
        shown = {d.text for d in rig.app.painter.drawn}
        assert rig.faults() == [], rig.faults()
        assert all(n in shown or seat_names.first_part(n) in shown for n in names), shown
        play_rounds(rig, rounds - 1)
        assert rig.app.session.over and rig.faults() == [], rig.faults()
        shown = {d.text for d in rig.app.painter.drawn}
        assert all(n in shown or seat_names.first_part(n) in shown for n in names), shown
        assert any(t.startswith("1 ") for t in shown), shown  # the place and the colour
    finally:
        rig.close()
