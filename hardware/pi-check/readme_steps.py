"""The README's Raspberry Pi steps, as scripts ``make pi-check`` runs in a root as the
ordinary user ``pi`` with sudo, as a maker types them.

It reads the ``sh`` blocks of the README's "Installing on a Raspberry Pi" section — the
install (the first block), "Updating" and "Uninstalling" — so the check follows exactly
what a maker is told, and translates each line for an emulated root: ``sudo`` stays,
``apt`` becomes ``apt-get -y`` (no questions), the clone comes from the repository that
stands in for the project's address, and ``raspi-config`` (Raspberry Pi OS's own tool; an
emulated root has no I²C or SPI bus to turn on) and ``reboot`` (an emulated root is not
booted) are skipped, saying so.

>>> text = ("## Installing on a Raspberry Pi\\n```sh\\nsudo apt install git\\n"
...         "git clone https://example.org/c.git ~/c\\n```\\n")
>>> [(s.command, s.readme) for s in steps(text, repository="/srv/c.git")][0]
('sudo DEBIAN_FRONTEND=noninteractive apt-get install -y git', 'sudo apt install git')
>>> steps(text, repository="/srv/c.git")[1].command
'git clone /srv/c.git ~/c'

Run as a program it prints a bash script:
``python3 readme_steps.py README.md REPOSITORY [install|update|uninstall]``.
Each step is announced as ``@@ step N: <README line>`` and ends with ``@@ rc=R seconds=S``;
the script stops at the first step that fails.
"""

from __future__ import annotations

import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

SECTION = "## Installing on a Raspberry Pi"
#: The README's blocks: the first ``sh`` block of the section, and the one under each heading.
BLOCKS = {"install": None, "update": "### Updating", "uninstall": "### Uninstalling"}
SKIP_RASPI_CONFIG = ("skipped: raspi-config is Raspberry Pi OS's own tool, and an emulated "
                     "root has no I²C or SPI bus to turn on")
SKIP_REBOOT = "skipped: an emulated root is not booted, so there is nothing to reboot"


@dataclass(frozen=True)
class Step:
    readme: str  # the line as the README has it
    command: str | None  # what runs in the root; None = skipped
    note: str = ""


def _section(text: str) -> str:
    at = text.find(SECTION)
    if at < 0:
        raise ValueError(f"the README has no {SECTION!r} section")
    rest = text[at + len(SECTION):]
    end = re.search(r"^## ", rest, re.M)
    return rest[:end.start()] if end else rest


def install_block(text: str, block: str = "install") -> list[str]:
    """The lines of the README's ``block`` (a key of :data:`BLOCKS`)."""
    section = _section(text)
    heading = BLOCKS[block]
    if heading is not None:
        at = section.find(heading + "\n")
        if at < 0:
            raise ValueError(f"{SECTION!r} has no {heading!r}")
        section = section[at:]
    match = re.search(r"^```sh\n(.*?)^```", section, re.S | re.M)
    if match is None:
        raise ValueError(f"{heading or SECTION!r} has no ```sh block")
    return [line for line in match.group(1).splitlines() if line.strip()]


def translate(line: str, repository: str) -> Step:
    if "raspi-config" in line:
        return Step(line, None, SKIP_RASPI_CONFIG)
    if re.match(r"\s*sudo reboot\b", line):
        return Step(line, None, SKIP_REBOOT)
    command = re.sub(r"\bgit clone \S+", f"git clone {repository}", line)
    command = re.sub(r"\bapt (install|remove|purge)\b",
                     r"DEBIAN_FRONTEND=noninteractive apt-get \1 -y", command)
    command = re.sub(r"\bapt (update|upgrade)\b", r"apt-get \1", command)
    command = re.sub(r"\s+#.*$", "", command).strip()  # the README's own comments
    return Step(line, command)


def steps(text: str, repository: str, block: str = "install") -> list[Step]:
    return [translate(line, repository) for line in install_block(text, block)]


def script(all_steps: list[Step]) -> str:
    """A bash script running ``all_steps`` in one shell, so ``cd`` carries over."""
    out = ["#!/bin/bash", "# Written by hardware/pi-check/readme_steps.py: the README's Pi steps.",
           "set -u",
           'seconds() { awk -v a="$1" -v b="$EPOCHREALTIME" \'BEGIN{printf "%.1f", b-a}\'; }']
    for n, step in enumerate(all_steps, 1):
        out.append(f"echo {shlex.quote(f'@@ step {n}: {step.readme}')}")
        if step.command is None:
            out.append(f"echo {shlex.quote(f'@@ {step.note}')}")
            continue
        out += ["t0=$EPOCHREALTIME", step.command,
                'rc=$?; echo "@@ rc=$rc seconds=$(seconds "$t0")"',
                '[ "$rc" = 0 ] || exit "$rc"']
    out.append("echo '@@ README steps done'")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3) or (len(argv) == 3 and argv[2] not in BLOCKS):
        print("usage: readme_steps.py README.md REPOSITORY [install|update|uninstall]",
              file=sys.stderr)
        return 2
    readme, repository, *block = argv
    try:
        text = Path(readme).read_text(encoding="utf-8")
        sys.stdout.write(script(steps(text, repository, *block)))
    except (OSError, ValueError) as err:
        print(f"readme_steps: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
