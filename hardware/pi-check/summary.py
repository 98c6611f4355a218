"""A short Markdown summary of one ``make pi-check`` suite, from its log and timings.

    python3 summary.py SUITE ARCH DIR      (DIR holds check.log and the *.times files)

It reads the ``@@`` lines the README steps and ``after-steps.sh`` print, and pip's own
output: which distributions came as wheels, which pip built from source (each must be a
pure-Python ``none-any`` wheel, since the root has no compiler), which apt provided.

>>> log = '''@@ step 1: sudo apt install git
... @@ rc=0 seconds=12.5
... Collecting Pillow>=10.1
...   Downloading pillow-12.0.0-cp313-cp313-manylinux_2_28_aarch64.whl (6.0 MB)
... Requirement already satisfied: lgpio>=0.2.2.0 in /usr/lib/python3/dist-packages (0.2.2.0)
...   Created wheel for sdnotify: filename=sdnotify-0.3.2-py3-none-any.whl size=4 sha256=0
... @@ check roll rc=0 seconds=1.5'''
>>> facts = parse(log)
>>> facts["wheels"]
['pillow-12.0.0-cp313-cp313-manylinux_2_28_aarch64.whl']
>>> facts["built"], facts["apt"]
(['sdnotify-0.3.2-py3-none-any.whl'], ['lgpio 0.2.2.0'])
>>> facts["steps"], facts["checks"]
([('sudo apt install git', '0', '12.5')], [('roll', '0', '1.5')])
"""

from __future__ import annotations

import datetime
import re
import sys
from pathlib import Path


def parse(log: str) -> dict:
    facts: dict = {"steps": [], "checks": [], "wheels": [], "sdists": [], "built": [],
                   "apt": [], "notes": [], "versions": [], "doctor": []}
    step = None
    for line in log.splitlines():
        if m := re.match(r"@@ step \d+: (.*)", line):
            step = m.group(1)
        elif m := re.match(r"@@ rc=(\d+) seconds=([\d.]+)", line):
            facts["steps"].append((step, m.group(1), m.group(2)))
        elif line.startswith("@@ skipped:"):
            facts["steps"].append((step, "—", line[len("@@ skipped: "):]))
        elif m := re.match(r"@@ check (\S+) rc=(\d+) seconds=([\d.]+)", line):
            facts["checks"].append(m.groups())
        elif m := re.match(r"@@ version (.*)", line):
            facts["versions"].append(m.group(1))
        elif line.startswith("@@ ") and not line.startswith("@@ begin"):
            facts["notes"].append(line[3:])
        elif re.match(r"(ok|FAIL|skip|info)\s+(library|pin factory)", line):
            if line not in facts["doctor"]:
                facts["doctor"].append(line)
        elif re.match(r"3d6: |\d+ passed", line):
            facts["notes"].append(line)
        elif m := re.search(r"(?:Downloading|Using cached) (\S+\.whl)", line):
            facts["wheels"].append(m.group(1).rsplit("/", 1)[-1])
        elif m := re.search(r"(?:Downloading|Using cached) (\S+\.(?:tar\.gz|zip))", line):
            facts["sdists"].append(m.group(1).rsplit("/", 1)[-1])
        elif m := re.search(r"Created wheel for \S+: filename=(\S+\.whl)", line):
            facts["built"].append(m.group(1))
        elif m := re.search(r"Running setup\.py install for (\S+): finished", line):
            facts["built"].append(f"{m.group(1)} (setup.py install)")
        elif m := re.search(r"Requirement already satisfied: ([A-Za-z0-9_.-]+)\S* in "
                            r"/usr/lib/python3/dist-packages.*\(([^()]+)\)$", line):
            facts["apt"].append(f"{m.group(1)} {m.group(2)}")
    return facts


def _times(directory: Path) -> dict[str, str]:
    out = {}
    for path in directory.glob("*.times"):
        for line in path.read_text().splitlines():
            key, _, value = line.partition("=")
            out[key] = value
    return out


def render(suite: str, arch: str, facts: dict, times: dict[str, str]) -> str:
    compiled = [w for w in facts["built"]
                if w.endswith(".whl") and not re.search(r"-none-any\.whl$", w)]
    failed = [c for c in facts["checks"] if c[1] != "0"] + \
        [s for s in facts["steps"] if s[1] not in ("0", "—")]
    lines = [f"### {suite} ({arch}) — {datetime.date.today().isoformat()}", ""]
    lines.append(f"- result: **{'FAILED' if failed or compiled else 'passed'}**")
    for key, label in (("debootstrap_seconds", "debootstrap (first run, cached after)"),
                       ("standin_seconds", "stand-in python3-lgpio built (cached after)"),
                       ("check_seconds", "README steps + checks")):
        if key in times:
            lines.append(f"- {label}: {times[key]} s")
    lines += ["", "| README step | rc | seconds |", "|---|---|---|"]
    lines += [f"| `{s}` | {rc} | {sec} |" for s, rc, sec in facts["steps"]]
    lines += ["", f"- wheels pip downloaded ({len(facts['wheels'])}): "
              + ", ".join(sorted(facts["wheels"]))]
    lines.append("- source archives pip downloaded: " + (", ".join(facts["sdists"]) or "none"))
    lines.append("- built by pip from source (no compiler present, so pure Python only): "
                 + (", ".join(facts["built"]) or "none"))
    if compiled:
        lines.append(f"- **compiled: {', '.join(compiled)}**")
    lines.append("- from apt through --system-site-packages: "
                 + (", ".join(facts["apt"]) or "none"))
    lines += [f"- {n}" for n in facts["notes"]]
    lines.append("- installed: " + "; ".join(facts["versions"]))
    if facts["doctor"]:
        lines += ["", "`companion doctor`'s new lines (the service's config, the Bonnet; the "
                  "Waveshare HAT's):", "",
                  "```", *facts["doctor"], "```"]
    lines += ["", "| check | rc | seconds |", "|---|---|---|"]
    lines += [f"| {name} | {rc} | {sec} |" for name, rc, sec in facts["checks"]]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: summary.py SUITE ARCH DIR", file=sys.stderr)
        return 2
    suite, arch, directory = argv[0], argv[1], Path(argv[2])
    log = (directory / "check.log").read_text(encoding="utf-8", errors="replace")
    sys.stdout.write(render(suite, arch, parse(log), _times(directory)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
