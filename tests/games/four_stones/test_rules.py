"""Guards the Four-Colour Stones rules: board text, deals, jumps, passes, rounds and scores."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.four_stones import rules as fs

PLAYERS = {"players": ["Ann", "Bob", "Cy", "Di"]}

# Every arm from the centre is one colour, so nobody can open: a dead deal.
DEAD_DEAL = """\
Y10 Y5 G3 Y3 R3 G5 G10
Y5 Y5 G2 Y2 R2 G5 G5
B3 B2 R1 Y1 G1 Y2 Y3
R3 R2 R1 . B1 B2 B3
G3 Y2 Y1 G1 B1 G2 B3
B5 B5 R2 G2 B2 R5 R5
B10 B5 R3 G3 Y3 R5 R10"""


def sparse(**cells: str) -> fs.Board:
    """An otherwise empty board with pieces on the named cells: sparse(_2d="Y1")."""
    grid = [["."] * 7 for _ in range(7)]
    for name, piece in cells.items():
        r, c = fs.ROWS.index(name[2]), int(name[1]) - 1
        grid[r][c] = piece
    return tuple(tuple(row) for row in grid)


def playing(board: fs.Board, to_move: str, players=PLAYERS) -> fs.State:
    """A scenario: round 1 under way on ``board`` with ``to_move`` to jump."""
    return replace(fs.new_game(players), phase="play", board=board, to_move=to_move)


# --- board text -------------------------------------------------------------------------


def test_parse_and_format_round_trip():
    board = fs.parse_board(fs.EXAMPLE_TEXT)
    assert board[0][0] == "Y10" and board[3][3] == "." and board[3][1] == "Y2"
    assert fs.format_board(board) == fs.EXAMPLE_TEXT
    assert fs.board_value(board) == fs.TOTAL_VALUE == 168


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("\n".join([". . . . . . ."] * 6), "7 rows, not 6"),
        ("\n".join([". . . . . . ."] * 6 + [". . ."]), "row g has 3 cells"),
        ("\n".join(["X3 . . . . . ."] + [". . . . . . ."] * 6), "cell 1a holds 'X3'"),
        ("\n".join(["Y4 . . . . . ."] + [". . . . . . ."] * 6), "cell 1a holds 'Y4'"),
        ("\n".join(["Y10 Y10 . . . . ."] + [". . . . . . ."] * 6), "2 pieces Y10"),
    ],
)
def test_parse_board_rejects_bad_text(text, words):
    with pytest.raises(ValueError, match=words):
        fs.parse_board(text)


# --- jumps ------------------------------------------------------------------------------


def test_multi_piece_jump_over_a_line_of_one_colour():
    board = sparse(_1d="Y1", _2d="R2", _3d="R3")
    assert fs.legal_moves(board, "Y") == ["1d-4d"]
    after, taken = fs.play(board, "1d-4d")
    assert taken == ["R2", "R3"]
    assert after == sparse(_4d="Y1")
    assert fs.describe_move(board, "1d-4d") == "1d-4d ×R2R3"


def test_a_line_mixing_colours_cannot_be_jumped():
    board = sparse(_1d="Y1", _2d="R2", _3d="G3")
    assert fs.legal_moves(board, "Y") == []
    with pytest.raises(RuleError, match="not a legal jump for Yellow; legal: none"):
        fs.play(board, "1d-4d")


def test_no_jump_over_own_pieces():
    assert fs.legal_moves(sparse(_1d="Y1", _2d="Y2"), "Y") == []
    assert fs.legal_moves(sparse(_1d="Y1", _2d="R2", _3d="Y3"), "Y") == []


def test_no_diagonal_jump():
    board = sparse(_1a="Y10", _2b="R5")
    assert fs.legal_moves(board, "Y") == []
    with pytest.raises(RuleError, match="never diagonal"):
        fs.play(board, "1a-3c")


def test_landing_must_be_empty_and_be_on_the_board():
    assert fs.legal_moves(sparse(_1d="Y1", _2d="R2", _3d="G3", _4d="G1"), "Y") == []
    # Red runs to the edge: nowhere to land.
    assert fs.legal_moves(sparse(_5d="Y1", _6d="R2", _7d="R3"), "Y") == []
    # Column 1 is full and mixed: nothing lands off the board; one jump along row b.
    board = sparse(_1a="R10", _1b="Y5", _2b="R5", _1c="G3", _1d="B3", _1e="G2", _1f="B2",
                   _1g="G1")
    assert fs.legal_moves(board, "Y") == ["1b-3b"]
    assert fs.legal_moves(board, "R") == []  # 2b over Y5 would land off the board
    assert fs.legal_moves(board, "G") == []
    assert fs.legal_moves(board, "B") == []


def test_all_four_directions_sorted():
    board = sparse(_4d="Y1", _4c="R1", _4e="G1", _3d="B1", _5d="R2", _6d="R3")
    assert fs.legal_moves(board, "Y") == ["4d-2d", "4d-4b", "4d-4f", "4d-7d"]


def test_malformed_moves_say_how_to_write_one():
    board = fs.parse_board(fs.EXAMPLE_TEXT)
    for bad in ("2d4d", "2d-9d", "xx-4d"):
        with pytest.raises(RuleError, match="like '"):
            fs.play(board, bad)
    with pytest.raises(RuleError, match="no piece on 4d"):
        fs.play(board, "4d-2d")


# --- the source's opening example --------------------------------------------------------


def test_opening_example_yellow_takes_red_into_the_centre_then_red_moves():
    state = fs.step(fs.new_game(PLAYERS), {"type": "deal", "board": fs.EXAMPLE_TEXT})
    assert (state.phase, state.top, state.to_move, state.passed) == ("play", "Y", "Y", ())
    assert fs.turn_moves(state) == ["2d-4d ×R1"]
    state = fs.step(state, {"type": "jump", "move": "2d-4d"})
    assert state.board[3][3] == "Y2" and state.board[3][1] == "." and state.board[3][2] == "."
    assert state.captured == (("R1",), (), (), ())
    assert (state.to_move, state.passed) == ("R", ())
    assert fs.owner(state, state.to_move) == "Cy"
    # Red's only jump takes two Blue pieces at once.
    assert fs.turn_moves(state) == ["3a-3d ×B2B1"]
    state = fs.step(state, {"type": "jump", "move": "3a-3d"})
    assert state.captured[2] == ("B2", "B1")
    assert state.moves == ("2d-4d ×R1", "3a-3d ×B2B1")


def test_a_jump_out_of_turn_is_refused():
    state = fs.step(fs.new_game(PLAYERS), {"type": "deal", "board": fs.EXAMPLE_TEXT})
    with pytest.raises(RuleError, match="not a legal jump for Yellow; legal: 2d-4d"):
        fs.step(state, {"type": "jump", "move": "4b-4d"})  # Green's jump


# --- passes and round end ---------------------------------------------------------------


def test_next_to_move_passes_in_seat_order_and_wraps():
    only_blue = sparse(_1a="B1", _2a="R1")
    assert fs.next_to_move(only_blue, "G") == "B"
    only_green = sparse(_1a="G1", _2a="Y1")
    assert fs.next_to_move(only_green, "B") == "G"
    assert fs.next_to_move(sparse(_1a="Y1"), "Y") is None


def test_pass_chain_after_a_capture_goes_round_the_table():
    # Yellow takes Green; Green, Red and Blue cannot jump, so it comes back to Yellow.
    board = sparse(_1a="Y1", _2a="G1", _1b="B1", _1c="Y2", _1d="R1", _7g="B1")
    state = fs.step(playing(board, "Y"), {"type": "jump", "move": "1a-3a"})
    assert state.to_move == "Y"
    assert state.passed == ("G", "R", "B")
    assert fs.turn_moves(state) == ["1c-1a ×B1", "1c-1e ×R1"]


def test_round_ends_when_nobody_can_jump_and_is_scored():
    board = sparse(_1a="Y10", _2a="G5", _7g="R3", _1g="B2")
    state = fs.step(playing(board, "Y"), {"type": "jump", "move": "1a-3a"})
    assert state.phase == "round_over"
    assert state.to_move is None and state.passed == ("G", "R", "B", "Y")
    # Yellow 10 on board + 5 taken = 15, sole leader +5.
    assert state.scores == ((20, 0, 3, 2),)
    assert state.totals == (20, 0, 3, 2)
    assert fs.round_parts(state) == {
        "Y": (10, 5, 5), "G": (0, 0, 0), "R": (3, 0, 0), "B": (2, 0, 0)
    }
    with pytest.raises(RuleError, match="deal the round first"):
        fs.step(state, {"type": "jump", "move": "3a-1a"})


def test_four_rounds_opened_in_seat_order_then_game_over():
    state = fs.new_game(PLAYERS)
    for r, top in enumerate("YGRB", start=1):
        state = fs.step(state, {"type": "deal", "board": fs.EXAMPLE_TEXT})
        assert (state.round, state.top) == (r, top)
        # Scenario: finish the round at once on a board where one jump is left.
        board = sparse(_1a="Y10", _2a="G5")
        state = fs.step(replace(state, board=board, to_move="Y"), {"type": "jump", "move": "1a-3a"})
        assert state.board == sparse(_3a="Y10")
    assert fs.is_over(state) and state.phase == "over"
    assert state.totals == (80, 0, 0, 0)
    res = fs.result(state)
    assert res.places == (("Ann",), ("Bob", "Cy", "Di"))
    assert res.detail == "Ann wins with 80 after 4 rounds"
    with pytest.raises(RuleError, match="game is over"):
        fs.step(state, {"type": "deal", "board": fs.EXAMPLE_TEXT})


def test_deal_is_refused_while_a_round_is_played():
    state = fs.step(fs.new_game(PLAYERS), {"type": "deal", "board": fs.EXAMPLE_TEXT})
    with pytest.raises(RuleError, match="still being played"):
        fs.step(state, {"type": "deal", "board": fs.EXAMPLE_TEXT})
    with pytest.raises(RuleError, match="'deal' and 'jump', not 'pass'"):
        fs.step(state, {"type": "pass"})


# --- deals ------------------------------------------------------------------------------


def test_dead_deal_asks_for_another_deal():
    state = fs.step(fs.new_game(PLAYERS), {"type": "deal", "board": DEAD_DEAL})
    assert (state.phase, state.dead_deals, state.passed) == ("deal", 1, ("Y", "G", "R", "B"))
    state = fs.step(state, {"type": "deal", "board": DEAD_DEAL.splitlines()})
    assert state.dead_deals == 2
    state = fs.step(state, {"type": "deal", "board": fs.EXAMPLE_TEXT})
    assert (state.phase, state.round, state.to_move) == ("play", 1, "Y")


@pytest.mark.parametrize(
    ("edits", "words"),
    [
        ([("Y10 Y5 R3", ". Y5 R3")], "cell 1a must hold Y10"),
        ([("Y5 Y5 B2", "Y5 . B2")], "cell 2b must hold Y5"),
        ([("B1 R1 Y1", "B1 R2 Y1"), ("Y2 R2 G2", "Y2 R1 G2")], "cell 4c is a 1-cell"),
        ([("R1 . G1", ". R1 G1")], "only the centre 4d is empty"),
    ],
)
def test_bad_deals_are_refused(edits, words):
    text = fs.EXAMPLE_TEXT
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    with pytest.raises(RuleError, match=words):
        fs.step(fs.new_game(PLAYERS), {"type": "deal", "board": text})


def test_deal_board_lays_a_shuffled_pool_and_star_leaves_its_cell_empty():
    pool = fs.deal_pool()
    assert len(pool) == 32 and len(fs.deal_pool(star=True)) == 33
    board = fs.deal_board(list(reversed(pool)))
    assert fs.check_deal(board) is board
    assert board[0][2:5] == ("B3", "B3", "B3")  # the last 3s of the pool come first
    starred = fs.deal_pool(star=True)  # the star is last: it lands on the last 1-cell
    board = fs.deal_board(starred, star=True)
    assert board[4][4] == "." and board[3][3] == "R1"
    fs.check_deal(board, star=True)
    with pytest.raises(RuleError, match="only the centre"):
        fs.check_deal(board)
    with pytest.raises(RuleError, match="deal_pool"):
        fs.deal_board(pool[:-1])


def test_corners_house_rule_moves_the_fixed_pieces():
    game = fs.new_game({**PLAYERS, "house_rules": {"corners": "GRBY"}})
    action = fs.deal_action(game, fs.deal_pool())
    assert action["board"].splitlines()[0].split()[0] == "G10"
    fs.step(game, action)  # legal under this rule (may be a dead deal; still accepted)
    with pytest.raises(RuleError, match="cell 1a must hold G10"):
        fs.step(game, {"type": "deal", "board": fs.EXAMPLE_TEXT})
    with pytest.raises(RuleError, match="corners"):
        fs.new_game({**PLAYERS, "house_rules": {"corners": "YYRB"}})


def test_player_counts():
    with pytest.raises(RuleError, match="not 3"):
        fs.new_game({"players": ["Ann", "Bob", "Cy"]})
    with pytest.raises(RuleError, match="2–4 players"):
        fs.new_game({"players": ["Ann"]})


# --- scoring ----------------------------------------------------------------------------

EMPTY = sparse()


@pytest.mark.parametrize(
    ("captured", "expected"),
    [
        ({"Y": [10], "G": [5], "R": [3], "B": [2]}, {"Y": 15, "G": 5, "R": 3, "B": 2}),
        ({"Y": [10], "G": [5, 5], "R": [3], "B": [2]}, {"Y": 12, "G": 12, "R": 3, "B": 2}),
        ({"Y": [5], "G": [5], "R": [3, 2], "B": [1]}, {"Y": 5, "G": 5, "R": 5, "B": 1}),
        ({"Y": [3], "G": [3], "R": [3], "B": [3]}, {"Y": 3, "G": 3, "R": 3, "B": 3}),
    ],
    ids=["sole leader +5", "two tied +2 each", "three tied nothing", "four tied nothing"],
)
def test_first_place_bonus(captured, expected):
    assert fs.round_scores(EMPTY, captured) == expected


def test_four_tie_bonus_house_rule_and_board_pieces_count():
    assert fs.round_scores(EMPTY, {c: [3] for c in "YGRB"}, four_tie_bonus=2) == {
        c: 5 for c in "YGRB"
    }
    board = sparse(_1a="Y10", _2a="Y5", _7g="B3")
    assert fs.round_scores(board, {"B": [1]}) == {"Y": 20, "G": 0, "R": 0, "B": 4}
    assert fs.score_parts(board, {"B": [1]})["B"] == (3, 1, 0)
    with pytest.raises(RuleError, match="not 'X'"):
        fs.round_scores(board, {"X": [1]})


def test_two_player_pairs_sum_their_colours_without_bonus():
    board = sparse(_1a="Y10", _2a="R5", _7g="G3")
    scores = fs.round_scores(board, {"Y": [2], "B": [1, 1]}, two_player=True)
    assert scores == {"YR": 17, "GB": 5}


def test_two_player_game_two_rounds_same_person_moves_twice():
    game = fs.new_game({"players": ["Ann", "Bob"]})
    assert (game.openers, game.rounds) == ("YG", 2)
    # Yellow takes Red; Red (the same player) may take back at once.
    board = sparse(_1a="Y10", _2a="R5", _4a="R3", _7g="G3")
    state = fs.step(playing(board, "Y", {"players": ["Ann", "Bob"]}), {
        "type": "jump", "move": "1a-3a"})
    assert state.to_move == "R" and fs.owner(state, "R") == fs.owner(state, "Y") == "Ann"
    state = fs.step(state, {"type": "jump", "move": "4a-2a"})
    assert state.phase == "round_over"
    assert state.scores == ((3 + 5 + 10, 3),)  # no first-place bonus
    state = fs.step(state, {"type": "deal", "board": fs.EXAMPLE_TEXT})
    assert (state.round, state.top, state.to_move) == (2, "G", "G")


# --- property: random games from random deals --------------------------------------------


def reference_moves(board: fs.Board, colour: str) -> set[str]:
    """An independent, slow statement of the jump rule."""
    out = set()
    for r in range(7):
        for c in range(7):
            if board[r][c][0] != colour:
                continue
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                for n in range(1, 6):  # n enemy pieces, then an empty landing cell
                    line = [(r + dr * i, c + dc * i) for i in range(1, n + 2)]
                    if not all(0 <= a < 7 and 0 <= b < 7 for a, b in line):
                        break
                    pieces = [board[a][b] for a, b in line[:-1]]
                    land = board[line[-1][0]][line[-1][1]]
                    colours = {p[0] for p in pieces}
                    if "." not in colours and len(colours) == 1 and colour not in colours \
                            and land == ".":
                        out.add(f"{c + 1}{fs.ROWS[r]}-{line[-1][1] + 1}{fs.ROWS[line[-1][0]]}")
    return out


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)
@given(data=st.data(), star=st.booleans(), two=st.booleans())
def test_random_games_end_conserve_value_and_play_only_legal_moves(data, star, two):
    players = {"players": ["Ann", "Bob"] if two else PLAYERS["players"], "star": star}
    state = fs.new_game(players)
    pool = fs.deal_pool(star)
    while not fs.is_over(state):
        state = fs.step(state, fs.deal_action(state, data.draw(st.permutations(pool))))
        for _ in range(49):
            if state.phase != "play":
                break
            board = state.board
            for colour in state.passed:
                assert fs.legal_moves(board, colour) == []
            legal = fs.legal_moves(board, state.to_move)
            assert legal and set(legal) == reference_moves(board, state.to_move)
            move = data.draw(st.sampled_from(legal))
            state = fs.step(state, {"type": "jump", "move": move})
            taken = sum(fs.piece_value(p) for side in state.captured for p in side)
            assert fs.board_value(state.board) + taken == 168
        else:
            pytest.fail("a round went on for more than 48 jumps")
        if state.phase in ("round_over", "over"):
            assert all(reference_moves(state.board, c) == set() for c in "YGRB")
    assert len(state.scores) == (2 if two else 4)
    assert all(len(row) == len(state.players) for row in state.scores)
