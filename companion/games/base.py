"""Small pieces every rules module shares: house-rule declarations, results, checks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.errors import RuleError
from companion.ranking import ranked

__all__ = ["HouseRule", "Result", "RuleError", "require", "players_from", "house_rule", "ranked"]


@dataclass(frozen=True)
class HouseRule:
    """A choice the printed rules leave open, with the value the companion assumes.

    ``allowed`` lists the permitted values (``None``: any value of ``default``'s type).

    >>> LONG_GAME = HouseRule(False, "Every uncoupled car returns to the pile.")
    """

    default: Any
    description: str
    allowed: tuple[Any, ...] | None = None

    def check(self, name: str, value: Any) -> Any:
        """Return ``value`` if it is allowed for this rule, else raise :class:`RuleError`."""
        if self.allowed is not None:
            if value not in self.allowed:
                choices = ", ".join(repr(a) for a in self.allowed)
                raise RuleError(f"house rule {name!r} must be one of {choices}, not {value!r}.")
            return value
        if type(value) is not type(self.default):
            raise RuleError(
                f"house rule {name!r} must be a {type(self.default).__name__}, not {value!r}."
            )
        return value


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    ``places`` lists the players best first, players sharing a place together;
    ``scores`` maps each player to their final score (``None`` where the game has none);
    ``detail`` is one line explaining the decision (a tie-break, "nobody wins", …).
    """

    places: tuple[tuple[str, ...], ...]
    scores: Mapping[str, int | None] = field(default_factory=dict)
    detail: str = ""

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
        }


def require(condition: bool, message: str, **params: object) -> None:
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
    names = options.get("players")
    require(
        isinstance(names, Sequence) and not isinstance(names, str),
        "players must be a list of names.",
    )
    names = tuple(str(n) for n in names)
    require(low <= len(names) <= high, f"this game takes {low}–{high} players, not {len(names)}.")
    require(len(set(names)) == len(names), "every player needs a different name.")
    return names


def house_rule(options: Mapping[str, Any], rules: Mapping[str, HouseRule], name: str) -> Any:
    """The value of house rule ``name``: from ``options["house_rules"]`` or its default."""
    chosen = options.get("house_rules") or {}
    if name in chosen:
        return rules[name].check(name, chosen[name])
    return rules[name].default


def check_house_rules(chosen: Mapping[str, Any], rules: Mapping[str, HouseRule]) -> None:
    """Raise :class:`RuleError` for an unknown house rule or a value it does not allow."""
    for name, value in chosen.items():
        if name not in rules:
            known = ", ".join(sorted(rules)) or "none"
            raise RuleError(f"unknown house rule {name!r}; this game knows: {known}.")
        rules[name].check(name, value)
