"""The config file's ``[[shelf]]`` games, ``[[dice]]`` and ``[sound]``, checked.

Kept apart from :mod:`companion.config` (which calls these) so the score pad, the dice
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

from companion.dicesets import NAME, Die, NotationError, check_faces, parse
from companion.errors import ConfigError

SHELF_KEYS = ("title", "bgg_id", "players", "wins", "categories", "rounds")
MAX_TITLE = 24
MAX_CATEGORY = 10
MAX_CATEGORIES = 12
MAX_ROUNDS = 50
MIN_SEATS, MAX_SEATS = 1, 8
#: Names ``companion roll`` gives a meaning of its own.
RESERVED = ("brikks", "brain-robbery", "brain_robbery")


def _list_of(key: str, given: Any, what: str) -> list[Mapping[str, Any]]:
    if not isinstance(given, list) or not all(isinstance(e, Mapping) for e in given):
        raise ConfigError(f"{key}: must be a list of [[{key}]] tables, one per {what}, "
                          f"not {given!r}.")
    return given


def _whole(key: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(f"{key}: must be a whole number {low}-{high}, not {value!r}.")
    return value


def shelf_games(given: Any) -> tuple[dict[str, Any], ...]:
    """The ``[[shelf]]`` entries as plain dicts with every key filled in.

    ``{"title": "Carcassonne", "bgg_id": 822, "players": [2, 5], "lowest_wins": False,
    "categories": [...], "rounds": 0}`` — the score pad stores one in a game's options.
    """
    out: list[dict[str, Any]] = []
    for n, entry in enumerate(_list_of("shelf", given, "game"), start=1):
        at = f"shelf[{n}]"
        for key in entry:
            if key not in SHELF_KEYS:
                raise ConfigError(f"{at}.{key}: unknown key; allowed: {', '.join(SHELF_KEYS)}.")
        title = entry.get("title")
        if title is None:
            raise ConfigError(f"{at}.title: missing; every [[shelf]] game needs a title "
                              "such as \"Carcassonne\".")
        if not isinstance(title, str) or not title.strip() or len(title) > MAX_TITLE:
            raise ConfigError(f"{at}.title: must be a name of 1-{MAX_TITLE} characters in "
                              f"quotes, not {title!r}.")
        title = title.strip()
        if any(g["title"].casefold() == title.casefold() for g in out):
            raise ConfigError(f"{at}.title: {title!r} is on the shelf twice.")
        bgg_id = _whole(f"{at}.bgg_id", entry.get("bgg_id", 0), 0, 10_000_000)
        players = entry.get("players", [MIN_SEATS, MAX_SEATS])
        if (not isinstance(players, list) or len(players) != 2
                or any(isinstance(p, bool) or not isinstance(p, int) for p in players)
                or not MIN_SEATS <= players[0] <= players[1] <= MAX_SEATS):
            raise ConfigError(f"{at}.players: must be [fewest, most] with {MIN_SEATS} <= "
                              f"fewest <= most <= {MAX_SEATS}, not {players!r}.")
        wins = entry.get("wins", "highest")
        if wins not in ("highest", "lowest"):
            raise ConfigError(f"{at}.wins: must be 'highest' or 'lowest', not {wins!r}.")
        categories = entry.get("categories", [])
        if (not isinstance(categories, list) or len(categories) > MAX_CATEGORIES
                or not all(isinstance(c, str) and c.strip() and len(c) <= MAX_CATEGORY
                           for c in categories)):
            raise ConfigError(f"{at}.categories: must be a list of up to {MAX_CATEGORIES} "
                              f"names of 1-{MAX_CATEGORY} characters, not {categories!r}.")
        if len({c.casefold() for c in categories}) != len(categories):
            raise ConfigError(f"{at}.categories: names a category twice.")
        rounds = _whole(f"{at}.rounds", entry.get("rounds", 0), 0, MAX_ROUNDS)
        if categories and rounds:
            raise ConfigError(f"{at}: give categories (a score sheet) or rounds, not both.")
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
    for n, entry in enumerate(_list_of("dice", given, "die or set"), start=1):
        at = f"dice[{n}]"
        for key in entry:
            if key not in ("name", "faces", "roll"):
                raise ConfigError(f"{at}.{key}: unknown key; allowed: name, faces, roll.")
        name = entry.get("name")
        if name is None:
            raise ConfigError(f"{at}.name: missing; every [[dice]] entry needs a name such "
                              "as \"colour\".")
        if not isinstance(name, str) or not NAME.match(name) or name in RESERVED or (
                name[0] == "d" and name[1:].isdigit()):
            raise ConfigError(f"{at}.name: must be 1-12 lower-case letters, digits, - or _, "
                              f"starting with a letter, not a dN or {', '.join(RESERVED)}; "
                              f"not {name!r}.")
        if name in out:
            raise ConfigError(f"{at}.name: {name!r} is defined twice.")
        if ("faces" in entry) == ("roll" in entry):
            raise ConfigError(f"{at}: give faces (a die of your own) or roll (a set such as "
                              "\"2d6+d20\"), one of the two.")
        try:
            if "faces" in entry:
                out[name] = (Die(name, check_faces(entry["faces"])),)
            elif not isinstance(entry["roll"], str):
                raise NotationError(f"must be a roll in quotes such as \"2d6+d20\", "
                                    f"not {entry['roll']!r}.")
            else:
                out[name] = parse(entry["roll"], out)
        except NotationError as err:
            raise ConfigError(f"{at}.{'faces' if 'faces' in entry else 'roll'}: {err}") \
                from None
    return out


def sound_pin(sound: Mapping[str, Any], taken: Mapping[int, str]) -> None:
    """``[sound] pin``: ``""`` (no buzzer) or a BCM pin no button or display uses."""
    pin = sound["pin"]
    if pin == "":
        return
    if isinstance(pin, str) or not 0 <= pin <= 27:
        raise ConfigError(f"sound.pin: must be a BCM pin number 0-27, or \"\" for no buzzer; "
                          f"not {pin!r}.")
    if pin in taken:
        raise ConfigError(f"sound.pin: pin {pin} is already used by {taken[pin]}.")
