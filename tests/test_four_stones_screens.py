"""Guards the Four-Colour Stones screens on mock pins: setup, deal, turns, passes, undo, resume."""

from __future__ import annotations

from pathlib import Path

from companion.catalogue import position
from companion.dice import Dice
from companion.games.four_stones import rules as fs
from companion.games.four_stones.board import AREAS, SIZE
from companion.testing import Rig

#: The roster the setups offer, seat by seat (the names these tests expect).
ROSTER = ("Ann", "Ben", "Cleo", "Dan")


def open_setup(rig: Rig) -> None:
    rig.keys("ok", *["down"] * position("four_stones"), "ok")
    assert "4-Colour Stones" in rig.text and "setup" in rig.text


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


def test_setup_names_seats_by_colour_and_offers_two_players_and_the_star(rig: Rig) -> None:
    open_setup(rig)
    assert "Players: 4" in rig.text and "Yellow (Y): Ann" in rig.text
    rig.keys("right")  # Players: 2 (the two-player rule)
    assert "Yellow+Red: Ann" in rig.text and "Green+Blue: Ben" in rig.text
    rig.keys("down", "down", "down", "right")  # Setup: star
    assert "Setup: star" in rig.text
    rig.keys("down", "right")  # the rules decide who opens: nothing else on offer
    assert "Starts: by the rules" in rig.text
    rig.keys("ok", "ok")
    assert rig.app.session.options == {"players": ["Ann", "Ben"], "star": True}
    assert "Round 1 of 2" in rig.text and "Yellow" in rig.text and "opens (Ann)" in rig.text


def test_deal_shows_the_layout_big_and_one_row_zoomed(rig: Rig) -> None:
    start_four(rig)
    rig.keys("ok")  # deal
    state = rig.app.session.state
    assert state.phase == "play" and fs.check_deal(state.board) == state.board
    row_a = [cell for cell in state.board[0]]
    assert rig.app.texts[:7] == [str(c) for c in range(1, 8)]
    assert all(cell in rig.app.texts for cell in row_a)
    rig.keys("down", "down", "right")  # row b, big
    assert "Row b  (2/7)" in rig.text
    assert [t for t in rig.app.texts if t[0] in "YGRB" and t[1:].isdigit()] == [
        c for c in state.board[1]
    ]
    rig.keys("down")
    assert "Row c  (3/7)" in rig.text
    rig.keys("left", "ok")  # whole board, then back to the turn
    assert fs.turn_moves(state)[0] in rig.text


def test_a_full_round_with_undo_and_restart_to_its_scores(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    rig = Rig(db=db, seed=3, players=ROSTER)
    start_four(rig)
    rig.keys("ok")  # deal: the layout to copy
    assert close_messages(rig) == []
    rig.keys("ok")  # the layout is on the table: the turn screen
    said = close_messages(rig)
    state = rig.app.session.state
    assert state.board[3][3] == "." and state.to_move == fs.next_to_move(state.board, "Y")
    if state.to_move != "Y":  # Yellow opens round 1 unless it cannot jump
        assert said == [f"Yellow cannot jump - passes to {fs.COLOUR_NAMES[state.to_move]} "
                        f"({fs.owner(state, state.to_move)})"]
    mover = fs.COLOUR_NAMES[state.to_move][0]
    assert mover in rig.app.texts and fs.owner(state, state.to_move) in rig.app.texts
    assert all(label in rig.app.texts for label in fs.turn_moves(state)[:2])

    jumps = 0
    while rig.app.session.state.phase == "play":
        state = rig.app.session.state
        labels = fs.turn_moves(state)
        pick = len(labels) - 1  # the last jump on offer: UP from the first wraps to it
        if len(labels) > 1:
            rig.keys("up")
        rig.keys("ok")
        jumps += 1
        after = rig.app.session.state
        assert after.moves[-1] == labels[pick]  # the jump highlighted is the jump played
        said += close_messages(rig)
        if jumps == 3:  # hold BACK takes the last jump back
            rig.keys("long back")
            assert close_messages(rig) == ["Undone: jump"]
            assert rig.app.session.state == state
            rig.keys(*(["up"] if len(labels) > 1 else []), "ok")
            said += close_messages(rig)
        if jumps == 6:  # the box restarts mid-round: the board comes back as it was
            before = rig.app.session.state
            rig.close()
            rig = Rig(db=db, seed=11, players=ROSTER)
            assert rig.app.session.state == before
            if before.phase == "play":
                assert before.to_move in rig.app.texts and "rd1" in rig.app.texts

    assert any(" cannot jump - passes to " in m for m in said)  # the box passed on its own
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
    assert "Round 1" in rig.text and "round total" in rig.text
    assert all(str(points) in rig.app.texts for points in row)
    for board, took, bonus in fs.round_parts(state).values():  # the bonus is spelled out
        assert f"{board}+{took}" + (f"+{bonus}" if bonus else "") in rig.app.texts
    assert any(bonus for _, _, bonus in fs.round_parts(state).values()) or (
        sorted(row)[-3] == max(row)  # only three or four leaders get no bonus
    )
    assert "OK deals round 2" in rig.text
    rig.keys("ok")  # round 2: Green opens
    assert rig.app.session.state.round == 2
    close_messages(rig)
    rig.keys("ok")
    assert rig.app.session.state.phase == "play"
    rig.close()


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
    assert "Nobody could open; | dealt 2 times." in rig.text
    actions = rig.store.actions(rig.app.session.game_id)
    assert [a["type"] for a in actions] == ["deal", "deal"]
    assert rig.app.session.state.phase == "play"


def test_turn_screen_golden(rig: Rig, golden) -> None:
    start_four(rig)
    rig.keys("ok")
    close_messages(rig)
    golden("four_stones-deal", rig.frame)
    rig.keys("ok", "ok")  # Yellow opens into the centre
    close_messages(rig)
    while len(fs.turn_moves(rig.app.session.state)) < 2:
        rig.keys("ok")
        close_messages(rig)
    rig.keys("down")
    assert "2/" in rig.text
    golden("four_stones-turn", rig.frame)
