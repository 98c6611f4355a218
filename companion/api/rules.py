"""The pure rules kit: what a game's rules module needs, and nothing that draws, reads
a clock or touches a file (``companion.api`` maps the rest of the API).

>>> from companion.api.rules import Result, ranked, require
>>> Result(ranked({"Ann": 3, "Bob": 5})).winners
('Bob',)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core import fairness
from companion.core.dicesets import (
    MAX_DICE,
    STANDARD,
    Die,
    GameDice,
    NotationError,
    describe,
    distribution,
    parse,
    standard,
)
from companion.core.errors import RuleError, Word
from companion.core.ranking import numbered, ranked
from companion.core.wording import joined

__all__ = ["N_", "HouseRule", "Result", "RuleError", "Said", "said", "said_n", "listed", "word",
           "require", "players_from", "house_rule", "check_house_rules", "pinned", "ranked",
           "ranked_by_totals", "numbered", "Die", "GameDice", "standard", "STANDARD",
           "MAX_DICE", "NotationError", "describe", "distribution", "parse", "fairness"]


@dataclass(frozen=True)
class HouseRule:
    """A choice the printed rules leave open, with the value the companion assumes.

    ``allowed`` lists the permitted values (``None``: any value of ``default``'s type);
    ``valid``, when given, says what else is wrong with a value ("" when nothing is), so the
    config file is refused at start-up rather than on game night.

    >>> LONG_GAME = HouseRule(False, "Every uncoupled car returns to the pile.")
    """

    default: Any
    description: str
    allowed: tuple[Any, ...] | None = None
    valid: Callable[[Any], str] | None = None

    def check(self, name: str, value: Any) -> Any:
        """Return ``value`` if it is allowed for this rule, else raise :class:`RuleError`."""
        if self.allowed is not None:
            if value not in self.allowed:
                choices = ", ".join(_written(a) for a in self.allowed)
                raise RuleError("house rule {name!r} must be one of {choices}, not {value}.",
                                name=name, choices=choices, value=_written(value))
            return value
        if type(value) is not type(self.default):
            kind = _KINDS.get(type(self.default))
            if kind is None:
                raise RuleError("house rule {name!r} must be a {kind}, not {value}.",
                                name=name, kind=type(self.default).__name__,
                                value=_written(value))
            raise RuleError("house rule {name!r} must be {kind}, not {value}.",
                            name=name, kind=kind, value=_written(value))
        if self.valid is not None and (why := self.valid(value)):
            raise RuleError("house rule {name!r}: {why}", name=name, why=why)
        return value


def _written(value: Any) -> str:
    """``value`` as the config file writes it: ``true``, not ``True``."""
    return str(value).lower() if isinstance(value, bool) else repr(value)


@dataclass(frozen=True)
class Said:
    """A sentence kept as its English template and values, so that it can be shown
    in any language later (the log keeps it; History translates it when shown).

    ``plural`` and ``count`` make it a counted message (``ngettext``); the values named
    in ``words`` are words to translate too (a colour, a rating).

    >>> said_n("{n} roll", "{n} rolls", 3).english()
    '3 rolls'
    """

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    count: str | None = None
    words: tuple[str, ...] = ()

    def english(self) -> str:
        """The sentence in the source language."""
        text = self.template
        if self.plural is not None and self.count is not None and self.params[self.count] != 1:
            text = self.plural
        return text.format(**{k: joined(v) for k, v in self.params.items()})

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": self.template, "params": dict(self.params)}
        if self.plural is not None:
            out.update(p=self.plural, n=self.count)
        if self.words:
            out["words"] = list(self.words)
        return out


def said(template: str, *, words: Sequence[str] = (), **params: Any) -> Said:
    """A translatable sentence for a result's detail: ``said("{who} wins", who=name)``."""
    return Said(template, params, words=tuple(words))


def said_n(singular: str, plural: str, n: int, *, words: Sequence[str] = (),
           **params: Any) -> Said:
    """A counted sentence: ``said_n("{n} roll", "{n} rolls", 3)`` (``n`` is the count)."""
    return Said(singular, {"n": n, **params}, plural, "n", tuple(words))


def listed(items: Sequence[str], sep: str, last: str) -> dict[str, Any]:
    """Names as one value of a :func:`said` sentence: ``sep`` between them, ``last``
    before the last (both translated when shown): ``listed(names, ", ", " and ")``."""
    return {"items": list(items), "sep": sep, "last": last}


def word(text: str) -> str:
    """Mark a word given to :func:`said` in ``words=`` for the game's catalogue."""
    return text


#: What a value of each type is called in the config file.
_KINDS = {bool: Word(word("true or false")), int: Word(word("a whole number")),
          float: Word(word("a number")), str: Word(word("a text in quotes")),
          list: Word(word("a list"))}


Detail = str | Said | Sequence[Said]


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    ``places`` lists the players best first, players sharing a place together;
    ``scores`` maps each player to their final score (``None`` where the game has none);
    ``detail`` is one line explaining the decision (a tie-break, "nobody wins", …): give
    it as :func:`said` sentences (one or several) so it can be shown in any language;
    ``detail`` then reads as their English and ``sentences`` keeps them. ``starter``
    names who started, for a game that chooses its starter during play (the exports
    otherwise take it from the options' ``first`` or ``start_player``).
    """

    places: tuple[tuple[str, ...], ...]
    scores: Mapping[str, int | None] = field(default_factory=dict)
    detail: Detail = ""
    sentences: tuple[Said, ...] = ()
    starter: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.detail, str):
            return
        parts = (self.detail,) if isinstance(self.detail, Said) else tuple(self.detail)
        object.__setattr__(self, "sentences", parts)
        object.__setattr__(self, "detail", " ".join(p.english() for p in parts))

    @property
    def winners(self) -> tuple[str, ...]:
        """The players in first place (empty when nobody wins)."""
        return self.places[0] if self.places else ()

    def to_json(self) -> dict[str, Any]:
        return {
            "places": [list(p) for p in self.places],
            "scores": dict(self.scores),
            "winners": list(self.winners),
            "detail": self.detail,
            **({"sentences": [p.to_json() for p in self.sentences]} if self.sentences else {}),
            **({"starter": self.starter} if self.starter is not None else {}),
        }


def require(condition: object, message: str, **params: object) -> None:
    """Raise :class:`RuleError` with ``message`` unless ``condition`` holds.

    Give values as named fields so the message can be translated:
    ``require(n <= 4, "at most {top} players", top=4)``.
    """
    if not condition:
        raise RuleError(message, **params)


def players_from(options: Mapping[str, Any], low: int, high: int) -> tuple[str, ...]:
    """The player names of ``options["players"]``, checked against the allowed count.

    >>> players_from({"players": ["Ann", "Bob"]}, 2, 4)
    ('Ann', 'Bob')
    """
    given = options.get("players")
    if not isinstance(given, Sequence) or isinstance(given, str):
        raise RuleError("players must be a list of names.")
    names = tuple(str(n) for n in given)
    require(low <= len(names) <= high, "this game takes {low}–{high} players, not {n}.",
            low=low, high=high, n=len(names))
    require(len(set(names)) == len(names), "every player needs a different name.")
    return names


def house_rule(options: Mapping[str, Any], rules: Mapping[str, HouseRule], name: str,
               legacy: Mapping[str, Any] | None = None) -> Any:
    """The value of house rule ``name``: from ``options["house_rules"]``, else its value in
    ``legacy`` (what a game saved before the rule existed was played with), else its
    default.

    >>> rules = {"long": HouseRule(True, "A long game.")}
    >>> house_rule({}, rules, "long"), house_rule({}, rules, "long", {"long": False})
    (True, False)
    """
    chosen = options.get("house_rules") or {}
    if name in chosen:
        return rules[name].check(name, chosen[name])
    if legacy and name in legacy:
        return legacy[name]
    return rules[name].default


def pinned(rules: Mapping[str, HouseRule], chosen: Mapping[str, Any]) -> dict[str, Any]:
    """Every house rule's value for a new game: the owner's ``chosen`` values, the
    defaults for the rest. A setup screen puts this in the options, so that a later
    change of a default never reaches a game already begun.

    >>> pinned({"long": HouseRule(True, "A long game."), "xp": HouseRule(1, "XP.")}, {"xp": 2})
    {'long': True, 'xp': 2}
    """
    return {**{name: rule.default for name, rule in rules.items()}, **chosen}


def ranked_by_totals(players: Sequence[str], totals: Sequence[int], rounds: int) -> Result:
    """The result of a game won by the highest total over ``rounds`` rounds: players
    sharing a total share a place, and the detail says who leads on what.

    >>> ranked_by_totals(["Ann", "Bob"], [7, 9], 3).detail
    'Bob wins with 9 after 3 rounds'
    """
    scores = dict(zip(players, totals, strict=True))
    places = ranked(scores, players)
    lead = places[0]
    who, total = listed(lead, " and ", " and "), scores[lead[0]]
    if len(lead) > 1:
        detail = said_n("{who} tie on {total} after {n} round",
                        "{who} tie on {total} after {n} rounds", rounds, who=who, total=total)
    else:
        detail = said_n("{who} wins with {total} after {n} round",
                        "{who} wins with {total} after {n} rounds", rounds, who=who, total=total)
    return Result(places=places, scores=scores, detail=detail)


def check_house_rules(chosen: Mapping[str, Any], rules: Mapping[str, HouseRule]) -> None:
    """Raise :class:`RuleError` for an unknown house rule or a value it does not allow."""
    for name, value in chosen.items():
        if name not in rules:
            known = ", ".join(sorted(rules)) or "none"
            raise RuleError("unknown house rule {name!r}; this game knows: {known}.",
                            name=name, known=known)
        rules[name].check(name, value)


def N_(message: str) -> str:
    """Marks ``message`` for the game's catalogue and gives it back unchanged: a rules
    module names words (a house rule's description) that the screens and the phone's
    rules page translate when they show them; the rules themselves stay pure.

    >>> N_("Energy 2: cross 3+4")
    'Energy 2: cross 3+4'
    """
    return message
