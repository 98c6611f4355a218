"""The ``companion`` command: run | roll | screenshot | history | players | stats |
backup | restore | doctor |
install-service | web | dark.

Mistakes in the command line or the config file print one line on stderr and exit
with status 2 (systemd does not restart the service on it: a restart cannot mend a
file); a button pin that cannot be opened prints one line and exits with status 3
(systemd restarts it, at most five times in ten minutes: a pin another program held at
boot may be free again).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from companion.core.errors import (
    CommandError,
    CompanionError,
    ConfigError,
    HardwareError,
    PanelSizeError,
)
from companion.core.i18n import _
from companion.core.printable import printable, printable_json
from companion.owner.cli_language import speak_argparse

if TYPE_CHECKING:
    from companion.config.file import Config

EXIT_MISTAKE = 2  # the command line or the config file: the unit's RestartPreventExitStatus=
EXIT_HARDWARE = 3  # a button pin could not be opened: the unit restarts on it


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description=_("Dice, scores and rules for the games table."))
    parser.add_argument("--config", metavar="PATH",
                        help=_("config file (default: ~/.config/companion/config.toml, then "
                               "/etc/companion/config.toml, else the laptop default)"))
    parser.add_argument("--version", action=_Version, nargs=0,
                        help=_("print the version and the git commit it was built from"))
    sub = parser.add_subparsers(dest="command")

    run = sub.add_parser("run", help=_("start the companion (the default)"))
    _run_options(run, default=argparse.SUPPRESS)  # given before `run`, it still counts
    _run_options(parser)

    roll = sub.add_parser("roll", help=_("roll dice once and print them: 3d6, 2d6+d20, brikks, …"))
    roll.add_argument("spec", help=_("NdS such as 2d6, a mixed set such as 2d6+d20, a die or "
                                     "set from the config's [[dice]], brikks or brain-robbery"))

    shot = sub.add_parser("screenshot", help=_("render a screen to PNG"))
    shot.add_argument("screen", nargs="?", help=_("screen name (see --list)"))
    shot.add_argument("--out", help=_("PNG file to write"))
    shot.add_argument("--all", metavar="DIR", help=_("render every screen into DIR"))
    shot.add_argument("--list", action="store_true", help=_("list the screen names"))
    shot.add_argument("--scale", type=int, default=4, help=_("pixel size in the PNG (default 4)"))
    shot.add_argument("--language", choices=("en", "ja"), default="en",
                      help=_("the language the screens speak (default en)"))

    hist = sub.add_parser("history", help=_("list finished games"))
    fmt = hist.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true", help=_("export as CSV"))
    fmt.add_argument("--json", action="store_true", help=_("export as JSON"))
    hist.add_argument("--bgstats", metavar="FILE",
                      help=_("write the games as a BG Stats file (.bgsplay JSON) and say so "
                             "in one line"))
    hist.add_argument("--since", metavar="DATE",
                      help=_("only games started on DATE (YYYY-MM-DD, local time) or later"))
    hist.add_argument("--game", metavar="KEY", help=_("only this game: its key or name "
                                                        "(genial, \"Genial Spezial\", …)"))
    hist.add_argument("--include-tools", action="store_true",
                      help=_("put the dice roller's and the other tools' sessions in the BG "
                             "Stats file too"))
    hist.add_argument("--db", metavar="FILE", default=argparse.SUPPRESS,
                      help=_("the action log (default: state dir)"))

    from companion.owner import backup_command, dark, import_command, install, players_command
    from companion.owner.doctor import checks

    backup_command.add_parsers(sub)
    players_command.add_parsers(sub)
    import_command.add_parser(sub)
    checks.add_parser(sub)
    install.add_parser(sub)
    dark.add_parser(sub)
    _web_parser(sub)
    return parser


class _Version(argparse.Action):
    """``--version``: ``companion 0.1.0 (0123456789ab)``, looked up only when asked."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from companion.version import describe

        print(f"companion {describe()}")
        parser.exit()


def _web_parser(sub: argparse._SubParsersAction) -> None:
    """``companion web``, when the web extra is installed (``pip install '.[web]'``)."""
    from companion.web import serve

    serve.add_parser(sub)


def _run_options(p: argparse.ArgumentParser, default: object = None) -> None:
    """``--emulator``, ``--db``, ``--trace``: on the top level (default None) and again on
    a subcommand, where ``argparse.SUPPRESS`` keeps a value given before it."""
    p.add_argument("--emulator", choices=("terminal", "pygame"), default=default,
                   help=_("where to draw the screen on a laptop"))
    p.add_argument("--db", metavar="FILE", default=default,
                   help=_("the action log (default: state dir)"))
    p.add_argument("--trace", metavar="FILE", default=default,
                   help=_("write each frame's text to FILE"))


def quiet_known_warnings() -> None:
    """Silence the warnings at every start that tell the owner nothing: lgpio's SWIG
    wrapper on Python 3.13 ("builtin type SwigPyPacked has no __module__ attribute") and
    gpiozero's "Falling back from …" (said in the pin's own error line), by their message
    only; every other warning still shows."""
    import warnings

    warnings.filterwarnings(
        "ignore", message=r"builtin type (SwigPy\w+|swigvarlink) has no __module__ attribute",
        category=DeprecationWarning)
    # gpiozero's PinFactoryFallback, one per library it tries, each time a device is made:
    # a pin that does not open says every reason in its own one line (hw/buttons), so they
    # are not printed before it (eight of them came first); by message, as gpiozero is not
    # imported yet
    warnings.filterwarnings("ignore", message=r"Falling back from ")


def main(argv: list[str] | None = None) -> int:
    from companion.core import i18n
    from companion.core.errors import Translatable

    quiet_known_warnings()

    if hasattr(sys.stdout, "reconfigure"):  # an ASCII terminal (LC_ALL=C): "?", not a crash
        sys.stdout.reconfigure(errors="replace")
    i18n.use(i18n.from_environment())  # until the config names a language
    speak_argparse()
    args = _parser().parse_args(argv)
    try:
        return _dispatch(args)
    except CompanionError as err:
        if getattr(err, "language", ""):  # the config file's `language = "ja"` says it
            i18n.use(err.language)  # type: ignore[attr-defined]
        text = err.translated(i18n._) if isinstance(err, Translatable) else str(err)
        sys.stdout.flush()  # the error line last, after what was said (`2>&1 | tee`)
        print(f"companion: {printable(text, keep=chr(10))}", file=sys.stderr)
        # a panel no layout supports will not answer differently after a restart
        restart = isinstance(err, HardwareError) and not isinstance(err, PanelSizeError)
        return EXIT_HARDWARE if restart else EXIT_MISTAKE


def _load_config(args: argparse.Namespace) -> Config:
    from companion.config import file as config
    from companion.core import i18n

    if args.config == "":
        raise ConfigError("--config names no file; give a path such as "
                          "/etc/companion/config.toml, or leave --config out.")
    path = args.config if args.config is not None else config.default_path()
    loaded = config.load(path)
    i18n.use(loaded.language or i18n.from_environment())
    return loaded


def _open_trace(path: str) -> TextIO:
    """The ``--trace`` file, opened to append; one line (exit 2) when it cannot be."""
    from companion.core.os_reasons import reason

    try:
        return open(path, "a", encoding="utf-8")  # noqa: SIM115 - closed after the run
    except OSError as err:
        raise CommandError("--trace {path}: cannot write it: {why}.", path=path,
                           why=reason(err)) from None


def _web(args: argparse.Namespace) -> int:
    import importlib.util

    if any(importlib.util.find_spec(m) is None for m in ("flask", "waitress")):
        raise CommandError("the phone page needs the web extra: pip install "
                           "'companion[web]' (in the box's venv).")
    from companion.web import serve

    return serve.main(_load_config(args), args)


def _dispatch(args: argparse.Namespace) -> int:
    command = args.command or "run"
    if command == "run":
        from companion.app.runtime import run

        cfg = _load_config(args)
        trace = _open_trace(args.trace) if args.trace else None
        try:
            return run(cfg, emulator=args.emulator, db=args.db, trace=trace)
        finally:
            if trace:
                trace.close()
    if command == "roll":
        from companion.owner.roll_command import roll

        print(roll(args.spec, named=_load_config(args).dice))
        return 0
    if command == "screenshot":
        from companion.owner import screenshots

        if args.list:
            print("\n".join(screenshots.names()))
            return 0
        if args.all:
            for path in screenshots.render_all(Path(args.all), scale=args.scale,
                                               language=args.language):
                print(path)
            return 0
        if not args.screen or not args.out:
            raise CompanionError("screenshot needs a SCREEN and --out FILE.png "
                                 "(or --all DIR; --list shows the screens).")
        screenshots.save(args.screen, Path(args.out), scale=args.scale,
                         language=args.language)
        return 0
    if command == "history":
        from companion.owner.history_command import history
        from companion.owner.players_command import game_key, since_date

        cfg = _load_config(args)
        fmt = "csv" if args.csv else "json" if args.json else "table"
        out = history(cfg, db=args.db, fmt=fmt, bgstats=args.bgstats,
                      note=lambda line: print(printable(line), file=sys.stderr),
                      since=since_date(args.since), game=game_key(args.game),
                      tools=args.include_tools)
        # a CSV is data for a spreadsheet, kept exactly; a table or JSON on a terminal
        # shows an escape code from a restored log, never obeys it
        print(out if fmt == "csv" else printable_json(out) if fmt == "json"
              else printable(out, keep="\n"), end="")
        return 0
    if command in ("backup", "restore"):
        from companion.owner import backup_command

        cfg = _load_config(args)
        print(printable(backup_command.backup(cfg, db=args.db, dest=args.path)
                        if command == "backup"
                        else backup_command.restore(cfg, args.path, db=args.db)))
        return 0
    if command in ("players", "stats"):
        from companion.owner import players_command

        out = getattr(players_command, command)(_load_config(args), args)
        print(printable_json(out) if getattr(args, "json", False)
              else printable(out, keep="\n"), end="")
        return 0
    if command == "import":
        from companion.owner import import_command

        print(printable(import_command.run(_load_config(args), args), keep="\n"), end="")
        return 0
    if command == "doctor":
        from companion.owner.doctor import checks

        return checks.main(_load_config(args))
    if command == "install-service":
        from companion.owner import install

        return install.main(args)
    if command == "web":
        return _web(args)
    if command == "dark":
        from companion.owner.dark import dark

        return dark(_load_config(args))
    raise CommandError("unknown command {command!r}.",
                       command=command)
