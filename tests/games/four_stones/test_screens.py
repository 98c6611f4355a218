"""Guards the Four-Colour Stones screens on mock pins: setup, deal, turns, passes, undo,
resume, the score table's pages and the standings — every piece, name and score in the
12 px font or larger, in English and Japanese — and their golden pictures."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.config.registry import position
from companion.core.dice import Dice
from companion.games.four_stones import rules as fs
from companion.games.four_stones.board import AREAS, SIZE
from companion.testing import Rig

#: The roster the setups offer, seat by seat (the names these tests expect).
ROSTER = ("Ann", "Ben", "Cleo", "Dan")
#: Fonts of 12 px and more: what a player reads from their seat.
READABLE = {"text", "bold", "medium", "large", "huge"}


def japanese_rig(tmp_path: Path, **kwargs) -> Rig:
    config = from_mapping({"display": {"driver": "dummy"}, "language": "ja",
                           "input": {"bounce_ms": 20, "hold_ms": 100}})
    return Rig(db=str(tmp_path / "ja.db"), config=config, players=ROSTER, **kwargs)


def open_setup(rig: Rig) -> None:
    rig.keys("ok", *["down"] * position("four_stones"), "ok")
    assert rig.app.top.key == "four_stones"


def start_four(rig: Rig) -> None:
    open_setup(rig)
    rig.keys("ok", "ok")  # OK on a row jumps to Start; OK starts
    assert rig.app.session.key == "four_stones"


def close_messages(rig: Rig) -> list[str]:
    """Dismiss message boxes (any key only closes one) and let a notice band's two
    seconds pass; return what they said."""
    said = []
    while rig.app.message:
        said.append(rig.app.message)
        rig.keys("back")
    if rig.app.band is not None:
        said.append(rig.app.band.text)
        rig.app.band = None
        rig.app.redraw()
    return said


def play_rounds(rig: Rig, rounds: int) -> None:
    """Deal and play ``rounds`` rounds by OK alone (the first legal jump each time)."""
    for _round in range(rounds):
        rig.keys("ok")
        close_messages(rig)
        rig.keys("ok")
        close_messages(rig)
        while rig.app.session.state.phase == "play":
            rig.keys("ok")
            close_messages(rig)


def fonts_of(rig: Rig, texts: set[str]) -> dict[str, set[str]]:
    """The fonts each of ``texts`` was drawn in on the current frame."""
    out: dict[str, set[str]] = {}
    for drawn in rig.app.painter.drawn:
        if drawn.text in texts:
            out.setdefault(drawn.text, set()).add(drawn.font)
    return out


def assert_readable(rig: Rig, texts: set[str]) -> None:
    """Every one of ``texts`` is on the screen, and only in 12 px type or larger."""
    found = fonts_of(rig, texts)
    assert set(found) == texts, f"not on screen: {texts - set(found)}"
    small = {t: f for t, f in found.items() if not f <= READABLE}
    assert not small, f"read across the table but drawn small: {small}"


def piece(cell: str, initials: dict[str, str] | None = None) -> str:
    return (initials or {}).get(cell[0], cell[0]) + cell[1:]


def test_setup_names_seats_by_colour_and_offers_two_players_and_the_star(rig: Rig) -> None:
    open_setup(rig)
    assert "4-Colour Stones" in rig.text and "setup" in rig.text
    assert "Players: 4" in rig.text and "Yellow: Ann" in rig.text
    rig.keys("right")  # Players: 2 (the two-player rule)
    assert "Y+R: Ann" in rig.text and "G+B: Ben" in rig.text
    rig.keys("down", "down", "down", "right")  # Setup: star
    assert "Setup: star" in rig.text
    rig.keys("down", "right")  # the rules decide who opens: nothing else on offer
    assert "Starts: by the rules" in rig.text
    rig.keys("ok", "ok")
    assert rig.app.session.options == {"players": ["Ann", "Ben"], "star": True}
    assert rig.text == "Round 1/2 | Yellow | Ann opens | OK deals the layout"
    assert_readable(rig, {"Yellow", "Ann opens"})


def test_setup_and_deal_prompt_in_japanese(tmp_path: Path) -> None:
    rig = japanese_rig(tmp_path)
    try:
        open_setup(rig)
        assert "4色碁石" in rig.text and "人数: 4" in rig.text and "黄: Ann" in rig.text
        rig.keys("right")
        assert "人数: 2(1人2色)" in rig.text and "黄+赤: Ann" in rig.text
        rig.keys("down", "down", "down", "right", "down")
        assert "配置: 上級者編" in rig.text and "スタート: 黄から順に" in rig.text
        rig.keys("ok", "ok")
        assert rig.text == "ラウンド 1/2 | 黄 | 親: Ann | OK: 配置する"
    finally:
        rig.close()


def test_the_deal_is_shown_a_quarter_at_a_time_in_12_px(rig: Rig) -> None:
    start_four(rig)
    rig.keys("ok")  # deal
    state = rig.app.session.state
    assert state.phase == "play" and fs.check_deal(state.board) == state.board
    board = state.board
    r0 = c0 = 0
    for keys, (r0, c0) in [((), (0, 0)), (("down",), (3, 0)), (("right",), (3, 3)),
                           (("up",), (0, 3))]:
        rig.keys(*keys)
        cells = [board[r][c] for r in range(r0, r0 + 4) for c in range(c0, c0 + 4)]
        assert [t for t in rig.app.texts if t[:1] in "YGRB" and t[1:].isdigit()] == [
            c for c in cells if c != "."]
        assert rig.app.texts[:4] == [str(c + 1) for c in range(c0, c0 + 4)]  # column labels
        assert_readable(rig, {c for c in cells if c != "."} | set(fs.ROWS[r0:r0 + 4]))
    assert (r0, c0) == (0, 3)
    rig.keys("ok")  # the layout is on the table: the turn screen
    close_messages(rig)
    assert rig.text.startswith(f"{fs.COLOUR_NAMES[state.to_move]}: ")


def test_turn_screen_shows_the_chosen_jump_big_and_its_cells(rig: Rig) -> None:
    start_four(rig)
    rig.keys("ok", "ok")
    close_messages(rig)
    while len(fs.turn_moves(rig.app.session.state)) < 2:
        rig.keys("ok")
        close_messages(rig)
    state = rig.app.session.state
    labels = fs.turn_moves(state)
    for n, label in enumerate(labels[:3]):
        move = label.split()[0]
        start, end = fs.move_cells(move)
        taken = [state.board[r][c] for r, c in fs.jumped_cells(move)]
        colour = f"{fs.COLOUR_NAMES[state.to_move]}:"
        name = fs.owner(state, state.to_move)
        points = f"+{sum(fs.piece_value(p) for p in taken)}"
        assert rig.app.texts[:5] == [colour, name, f"{n + 1}/{len(labels)}", move, points]
        mover = state.board[start[0]][start[1]]
        assert_readable(rig, {colour, name, move, points, mover, *taken})
        pieces = [t for t in rig.app.texts if t[:1] in "YGRB" and t[1:].isdigit()]
        assert pieces == [mover, *taken]  # in the jump's order
        rig.keys("down")
    rig.keys("right")  # the board, on the quarter of the chosen jump, the jump marked
    move = labels[min(3, len(labels)) % len(labels)].split()[0]
    start = fs.move_cells(move)[0]
    assert state.board[start[0]][start[1]] in rig.app.texts
    rig.keys("back")
    assert rig.app.texts[3] == move


def test_a_full_round_with_undo_and_restart_to_its_scores(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    rig = Rig(db=db, seed=3, players=ROSTER)
    start_four(rig)
    rig.keys("ok")  # deal: the layout to copy
    assert close_messages(rig) == []
    rig.keys("ok")  # the layout is on the table: the turn screen
    assert close_messages(rig) == []
    state = rig.app.session.state
    assert state.board[3][3] == "." and state.to_move == fs.next_to_move(state.board, "Y")
    if state.to_move != "Y":  # Yellow opens round 1 unless it cannot jump: noted in place
        assert "Y pass" in rig.app.texts
    notes = []

    jumps = 0
    while rig.app.session.state.phase == "play":
        state = rig.app.session.state
        labels = fs.turn_moves(state)
        pick = len(labels) - 1  # the last jump on offer: UP from the first wraps to it
        if len(labels) > 1:
            rig.keys("up")
        assert labels[pick].split()[0] in rig.app.texts
        rig.keys("ok")
        jumps += 1
        after = rig.app.session.state
        assert after.moves[-1] == labels[pick]  # the jump shown is the jump played
        assert close_messages(rig) == []  # a pass is noted on the turn screen, no band
        if after.phase == "play" and after.passed:
            note = "·".join(after.passed) + " pass"
            assert_readable(rig, {note})
            notes.append(note)
        if jumps == 3:  # hold BACK takes the last jump back
            rig.keys("long back")
            assert close_messages(rig) == ["Undone: Ann's jump"]
            assert rig.app.session.state == state
            rig.keys(*(["up"] if len(labels) > 1 else []), "ok")
            close_messages(rig)
        if jumps == 6:  # the box restarts mid-round: the board comes back as it was
            before = rig.app.session.state
            rig.close()
            rig = Rig(db=db, seed=11, players=ROSTER)
            assert rig.app.session.state == before
            assert close_messages(rig) == [  # the table knows a half-entered turn is gone
                "Resumed 4-Colour Stones: only what had OK is kept."]
            if before.phase == "play":
                assert rig.app.texts[:2] == [f"{fs.COLOUR_NAMES[before.to_move]}:",
                                             fs.owner(before, before.to_move)]

    assert notes  # the box passed on its own, and said so
    state = rig.app.session.state
    assert state.phase == "round_over" and not any(
        fs.legal_moves(state.board, c) for c in fs.COLOURS
    )
    pieces = sum(fs.piece_value(p) for took in state.captured for p in took)
    assert fs.board_value(state.board) + pieces == fs.TOTAL_VALUE
    row = state.scores[0]
    assert row == tuple(fs.round_scores(
        state.board, {c: [fs.piece_value(p) for p in state.captured[i]]
                      for i, c in enumerate(fs.COLOURS)}).values())
    assert "Round 1" in rig.text and "round  total" in rig.text
    assert_readable(rig, {*ROSTER, *(str(points) for points in row)})
    assert "OK round 2  DOWN points" in rig.text
    rig.keys("down")  # how the scores came about, on the same rows
    details = {f"{board}+{took}" + (f"+{bonus}" if bonus else "")
               for board, took, bonus in fs.round_parts(state).values()}
    assert_readable(rig, {*ROSTER, *details})
    assert any(bonus for _, _, bonus in fs.round_parts(state).values()) or (
        sorted(row)[-3] == max(row)  # only three or four leaders get no bonus
    )
    rig.keys("up")
    assert "round  total" in rig.text
    rig.keys("ok")  # round 2: Green opens
    assert rig.app.session.state.round == 2
    close_messages(rig)
    rig.keys("ok")
    assert rig.app.session.state.phase == "play"
    rig.close()


def test_the_standings_at_the_end_read_across_the_table(rig: Rig) -> None:
    rig.app.start_game("four_stones", {"players": ["Ann", "Ben"]})
    play_rounds(rig, 2)
    state = rig.app.session.state
    result = fs.result(state)
    assert rig.text.startswith("Game over | 2 rounds | 1 ")
    order = [name for place in result.places for name in place]
    pairs = {"Ann": "Y+R", "Ben": "G+B"}  # each row says whose stones (issue 41)
    assert f"1 {pairs[order[0]]}" in rig.app.texts and f"2 {pairs[order[1]]}" in rig.app.texts
    assert [t for t in rig.app.texts if t in ("Ann", "Ben")] == order
    assert_readable(rig, {"Ann", "Ben", *(str(t) for t in state.totals)})
    rig.keys("down")  # the last round's breakdown
    assert "on board + taken + bonus" in rig.text
    rig.keys("right")  # the final board
    assert rig.app.top.__class__.__name__ == "BoardScreen"


class DeadFirst(Dice):
    """Seeded dice whose first shuffle gives a layout nobody can open."""

    def __init__(self, dead: list[str]) -> None:
        super().__init__(__import__("random").Random(2))
        self.dead = dead

    def shuffled(self, items):
        if self.dead is not None:
            out, self.dead = self.dead, None
            return out
        return super().shuffled(items)


def dead_shuffle() -> list[str]:
    """A shuffle that deals each line into the centre all of one colour: no jump."""
    line = {(3, 2): "Y", (3, 1): "Y", (3, 0): "Y", (3, 4): "G", (3, 5): "G", (3, 6): "G",
            (2, 3): "R", (1, 3): "R", (0, 3): "R", (4, 3): "B", (5, 3): "B", (6, 3): "B"}
    pool = fs.deal_pool()
    for (r, c), colour in line.items():
        pool.remove(f"{colour}{AREAS[r][c]}")
    order = []
    for value in (3, 2, 1):
        for r in range(SIZE):
            for c in range(SIZE):
                if AREAS[r][c] != value:
                    continue
                piece = f"{line[(r, c)]}{value}" if (r, c) in line else next(
                    p for p in pool if fs.piece_value(p) == value)
                if (r, c) not in line:
                    pool.remove(piece)
                order.append(piece)
    board = fs.deal_board(order)
    assert not any(fs.legal_moves(board, c) for c in fs.COLOURS)
    return order


def test_a_layout_nobody_can_open_is_dealt_again(rig: Rig) -> None:
    rig.app.dice = DeadFirst(dead_shuffle())
    start_four(rig)
    rig.keys("ok")
    assert rig.app.band.text == "Nobody could open; dealt 2 times."
    actions = rig.store.actions(rig.app.session.game_id)
    assert [a["type"] for a in actions] == ["deal", "deal"]
    assert rig.app.session.state.phase == "play"


def test_a_turn_in_japanese_uses_the_rulebook_colours(tmp_path: Path) -> None:
    rig = japanese_rig(tmp_path, seed=3)
    try:
        start_four(rig)
        rig.keys("ok")
        initials = {"Y": "黄", "G": "緑", "R": "赤", "B": "青"}
        board = rig.app.session.state.board
        assert_readable(rig, {piece(board[0][0], initials), piece(board[1][1], initials)})
        assert rig.app.painter.illegible() == []  # 12 px rows, no 8 px key help (issue 35)
        rig.keys("ok")
        assert close_messages(rig) == []
        state = rig.app.session.state
        colour = initials[state.to_move]
        assert rig.app.texts[:2] == [f"{colour}:", fs.owner(state, state.to_move)]
        move = fs.turn_moves(state)[0].split()[0]
        taken = sum(fs.piece_value(state.board[r][c]) for r, c in fs.jumped_cells(move))
        assert rig.app.texts[3:5] == [move, f"+{taken}"]
        while not state.passed:  # jump until a colour cannot and passes
            rig.keys("ok")
            assert close_messages(rig) == []
            state = rig.app.session.state
            assert state.phase == "play", "this seed's round has a pass"
        note = "・".join(initials[c] for c in state.passed) + "パス"
        if len(state.passed) > 1:  # 「黄・緑パス」 does not fit beside the jump
            note = f"{len(state.passed)}色パス"
        assert_readable(rig, {note})
    finally:
        rig.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_four_stones_goldens(tmp_path: Path, golden, language: str) -> None:
    rig = japanese_rig(tmp_path) if language == "ja" else Rig(
        db=str(tmp_path / "en.db"), players=ROSTER)
    suffix = "" if language == "en" else "-ja"
    try:
        start_four(rig)
        golden(f"four_stones-opens{suffix}", rig.frame)
        rig.keys("ok")
        close_messages(rig)
        golden(f"four_stones-deal{suffix}", rig.frame)
        rig.keys("ok")
        close_messages(rig)
        while len(fs.turn_moves(rig.app.session.state)) < 2:
            rig.keys("ok")
            close_messages(rig)
        rig.keys("down")
        assert "2/" in rig.app.texts[2]
        golden(f"four_stones-turn{suffix}", rig.frame)
        rig.keys("right")
        golden(f"four_stones-board{suffix}", rig.frame)
        rig.keys("ok")
        while rig.app.session.state.phase == "play":
            rig.keys("ok")
            close_messages(rig)
        golden(f"four_stones-round{suffix}", rig.frame)
        rig.keys("down")
        golden(f"four_stones-how{suffix}", rig.frame)
        play_rounds(rig, 3)
        assert rig.app.session.state.phase == "over"
        golden(f"four_stones-over{suffix}", rig.frame)
    finally:
        rig.close()
