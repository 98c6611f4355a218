"""The games this box offers: every package registered in the ``companion.games`` group.

A game is a package that declares itself with a :class:`GameInfo` and registers that
declaration as an entry point, so a game installed from another package appears in the
menu with no change to the companion::

    # my_game/__init__.py
    from companion.api.declaration import GameInfo

    GAME = GameInfo(key="high_card", title="High card", short="High card",
                    min_players=2, max_players=6,
                    rules="my_game.rules", screens="my_game.screens")

    # my_game's pyproject.toml
    [project.entry-points."companion.games"]
    high_card = "my_game:GAME"

Only the declarations are loaded to build the menu; a game's rules and screens are
imported when it is opened. A package that fails to load is listed as
:class:`Unavailable` with a one-line reason, and the rest of the box works.

>>> find("genial").title
'Genial Spezial'
>>> find("no_such_game") is None
True
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from types import ModuleType
from typing import Any

from companion.config.game_modules import Rules, Screens
from companion.core import i18n
from companion.core.dicesets import GameDice
from companion.core.errors import RuleError
from companion.core.i18n import N_, Notice

GROUP = "companion.games"

#: The distribution whose entry points are the games that come with the companion.
DISTRIBUTION = "companion"

#: The game menu's order when the owner's config gives none (``[games] order``): these
#: first, then every other installed game by key. Only an order: which games there are
#: is what the entry points say (:func:`discover`).
MENU_ORDER = ("dice_roller", "dice_test", "genial", "brikks", "brain_robbery", "four_stones",
              "brain_crush", "area_tiles", "score_pad", "any_dice", "turn_timer")


#: The version of the game makers' API (:mod:`companion.api`) this companion offers,
#: "major.minor". A new minor version only adds; a game written for a newer major
#: version than this is listed "(broken)" rather than failing at the table.
API_VERSION = "1.0"


@dataclass(frozen=True)
class Records:
    """What a game tells the records (``companion stats``, *Players > Records*) and the
    exports about itself, so that the core reads no game's options or sentences by guess.

    :param best: what its best score is called in its records (marked ``N_``; the
        core's catalogue translates it), and ``best_short`` the same in one short word
        for the box's records screen; ``hint`` a line under that screen explaining it.
    :param solo_note: for a game whose solo scores are a record of their own: the
        function (``"package.module:name"``, imported only when records are shown, so
        the menu stays light) that says what a solo score earns, as a
        :class:`companion.games.base.Said` (Brikks' rating band); None: solo scores
        count with the others.
    :param starter: the option naming who starts (a seat index from 0, or a name),
        where the result does not name its starter; None: seat 1 starts.
    :param seats: the option listing the players in their seats, where the game turned
        ``players`` round for its rules (Brikks puts the starter first).
    :param shelf: the option holding the shelf game a play was of (the score pad:
        ``title``, ``bgg_id``, ``lowest_wins``): each is a game of its own in the exports.

    >>> find("genial").records.best
    'Best weakest colour'
    """

    best: str = N_("Best score")
    best_short: str = N_("Best")
    hint: str = ""
    solo_note: str | None = None
    starter: str | None = None
    seats: str | None = None
    shelf: str | None = None


@dataclass(frozen=True)
class GameInfo:
    """A game's declaration: what the menu, history and exports need to know of it.

    :param key: the game's id in the log, the config and the entry point (``"brikks"``).
    :param title: its full name; ``short`` fits a menu line (16 characters at most).
    :param rules: the module path of its pure rules (``new_game``, ``step``,
        ``is_over``, ``result``; see :mod:`companion.games`).
    :param screens: the module path of its screens (``new_game(app)``,
        ``play_screen(app)``, optionally ``SCREENSHOTS``).
    :param bgg_id: its BoardGameGeek id, where it has one.
    :param house_rules: the choices its rule book leaves open, name → ``HouseRule``.
    :param actions: every action type its rules accept, with what a player calls it
        (marked ``NC_("action", …)``, the context :data:`ACTION`, for its catalogue), so
        that undo can say what it took back: ``{"roll": NC_("action", "roll")}`` shows
        "Undone: roll". When a game names its actions, the box refuses to play one it
        does not name.
    :param dice: the names ``companion roll`` takes for the game's own dice
        (``("brikks",)``, lower case, ``-`` between words); its rules module's ``DICE``
        maps each to a :class:`companion.core.dicesets.GameDice`, loaded when rolled.
    :param api_version: the version of :mod:`companion.api` the game was written for
        (:data:`API_VERSION`, "major.minor"): a newer major version is refused.
    :param tool: a tool for the table (the dice roller), not a game: its plays are
        nobody's win and stay out of BG Stats exports unless asked for.
    :param solo_wins: False where a player alone plays for a score, not to win (Brikks'
        solo game): a solo play then has no winner in history, ``stats`` and exports.
    :param records: what its records and the exports read of it (:class:`Records`).
    """

    key: str
    title: str
    short: str
    min_players: int
    max_players: int
    rules: str
    screens: str
    bgg_id: int | None = None
    house_rules: Mapping[str, Any] = field(default_factory=dict)
    actions: Mapping[str, str] = field(default_factory=dict)
    dice: tuple[str, ...] = ()
    api_version: str = "1.0"
    tool: bool = False
    solo_wins: bool = True
    records: Records = field(default_factory=Records)


@dataclass(frozen=True)
class Unavailable:
    """A registered game whose package could not be loaded, and why (one line)."""

    key: str
    problem: i18n.Notice

    def why(self) -> str:
        """The problem in the language in use."""
        return self.problem.translated()

    @property
    def title(self) -> str:
        return self.key

    @property
    def short(self) -> str:
        return self.key[:16]


Entry = GameInfo | Unavailable


def _one_line(err: BaseException) -> str:
    text = " ".join(str(err).split()) or type(err).__name__
    return f"{type(err).__name__}: {text}"[:200]


def _load(key: str, load: Any) -> Entry:
    try:
        info = load()
    except Exception as err:  # a third-party package may fail in any way at import
        return Unavailable(key, Notice("its package does not load ({error}).",
                                       error=_one_line(err)))
    if not isinstance(info, GameInfo):
        return Unavailable(
            key, Notice("its entry point is not a companion.config.registry.GameInfo."))
    if info.key != key:
        return Unavailable(key, Notice("its entry point is named {key} but declares {declared}.",
                                       key=repr(key), declared=repr(info.key)))
    problem = declaration_problem(info)
    return info if problem is None else Unavailable(key, problem)


#: The most characters a game's ``short`` title may have: one line of the game menu.
SHORT_MAX = 16
_SWAPPED = N_("its declaration gives min_players {low} above max_players {high}; both are "
              "whole numbers from 1, min_players the smaller.")
_COUNTS = N_("its declaration gives min_players {low} and max_players {high}; both must be "
             "whole numbers from 1, min_players the smaller.")


#: A name ``companion roll`` takes for a game's dice.
DICE_NAME = re.compile(r"^[a-z][a-z0-9-]{0,23}$")


def declaration_problem(info: GameInfo) -> Notice | None:
    """What is wrong with declaration ``info`` (one sentence), or None: a game declared
    with values the box cannot use is listed "(broken)" instead of failing when opened.

    >>> declaration_problem(find("genial")) is None
    True
    >>> from dataclasses import replace
    >>> print(declaration_problem(replace(find("genial"), min_players=5)))  # doctest: +ELLIPSIS
    its declaration gives min_players 5 above max_players 4; ...
    """
    for name in ("title", "short", "rules", "screens"):
        value = getattr(info, name)
        if not isinstance(value, str) or not value.strip():
            return Notice("its declaration gives {name} as {value}; it must be a text.",
                          name=name, value=repr(value)[:40])
    if len(info.short) > SHORT_MAX:
        return Notice("its declaration's short title {short} has {n} characters; at most "
                      "{most} fit a menu line.", short=repr(info.short), n=len(info.short),
                      most=SHORT_MAX)
    low, high = info.min_players, info.max_players
    if not all(type(n) is int for n in (low, high)) or not 1 <= low <= high:
        swapped = type(low) is int and type(high) is int and 1 <= high < low
        return Notice(_SWAPPED if swapped else _COUNTS, low=repr(low), high=repr(high))
    if info.bgg_id is not None and (type(info.bgg_id) is not int or info.bgg_id < 1):
        return Notice("its declaration gives bgg_id {value}; it must be a BoardGameGeek id "
                      "(a whole number from 1) or None.", value=repr(info.bgg_id)[:40])
    return _api_problem(info.api_version) or _tables_problem(info)


def _major(version: Any) -> int | None:
    """The major number of a "major.minor" version, or None when it is not one."""
    parts = version.split(".") if isinstance(version, str) else []
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        return None
    return int(parts[0])


def _api_problem(version: Any) -> Notice | None:
    """Why a game written for API ``version`` cannot be played here, or None.

    >>> _api_problem("1.9") is None
    True
    >>> print(_api_problem("2.0"))  # doctest: +ELLIPSIS
    it was written for version 2.0 of the companion's game API, and this companion has ...
    """
    major = _major(version)
    if major is None:
        return Notice("its declaration gives api_version {value}; it must be a version "
                      "such as \"{ours}\".", value=repr(version)[:40], ours=API_VERSION)
    if major > (_major(API_VERSION) or 0):
        return Notice("it was written for version {theirs} of the companion's game API, "
                      "and this companion has {ours}: update the companion to play it.",
                      theirs=version, ours=API_VERSION)
    return None


def _is_house_rule(rule: Any) -> bool:
    """A :class:`companion.api.rules.HouseRule` (told by its shape: the games import
    the registry, not the other way round)."""
    return hasattr(rule, "default") and callable(getattr(rule, "check", None))


def _tables_problem(info: GameInfo) -> Notice | None:
    if not isinstance(info.house_rules, Mapping) or not all(
            isinstance(k, str) and _is_house_rule(v) for k, v in info.house_rules.items()):
        return Notice("its declaration's house_rules must map each rule's name to a HouseRule.")
    for name, rule in info.house_rules.items():
        try:
            rule.check(name, rule.default)
        except RuleError as err:
            return Notice("its declaration's house rule {name} does not allow its own default "
                          "({why}).", name=repr(name), why=str(err))
    if not isinstance(info.actions, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) and v for k, v in info.actions.items()):
        return Notice("its declaration's actions must map each action type to its name, "
                      "NC_(\"action\", \"…\").")
    if not isinstance(info.dice, tuple) or not all(
            isinstance(n, str) and DICE_NAME.match(n) for n in info.dice):
        return Notice("its declaration's dice must be a tuple of names such as "
                      "(\"high-card\",): lower-case letters, digits and '-'.")
    if not isinstance(info.tool, bool) or not isinstance(info.solo_wins, bool):
        return Notice("its declaration gives tool or solo_wins as something other than "
                      "True or False.")
    if not isinstance(info.records, Records):
        return Notice("its declaration's records must be a "
                      "companion.config.registry.Records.")
    note = info.records.solo_note
    if note is not None and (not isinstance(note, str) or note.count(":") != 1):
        return Notice("its declaration's records.solo_note must name a function as "
                      "\"package.module:name\", not {value}.", value=repr(note)[:40])
    return None


@functools.cache
def discover() -> dict[str, Entry]:
    """Every registered game (the ``companion.games`` entry points), in the menu's default
    order (:data:`MENU_ORDER`, then by key).

    A game that comes with the companion (registered by :data:`DISTRIBUTION`) is always
    the companion's own: another package that registers the same key is listed apart, as
    ``key@package``, :class:`Unavailable` with the reason (so is a second package
    registering a plugin's key: the first found is played)."""
    found: dict[str, Entry] = {}
    owners: dict[str, str] = {}  # key → the package whose game it is
    for ep in sorted(_registered(), key=lambda ep: not _ours(ep)):
        package = DISTRIBUTION if _ours(ep) else _package(ep)
        if ep.name not in found:
            found[ep.name] = _load(ep.name, ep.load)
            owners[ep.name] = package
            continue
        if owners[ep.name] == package:
            continue  # the same distribution seen twice (an editable install and a build)
        apart = f"{ep.name}@{package}"
        if owners[ep.name] == DISTRIBUTION:
            problem = Notice("its package {package} registers it as {key}, the name of a game "
                             "that comes with the companion, which is kept: the package must "
                             "give its game another name.", package=package, key=ep.name)
        else:
            problem = Notice("its package {package} registers it as {key}, as {other} does: "
                             "the game of {other} is kept; one of them must give its game "
                             "another name.", package=package, key=ep.name,
                             other=owners[ep.name])
        found.setdefault(apart, Unavailable(apart, problem))
    rank = {k: i for i, k in enumerate(MENU_ORDER)}
    order = sorted(found, key=lambda k: (rank.get(k, len(rank)), k))
    return {k: found[k] for k in order}


def built_in() -> list[str]:
    """The keys of the games that come with the companion, in the menu's default order."""
    ours = {ep.name for ep in _registered() if _ours(ep)}
    return [k for k in discover() if k in ours]


@dataclass(frozen=True)
class _FromCheckout:
    """One of the companion's own games named by the checkout's ``pyproject.toml``, as
    an installed entry point would name it."""

    name: str
    value: str
    dist: Any = field(default=None, compare=False)

    def load(self) -> Any:
        from importlib.metadata import EntryPoint

        return EntryPoint(self.name, self.value, GROUP).load()


@functools.cache
def _from_checkout() -> tuple[_FromCheckout, ...]:
    """The companion's own games as its source checkout's ``pyproject.toml`` registers
    them (empty where there is none, or it is another project's)."""
    import tomllib
    from pathlib import Path
    from types import SimpleNamespace

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return ()
    if project.get("name") != DISTRIBUTION:
        return ()
    ours = SimpleNamespace(name=DISTRIBUTION)
    return tuple(_FromCheckout(name, value, ours)
                 for name, value in project.get("entry-points", {}).get(GROUP, {}).items())


def _registered() -> list[Any]:
    """The ``companion.games`` entry points. Run from a source checkout that pip has not
    installed (the README's ``python3 -m companion install-service`` in the fresh clone,
    before anything is installed), the companion's own come from its ``pyproject.toml``:
    without them every game would be missing, and a config's ``games.hide`` would hide
    them all."""
    found = list(entry_points(group=GROUP))
    if any(_ours(ep) for ep in found):
        return found
    return [*_from_checkout(), *found]


def _ours(ep: Any) -> bool:
    """Entry point ``ep`` is one of the companion's own games (installed with it)."""
    dist = getattr(ep, "dist", None)
    return dist is not None and dist.name == DISTRIBUTION


def _package(ep: Any) -> str:
    """The name of the distribution that registers entry point ``ep`` (its top-level
    module when it has no distribution: an entry point made by hand)."""
    dist = getattr(ep, "dist", None)
    return str(dist.name) if dist is not None else ep.value.split(":")[0].split(".")[0]


def find(key: str) -> GameInfo | None:
    """The declaration of game ``key``, or None if no loadable game has that key."""
    entry = discover().get(key)
    return entry if isinstance(entry, GameInfo) else None


#: The ``msgctxt`` of a game's short title, for a game whose English short and full
#: titles are the same words but whose translations differ (:func:`companion.core.i18n.NC_`).
SHORT_TITLE = "short title"


def title(key: str, *, short: bool = False) -> str:
    """The name to show for game ``key`` in the language in use (the game's own
    catalogue translates it); the key itself when it is not installed."""
    info = find(key)
    if info is None:
        return key
    t = i18n.package_translator(info.rules)
    return t.pgettext(SHORT_TITLE, info.short) if short else t.gettext(info.title)


#: The ``msgctxt`` of an action's name, so that "roll" in "Undone: roll" keeps its own
#: translation apart from the same English word on a game's screens.
ACTION = "action"


def action_name(key: str, kind: str) -> str | None:
    """What game ``key`` calls an action of type ``kind``, in the language in use; None
    when the game does not name it.

    >>> action_name("brikks", "start_block"), action_name("brikks", "no_such_action")
    ('start block', None)
    """
    info = find(key)
    if info is None or kind not in info.actions:
        return None
    return i18n.package_translator(info.rules).pgettext(ACTION, info.actions[kind])


def names(key: str) -> set[str]:
    """Every name game ``key`` goes by: its key, and its title and short title in each
    language the box speaks (what ``--game`` accepts).

    >>> sorted(names("genial"))
    ['Genial Spezial', 'genial', '頭脳絶好調SP', '頭脳絶好調スペシャル']
    """
    info = find(key)
    if info is None:
        return {key}
    t = i18n.package_translator(info.rules)
    return {key} | {name for lang in i18n.LANGUAGES
                    for name in (t.gettext(info.title, lang),
                                 t.pgettext(SHORT_TITLE, info.short, lang))}


def menu(order: Iterable[str] = (), hide: Iterable[str] = ()) -> list[Entry]:
    """The game menu: ``order`` first, then the rest in default order, minus ``hide``.

    >>> [g.key for g in menu(order=["brikks"], hide=["dice_test", "dice_roller"])][:3]
    ['brikks', 'genial', 'brain_robbery']
    """
    games = discover()
    hidden = set(hide)
    keys = [k for k in order if k in games] + [k for k in games if k not in set(order)]
    return [games[k] for k in keys if k not in hidden]


def position(key: str, order: Iterable[str] = (), hide: Iterable[str] = ()) -> int:
    """Where game ``key`` stands in :func:`menu` (for tests and screenshot scenes)."""
    return [g.key for g in menu(order, hide)].index(key)


def _module(key: str, which: str) -> ModuleType:
    info = find(key)
    if info is None:
        entry = discover().get(key)
        why = (entry.why() if isinstance(entry, Unavailable)
               else i18n._("it is not installed."))
        raise RuleError("{key} cannot be played: {why}", key=key, why=why)
    module = importlib.import_module(getattr(info, which))
    lacking = _lacking(module, which)
    if lacking is not None:
        raise RuleError("{key} cannot be played: {why}", key=key, why=lacking.translated())
    return module


def _lacking(module: ModuleType, which: str) -> Notice | None:
    """Which function the box calls is missing from a game's ``which`` module."""
    missing = (Rules if which == "rules" else Screens).missing(module)
    if not missing:
        return None
    return Notice("its {which} module {module} has no {function}().", which=which,
                  module=module.__name__, function=missing[0])


def _dice_problem(info: GameInfo, rules: Rules) -> Notice | None:
    """Which of the dice its declaration names the game's rules module does not give."""
    for name in info.dice:
        if not isinstance(rules.DICE, Mapping) or not isinstance(rules.DICE.get(name), GameDice):
            return Notice("its rules module {module} has no GameDice {name} in DICE.",
                          module=info.rules, name=repr(name))
    return None


def game_dice(name: str) -> tuple[GameInfo, GameDice] | None:
    """The game that declares dice ``name`` for ``companion roll`` (``_`` read as
    ``-``), and those dice; None when no playable game does.

    >>> info, dice = game_dice("brain_robbery")
    >>> info.key, [d.label for d in dice.dice]
    ('brain_robbery', ['d6', 'd6'])
    """
    wanted = name.strip().lower().replace("_", "-")
    for entry in discover().values():
        if isinstance(entry, GameInfo) and wanted in entry.dice:
            given = rules(entry.key)
            if _dice_problem(entry, given) is not None:
                return None
            return entry, given.DICE[wanted]
    return None


def rules(key: str) -> Rules:
    """The rules of game ``key`` (:class:`~companion.config.game_modules.Rules`: its
    functions, every optional one None where the game has none); :class:`RuleError` if
    the game is not available."""
    return Rules.of(_module(key, "rules"))


def screens(key: str) -> Screens:
    """The screens of game ``key``; :class:`RuleError` if they are not available (nor
    when its rules module cannot be played: the game is not opened then)."""
    _module(key, "rules")
    return Screens.of(_module(key, "screens"))


def import_problem(key: str) -> Notice | None:
    """Why game ``key`` cannot be played as its declaration says: its rules or screens
    module does not import (a plugin whose package lost a module, or a library it needs)
    or lacks a function the box calls, or a catalogue of its words cannot be read; None
    when all is well."""
    info = find(key)
    if info is None:
        return None
    for which, module, broken in (
            ("rules", info.rules, N_("its rules module {module} does not import ({error}).")),
            ("screens", info.screens, N_("its screens module {module} does not import "
                                         "({error})."))):
        try:
            imported = importlib.import_module(module)
        except Exception as err:  # a third-party module may fail in any way at import
            return Notice(broken, module=module, error=_one_line(err))
        lacking = _lacking(imported, which)
        if lacking is not None:
            return lacking
        if which == "rules":
            undeclared = _dice_problem(info, Rules.of(imported))
            if undeclared is not None:
                return undeclared
    for lang in i18n.LANGUAGES:
        why = i18n.catalogue_problem(info.rules, lang)
        if why is not None:
            return Notice("its catalogue locale/{language}/LC_MESSAGES cannot be read "
                          "({error}), so its words show in English.", language=lang,
                          error=why[:200])
    return None
