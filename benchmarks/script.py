"""The scripted game night: the key presses of an evening at the table.

Every step is one press of a real mock pin through :class:`~companion.testing.Rig`, so
the keys take the box's own path (gpiozero → key pad → queue → screen → log → frame).
The night visits the menus, rolls the dice roller, then plays whichever of Brikks,
Genial Spezial and Four-Colour Stones are installed (:func:`companion.catalogue.find`).

Each phase is a generator of key names; it may look at the screen on top to decide
(e.g. to find a game in the list), but it only acts through key presses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from companion.catalogue import find
from companion.testing import Rig
from companion.ui.unfinished import SET_ASIDE, NewGameQuestion

Phase = Callable[[Rig, int], Iterator[str]]


@dataclass(frozen=True)
class Step:
    """One interaction: a key pressed during a phase of the night."""

    phase: str
    key: str


def go_home(rig: Rig) -> Iterator[str]:
    """BACK until the start menu is on top (it ignores BACK itself)."""
    for _ in range(6):
        if len(rig.app.stack) == 1 and rig.app.message is None:
            return
        yield "back"


def set_aside(rig: Rig) -> Iterator[str]:
    """When *New game* asks about an unfinished game: "Set aside, new game"."""
    question = rig.app.top
    if isinstance(question, NewGameQuestion):
        while question.entries()[question.index] != SET_ASIDE:
            yield "down"
        yield "ok"


def open_game(rig: Rig, key: str) -> Iterator[str]:
    """From anywhere: start menu → New game → down the list to ``key`` → OK."""
    yield from go_home(rig)
    home = rig.app.top
    for _ in range(len(home.items())):
        if home.items()[home.index] == "New game":
            break
        yield "down"
    yield "ok"
    yield from set_aside(rig)
    picker = rig.app.top
    title = find(key).short
    for _ in range(len(picker.items())):
        if picker.items()[picker.index].startswith(title):
            break
        yield "down"
    yield "ok"


def menus(rig: Rig, turns: int) -> Iterator[str]:
    """Browse the start menu and the game list, look at the keys help, come back."""
    yield from go_home(rig)
    yield from ["down", "down", "up", "up"]
    home = rig.app.top
    while home.items()[home.index] != "New game":
        yield "down"
    yield "ok"
    yield from set_aside(rig)
    yield from ["down"] * 4 + ["up"] * 4
    yield "back"


def dice(rig: Rig, turns: int) -> Iterator[str]:
    """The dice roller: rolls with 2 and 3 dice, the histogram, and back."""
    yield from open_game(rig, "dice_roller")
    yield from ["roll"] * (2 * turns)
    yield "up"
    yield from ["roll"] * turns
    yield "down"
    yield from ["right", "left"]
    yield from go_home(rig)


def brikks(rig: Rig, turns: int) -> Iterator[str]:
    """Brikks for two: setup, start blocks, then rolls (one reroll), costs, trackers."""
    yield from open_game(rig, "brikks")
    yield from ["ok", "ok"]            # OK jumps to Start, OK starts
    yield from ["ok", "ok"]            # both players take their start block
    for turn in range(turns):
        yield "roll"
        if turn == 1:
            yield "up"                 # the one reroll of the turn
        if turn == 2:
            yield from ["right", "back", "down", "back"]  # costs, then the trackers
    yield from go_home(rig)


def genial(rig: Rig, turns: int) -> Iterator[str]:
    """Genial Spezial for two: setup, board, then turns entered on the score table
    (UP scores orange, RIGHT purple, one press per point; BACK takes one back)."""
    yield from open_game(rig, "genial")
    yield from ["ok", "ok", "ok"]      # Start row, start, board confirmed
    for turn in range(turns):
        yield from ["up", "up"]        # two points on orange
        yield from ["right"] * (1 + turn % 3)  # one to three on purple
        if turn % 4 == 3:
            yield "back"               # one too many: take it back
        yield "ok"                     # confirm → next player
    yield "roll"                       # the standings
    yield from go_home(rig)


def four_stones(rig: Rig, turns: int) -> Iterator[str]:
    """Four-Colour Stones for four: deal, look at the layout, then jumps."""
    yield from open_game(rig, "four_stones")
    yield from ["ok", "ok"]            # Start row, start
    yield "ok"                         # deal
    yield from ["down", "ok"]          # the layout, then back to the turn
    for turn in range(turns):
        if turn % 2:
            yield "down"               # look at another legal jump
        yield "ok"                     # jump (or close the pass notice)
    yield from go_home(rig)


#: The night in order: (phase name, game key or None, phase).
NIGHT: list[tuple[str, str | None, Phase]] = [
    ("menu", None, menus),
    ("dice", "dice_roller", dice),
    ("brikks", "brikks", brikks),
    ("genial", "genial", genial),
    ("four_stones", "four_stones", four_stones),
    ("menu", None, menus),
]


def phases(turns: int = 10) -> list[tuple[str, Phase]]:
    """The phases of tonight's script whose games are built, ``turns`` turns each."""
    return [(name, phase) for name, key, phase in NIGHT if key is None or find(key) is not None]


def play(rig: Rig, turns: int, press: Callable[[Rig, Step], None],
         errors: list[str] | None = None) -> list[Step]:
    """Run the night on ``rig``, calling ``press(rig, step)`` for each key.

    A phase whose screens raise is cut short (its error goes to ``errors``) and the
    night goes on from the start menu: other people's screens are still being written.
    """
    steps: list[Step] = []
    for name, phase in phases(turns):
        try:
            for key in phase(rig, turns):
                step = Step(name, key)
                press(rig, step)
                steps.append(step)
        except Exception as err:  # noqa: BLE001 - reported, not fatal
            if errors is None:
                raise
            errors.append(f"{name}: {type(err).__name__}: {err}")
            rig.app.keys.queue.clear()
            rig.app.message = None
            rig.app.home()
    return steps
