"""The whole companion on gpiozero mock pins and luma's dummy display.

Used by the tests, the benchmarks and the screenshot scenes: a key press here drives a
real mock pin low and high, gpiozero calls the :class:`~companion.hw.buttons.KeyPad`,
the key goes through the app's queue to the screen, the action into the log, and the
frame to a luma device — the same path as on the box.

>>> rig = Rig()
>>> rig.press("ok")                         # "New game" → the game list
>>> "Dice roller" in rig.text
True
>>> rig.faults()                            # nothing on the screen is cut
[]
>>> rig.close()

A game package outside the companion tests its screens the same way, and lets
:func:`walk` press 300 random keys through its game in each language, checking every
frame for cut text: ``assert walk("high_card") == []``.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from gpiozero.pins.mock import MockFactory, MockPWMPin
from luma.core.device import dummy

from companion.app.loop import App
from companion.config.file import Config, from_mapping
from companion.core import i18n
from companion.core.dice import Dice
from companion.core.i18n import _
from companion.core.keys import NAMES
from companion.hw.buttons import KeyPad
from companion.hw.buzzer import open_sounder
from companion.hw.display import HEIGHT, WIDTH
from companion.log.store import Store


class Clock:
    """A clock that moves only when told: ``Rig(clock=Clock())``, then ``rig.later(2)``."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Rig:
    """An :class:`App` wired to mock pins.

    :param db: the log file (``":memory:"`` by default; a path to test resume).
    :param seed: seeds the dice so a test's rolls repeat.
    :param display: a luma device; default a ``dummy`` the size of the panel the box drives.
    :param wall_clock: the clock screens stamp actions with (the turn timer); default
        ``time.time``.

    With ``[sound] pin`` in the config, the buzzer is a real gpiozero device on a mock
    PWM pin (``rig.sounder``; its notes take no time).
    :param clock: the app's clock (a test may pass one it moves itself, to let a
        notice band's two seconds pass).
    :param players: names put on the roster (when not there yet) before the app starts,
        in this order: the setup offers them for seats 1, 2, … on a log with no games.
    :param on_memory: what keeps the log in memory only, as the box would find it
        (``"overlay"``; :mod:`companion.log.memory`); None: the card.
    :param language: ``"en"`` or ``"ja"``, the language the box speaks (when no
        ``config`` is given; a config says it with ``language = "ja"``): English unless
        asked, whatever the locale of the machine the tests run on. :meth:`close` puts
        back the language in use before.
    """

    def __init__(self, *, db: str = ":memory:", seed: int = 1, config: Config | None = None,
                 display: Any = None, hold_ms: int = 100, start: bool = True,
                 wall_clock: Callable[[], float] = time.time,
                 clock: Callable[[], float] | None = None,
                 players: tuple[str, ...] = (), language: str = "en",
                 on_memory: str | None = None) -> None:
        self.config = config or from_mapping({
            "display": {"driver": "dummy"},
            "input": {"bounce_ms": 20, "hold_ms": hold_ms},
            "language": language,
        })
        self._language_before = i18n.language()  # the app sets its own; close() gives it back
        self.factory = MockFactory(pin_class=MockPWMPin)
        self._ticks = itertools.count(step=1)  # one second between edges: never a bounce
        self.store = Store.open(db)
        for name in players:
            if self.store.player(name) is None:
                self.store.add_player(name)
        self.display = display or dummy(width=WIDTH, height=HEIGHT, mode="1")
        self.app = App(config=self.config, store=self.store, display=self.display,
                       dice=Dice.seeded(seed), strict=True, wall_clock=wall_clock,
                       clock=clock or time.monotonic, on_memory=on_memory)
        self.sounder = open_sounder(self.config, pin_factory=self.factory,
                                    sleep=lambda seconds: None)
        if self.sounder is not None:
            self.app.sound = self.sounder.play
        self.pad = KeyPad(self.config.buttons, self.app.keys.put, pin_factory=self.factory,
                          bounce_ms=self.config.input["bounce_ms"],
                          hold_ms=self.config.input["hold_ms"],
                          clock=lambda: float(next(self._ticks)))
        self.presses = 0
        if start:
            self.app.start()

    def pin(self, name: str) -> Any:
        """The mock pin of button ``name`` (``"ok"``, ``"up"``, …)."""
        return self.factory.pin(self.config.buttons[name.lower()])

    def press(self, name: str, long: bool = False) -> None:
        """Press and release button ``name``; a long press waits for gpiozero's hold."""
        name = name.lower()
        if name == "roll" and "roll" not in self.config.buttons:
            name = "ok"
        pin = self.pin(name)
        pin.drive_low()
        if long:
            event = self.app.keys.get(timeout=5)  # the hold timer fires on its own thread
            self.app.keys.put(event)
        pin.drive_high()
        self.presses += 1
        self.pump()

    def keys(self, *names: str) -> None:
        """Press several buttons: ``rig.keys("down", "down", "ok", "long back")``."""
        for name in names:
            long = name.startswith("long ")
            self.press(name.removeprefix("long "), long=long)

    def open_game(self, key: str) -> None:
        """Start menu → *New game* (setting an unfinished game aside if asked) → ``key``,
        with button presses, as a player would."""
        from companion.config import registry
        from companion.shell.home import HomeScreen
        from companion.shell.unfinished import SET_ASIDE, NewGameQuestion

        self.app.home()
        home = self.app.top
        assert isinstance(home, HomeScreen)
        self.keys(*["down"] * ((home.items().index(_("New game")) - home.index)
                               % len(home.items())), "ok")
        if isinstance(self.app.top, NewGameQuestion):
            self.keys(*["down"] * self.app.top.entries().index(SET_ASIDE), "ok")
        chosen = self.config.games
        self.keys(*["down"] * registry.position(key, chosen.get("order", ()),
                                                 chosen.get("hide", ())), "ok")

    def pump(self) -> None:
        """Handle every queued key, finishing animations at once."""
        while not self.app.keys.empty():
            self.app.take(self.app.keys.get())  # a key, or a smart die's event
            self.app.settle()

    def later(self, seconds: float) -> None:
        """Let ``seconds`` pass on a :class:`Clock` given as ``clock``, then run the
        timers the loop would have run meanwhile (a notice band going, say)."""
        if not isinstance(self.app.clock, Clock):
            raise TypeError("Rig.later() needs Rig(clock=Clock()).")
        self.app.clock.now += seconds
        self.app._on_timer()

    @property
    def text(self) -> str:
        """What the screen says now."""
        return self.app.screen_text()

    def faults(self) -> list[str]:
        """Every text on the last frame that was cut to fit or runs past its edge (or its
        widget's): what a player could not read whole. Empty when all is well."""
        p = self.app.painter
        return [] if p is None else p.faults()

    @property
    def frame(self) -> Any:
        """The last frame the display received (a PIL image)."""
        return self.display.image

    def close(self) -> None:
        if self.sounder is not None:
            self.sounder.close()
        self.pad.close()
        self.factory.reset()
        self.store.close()
        i18n.use(self._language_before)


def presses_through(rig: Rig, key: str, *, presses: int = 300, seed: int = 7,
                    most_seats: bool = False) -> Iterator[None]:
    """Open game ``key`` on ``rig`` from the start menu and press ``presses`` random keys
    (some long), seeded by the game's key and ``seed``, as a child let loose on the box
    would; yields after each press, for the caller to look at the frame. Where a key
    leads back to the start menu or the game menu, the walk goes back to the game (or
    starts a new one), so it never wanders into another game. ``most_seats``: the setup's
    player count first goes up to 4 (or the game's most), for a full table.
    """
    from companion.shell.game_picker import GamePicker
    from companion.shell.home import HomeScreen
    from companion.ui.setup import SetupScreen

    rng = random.Random(f"{key}/{seed}")
    rig.open_game(key)
    setup = rig.app.top
    if most_seats and isinstance(setup, SetupScreen) and len(setup.count.values) > 1:
        while setup.count.value < min(4, setup.count.values[-1]):
            rig.press("right")
    for _step in range(presses):
        name = rng.choice(NAMES).lower()
        if name == "roll" and "roll" not in rig.config.buttons:
            name = "ok"
        rig.press(name, long=rng.random() < 0.15)
        if isinstance(rig.app.top, (HomeScreen, GamePicker)) and rig.app.question is None:
            session = rig.app.session  # left the game: back to it, or a new one
            if session is not None and session.key == key and not session.over:
                rig.app.show_game()
            else:
                rig.open_game(key)
        yield


def walk(key: str, *, presses: int = 300, language: str = "en", seed: int = 7,
         players: tuple[str, ...] = ()) -> list[str]:
    """Open game ``key`` from the start menu and press ``presses`` random keys
    (:func:`presses_through`); returns every fault :meth:`Rig.faults` found on any
    frame, as ``"Screen: fault"`` (empty when none). A screen that raises fails the walk
    with its traceback.

    >>> walk("high_card", presses=50)
    []
    """
    rig = Rig(seed=seed, language=language, players=players)
    found: set[str] = set()
    try:
        for _frame in presses_through(rig, key, presses=presses, seed=seed):
            found.update(f"{type(rig.app.top).__name__}: {f}" for f in rig.faults())
    finally:
        rig.close()
    return sorted(found)


#: A table that wants to finish: mostly OK and the arrows, some rolls, a little BACK and
#: few long presses (each waits gpiozero's hold time); questions answered yes about half
#: the time (ending the game is one).
_FINISHING = [("ok", False, 30), ("down", False, 10), ("right", False, 10), ("up", False, 6),
              ("left", False, 6), ("roll", False, 8), ("back", False, 3), ("ok", True, 1)]


def play_to_the_end(rig: Rig, key: str, *, seed: int = 1, presses: int = 8000) -> int:
    """Open game ``key`` from the start menu, start it as the setup offers it, and press
    keys as a table that wants to finish would (seeded), until the game is over; returns
    the presses it took. Questions are answered yes about half the time, so a game that
    ends only when the table says so (a score pad, a dice test) ends too; where a key
    leads out of the game, the table goes back to it (or starts it again, when it was
    abandoned). Raises AssertionError when ``presses`` were not enough.

    >>> rig = Rig(players=("Ann", "Bob"))
    >>> play_to_the_end(rig, "high_card") > 0 and rig.app.session.over
    True
    >>> rig.close()
    """
    from companion.shell.game_picker import GamePicker
    from companion.shell.home import HomeScreen
    from companion.ui.confirm import Confirm

    rng = random.Random(f"{key}/{seed}")
    keys = [(name, long) for name, long, _w in _FINISHING]
    weights = [w for _n, _l, w in _FINISHING]
    played_before = {g.id for g in rig.store.history(10_000) if g.kind == key}
    rig.open_game(key)
    for count in range(presses):
        session = rig.app.session
        ours = session is not None and session.key == key \
            and session.game_id not in played_before
        if session is not None and ours and session.over:
            return count
        if isinstance(rig.app.top, (HomeScreen, GamePicker)) and rig.app.question is None:
            if ours:
                rig.app.show_game()
            else:
                rig.open_game(key)
            continue
        if rig.app.question is not None or isinstance(rig.app.top, Confirm):
            rig.press("ok" if rng.random() < 0.5 else "back")
            continue
        name, long = rng.choices(keys, weights)[0]
        rig.press(name, long=long)
    raise AssertionError(f"{key} did not end within {presses} presses")
