"""The Pi's I²C bus clock, set in its ``config.txt``: ``dtparam=i2c_arm_baudrate=…``.

The Pi boots its I²C bus at 100 kHz; a whole 128×64 frame then takes 93 ms on the
wire. The SSD1306 and SH1106 run at 400 kHz (23 ms a frame).
``companion install-service`` writes ``dtparam=i2c_arm_baudrate=400000`` for a board on
I²C (``--i2c-speed`` another clock; 100000, the Pi's own, adds no line) after a backup of the
file (:func:`plan` says what, :func:`companion.owner.install.clock_steps` does it), replacing
any ``i2c_arm_baudrate``/``i2c1_baudrate`` value already there, so running it twice
changes nothing the second time. The firmware reads the file at boot: the new clock is
in force after a reboot, and ``companion doctor`` shows which one is.

>>> new, change = with_baudrate("dtparam=i2c_arm=on\\n", 400_000)
>>> new
'dtparam=i2c_arm=on\\ndtparam=i2c_arm_baudrate=400000\\n'
>>> with_baudrate(new, 400_000)[1] is None      # already set: nothing to do
True
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path

from companion.core.errors import CommandError
from companion.core.i18n import _

#: Where the firmware's config.txt lives: Raspberry Pi OS Bookworm and later first
#: (there ``/boot/config.txt`` is only a note saying it moved), then older releases.
CONFIG_TXT = (Path("/boot/firmware/config.txt"), Path("/boot/config.txt"))
LOWEST, HIGHEST = 10_000, 1_000_000
#: The clock the Pi's firmware sets when config.txt names none.
PI_DEFAULT = 100_000
# i2c_arm is i2c1 on every Pi: any of these names sets the same bus's clock
# (i2c_baudrate is the alias Raspberry Pi's config.txt documentation gives)
_VALUE = re.compile(r"\b(i2c_arm_baudrate|i2c1_baudrate|i2c_baudrate)=([^,\s#]*)")
_ENABLES = re.compile(r"\b(i2c_arm|i2c1|i2c)=on\b")
#: A line's word that turns bus 1 on or off: ``i2c_arm=on``, ``i2c=off``, a bare ``i2c_arm``
_SWITCH = re.compile(r"(?<![\w])(i2c_arm|i2c1|i2c)(?:=([^,\s#]*))?(?=[,\s#]|$)")
_ON = {"on", "true", "yes", "1", ""}


def check_speed(hz: int) -> int:
    """``hz`` if the bus can be asked for it, else a :class:`CompanionError` saying why."""
    if not LOWEST <= hz <= HIGHEST:
        raise CommandError("--i2c-speed: must be between {lowest} and {highest} Hz (100000 is "
                           "the Pi's default, 400000 the displays' fast mode), not {hz}.",
                           lowest=LOWEST, highest=HIGHEST, hz=hz)
    return hz


def find_config_txt(candidates: tuple[Path, ...] | None = None) -> Path:
    """The first of ``candidates`` (default :data:`CONFIG_TXT`) that exists; a file that
    says it moved is skipped."""
    candidates = candidates or CONFIG_TXT
    for path in candidates:
        if path.is_file() and "has moved" not in path.read_text(errors="replace")[:400]:
            return path
    raise CommandError("no config.txt at {paths}: --i2c-speed works on a Raspberry Pi only.",
                       paths=", ".join(str(p) for p in candidates))


def _active(line: str) -> bool:
    return line.lstrip().startswith("dtparam=")


def with_baudrate(text: str, hz: int) -> tuple[str, str | None]:
    """``text`` with the bus clock set to ``hz``, and what changed (None: nothing).

    Every active ``dtparam`` line that sets the clock gets the new value (commented
    lines stay as they are). If none does, a line goes right after the one that turns
    I²C on for every model (before any section, or under ``[all]``), else at the end
    (under ``[all]`` when the file has conditional sections). If
    the only ones are in conditional sections (``[pi0]`` …), which this board may not
    match, a line for every model goes at the end as well.
    """
    lines = text.splitlines(keepends=True)
    changed = []
    found = everywhere = False
    section = "[all]"
    for i, line in enumerate(lines):
        if line.lstrip().startswith("["):  # a conditional section: [pi4], [cm5], [all] …
            section = line.split("#")[0].strip()
            continue
        if not _active(line) or not _VALUE.search(line):
            continue
        found = True
        everywhere |= section == "[all]"
        new = _VALUE.sub(lambda m: f"{m.group(1)}={hz}", line)
        if new != line:
            changed.append(_("line {n}: {old} → {new}").format(n=i + 1, old=line.strip(),
                                                                new=new.strip()))
            lines[i] = new
    if everywhere:
        return "".join(lines), ("; ".join(changed) or None)
    entry = f"dtparam=i2c_arm_baudrate={hz}\n"
    if found:  # set only for some models ([pi0] …): this board may not be one of them
        at_end, change = _at_end(lines, entry, changed)
        return "".join(at_end), change
    section = "[all]"
    for i, line in enumerate(lines):
        if line.lstrip().startswith("["):
            section = line.split("#")[0].strip()
        elif section == "[all]" and _active(line) and _ENABLES.search(line):
            if not line.endswith("\n"):
                lines[i] = line + "\n"
            lines.insert(i + 1, entry)
            return "".join(lines), _("added after line {n} ({line}): {entry}").format(
                n=i + 1, line=line.strip(), entry=entry.strip())
    at_end, change = _at_end(lines, entry, [])
    return "".join(at_end), change


def _switch(line: str) -> re.Match[str] | None:
    """The last word of an active dtparam ``line`` that turns I²C bus 1 on or off."""
    if not _active(line):
        return None
    found = list(_SWITCH.finditer(line.split("#")[0], len("dtparam=") + line.index("dtparam=")))
    return found[-1] if found else None


def with_i2c_on(text: str) -> tuple[str, str | None]:
    """``text`` with I²C bus 1 turned on for every model, and what changed (None: it was on).

    The last word for every model wins, as in the firmware: ``dtparam=i2c_arm=off`` becomes
    ``=on``; with none, the shipped ``#dtparam=i2c_arm=on`` is uncommented; with neither,
    ``dtparam=i2c_arm=on`` goes at the end for every model (as ``raspi-config nonint
    do_i2c 0`` does).

    >>> with_i2c_on("#dtparam=i2c_arm=on\\n")
    ('dtparam=i2c_arm=on\\n', 'line 1: #dtparam=i2c_arm=on → dtparam=i2c_arm=on')
    >>> with_i2c_on("dtparam=i2c_arm=on\\n")[1] is None
    True
    """
    lines = text.splitlines(keepends=True)
    section, last, commented = "[all]", None, None
    for i, line in enumerate(lines):
        if line.lstrip().startswith("["):
            section = line.split("#")[0].strip()
        elif section == "[all]":
            match = _switch(line)
            if match is not None:
                last = (i, match)
            elif re.fullmatch(r"#\s*dtparam=i2c_arm=on\s*", line.strip()):
                commented = i
    if last is not None:
        i, match = last
        if (match.group(2) or "").lower() in _ON:
            return text, None
        new = line_on = lines[i][:match.start()] + f"{match.group(1)}=on" + lines[i][match.end():]
    elif commented is not None:
        i = commented
        new = line_on = "dtparam=i2c_arm=on" + ("\n" if lines[i].endswith("\n") else "")
    else:
        lines, change = _at_end(lines, "dtparam=i2c_arm=on\n", [])
        return "".join(lines), change
    old, lines[i] = lines[i], new
    return "".join(lines), _("line {n}: {old} → {new}").format(n=i + 1, old=old.strip(),
                                                              new=line_on.strip())


def _at_end(lines: list[str], entry: str, changed: list[str]) -> tuple[list[str], str]:
    """``lines`` with ``entry`` added at the end, for every model (under ``[all]`` when the
    file ends in a conditional section), and what changed."""
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    sections = [line.split("#")[0].strip() for line in lines if line.lstrip().startswith("[")]
    if sections and sections[-1] != "[all]":
        lines.append("[all]\n")
    lines.append(entry)
    return lines, "; ".join(
        [*changed, _("added at the end: {entry}").format(entry=entry.strip())])


@dataclass(frozen=True)
class ClockChange:
    """What setting the clock does to config.txt: ``path`` gets ``text``, after a copy
    to ``backup``; ``change`` says which line, for a person."""

    path: Path
    backup: Path
    text: str
    change: str
    hz: int
    turns_on: bool = False  # I²C was off: the change turns it on too


def plan(hz: int, candidates: tuple[Path, ...] | None = None,
         stamp: str | None = None) -> tuple[ClockChange | None, str]:
    """The change that sets the clock to ``hz`` (None when it is set already), and a note
    for the owner. Nothing is written here (:mod:`companion.owner.install` does it)."""
    check_speed(hz)
    path = find_config_txt(candidates)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CommandError("{path} is not plain text; add the line dtparam=i2c_arm_baudrate={hz}"
                           " to it by hand.",
                           path=path, hz=hz) from None
    text_on, turned_on = with_i2c_on(text)
    if hz == PI_DEFAULT and not any(_active(line) and _VALUE.search(line)
                                    for line in text.splitlines()):
        if turned_on is None:
            return None, _("{path} sets no I²C clock: the bus stays at the Pi's default, "
                           "100 kHz.").format(path=path)
        new, change = text_on, None
    else:
        new, change = with_baudrate(text_on, hz)
    if change is None and turned_on is None:
        return None, _("{path} already sets the I²C clock to {hz} Hz: nothing to change."
                       ).format(path=path, hz=hz)
    stamp = stamp or time.strftime("%Y%m%d-%H%M%S")
    backup = path.with_name(f"{path.name}.companion-{stamp}")
    said = "; ".join(c for c in (turned_on, change) if c)
    if turned_on is not None:
        return ClockChange(path, backup, new, said, hz, turns_on=True), _(
            "I²C was off in {path}: it is turned on, in force at the next boot: sudo reboot. "
            "Then `companion doctor` shows the bus and its clock. To undo: sudo cp {backup} "
            "{path}").format(backup=backup, path=path)
    return ClockChange(path, backup, new, said, hz), _(
        "The I²C clock changes at the next boot: sudo reboot. Then `companion doctor` "
        "shows the clock in force. To undo: sudo cp {backup} {path}").format(backup=backup,
                                                                            path=path)
