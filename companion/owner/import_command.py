"""``companion import FILE``: a BG Stats group's players and plays onto the box.

The same options as ``companion players import`` (which brings the players only); the
plan it prints says who is who, then how many plays came in::

    $ companion import BGStatsExport.json --shorten
    Ann takes 0F6C…-… (as Ann in BG Stats).
    Sebastian Müller is added as Sebastian M. with 5A1B…-….
    410 plays added, 0 already on the box.
    1 game is the box's own: Genial as Genial Spezial.
    25 games kept under their own names: Azul, Cascadia, ….

A file that is not an export is one sentence on stderr and exit 2; nothing is saved.
"""

from __future__ import annotations

import argparse

from companion.config.file import Config
from companion.core import roster
from companion.core.i18n import _
from companion.owner.players_command import import_options


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``import`` subcommand."""
    take = sub.add_parser("import", help=_("bring a BG Stats group's players and plays "
                                           "onto the box (a .bgsplay or .json export)"))
    import_options(take)
    take.add_argument("--db", metavar="FILE", default=argparse.SUPPRESS,
                      help=_("the action log (default: state dir)"))


def run(config: Config, args: argparse.Namespace) -> str:
    """Run ``import``; returns what to print."""
    from companion.owner import players_command
    from companion.records.group_import import import_group

    text = players_command.read_file(args.file)
    store = players_command.open_store(config, args.db, write=not args.dry_run)
    try:
        plan = import_group(store, text, dry_run=args.dry_run,
                            check_name=lambda name: players_command.drawable(
                                roster.normalise(name)),
                            shorten=args.shorten, leave_out=args.leave_out,
                            someone_else=args.someone_else)
    finally:
        store.close()
    lines = plan.lines()
    if any(c.left_out == "long" and c.short for c in plan.players.changes):
        lines.append(_("--shorten brings them in under the short names proposed."))
    if args.dry_run:
        lines.append(_("Nothing was changed (--dry-run)."))
    return "\n".join(lines) + "\n"
