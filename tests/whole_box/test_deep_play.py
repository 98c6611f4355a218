"""Guards whole games played deep, as a table plays them: a seeded "monkey" starts each
built game through the start menu (2..max players, roster names Latin and Japanese of
different widths, in English and in Japanese), presses keys biased towards progress —
mostly OK and the arrows, some long presses, some BACK, undo and rolls, mostly "no" to
ending a game early — to the game's end and on through its final screens, History and
the other menus. After every key: a frame was drawn, no screen went wrong, the game on
screen is the replay of its log, no text is cut; now and then the box loses power and a
new App on the same log must show the same game; at the end ``companion history``
(text, CSV, JSON, BG Stats) exports every finished game. CI plays one game per game and
language; ``COMPANION_DEEP=<n>`` plays n seeds of each (``COMPANION_SOAK=full``: 20).
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import random
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from luma.core.device import dummy

from companion.app.loop import App
from companion.config.file import from_mapping
from companion.config.registry import GameInfo, discover, position
from companion.core import i18n
from companion.core.dice import Dice
from companion.core.keys import Key
from companion.log.store import Store
from companion.shell.game_picker import GamePicker
from companion.shell.history import HistoryScreen
from companion.shell.home import HomeScreen
from companion.shell.unfinished import NewGameQuestion
from companion.ui.confirm import Confirm
from companion.ui.name_entry import NameEntry
from tests.checks import frame_and_log_agree

BUILT = {k: g for k, g in discover().items() if isinstance(g, GameInfo)}

#: The roster: names of different widths, Latin and Japanese, as a table's names read.
NAMES = ["Al", "山田はなこ", "Bo", "佐藤太郎", "Cy", "李", "Eve"]
SEEDS = (20 if os.environ.get("COMPANION_SOAK") == "full"
         else int(os.environ.get("COMPANION_DEEP", "1")))

#: (key, long, weight): mostly forward, some long presses, a little BACK and undo.
WEIGHTS = [("OK", False, 30), ("UP", False, 9), ("DOWN", False, 12), ("LEFT", False, 9),
           ("RIGHT", False, 12), ("ROLL", False, 6), ("BACK", False, 4), ("BACK", True, 2),
           ("OK", True, 3), ("UP", True, 1), ("DOWN", True, 1), ("LEFT", True, 1),
           ("RIGHT", True, 1), ("ROLL", True, 1)]
_KEYS = [Key(n, long) for n, long, _w in WEIGHTS]
_CUM = [w for _n, _l, w in WEIGHTS]


class Broke(AssertionError):
    """A check failed; ``trail`` holds the presses that got there ("long-OK"; "!" is a
    power cut), to replay and shorten by hand."""

    def __init__(self, message: str, trail: list[str]) -> None:
        super().__init__(f"{message}\n  keys: {' '.join(trail)}")
        self.trail = trail


@dataclass
class Run:
    """One game played: how many keys, power cuts, and whether it reached its end."""

    game: str
    seed: int
    language: str
    players: int
    events: int = 0
    kills: int = 0
    over: bool = False
    trail: list[str] = field(default_factory=list)


def faults(app: App, names: list[str], typed: set[str]) -> list[str]:
    """Every text on the app's last frame that was cut or runs past its edge, but for
    text typed at random on the box (as long as the keyboard allows) and a bare name
    shortened in a table's name column (the games' own choice, e.g. Genial's 「山田は」)."""
    p = app.painter
    assert p is not None
    bare = {f"shortened: {name!r}" for name in names}
    found = [f for f in p.faults() if f not in bare]
    if not found:
        return []
    typed = typed | {q.name for q in app.store.players(hidden=True) if q.name not in names}
    return [f for f in found if not any(t in f for t in typed)]


#: The log's clock: two seconds per reading, as a table's pace, so that which game was
#: played last never hangs on the machine's speed (the log keeps whole seconds).
_TICKS = itertools.count(1_700_000_000, 2)


def make_app(path: str, language: str, seed: int) -> App:
    config = from_mapping({"display": {"driver": "dummy"}, "language": language})
    store = Store.open(path)
    store.clock = lambda: float(next(_TICKS))
    return App(config=config, store=store, display=dummy(width=128, height=64, mode="1"),
               dice=Dice.seeded(seed), strict=True)


def check(app: App, where: str, cut: bool | set[str], names: list[str],
          typed: set[str] = frozenset()) -> None:
    frame_and_log_agree(app, where)
    assert not app.slips, f"{where}: {app.slips}"
    assert not (app.message and "went wrong" in app.message), where
    if isinstance(cut, set):
        cut.update(f"{type(app.top).__name__}: {f}" for f in faults(app, names, typed))
    elif cut:
        found = faults(app, names, typed)
        assert not found, f"{where}: cut text on {type(app.top).__name__}: {found}"


def press(app: App, key: Key) -> None:
    app.handle(key)
    app.settle()


def exports(path: str, language: str) -> None:
    """The history exports of the log, as the commands write them: exit 0, no traceback."""
    from companion.owner import cli

    out = io.StringIO()
    err = io.StringIO()
    with tempfile.TemporaryDirectory() as tmp:
        for args in (["history"], ["history", "--csv"], ["history", "--json"],
                     ["history", "--bgstats", os.path.join(tmp, "plays.bgsplay")]):
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = cli.main([*args, "--db", path])
            assert code == 0, f"companion {' '.join(args)}: exit {code}: {err.getvalue()}"
            if args[-1] == "--json":
                exported = {g["id"] for g in json.loads(out.getvalue())}
            out.seek(0)
            out.truncate()
    i18n.use(language)
    store = Store.open(path)
    try:
        finished = {g.id for g in store.history(limit=10_000)}
    finally:
        store.close()
    assert exported == finished, f"history --json has {exported}, History {finished}"


def play(game: str, seed: int, language: str, path: str, *, cut: bool | set[str] = True,
         limit: int = 3000, after: int = 80, kill_every: int = 150, deep: bool = True,
         roster: list[str] = NAMES) -> Run:
    """Play one whole game of ``game`` from the start menu, and ``after`` keys beyond its end."""
    rng = random.Random(f"{game}:{seed}:{language}")
    info = BUILT[game]
    run = Run(game, seed, language, rng.randint(info.min_players, info.max_players))
    store = Store.open(path)
    names = rng.sample(roster, len(roster))
    for name in names:
        store.add_player(name)
    store.close()
    app = make_app(path, language, seed)
    trail = run.trail
    typed: set[str] = set()

    def do(key: Key | str, where: str) -> None:
        nonlocal app
        k = Key(key) if isinstance(key, str) else key
        trail.append(str(k).replace(" ", "-"))
        screen = type(app.top).__name__
        if isinstance(app.top, NameEntry) and len(app.top.kb.text) > 2:
            typed.add(app.top.kb.text)  # what it holds when the key may take it away
        try:
            press(app, k)
            check(app, f"{game}/{language}: key {len(trail)} ({k}) on {screen} {where}", cut,
                  names, typed)
        except Broke:
            raise
        except BaseException as err:
            raise Broke(f"{game}/{language} seed {seed}: {type(err).__name__}: {err}",
                        trail) from err
        run.events += 1

    try:
        app.start()
        check(app, "start", cut, names)
        do("OK", "menu")
        for _ in range(position(game)):
            do("DOWN", "menu")
        do("OK", "menu")
        # setup: the player count, then a few changes, then Start
        for _ in range(run.players - info.min_players):
            do("RIGHT", "setup")
        for _ in range(rng.randint(0, 6)):
            do(Key(rng.choice(["DOWN", "RIGHT", "LEFT", "UP"])), "setup")
        tries = 0
        while app.session is None and tries < 40:
            do(rng.choices(["OK", "RIGHT", "DOWN"], [5, 1, 1])[0], "setup")
            tries += 1
        over_at = None
        while run.events < limit:
            key = (focused(app, rng) if deep and not (app.session and app.session.over)
                   else None) or rng.choices(_KEYS, _CUM)[0]
            do(key, "play")
            s = app.session
            if s is not None and s.over and over_at is None:
                over_at = run.events
                run.over = True
            if over_at is not None and run.events - over_at >= after:
                break
            if kill_every and rng.random() < 1 / kill_every:
                app = killed(app, path, language, seed + run.kills + 1, trail)
                run.kills += 1
        exports(path, language)
    except Broke:
        raise
    except BaseException as err:
        raise Broke(f"{game}/{language} seed {seed}: {type(err).__name__}: {err}", trail) from err
    finally:
        app.store.close()
        i18n.use(language)
    return run


def focused(app: App, rng: random.Random) -> Key | None:
    """A player who wants to finish the game: back to it from the start menu, mostly "no"
    to ending it early or setting it aside; None leaves the key to chance."""
    top = app.top
    if app.question is not None or isinstance(top, Confirm):
        return Key("BACK") if rng.random() < 0.9 else None
    if isinstance(top, HomeScreen) and app.session is not None:
        return Key("UP") if top.index else Key("OK")
    if isinstance(top, (GamePicker, NewGameQuestion, HistoryScreen)):
        return Key("BACK")
    return None


def killed(app: App, path: str, language: str, seed: int, trail: list[str]) -> App:
    """The box loses power: a new App on the same log must show the same game."""
    trail.append("!")
    before = app.session
    app.store.close()
    new = make_app(path, language, seed)
    new.start()
    new.settle()
    if before is not None and not before.over:
        s = new.session
        assert s is not None and s.game_id == before.game_id, \
            f"after a kill the game {before.game_id} did not come back ({new.message})"
        assert s.actions == before.actions and s.state == before.state, "resumed another state"
    assert not new.slips, new.slips
    return new


@pytest.mark.soak
@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", sorted(BUILT))
def test_whole_games_played_deep_break_nothing(game: str, language: str, tmp_path: Path) -> None:
    for seed in range(SEEDS):
        path = str(tmp_path / f"{seed}.db")
        run = play(game, seed, language, path, limit=500, after=40, kill_every=100)
        assert run.events >= 30 and run.players >= BUILT[game].min_players


def test_the_monkey_reaches_the_ends_of_games(tmp_path: Path) -> None:
    """Deep, not wide: the player who wants to finish finishes Brain Robbery and Genial
    through their whole rounds, and comes back after losing power."""
    depth = {}
    for game in ("brain_robbery", "genial"):
        run = play(game, 1, "en", str(tmp_path / f"{game}.db"), limit=4000, after=5)
        assert run.over, game
        depth[game] = run.events
    assert depth["brain_robbery"] > 500, depth
