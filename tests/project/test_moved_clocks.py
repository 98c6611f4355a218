"""Guards the moved-clock check (issue 42): ``COMPANION_TEST_CLOCK`` really moves the
clock every date reader sees and the local zone, and CI runs the suite under one."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime
from pathlib import Path

from companion.core import localtime
from tests.moved_clock import moment, travel
from tools.moved_clocks import CLOCKS

ROOT = Path(__file__).parents[2]


def test_travel_moves_the_clock_the_date_and_the_zone() -> None:
    zone_before = os.environ.get("TZ")
    back = travel("2028-02-29T23:50 America/Los_Angeles")
    try:
        assert datetime.now(UTC).date().isoformat() == "2028-03-01"  # UTC is a day on
        assert time.strftime("%Y-%m-%d") == "2028-02-29"             # the local day
        stamp = datetime.now(UTC).isoformat()
        assert localtime.local(stamp).strftime("%m-%d %H") == "02-29 23"
    finally:
        back()
    assert os.environ.get("TZ") == zone_before


def test_every_clock_reads_and_ci_runs_one() -> None:
    for spec in CLOCKS.values():
        assert moment(spec).utcoffset() is not None
    ci = (ROOT / ".ci" / "run").read_text()
    assert "test-clocks CLOCKS=new-year" in ci


def test_pytest_flags_after_the_dashes_reach_pytest(monkeypatch) -> None:
    """CI calls ``moved_clocks.py new-year -- -q -p no:cacheprovider``: the flags after
    ``--`` are pytest's, never read as clock names (a fresh clone's CI failed on it)."""
    import tools.moved_clocks as moved

    calls: list[tuple[list[str], str]] = []

    def fake_call(command: list[str], env: dict[str, str]) -> int:
        calls.append((command[3:], env["COMPANION_TEST_CLOCK"]))
        return 0

    monkeypatch.setattr(moved.subprocess, "call", fake_call)
    assert moved.main(["new-year", "--", "-q", "-p", "no:cacheprovider"]) == 0
    assert calls == [(["-q", "-p", "no:cacheprovider"], CLOCKS["new-year"])]
    assert moved.main(["--", "-q"]) == 0 and len(calls) == 1 + len(CLOCKS)
    assert moved.main(["noon"]) == 2


#: What CI's moved-clock run leaves out, and the code those tests cover.
LEFT_OUT = {"tests/games": "companion/games", "tests/ui": "companion/ui",
            "tests/hw": "companion/hw", "tests/network": "companion/network"}


def test_what_ci_runs_under_no_moved_clock_never_reads_the_date() -> None:
    """CI runs the suite under the new-year clock without these tests, to stay well under
    30 minutes: that holds only while the code they cover reads no date, no wall-clock
    time and no local zone (a monotonic clock for key timing is fine)."""
    import re

    ci = (ROOT / ".ci" / "run").read_text()
    for tests in LEFT_OUT:
        assert tests in ci.split("test-clocks", 1)[1]
    reads = re.compile(r"\bdatetime\b|\blocaltime\b|\bstrftime\b|\bdate\.today\b|"
                       r"\btime\.time\(|\btime\.gmtime\(|\bzoneinfo\b")
    found = [f"{path.relative_to(ROOT)}:{n}" for code in LEFT_OUT.values()
             for path in sorted((ROOT / code).rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if reads.search(line)]
    assert found == []
