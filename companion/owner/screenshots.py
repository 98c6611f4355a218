"""Render named screens to PNG with the real renderer and the bundled fonts.

The README's pictures come from here (``companion screenshot --all docs/screens``), and
a test checks that the committed pictures still match. A game's screens module may add
its own scenes in a ``SCREENSHOTS`` dict: name → function that drives an :class:`App`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from datetime import UTC
from pathlib import Path

from PIL import Image

from companion.app.loop import App
from companion.config import registry
from companion.config.file import from_mapping
from companion.core import localtime
from companion.core.dice import Dice
from companion.core.errors import CommandError
from companion.core.i18n import _
from companion.core.keys import Key
from companion.log.store import Store
from companion.ui.scenes import press

#: The log's clock in the pictures: 22 November 2026, 20:00 UTC (shown as UTC).
PICTURE_TIME = 1795377600.0
#: The people on the pictures' roster, in the order the setups offer them.
DEMO_ROSTER = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus")


def make_app(seed: int = 4, language: str = "en",
             players: tuple[str, ...] = DEMO_ROSTER) -> App:
    """An app on a dummy display with a throwaway log, ``players`` on its roster,
    repeatable dice and a log clock that stands still at :data:`PICTURE_TIME`."""
    from companion.hw.display import open_display

    config = from_mapping({"display": {"driver": "dummy"}, "language": language})
    store = Store.open(":memory:", clock=lambda: PICTURE_TIME)
    for name in players:
        store.add_player(name)
    return App(config=config, store=store,
               display=open_display(config), dice=Dice.seeded(seed),
               strict=True)




def _menu(app: App) -> None:
    pass


def _games(app: App) -> None:
    press(app, "DOWN", "OK") if app.store.unfinished() else press(app, "OK")


def _dice(app: App) -> None:
    app.start_game("dice_roller", {"players": ["Table"], "count": 2})
    press(app, "ROLL", "ROLL", "ROLL")


def _dice_histogram(app: App) -> None:
    app.start_game("dice_roller", {"players": ["Table"], "count": 2})
    for _roll in range(60):
        press(app, "ROLL")
    press(app, "RIGHT")


def _robbery_then_brikks(app: App) -> None:
    """A Brain Robbery game set aside for a Brikks game with a roll, both unfinished."""
    app.start_game("brain_robbery", {"players": ["Ann", "Ben", "Cleo"], "starts": "Ann",
                                     "first": 0})
    app.start_game("brikks", {"players": ["Ann", "Ben"]})
    for action in ({"type": "start_block", "player": 1, "colour": "red"},
                   {"type": "start_block", "player": 0, "colour": "blue"},
                   {"type": "roll", "number": 2, "colour": "green"}):
        app.play(action)
    app.band = None  # the "set aside" band has had its two seconds


def _menu_playing(app: App) -> None:
    app.start_game("brain_robbery", {"players": ["Ann", "Ben", "Cleo"], "starts": "Ann",
                                     "first": 0})
    press(app, "BACK")


def _new_game_asks(app: App) -> None:
    _robbery_then_brikks(app)
    press(app, "BACK", "DOWN", "OK")


def _unfinished(app: App) -> None:
    _robbery_then_brikks(app)
    press(app, "BACK", "DOWN", "DOWN", "OK", "OK")


def _history_game(app: App) -> None:
    app.start_game("genial", {"players": ["Ann", "Bob", "Cy"], "first": 1})
    for points in ({"orange": 3}, {"blue": 2}, {"green": 2}):
        app.play({"type": "turn", "points": points, "all": 2})
    app.play({"type": "end_early"})
    press(app, "BACK", "DOWN", "OK", "OK")


def _undo_asks(app: App) -> None:
    _robbery_then_brikks(app)
    press(app, "long BACK", "long BACK", "long BACK")  # the roll, a start block, then: ask


def _band(app: App) -> None:
    _robbery_then_brikks(app)
    app.play({"type": "reroll", "number": 4, "colour": "blue"})
    press(app, "long BACK")


CORE: dict[str, Callable[[App], None]] = {
    "menu": _menu,
    "menu-playing": _menu_playing,
    "games": _games,
    "new-game-asks": _new_game_asks,
    "unfinished": _unfinished,
    "history-game": _history_game,
    "undo-asks": _undo_asks,
    "notice-band": _band,
    "dice": _dice,
    "dice-histogram": _dice_histogram,
}


def scenes() -> dict[str, Callable[[App], None]]:
    """Every named scene: the core ones and each game's ``SCREENSHOTS``; a game that
    does not load, or whose modules do not import, is left out with a line on stderr."""
    from companion.shell import players

    out = {**CORE, **players.SCREENSHOTS}
    for key, game in registry.discover().items():
        problem = (game.problem if isinstance(game, registry.Unavailable)
                   else registry.import_problem(key))
        if problem is None:
            out.update(registry.screens(key).SCREENSHOTS)
        elif (key, problem) not in _SAID:  # once, though --all asks for every scene
            _SAID.add((key, problem))
            print(_("companion: the game {key} is left out: {why}").format(
                key=key, why=problem.translated()), file=sys.stderr)
    return out


_SAID: set[tuple[str, str]] = set()


def names() -> list[str]:
    return list(scenes())


def render(name: str, language: str = "en") -> Image.Image:
    """The frame scene ``name`` ends on (128×64, mode "1")."""
    table = scenes()
    if name not in table:
        raise CommandError("unknown screen {name!r}; screens are: {screens}.",
                           name=name, screens=', '.join(table))
    app = make_app(language=language)
    with localtime.zone(UTC):
        app.start()
        try:
            table[name](app)
        except Exception as err:  # a scene is a game's own code (a plugin's, maybe)
            raise CommandError("the screen {name} cannot be drawn: its scene fails with "
                               "{why}", name=name, why=f"{type(err).__name__}: {err}") from err
        app.redraw()
        return app.render()


def scaled(frame: Image.Image, scale: int) -> Image.Image:
    """The frame as an OLED looks: light-blue pixels on black, ``scale`` pixels each."""
    if scale < 1 or scale > 16:
        raise CommandError("--scale must be 1-16, not {scale}.",
                           scale=scale)
    rgb = Image.new("RGB", frame.size, (0, 0, 0))
    rgb.paste((170, 220, 255), mask=frame.convert("1"))
    return rgb.resize((frame.width * scale, frame.height * scale), Image.Resampling.NEAREST)


def save(name: str, out: Path, scale: int = 4, language: str = "en") -> Path:
    """Scene ``name`` as a picture in ``out`` (its type from its name: ``.png``);
    :class:`CommandError` when it cannot be written there."""
    _check_type(out)
    picture = scaled(render(name, language), scale)
    _write(out, lambda: picture.save(out))
    return out


def _check_type(out: Path) -> None:
    """Refuse a name Pillow cannot tell a picture type from, before drawing anything."""
    from PIL import Image

    if out.is_dir():
        raise CommandError("cannot write {out}: it is a folder; --out names the picture, "
                           "such as {example}.", out=str(out), example=str(out / "menu.png"))
    if Image.registered_extensions().get(out.suffix.lower()) not in Image.SAVE:
        raise CommandError("cannot write {out}: a picture's name must end in .png (or .gif, "
                           ".bmp, …).", out=str(out))


def _write(out: Path, write: Callable[[], None]) -> None:
    """Make ``out``'s folder and ``write``; an OS error is one sentence."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        write()
    except OSError as err:
        from companion.core.os_reasons import reason

        above = next((p for p in out.parents if p.exists()), None)
        if isinstance(err, FileExistsError | NotADirectoryError) and above is not None \
                and not above.is_dir():
            raise CommandError("cannot write {out}: {file} is a file, not a folder.",
                               out=str(out), file=str(above)) from None
        raise CommandError("cannot write {out}: {why}.",
                           out=str(out), why=reason(err)) from None


def render_all(folder: Path, scale: int = 4, language: str = "en") -> Iterator[Path]:
    """Every scene as ``<name>.png``, plus ``dice-roll.gif`` in English, into ``folder``."""
    for name in names():
        yield save(name, folder / f"{name}.png", scale, language)
    if language == "en":
        yield roll_animation(folder / "dice-roll.gif", scale)


def roll_animation(out: Path, scale: int = 4, seed: int = 4) -> Path:
    """An animated GIF of the dice roller's roll, frame by frame as the OLED shows it."""
    app = make_app(seed)
    app.start_game("dice_roller", {"players": ["Table"], "count": 2})
    frames = [app.render()]
    app.handle(Key("ROLL"))
    frames.append(app.render())
    while app.animating:
        app.next_frame_now()
        frames.append(app.render())
    frames += [frames[-1]] * 12  # hold the result
    images = [scaled(f, scale).convert("P") for f in frames]
    durations = [600] + [app._interval * 1000 or 40] * (len(frames) - 14) + [100] * 13
    _write(out, lambda: images[0].save(out, save_all=True, append_images=images[1:],
                                       duration=durations[:len(images)], loop=0))
    return out
