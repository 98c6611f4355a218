"""The box's smart dice: which Pixels dice belong to the table, and what each is called.

Kept in ``dice.toml`` in the state folder (``[[die]]`` tables: ``pixel_id``, ``type``,
``label``, and for a die that stands in for a die of the game's own, its ``faces`` in the
order of the die's numbers: a d6 as Brikks' colour die). Written whole, atomically, by
Settings → Dice; read at start and by the phone page (a file of the state folder, beside the
log: the set belongs to the box, not to its config). A file that cannot be read is
reported in one sentence and treated as no dice (it is left as it is, never deleted).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> add(folder, KnownDie(0x1A2B3C4D, "d6", "red d6"))
[KnownDie(pixel_id=439041101, die_type='d6', label='red d6', faces=())]
>>> load(folder)[0].value(4)
4
>>> colour = KnownDie(7, "d6", "colour die", ("white", "yellow", "green", "red", "blue", "black"))
>>> colour.value(4), face_of(colour, 0)
('red', 'white')
"""

from __future__ import annotations

import os
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.errors import ConfigError
from companion.core.shared_folder import file_mode
from companion.hw.pixels_messages import FACES, face_value

FILE = "dice.toml"
#: The longest label ("red d6", "青いd20").
LABEL_MAX = 12


@dataclass(frozen=True)
class KnownDie:
    """A die of the table's set: its Pixel Id, type and label; ``faces`` when its numbers
    stand for faces of the game's own (index 0 for its lowest number)."""

    pixel_id: int
    die_type: str
    label: str
    faces: tuple[Any, ...] = ()

    def value(self, face: int) -> Any:
        """What a landing on printed ``face`` means at the table: the face itself, or the
        die's own face in its place."""
        if not self.faces:
            return face
        return self.faces[FACES[self.die_type].index(face)]

    def values(self) -> list[Any]:
        """Every value the die can give, in order."""
        return list(self.faces) if self.faces else list(FACES[self.die_type])


def _checked(entry: Any, n: int) -> KnownDie:
    where = f"die[{n}]"
    if not isinstance(entry, dict):
        raise ConfigError("{where}: must be a table with pixel_id, type and label", where=where)
    pid, kind, label = entry.get("pixel_id"), entry.get("type"), entry.get("label")
    if not isinstance(pid, int) or isinstance(pid, bool) or not 0 < pid < 2**32:
        raise ConfigError("{where}.pixel_id: must be a whole number from 1 to 4294967295",
                          where=where)
    if kind not in FACES:
        raise ConfigError("{where}.type: must be one of {types}", where=where,
                          types=", ".join(FACES))
    if not isinstance(label, str) or not 0 < len(label.strip()) <= LABEL_MAX \
            or any(ord(c) < 32 for c in label):
        raise ConfigError("{where}.label: must be 1 to {most} characters on one line",
                          where=where, most=LABEL_MAX)
    faces = entry.get("faces", [])
    if not isinstance(faces, list) or (faces and len(faces) != len(FACES[kind])) \
            or not all(isinstance(f, (str, int)) and not isinstance(f, bool) for f in faces):
        raise ConfigError("{where}.faces: a {kind} stands for {n} faces (words or numbers)",
                          where=where, kind=kind, n=len(FACES[kind]))
    return KnownDie(pid, kind, label.strip(), tuple(faces))


def load(state_dir: Path) -> list[KnownDie]:
    """The table's dice; :class:`ConfigError` (one sentence) for a file that cannot be
    read, an empty list for none."""
    path = Path(state_dir) / FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise ConfigError("{path} cannot be read ({why}); the box reads no smart dice until "
                          "it is mended or removed", path=path, why=str(err)) from None
    entries = data.get("die", [])
    if not isinstance(entries, list):
        raise ConfigError("{path}: die must be a list of [[die]] tables", path=path)
    dice = [_checked(e, n) for n, e in enumerate(entries)]
    if len({d.pixel_id for d in dice}) != len(dice):
        raise ConfigError("{path}: a die is listed twice", path=path)
    return dice


def _write(state_dir: Path, dice: list[KnownDie]) -> None:
    import tomlkit

    doc = tomlkit.document()
    doc.add(tomlkit.comment("The table's smart dice (Settings > Dice); the box writes it."))
    table = tomlkit.aot()
    for d in dice:
        entry: dict[str, Any] = {"pixel_id": d.pixel_id, "type": d.die_type, "label": d.label}
        if d.faces:
            entry["faces"] = list(d.faces)
        table.append(tomlkit.item(entry))
    doc["die"] = table
    folder = Path(state_dir)
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{FILE}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fp:
            fp.write(tomlkit.dumps(doc))
            fp.flush()
            os.fsync(fp.fileno())
        os.chmod(tmp, file_mode(folder))
        os.replace(tmp, folder / FILE)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def add(state_dir: Path, die: KnownDie) -> list[KnownDie]:
    """Put ``die`` in the set (a die already in it takes the new label and faces)."""
    _checked({"pixel_id": die.pixel_id, "type": die.die_type, "label": die.label,
              "faces": list(die.faces)}, 0)
    dice = [d for d in load(state_dir) if d.pixel_id != die.pixel_id] + [die]
    _write(state_dir, dice)
    return dice


def remove(state_dir: Path, pixel_id: int) -> list[KnownDie]:
    """Take the die ``pixel_id`` out of the set (its record stays in the log)."""
    dice = [d for d in load(state_dir) if d.pixel_id != pixel_id]
    _write(state_dir, dice)
    return dice


def face_of(die: KnownDie, index: int) -> Any:
    """The value of face ``index`` as the die reports it (:func:`face_value`), in the
    table's terms (:meth:`KnownDie.value`)."""
    return die.value(face_value(index, die.die_type))
