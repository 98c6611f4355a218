"""Dice sets: ``NdX`` notation, mixed sets such as ``2d6+d20``, and dice made of any faces.

Pure: no randomness (faces are drawn by :mod:`companion.core.dice`), no I/O. The same parser
serves ``companion roll``, the ``[[dice]]`` entries of the config file and the *Any
dice* game. A custom die is any list of 2–100 faces, each a word of up to 8 characters
or a whole number; a set is a sum of terms, each ``N`` times a die (``d6``, ``d20``)
or a named custom die or set.

>>> colour = (Die("colour", ("white", "yellow", "green", "red", "blue", "black")),)
>>> [d.label for d in parse("2d6+d20")]
['d6', 'd6', 'd20']
>>> describe(parse("d4 + colour", {"colour": colour}))
'd4+colour'
>>> roll_line("2d6+d20", parse("2d6+d20"), [3, 5, 17])
'2d6+d20: 3 5 + 17 = 25'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.errors import CompanionError, Translatable

#: The dice of a games shelf (the box lists these; ``companion roll`` takes any dN).
STANDARD = (4, 6, 8, 10, 12, 20, 100)
MIN_FACES, MAX_FACES = 2, 100
MAX_SIDES = 1000  # for dN in a roll expression
MAX_DICE = 100  # in one expression
MAX_FACE_CHARS = 8
NAME = re.compile(r"^[a-z][a-z0-9_-]{0,11}$")
_DIGITS = 9  # the longest number a term may hold: more is too many dice or sides
_TERM = re.compile(r"^(\d*)\s*(?:d(\d+)|([a-z][a-z0-9_-]*))$")


class NotationError(Translatable, CompanionError, ValueError):
    """A die or a roll expression that cannot be used; the message says why (a template
    with named values, like :class:`companion.core.errors.RuleError`)."""


@dataclass(frozen=True)
class Die:
    """One die: a label (``"d20"``, ``"colour"``) and its faces, each equally likely."""

    label: str
    faces: tuple[Any, ...]

    @property
    def numeric(self) -> bool:
        return all(isinstance(f, int) and not isinstance(f, bool) for f in self.faces)

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "faces": list(self.faces)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Die:
        return cls(str(data["label"]), check_faces(data.get("faces")))


@dataclass(frozen=True)
class GameDice:
    """A game's own dice, for ``companion roll <name>``: ``dice`` in order, and ``line``,
    the line printed (marked for the game's catalogue), which names the faces
    ``{die1}``, ``{die2}``, … (a word face in the game's words) and their ``{total}``.

    >>> two = GameDice((standard(6), standard(6)), "Two dice: {die1} + {die2} = {total}")
    >>> two.shown([3, 5], str)
    'Two dice: 3 + 5 = 8'
    """

    dice: tuple[Die, ...]
    line: str

    def shown(self, faces: Sequence[Any], gettext: Callable[[str], str]) -> str:
        """The line for these ``faces``, in the words ``gettext`` gives."""
        named = {f"die{i}": gettext(f) if isinstance(f, str) else f
                 for i, f in enumerate(faces, start=1)}
        return gettext(self.line).format(total=total(faces), **named)


def standard(sides: int) -> Die:
    """The ordinary ``d<sides>``, faces 1..sides."""
    return Die(f"d{sides}", tuple(range(1, sides + 1)))


def check_faces(faces: Any) -> tuple[Any, ...]:
    """The faces of a custom die, checked; :class:`NotationError` says what is wrong.

    >>> check_faces(["+", "-", ""])
    Traceback (most recent call last):
    ...
    companion.core.dicesets.NotationError: face 3 is empty; every face needs a name or a number.
    """
    if not isinstance(faces, Sequence) or isinstance(faces, str):
        raise NotationError("must be a list of faces such as [\"red\", \"blue\"], "
                            "not {faces!r}.", faces=faces)
    if not MIN_FACES <= len(faces) <= MAX_FACES:
        raise NotationError("a die needs {low} to {high} faces, not {n}.",
                            low=MIN_FACES, high=MAX_FACES, n=len(faces))
    for n, face in enumerate(faces, start=1):
        if isinstance(face, bool) or not isinstance(face, int | str):
            raise NotationError("face {n} must be a word or a whole number, not {face!r}.",
                                n=n, face=face)
        if isinstance(face, str) and not face.strip():
            raise NotationError("face {n} is empty; every face needs a name or a number.",
                                n=n)
        if len(str(face)) > MAX_FACE_CHARS:
            raise NotationError("face {n} ({face!r}) is longer than {most} characters.",
                                n=n, face=face, most=MAX_FACE_CHARS)
    return tuple(faces)


def parse(expression: str, named: Mapping[str, Sequence[Die]] | None = None) -> tuple[Die, ...]:
    """The dice of ``expression`` (``"3d6+d20"``, ``"2 colour + d4"``), in order.

    ``named`` maps the names of custom dice and sets to their dice.
    """
    named = named or {}
    text = expression.strip().lower()
    if not text:
        raise NotationError("an empty roll; write NdS such as 3d6 or 2d6+d20.")
    dice: list[Die] = []
    for term in (t.strip() for t in text.split("+")):
        m = _TERM.match(term)
        if not term:
            raise NotationError("a '+' with no die after it; write NdS such as 3d6 or "
                                "2d6+d20.")
        if not m:
            raise NotationError("{term!r} is not a die; write NdS such as 3d6 or "
                                "2d6+d20, or the name of a die from the config.", term=term)
        if len(m.group(1).lstrip("0")) > _DIGITS:  # int() refuses 4,300 digits
            raise NotationError("at most {most} dice in one roll.", most=MAX_DICE)
        count = int(m.group(1) or 1)
        if not 1 <= count <= MAX_DICE:
            raise NotationError("{term!r}: 1 to {most} dice, not {count}.",
                                term=term, most=MAX_DICE, count=count)
        if m.group(2) is not None:
            huge = len(m.group(2).lstrip("0")) > _DIGITS
            sides = MAX_SIDES + 1 if huge else int(m.group(2))
            if not MIN_FACES <= sides <= MAX_SIDES:
                raise NotationError("{term!r}: a die has {low} to {high} sides, not {sides}.",
                                    term=f"{term[:_DIGITS + 2]}…" if huge else term,
                                    low=MIN_FACES, high=MAX_SIDES,
                                    sides=f"{m.group(2).lstrip('0')[:_DIGITS]}…" if huge
                                    else sides)
            dice += [standard(sides)] * count
        elif m.group(3) in named:
            dice += list(named[m.group(3)]) * count
        else:
            if not named:
                raise NotationError("{name!r} is not a die: write NdS such as 3d6 (the "
                                    "config names no dice).", name=m.group(3))
            raise NotationError("{name!r} is not a die: write NdS such as 3d6, or a die "
                                "from the config ({known}).", name=m.group(3),
                                known=", ".join(sorted(named)))
        if len(dice) > MAX_DICE:
            raise NotationError("at most {most} dice in one roll.", most=MAX_DICE)
    return tuple(dice)


def describe(dice: Sequence[Die]) -> str:
    """The dice as notation, equal neighbours counted: ``2d6+d20``, ``d4+colour``."""
    parts: list[str] = []
    for label, count in groups(dice):
        parts.append(f"{count if count > 1 else ''}{label}" if label.startswith("d")
                     and label[1:].isdigit() else f"{f'{count} ' if count > 1 else ''}{label}")
    return "+".join(parts)


def groups(dice: Sequence[Die]) -> list[tuple[str, int]]:
    """Runs of equal dice as (label, count)."""
    out: list[tuple[str, int]] = []
    for die in dice:
        if out and out[-1][0] == die.label:
            out[-1] = (die.label, out[-1][1] + 1)
        else:
            out.append((die.label, 1))
    return out


def total(faces: Sequence[Any]) -> int | None:
    """The sum of the faces, or None when any face is not a number."""
    if not all(isinstance(f, int) and not isinstance(f, bool) for f in faces):
        return None
    return sum(faces)


def roll_line(expression: str, dice: Sequence[Die], faces: Sequence[Any]) -> str:
    """One line for ``companion roll``: the faces, grouped by term, and the total."""
    name = expression.strip().lower().replace(" ", "")
    sums = total(faces)
    if len(dice) == 1:
        return f"{name}: {faces[0]}"
    chunks, i = [], 0
    for _, count in groups(dice):
        chunks.append(" ".join(str(f) for f in faces[i:i + count]))
        i += count
    shown = " + ".join(chunks)
    return f"{name}: {shown} = {sums}" if sums is not None else f"{name}: {shown}"


def distribution(dice: Sequence[Die]) -> dict[int, float]:
    """The chance of each total of the numeric ``dice`` (exact, by convolution).

    >>> round(distribution(parse("2d6"))[7], 4)
    0.1667
    """
    ways: dict[int, float] = {0: 1.0}
    for die in dice:
        if not die.numeric:
            continue
        share = 1.0 / len(die.faces)
        nxt: dict[int, float] = {}
        for s, w in ways.items():
            for face in die.faces:
                nxt[s + face] = nxt.get(s + face, 0.0) + w * share
        ways = nxt
    return dict(sorted(ways.items()))
