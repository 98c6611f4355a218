"""``companion players list|add|rename|merge|hide|import`` and ``companion stats``.

For setting the box up from a laptop or over SSH. Every change is saved before the
command says so; a bad name or an unknown player is one line on stderr and exit 2
(through :class:`~companion.core.errors.CompanionError`), and nothing is saved.

    $ companion players add "Ann"
    Added Ann.
    $ companion players rename Ann Annie
    Ann is now Annie (their games stay theirs).
    $ companion players import BGStatsExport.json --dry-run
    Annie takes 0F6C…-… (as Ann in BG Stats).
    Nothing was changed (--dry-run).
"""

from __future__ import annotations

import argparse
import json
from datetime import date
from pathlib import Path
from typing import Any

from companion.config.file import Config
from companion.core import roster
from companion.core.columns import cells, left
from companion.core.errors import CommandError
from companion.core.i18n import _
from companion.core.printable import printable


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``players`` and ``stats`` subcommands."""
    players = sub.add_parser("players", help=_("the roster: list, add, rename, merge, hide"))
    players.add_argument("--db", metavar="FILE", default=argparse.SUPPRESS,
                         help=_("the action log (default: state dir)"))
    # metavar: a missing verb is named by its choices, not by "verb" (an internal name)
    verbs = players.add_subparsers(dest="verb", required=True,
                                   metavar="{list,add,rename,merge,hide,import}")
    listing = verbs.add_parser("list", help=_("everyone on the roster, most recent first"))
    listing.add_argument("--all", action="store_true", help=_("include hidden players"))
    add = verbs.add_parser("add", help=_("add a player"))
    add.add_argument("name")
    add.add_argument("--colour", help=_("a colour they like to play"))
    add.add_argument("--someone-else", action="store_true",
                     help=_("add NAME even when a name alike is on the roster (Chloé "
                            "beside Chloe): they are another person"))
    rename = verbs.add_parser("rename", help=_("rename a player; their games stay theirs"))
    rename.add_argument("name")
    rename.add_argument("new")
    merge = verbs.add_parser("merge", help=_("NAME's games become INTO's; NAME is removed"))
    merge.add_argument("name")
    merge.add_argument("into")
    hide = verbs.add_parser("hide", help=_("leave a player out of the setup (--show: back)"))
    hide.add_argument("name")
    hide.add_argument("--show", action="store_true", help=_("offer them in the setup again"))
    take = verbs.add_parser("import", help=_("take the players of a BG Stats export (.json "
                                             "or .bgsplay) with their BG Stats UUIDs"))
    import_options(take)
    for verb in verbs.choices.values():  # `players list --db FILE` too, as people type it
        verb.add_argument("--db", metavar="FILE", default=argparse.SUPPRESS,
                          help=_("the action log (default: state dir)"))

    stats = sub.add_parser("stats", help=_("plays, wins and records per person and game"))
    stats.add_argument("--player", metavar="NAME", help=_("only this player"))
    stats.add_argument("--game", metavar="KEY", help=_("only this game: its key or name "
                                                          "(genial, \"Genial Spezial\", …)"))
    stats.add_argument("--json", action="store_true", help=_("as JSON"))
    stats.add_argument("--db", metavar="FILE", default=argparse.SUPPRESS,
                       help=_("the action log (default: state dir)"))


def open_store(config: Config, db: str | None, *, write: bool) -> Any:
    """The log for a command (one line and exit 2 when it cannot be opened to write)."""
    return _store(config, db, write=write)


def read_file(path: str) -> bytes:
    """The file to import; one sentence when it cannot be read."""
    return _read(path)


def drawable(name: str) -> None:
    """Refuse a name the box's fonts cannot draw (one sentence)."""
    _drawable(name)


def _store(config: Config, db: str | None, *, write: bool) -> Any:
    from companion.owner.command_log import open_log

    store = open_log(config, db, write=write)
    if write and store.read_only:
        store.close()
        raise CommandError("nothing changed: {why}", why=store.notice)
    return store


def players(config: Config, args: argparse.Namespace) -> str:
    """Run a ``players`` verb; returns what to print."""
    text = _read(args.file) if args.verb == "import" else b""
    store = _store(config, args.db, write=args.verb != "list" and not (
        args.verb == "import" and args.dry_run))
    try:
        if args.verb == "list":
            return _listing(store, args.all)
        if args.verb == "import":
            return _imported(store, text, args)
        if args.verb in ("add", "rename"):
            _drawable(roster.normalise(args.name if args.verb == "add" else args.new))
        if args.verb == "add":
            return _added(store, args.name, args.colour, args.someone_else)
        if args.verb == "rename":
            old = store.player(args.name)
            new = store.rename_player(args.name, args.new)
            return _("{old} is now {new} (their games stay theirs).").format(
                old=old.name, new=new.name) + "\n"
        if args.verb == "merge":
            gone = store.player(args.name)
            kept = store.merge_players(args.name, args.into)
            return _("{gone}'s games are now {kept}'s; {gone} is removed.").format(
                gone=gone.name, kept=kept.name) + "\n"
        player = store.hide_player(args.name, hidden=not args.show)
        said = (_("{name} is hidden from the setup.") if player.hidden
                else _("{name} is offered in the setup again."))
        return said.format(name=player.name) + "\n"
    finally:
        store.close()


def _added(store: Any, name: str, colour: str | None, someone_else: bool) -> str:
    """``players add``: the line saying who joined; a name alike to one on the roster
    is refused in one sentence naming ``--someone-else``."""
    from companion.core.errors import AlikeName

    try:
        added = store.add_player(name, colour, someone_else=someone_else)
    except AlikeName as err:
        raise CommandError("{name} looks like {other}, who is on the roster already; if "
                           "{name} is someone else: companion players add --someone-else "
                           "\"{name}\".", name=err.name, other=err.other) from None
    return _("Added {name}.").format(name=added.name) + "\n"


def _read(path: str) -> bytes:
    """The file to import; one sentence when it cannot be read."""
    from companion.core.os_reasons import reason

    try:
        return Path(path).read_bytes()
    except OSError as err:
        raise CommandError("cannot read {path}: {why}.", path=path, why=reason(err)) from None


def _imported(store: Any, text: bytes, args: argparse.Namespace) -> str:
    from companion.records.bgstats_import import import_players

    plan = import_players(store, text, dry_run=args.dry_run,
                          check_name=lambda name: _drawable(roster.normalise(name)),
                          shorten=args.shorten, leave_out=args.leave_out,
                          someone_else=args.someone_else)
    lines = plan.lines()
    if any(c.left_out == "long" and c.short for c in plan.changes):
        lines.append(_("--shorten brings them in under the short names proposed."))
    if args.dry_run:
        lines.append(_("Nothing was changed (--dry-run)."))
    return "\n".join(lines) + "\n"


def since_date(text: str | None) -> date | None:
    """``--since DATE`` as a date; one sentence when it is not one."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise CommandError("--since {value}: not a date; write it as YYYY-MM-DD, such as "
                           "2026-11-27.", value=text) from None


def game_key(given: str | None) -> str | None:
    """The key of the installed game ``--game`` names: its key, or its title or short
    title in any language the box speaks, compared width- and case-insensitively
    (「頭脳絶好調スペシャル」, 「頭脳絶好調ＳＰ」 and "genial spezial" are all
    ``genial``); one sentence listing each game's key and title when it names none.

    >>> game_key("頭脳絶好調SP"), game_key("Brain Robbery"), game_key(None)
    ('genial', 'brain_robbery', None)
    """
    from companion.config import registry

    if given is None:
        return None
    games = registry.discover()
    if given in games:
        return given
    wanted = roster.name_key(given)
    found = {key for key in games if wanted in map(roster.name_key, registry.names(key))}
    if len(found) == 1:
        return found.pop()
    raise CommandError("--game {game}: unknown game; games are {games}.", game=given,
                       games=_(", ").join(_("{key} ({title})").format(
                           key=key, title=registry.title(key)) for key in games))


def _drawable(name: str) -> None:
    """Refuse a name with characters the box's fonts would draw as "?" (an emoji, a
    character outside JIS X 0208): its keyboard cannot type them either."""
    from companion.ui.fonts.japanese import missing

    gone = missing(name)
    if gone:
        raise CommandError("the box cannot show {chars} in a name; letters, kana and "
                           "kanji it can.", chars=gone)


def _listing(store: Any, everyone: bool) -> str:
    rows = store.players(hidden=everyone)
    if not rows and store.players(hidden=True):
        return _("Everyone on the roster is hidden: companion players list --all "
                 "shows them.") + "\n"
    if not rows:
        return _("Nobody on the roster yet: companion players add NAME.") + "\n"
    # the name column as wide as the widest name: a name is never cut (issue 41)
    name_w = max([cells(_("name")), *(cells(p.name) for p in rows)])
    lines = ["  ".join((left(_("name"), name_w), left(_("last played"), 11),
                        left(_("colour"), 8), "uuid"))]
    for p in rows:
        hidden = "  " + _("(hidden)") if p.hidden else ""
        lines.append("  ".join((left(p.name, name_w),
                                left((p.last_played or _("never"))[:10], 11),
                                left(p.colour or "-", 8), printable(p.uuid))) + hidden)
    return "\n".join(lines) + "\n"


def _person(store: Any, given: str) -> Any:
    """The roster player ``given`` names: by the whole name, else by the name the box
    shows at a table (「さくら」 for 佐々木 さくら, 「ミヤ」 for ミヤ・ロドリゲス) where
    that names one person only (issue 41); None when nobody or several."""
    from companion.core import seat_names

    who = store.player(given)
    if who is not None:
        return who
    called = [p for p in store.players(hidden=True)
              if seat_names.first_part(p.name) == given.strip()]
    return called[0] if len(called) == 1 else None


def _imported_game(store: Any, given: str) -> str | None:
    """The key the records give a game a BG Stats group's plays brought in, that the box
    has no rules for (its name), when ``given`` names it (case and width ignored)."""
    wanted = roster.name_key(given)
    return next((g.name for g in store.imported.games()
                 if g.box_key is None and roster.name_key(g.name) == wanted), None)


def stats(config: Config, args: argparse.Namespace) -> str:
    """Run ``stats``; returns what to print."""
    from companion.records import stats as st

    try:
        game = game_key(args.game)
        unknown = None
    except CommandError as err:  # perhaps a game a BG Stats group's plays brought in
        game, unknown = None, err
    store = _store(config, args.db, write=False)
    try:
        if unknown is not None:
            game = _imported_game(store, args.game)
            if game is None:
                raise unknown
        who = _person(store, args.player) if args.player else None
        if args.player and who is None:
            raise CommandError("--player {player}: not on the roster (companion players "
                               "list shows who is).", player=args.player)
        rows = st.plays(store)
        skipped = store.skipped_line()
    finally:
        store.close()
    if skipped:
        from companion.owner.command_log import tell_stderr

        tell_stderr(skipped)
    name = who.name if who is not None else None
    if args.json:
        return json.dumps(st.as_json(rows, player=name, game=game), indent=2,
                          ensure_ascii=False) + "\n"
    return st.as_text(rows, player=name, game=game)


def import_options(take: argparse.ArgumentParser) -> None:
    """The options both imports take (``players import``, ``import``): the file, a dry
    run, shortened names, people left out or added as someone new."""
    take.add_argument("file", metavar="FILE")
    take.add_argument("--dry-run", action="store_true",
                      help=_("show what would change and change nothing"))
    take.add_argument("--shorten", action="store_true",
                      help=_("bring in people whose names are too long for the box under "
                             "the short names proposed"))
    take.add_argument("--leave-out", metavar="NAME", action="append", default=[],
                      help=_("leave this person of the file out (again for more)"))
    take.add_argument("--someone-else", metavar="NAME", action="append", default=[],
                      help=_("add this person of the file as someone new, even where a "
                             "name alike is on the roster (again for more)"))
