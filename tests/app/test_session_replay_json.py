"""Guards that a game package's rules see each action as the log gives it back: a
screen that puts a tuple in an action (``"bid": (3, 5)``) gets the same state at the
table as after a restart replays the log, where JSON makes it a list."""

from __future__ import annotations

from pathlib import Path

from companion.testing import Rig
from tests.plugin_package import KEY, plugin  # noqa: F401  (a fixture)

#: The fixture's rules keep the last bid and end the game at once on five sixes.
BIDS = '''

def step(state, action):
    state = _step(state, action)
    bid = action.get("bid")
    return replace(state, dice=(0,) * (len(state.dice) - 1) + (1,)) if bid == (5, 6) else state
'''


def test_the_state_at_the_table_is_the_state_after_a_restart(plugin: Path,  # noqa: F811
                                                             tmp_path: Path) -> None:
    rules = plugin / "rules.py"
    rules.write_text(rules.read_text().replace("def step(", "def _step(") + BIDS)
    db = str(tmp_path / "companion.db")
    rig = Rig(db=db, players=("Ann", "Bob", "Cy"))
    try:
        rig.open_game(KEY)
        rig.keys("up", "ok")  # Start
        rig.app.play({"type": "lose", "seat": 0, "bid": (5, 6)})  # as a screen would
        at_table = rig.app.session.state
        over = rig.app.session.over
    finally:
        rig.close()
    again = Rig(db=db)  # the box restarts: the game is replayed from the log
    try:
        from companion.app.session import GameSession

        replayed = GameSession.resume(again.store, 1)
        assert replayed.state == at_table and replayed.over == over
    finally:
        again.close()
