"""The README's Raspberry Pi install steps, as a script ``make pi-check`` runs in a root.

It reads the first ``sh`` block of the README's "Installing on a Raspberry Pi" section, so
the check follows exactly what a maker is told, and translates each line for an emulated
root where everything runs as root: ``sudo`` goes, ``apt`` becomes ``apt-get -y``, the
clone comes from a bundle of this repository, and ``raspi-config`` (Raspberry Pi OS's own
tool; an emulated root has no I²C or SPI bus to turn on) is skipped, saying so.

>>> text = "## Installing on a Raspberry Pi\\n```sh\\nsudo apt install git\\n```\\n"
>>> [(s.command, s.readme) for s in steps(text, repository="/r.bundle")]
[('apt-get install -y git', 'sudo apt install git')]

Run as a program it prints the bash script: ``python3 readme_steps.py README.md BUNDLE``.
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
SKIP_RASPI_CONFIG = ("skipped: raspi-config is Raspberry Pi OS's own tool, and an emulated "
                     "root has no I²C or SPI bus to turn on")


@dataclass(frozen=True)
class Step:
    readme: str  # the line as the README has it
    command: str | None  # what runs in the root; None = skipped
    note: str = ""


def install_block(text: str) -> list[str]:
    """The lines of the first ``sh`` block in the README's Pi section."""
    at = text.find(SECTION)
    if at < 0:
        raise ValueError(f"the README has no {SECTION!r} section")
    rest = text[at:]
    match = re.search(r"^```sh\n(.*?)^```", rest, re.S | re.M)
    if match is None:
        raise ValueError(f"{SECTION!r} has no ```sh block")
    return [line for line in match.group(1).splitlines() if line.strip()]


def translate(line: str, repository: str) -> Step:
    if "raspi-config" in line:
        return Step(line, None, SKIP_RASPI_CONFIG)
    command = line.replace("<this repository>", repository)
    command = re.sub(r"(^|&&|;|\|\|)(\s*)sudo\s+", r"\1\2", command)
    command = re.sub(r"\bapt (install|remove|purge)\b", r"apt-get \1 -y", command)
    command = re.sub(r"\bapt (update|upgrade)\b", r"apt-get \1", command)
    command = re.sub(r"\s+#.*$", "", command).strip()  # the README's own comments
    return Step(line, command)


def steps(text: str, repository: str) -> list[Step]:
    return [translate(line, repository) for line in install_block(text)]


def script(all_steps: list[Step]) -> str:
    """A bash script running ``all_steps`` in one shell, so ``cd`` carries over."""
    out = ["#!/bin/bash", "# Written by hardware/pi-check/readme_steps.py: the README's Pi steps.",
           "set -u", "export DEBIAN_FRONTEND=noninteractive",
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
    if len(argv) != 2:
        print("usage: readme_steps.py README.md REPOSITORY", file=sys.stderr)
        return 2
    readme, repository = argv
    try:
        text = Path(readme).read_text(encoding="utf-8")
        sys.stdout.write(script(steps(text, repository)))
    except (OSError, ValueError) as err:
        print(f"readme_steps: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
