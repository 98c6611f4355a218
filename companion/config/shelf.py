"""The config file's ``[[shelf]]`` games, ``[[dice]]`` and ``[sound]``, checked.

Kept apart from :mod:`companion.config.file` (which calls these) so the score pad, the dice
and the buzzer can grow without that file growing. Every error names the entry, counted
from 1 in the order of the file, and the key::

    >>> try:
    ...     shelf_games([{"bgg_id": 822}])
    ... except ConfigError as err:
    ...     print(err)
    shelf[1].title: missing; every [[shelf]] game needs a title such as "Carcassonne".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.dicesets import NAME, Die, NotationError, check_faces, parse
from companion.core.errors import ConfigError
from companion.core.i18n import N_

SHELF_KEYS = ("title", "bgg_id", "players", "wins", "categories", "rounds")
MAX_TITLE = 24
MAX_CATEGORY = 10
MAX_CATEGORIES = 12
MAX_ROUNDS = 50
MIN_SEATS, MAX_SEATS = 1, 8
#: Names ``companion roll`` gives a meaning of its own.
RESERVED = ("brikks", "brain-robbery", "brain_robbery")


def _list_of(key: str, given: Any, template: str) -> list[Mapping[str, Any]]:
    if not isinstance(given, list) or not all(isinstance(e, Mapping) for e in given):
        raise ConfigError(template, key=key, value=given)
    return given


def _whole(key: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError("{key}: must be a whole number {low}-{high}, not {value!r}.",
                          key=key, low=low, high=high, value=value)
    return value


def shelf_games(given: Any) -> tuple[dict[str, Any], ...]:
    """The ``[[shelf]]`` entries as plain dicts with every key filled in.

    ``{"title": "Carcassonne", "bgg_id": 822, "players": [2, 5], "lowest_wins": False,
    "categories": [...], "rounds": 0}`` — the score pad stores one in a game's options.
    """
    out: list[dict[str, Any]] = []
    for n, entry in enumerate(_list_of("shelf", given, N_(
            "{key}: must be a list of [[{key}]] tables, one per game, not {value!r}.")),
            start=1):
        at = f"shelf[{n}]"
        for key in entry:
            if key not in SHELF_KEYS:
                raise ConfigError("{key}: unknown key; allowed: {allowed}.",
                                  key=f"{at}.{key}", allowed=", ".join(SHELF_KEYS))
        title = entry.get("title")
        if title is None:
            raise ConfigError("{key}: missing; every [[shelf]] game needs a title such as "
                              "\"Carcassonne\".", key=f"{at}.title")
        if not isinstance(title, str) or not title.strip() or len(title) > MAX_TITLE:
            raise ConfigError("{key}: must be a name of 1-{most} characters in quotes, not "
                              "{value!r}.", key=f"{at}.title", most=MAX_TITLE, value=title)
        title = title.strip()
        if any(g["title"].casefold() == title.casefold() for g in out):
            raise ConfigError("{key}: {title!r} is on the shelf twice.", key=f"{at}.title",
                              title=title)
        bgg_id = _whole(f"{at}.bgg_id", entry.get("bgg_id", 0), 0, 10_000_000)
        players = entry.get("players", [MIN_SEATS, MAX_SEATS])
        if (not isinstance(players, list) or len(players) != 2
                or any(isinstance(p, bool) or not isinstance(p, int) for p in players)
                or not MIN_SEATS <= players[0] <= players[1] <= MAX_SEATS):
            raise ConfigError("{key}: must be [fewest, most] with {low} <= fewest <= most "
                              "<= {high}, not {value!r}.", key=f"{at}.players",
                              low=MIN_SEATS, high=MAX_SEATS, value=players)
        wins = entry.get("wins", "highest")
        if wins not in ("highest", "lowest"):
            raise ConfigError("{key}: must be 'highest' or 'lowest', not {value!r}.",
                              key=f"{at}.wins", value=wins)
        categories = entry.get("categories", [])
        if (not isinstance(categories, list) or len(categories) > MAX_CATEGORIES
                or not all(isinstance(c, str) and c.strip() and len(c) <= MAX_CATEGORY
                           for c in categories)):
            raise ConfigError("{key}: must be a list of up to {most} names of 1-{chars} "
                              "characters, not {value!r}.", key=f"{at}.categories",
                              most=MAX_CATEGORIES, chars=MAX_CATEGORY, value=categories)
        if len({c.casefold() for c in categories}) != len(categories):
            raise ConfigError("{key}: names a category twice.", key=f"{at}.categories")
        rounds = _whole(f"{at}.rounds", entry.get("rounds", 0), 0, MAX_ROUNDS)
        if categories and rounds:
            raise ConfigError("{key}: give categories (a score sheet) or rounds, not both.",
                              key=at)
        out.append({"title": title, "bgg_id": bgg_id, "players": list(players),
                    "lowest_wins": wins == "lowest",
                    "categories": [c.strip() for c in categories], "rounds": rounds})
    return tuple(out)


def dice_sets(given: Any) -> dict[str, tuple[Die, ...]]:
    """The ``[[dice]]`` entries: name → its dice (one for a custom die, several for a set).

    An entry has a ``name`` and either ``faces`` (a custom die) or ``roll`` (a set in
    notation, which may use the dice named before it).
    """
    out: dict[str, tuple[Die, ...]] = {}
    for n, entry in enumerate(_list_of("dice", given, N_(
            "{key}: must be a list of [[{key}]] tables, one per die or set, not {value!r}.")),
            start=1):
        at = f"dice[{n}]"
        for key in entry:
            if key not in ("name", "faces", "roll"):
                raise ConfigError("{key}: unknown key; allowed: {allowed}.",
                                  key=f"{at}.{key}", allowed="name, faces, roll")
        name = entry.get("name")
        if name is None:
            raise ConfigError("{key}: missing; every [[dice]] entry needs a name such as "
                              "\"colour\".", key=f"{at}.name")
        if not isinstance(name, str) or not NAME.match(name) or name in RESERVED or (
                name[0] == "d" and name[1:].isdigit()):
            raise ConfigError("{key}: must be 1-12 lower-case letters, digits, - or _, "
                              "starting with a letter, not a dN or {reserved}; not "
                              "{value!r}.", key=f"{at}.name", reserved=", ".join(RESERVED),
                              value=name)
        if name in out:
            raise ConfigError("{key}: {name!r} is defined twice.", key=f"{at}.name",
                              name=name)
        if ("faces" in entry) == ("roll" in entry):
            raise ConfigError("{key}: give faces (a die of your own) or roll (a set such as "
                              "\"2d6+d20\"), one of the two.", key=at)
        try:
            if "faces" in entry:
                out[name] = (Die(name, check_faces(entry["faces"])),)
            elif not isinstance(entry["roll"], str):
                raise NotationError("must be a roll in quotes such as \"2d6+d20\", not "
                                    "{value!r}.", value=entry["roll"])
            else:
                out[name] = parse(entry["roll"], out)
        except NotationError as err:
            raise ConfigError("{key}: {why}", key=f"{at}.{'faces' if 'faces' in entry else 'roll'}",
                              why=err) from None
    return out


def sound_pin(sound: Mapping[str, Any], taken: Mapping[int, str]) -> None:
    """``[sound] pin``: ``""`` (no buzzer) or a BCM pin no button or display uses."""
    pin = sound["pin"]
    if pin == "":
        return
    if isinstance(pin, str) or not 0 <= pin <= 27:
        raise ConfigError("{key}: must be a BCM pin number 0-27, or \"\" for no buzzer; not "
                          "{value!r}.", key="sound.pin", value=pin)
    if pin in taken:
        raise ConfigError("{key}: pin {pin} is already used by {other}.", key="sound.pin",
                          pin=pin, other=taken[pin])
