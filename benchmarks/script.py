"""The scripted game night: the key presses of an evening at the table.

Every step is one press of a real mock pin through :class:`~companion.testing.Rig`, so
the keys take the box's own path (gpiozero → key pad → queue → screen → log → frame).
The night visits the menus, rolls the dice roller, then plays whichever of Brikks,
Genial Spezial and Four-Colour Stones are installed (:func:`companion.config.registry.find`).

Two nights: :data:`NIGHT`, the short one (``turns`` turns of each game, every game left
unfinished, so each *New game* asks about it), and :data:`EVENING`, where each game is
played to its end as at the table (Genial Spezial's 20 rounds, Brikks until both players
are out, Four-Colour Stones' four rounds), so most presses are turns, as in a real
evening, and a finished game asks nothing.

Each phase is a generator of key names; it may look at the screen on top to decide
(e.g. to find a game in the list), but it only acts through key presses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from companion.config.registry import find
from companion.shell.unfinished import SET_ASIDE, NewGameQuestion
from companion.testing import Rig

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


#: Brikks rolls in a whole game for two: each sheet takes about 24 blocks before nothing
#: fits (assumed from the sheet's 10 × 10 rows; the rulebook gives no count).
BRIKKS_ROLLS = 48
#: Marks per row of a finished Brikks sheet, bottom row first (DOWN from 0 gives 10).
SHEET = (10, 10, 10, 9, 10, 8, 6, 5, 3, 1)
#: Genial Spezial: every player plays 20 turns (rulebook: 20 rounds); two players.
GENIAL_TURNS = 40


def brikks_game(rig: Rig, turns: int) -> Iterator[str]:
    """A whole Brikks for two: rolls, a reroll, a circle on the tracker now and then,
    until first one player and then the other cannot fit a block and goes out."""
    yield from open_game(rig, "brikks")
    yield from ["ok", "ok", "ok", "ok"]  # Start, start, both start blocks
    for turn in range(BRIKKS_ROLLS):
        yield "roll"
        if turn % 10 == 1:
            yield "up"                    # a reroll
        if turn % 6 == 5:                 # a pink circle reached: +2 energy
            yield from ["down", "ok", "ok", "back", "back"]
    yield "down"                          # the players' list
    for seat in range(2):
        if seat:
            yield "down"                  # the other player
        yield from ["ok", "up", "ok", "ok"]  # tracker, "Out: cannot fit", yes
    for seat in range(2):                 # each sheet's rows, then OK to the total
        for marks in SHEET:
            yield from ["down"] * (11 - marks) if marks > 5 else ["up"] * marks
            yield "right"
        for _ in range(6):
            if rig.app.session.state.entries[seat] is not None:
                break
            yield "ok"
    yield from go_home(rig)


def genial_game(rig: Rig, turns: int) -> Iterator[str]:
    """A whole Genial Spezial for two: 40 turns of one to three points on one or two
    colours (a different pair as the tiles touch other symbols), to the winner."""
    colour = ["up", "right", "down", "left"]
    yield from open_game(rig, "genial")
    yield from ["ok", "ok", "ok"]
    for turn in range(GENIAL_TURNS):
        c = (turn // 2 + turn) % 4
        yield from [colour[c]] * (1 + turn % 3)
        yield from [colour[(c + 1) % 4]] * (turn % 2)
        if turn % 8 == 7:
            yield "back"                  # one too many: take it back
        yield "ok"
        if turn == GENIAL_TURNS // 2:
            yield from ["roll", "back"]   # a look at the standings half-way
    yield from go_home(rig)


def four_stones_game(rig: Rig, turns: int) -> Iterator[str]:
    """A whole Four-Colour Stones for four: four rounds of jumps (a look at another legal
    jump every other turn, at the layout now and then), each round's scores, the end."""
    yield from open_game(rig, "four_stones")
    yield from ["ok", "ok"]
    for turn in range(1000):
        state = rig.app.session.state if rig.app.session else None
        if state is None or state.phase == "over":
            break
        if state.phase == "play" and turn % 2:
            yield "down"
        if state.phase == "play" and turn % 25 == 3:
            yield from ["right", "ok"]    # the layout, then back to the turn
        yield "ok"
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


#: The evening: the same visits, each game played to its end.
EVENING: list[tuple[str, str | None, Phase]] = [
    ("menu", None, menus),
    ("dice", "dice_roller", dice),
    ("brikks", "brikks", brikks_game),
    ("genial", "genial", genial_game),
    ("four_stones", "four_stones", four_stones_game),
    ("menu", None, menus),
]


def phases(turns: int = 10, *, evening: bool = False) -> list[tuple[str, Phase]]:
    """The phases of the night (or the evening) whose games are built, ``turns`` turns
    each where the phase takes a count."""
    night = EVENING if evening else NIGHT
    return [(name, phase) for name, key, phase in night if key is None or find(key) is not None]


def play(rig: Rig, turns: int, press: Callable[[Rig, Step], None],
         errors: list[str] | None = None, *, evening: bool = False) -> list[Step]:
    """Run the night on ``rig``, calling ``press(rig, step)`` for each key.

    A phase whose screens raise is cut short (its error goes to ``errors``) and the
    night goes on from the start menu: other people's screens are still being written.
    """
    steps: list[Step] = []
    for name, phase in phases(turns, evening=evening):
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
