"""The ``companion`` command: run | roll | screenshot | history | players | stats | doctor |
install-service.

Mistakes in the command line or the config file print one line on stderr and exit
with status 2; nothing else does.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.errors import CompanionError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description="Dice, scores and rules for the games table.")
    parser.add_argument("--config", metavar="PATH",
                        help="config file (default: ~/.config/companion/config.toml, then "
                             "/etc/companion/config.toml, else the laptop default)")
    sub = parser.add_subparsers(dest="command")

    run = sub.add_parser("run", help="start the companion (the default)")
    _run_options(run)
    _run_options(parser)

    roll = sub.add_parser("roll", help="roll dice once and print them: 3d6, brikks, …")
    roll.add_argument("spec", help="NdS such as 2d6, or brikks, or brain-robbery")

    shot = sub.add_parser("screenshot", help="render a screen to PNG")
    shot.add_argument("screen", nargs="?", help="screen name (see --list)")
    shot.add_argument("--out", help="PNG file to write")
    shot.add_argument("--all", metavar="DIR", help="render every screen into DIR")
    shot.add_argument("--list", action="store_true", help="list the screen names")
    shot.add_argument("--scale", type=int, default=4, help="pixel size in the PNG (default 4)")

    hist = sub.add_parser("history", help="list finished games")
    fmt = hist.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true", help="export as CSV")
    fmt.add_argument("--json", action="store_true", help="export as JSON")
    hist.add_argument("--bgstats", metavar="FILE",
                      help="also write the games as a BG Stats file (.bgsplay JSON)")
    hist.add_argument("--db", metavar="FILE", help="the action log (default: state dir)")

    from companion import doctor, install, people

    people.add_parsers(sub)
    doctor.add_parser(sub)
    install.add_parser(sub)
    return parser


def _run_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--emulator", choices=("terminal", "pygame"),
                   help="where to draw the screen on a laptop")
    p.add_argument("--db", metavar="FILE", help="the action log (default: state dir)")
    p.add_argument("--trace", metavar="FILE", help="write each frame's text to FILE")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _dispatch(args)
    except CompanionError as err:
        print(f"companion: {err}", file=sys.stderr)
        return 2


def _load_config(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    from companion import config

    path = args.config or config.default_path()
    return config.load(path)


def _dispatch(args: argparse.Namespace) -> int:
    command = args.command or "run"
    if command == "run":
        from companion.runtime import run

        cfg = _load_config(args)
        trace = open(args.trace, "a", encoding="utf-8") if args.trace else None  # noqa: SIM115
        try:
            return run(cfg, emulator=args.emulator, db=args.db, trace=trace)
        finally:
            if trace:
                trace.close()
    if command == "roll":
        from companion.commands import roll

        print(roll(args.spec))
        return 0
    if command == "screenshot":
        from companion import screenshots

        if args.list:
            print("\n".join(screenshots.names()))
            return 0
        if args.all:
            for path in screenshots.render_all(Path(args.all), scale=args.scale):
                print(path)
            return 0
        if not args.screen or not args.out:
            raise CompanionError("screenshot needs a SCREEN and --out FILE.png "
                                 "(or --all DIR; --list shows the screens).")
        screenshots.save(args.screen, Path(args.out), scale=args.scale)
        return 0
    if command == "history":
        from companion.commands import history

        cfg = _load_config(args)
        print(history(cfg, db=args.db, fmt="csv" if args.csv else "json" if args.json
                      else "table", bgstats=args.bgstats), end="")
        return 0
    if command in ("players", "stats"):
        from companion import people

        print(getattr(people, command)(_load_config(args), args), end="")
        return 0
    if command == "doctor":
        from companion import doctor

        return doctor.main(_load_config(args))
    if command == "install-service":
        from companion import install

        return install.main(args)
    raise CompanionError(f"unknown command {command!r}.")
