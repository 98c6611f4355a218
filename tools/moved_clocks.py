"""Run the whole test suite under moved clocks: New Year, a leap day, a daylight-saving
change and the first days of a month, each in a time zone where the local day is not
UTC's. The suite must pass at any date, hour and zone (issue 42): a test that needs a day
sets it; this checks that none reads today's by accident.

    python tools/moved_clocks.py              # every clock below, one after the other
    python tools/moved_clocks.py new-year     # one of them (CI runs this one)
    python tools/moved_clocks.py --list

Extra arguments after ``--`` go to pytest. Exit status: 0 when every run passed, else the
first failing run's.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

#: name → "local ISO time  zone": the clock each run starts at.
CLOCKS = {
    # UTC+14: already the new year there, still 31 December in UTC.
    "new-year": "2027-01-01T00:05 Pacific/Kiritimati",
    # 29 February late in the evening: 1 March in UTC.
    "leap-day": "2028-02-29T23:50 America/Los_Angeles",
    # 30 s before Berlin's clocks jump from 02:00 to 03:00, so the change happens mid-run.
    "dst-spring": "2027-03-28T01:59:30 Europe/Berlin",
    # A one-digit day, early morning in Tokyo: the evening before in UTC.
    "first-days": "2026-12-02T07:30 Asia/Tokyo",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", metavar="CLOCK",
                        help=f"which clocks ({', '.join(CLOCKS)}); default all")
    parser.add_argument("--list", action="store_true", help="print the clocks and stop")
    argv = sys.argv[1:] if argv is None else argv
    # Everything after "--" is pytest's, flags included; argparse would read "-q" as a clock.
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    pytest_args = argv[cut + 1:]
    if args.list:
        for name, spec in CLOCKS.items():
            print(f"{name:12} {spec}")
        return 0
    unknown = [n for n in args.names if n not in CLOCKS]
    if unknown:
        print(f"moved_clocks: no clock named {unknown[0]!r}; choose from "
              f"{', '.join(CLOCKS)}.", file=sys.stderr)
        return 2
    for name in args.names or list(CLOCKS):
        print(f"== the suite at {CLOCKS[name]} ({name})", flush=True)
        env = {**os.environ, "COMPANION_TEST_CLOCK": CLOCKS[name]}
        code = subprocess.call([sys.executable, "-m", "pytest", *pytest_args], env=env)
        if code:
            print(f"moved_clocks: the suite failed at {CLOCKS[name]} ({name}).",
                  file=sys.stderr)
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
