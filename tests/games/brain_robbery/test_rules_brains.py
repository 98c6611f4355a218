"""Guards the fight winner's brains (Brain Robbery): the winner "may move, rearrange or
discard the brains of every player in the fight" — one ``brains`` action, one undo, one
screen — and the older ``swap_brains`` action still replays."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import RuleError
from companion.games.brain_robbery.rules import legal_actions, new_game, step
from companion.testing import Rig

SETUP = {"type": "setup", "first": 0, "board": 4, "side": "B"}


def brain(name: str, run: int, hit: int, iq: int) -> dict:
    return {"type": "set_brain", "player": name, "brain": {"run": run, "hit": hit, "iq": iq}}


#: Ann (the mover) attacks Bob and Cy on the Caboose and wins 11 to 3 and 4.
FIGHT = [SETUP, brain("Ann", 0, 1, 5), brain("Bob", 1, 1, 9), brain("Cy", 2, 0, 14),
         {"type": "move_roll", "dice": [1, 2]}, {"type": "move", "car": 1},
         {"type": "fight", "fighters": ["Bob", "Cy"],
          "dice": {"Ann": [6, 4], "Bob": [1, 1], "Cy": [3, 1]}}]


def won(players=("Ann", "Bob", "Cy", "Dee")):
    state = new_game({"players": list(players)})
    for action in [*FIGHT, {"type": "end_fight"}]:
        state = step(state, action)
    assert state.fight.winner == "Ann"
    return state


def iqs(state) -> dict[str, int | None]:
    return {p.name: p.brain.iq if p.brain else None for p in state.players}


# --- the rule --------------------------------------------------------------------------

def test_the_winner_takes_the_brain_they_like_and_discards_the_rest():
    """The rulebook's usual case: take the best brain, discard every other one."""
    s = step(won(), {"type": "brains", "heads": {"Ann": "Cy", "Bob": None, "Cy": None}})
    assert iqs(s) == {"Ann": 14, "Bob": None, "Cy": None, "Dee": None}
    assert s.player("Ann").brain.run == 2 and s.player("Ann").brain.hit == 0


def test_a_brain_moves_to_any_fighter_and_heads_rearrange():
    rotated = step(won(), {"type": "brains", "heads": {"Ann": "Bob", "Bob": "Cy", "Cy": "Ann"}})
    assert iqs(rotated) == {"Ann": 9, "Bob": 14, "Cy": 5, "Dee": None}
    given = step(won(), {"type": "brains", "heads": {"Ann": None, "Bob": "Ann", "Cy": "Cy"}})
    assert iqs(given) == {"Ann": None, "Bob": 5, "Cy": 14, "Dee": None}


def test_a_brain_goes_into_the_winners_empty_head():
    s = step(won(), {"type": "brains", "heads": {"Ann": None, "Bob": "Bob", "Cy": "Cy"}})
    s = step(s, {"type": "brains", "heads": {"Ann": "Bob", "Bob": None, "Cy": "Cy"}})
    assert iqs(s) == {"Ann": 9, "Bob": None, "Cy": 14, "Dee": None}


def test_nothing_else_changes():
    before = won()
    after = step(before, {"type": "brains", "heads": {"Ann": "Cy", "Bob": None, "Cy": None}})
    for old, new in zip(before.players, after.players, strict=True):
        assert (old.hand, old.xp, old.car) == (new.hand, new.xp, new.car)
    assert (after.fight, after.phase, after.train) == (before.fight, before.phase, before.train)


@pytest.mark.parametrize("heads,says", [
    ({"Ann": "Cy", "Bob": None}, "names every fighter once: Ann, Bob, Cy"),
    ({"Ann": "Cy", "Bob": None, "Cy": None, "Dee": None}, "names every fighter once"),
    ({"Ann": "Dee", "Bob": None, "Cy": None}, "comes from a fighter"),
    ({"Ann": "Zed", "Bob": None, "Cy": None}, "comes from a fighter"),
    ({"Ann": "Cy", "Bob": "Cy", "Cy": None}, "one head only"),
    ("Cy", "names every fighter once"),
])
def test_refused_redistributions(heads, says):
    with pytest.raises(RuleError, match=says):
        step(won(), {"type": "brains", "heads": heads})


def test_a_head_without_a_brain_gives_nothing():
    s = step(won(), {"type": "brains", "heads": {"Ann": "Ann", "Bob": None, "Cy": "Cy"}})
    with pytest.raises(RuleError, match="Bob has no brain to give"):
        step(s, {"type": "brains", "heads": {"Ann": "Bob", "Bob": None, "Cy": "Cy"}})


def test_only_after_a_won_fight():
    state = new_game({"players": ["Ann", "Bob", "Cy"]})
    for action in FIGHT[:-1]:
        state = step(state, action)
    assert "brains" not in legal_actions(state)
    with pytest.raises(RuleError, match="only after a fight"):
        step(state, {"type": "brains", "heads": {"Ann": None}})
    fighting = step(state, FIGHT[-1])
    with pytest.raises(RuleError, match="not possible now"):
        step(fighting, {"type": "brains", "heads": {"Ann": "Ann", "Bob": "Bob", "Cy": "Cy"}})
    assert "brains" in legal_actions(won())


def test_swap_brains_from_older_logs_still_replays_but_is_not_offered():
    s = won()
    assert "swap_brains" not in legal_actions(s)
    s = step(s, {"type": "swap_brains", "players": ["Ann", "Cy"]})
    assert iqs(s) == {"Ann": 14, "Bob": 9, "Cy": 5, "Dee": None}


# --- the screen, through the pins -------------------------------------------------------

def fought(rig: Rig) -> None:
    rig.app.start_game("brain_robbery", {"players": ["Ann", "Bob", "Cy", "Dee"], "first": 0})
    for action in [*FIGHT, {"type": "end_fight"}]:
        rig.app.play(action)
    rig.app.show_game()
    rig.app.redraw()
    assert "The fight is won by" in rig.text and "Ann" in rig.text


def open_brains(rig: Rig) -> None:
    for _ in range(5):
        if "Brains" in rig.app.texts:
            break
        rig.keys("down")
    rig.keys("ok")
    assert "Ann's pick" in rig.text and "</> where  OK done" in rig.text


def test_one_screen_one_action_one_undo(tmp_path: Path) -> None:
    rig = Rig(db=str(tmp_path / "b.db"))
    fought(rig)
    open_brains(rig)
    assert rig.app.texts[2:5] == ["Ann IQ5 > Ann", "Bob IQ9 > Bob", "Cy IQ14 > Cy"]
    rig.keys("left")                                   # Ann's own brain: discard
    rig.keys("down", "right", "right")                 # Bob's: Cy, then discard
    rig.keys("down", "right", "right")                 # Cy's: discard, then round to Ann
    assert "Cy IQ14 > Ann" in rig.app.texts and "R2 H0" in rig.text
    count = len(rig.store.actions(rig.app.session.game_id))
    rig.keys("ok", "ok")                               # OK jumps to Done, OK logs it
    actions = rig.store.actions(rig.app.session.game_id)
    assert len(actions) == count + 1
    assert actions[-1] == {"type": "brains", "heads": {"Ann": "Cy", "Bob": None, "Cy": None}}
    assert iqs(rig.app.session.state) == {"Ann": 14, "Bob": None, "Cy": None, "Dee": None}
    assert "The fight is won by" in rig.text
    rig.keys("long back")                              # one undo takes it all back
    assert iqs(rig.app.session.state) == {"Ann": 5, "Bob": 9, "Cy": 14, "Dee": None}
    assert len(rig.store.actions(rig.app.session.game_id)) == count
    rig.close()


def test_two_brains_for_one_head_are_refused_on_screen(rig: Rig) -> None:
    fought(rig)
    open_brains(rig)
    rig.keys("down", "left")                           # Bob's brain into Ann's head too
    assert "!Ann IQ5 > Ann" in rig.app.texts and "!Bob IQ9 > Ann" in rig.app.texts
    count = len(rig.store.actions(rig.app.session.game_id))
    rig.keys("ok", "ok")
    assert "Ann would get two" in rig.text and "a head holds" in rig.text
    assert len(rig.store.actions(rig.app.session.game_id)) == count


def test_back_or_no_change_logs_nothing(rig: Rig) -> None:
    fought(rig)
    count = len(rig.store.actions(rig.app.session.game_id))
    open_brains(rig)
    rig.keys("right", "back")                          # changed, then left: nothing logged
    assert "The fight is won by" in rig.text
    open_brains(rig)
    assert "Ann IQ5 > Ann" in rig.app.texts            # starts from the heads as they are
    rig.keys("up", "ok")                               # Done with nothing changed
    assert "The fight is won by" in rig.text
    assert len(rig.store.actions(rig.app.session.game_id)) == count


def test_not_offered_when_no_fighter_has_a_brain(rig: Rig) -> None:
    rig.app.start_game("brain_robbery", {"players": ["Ann", "Bob", "Cy"], "first": 0})
    for action in [SETUP, {"type": "move_roll", "dice": [1]}, {"type": "move", "car": 1},
                   {"type": "fight", "fighters": ["Bob"], "dice": {"Ann": [6], "Bob": [1]}},
                   {"type": "end_fight"}]:
        rig.app.play(action)
    rig.app.show_game()
    rig.app.redraw()
    seen = set()
    for _ in range(5):
        seen.update(rig.app.texts)
        rig.keys("down")
    assert "End turn" in seen and "Brains" not in seen
