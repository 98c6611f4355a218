"""One line of ``companion doctor``'s report, and the report's last line.

>>> print(Check("bus", "fail", "/dev/i2c-1 does not exist", "turn I2C on"))
FAIL  bus: /dev/i2c-1 does not exist
      fix: turn I2C on
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from companion.core.i18n import _, ngettext


class Check(NamedTuple):
    """One line of the report: ``ok``, ``fail`` (with a ``fix``), ``skip`` or ``info``;
    every check of the doctor gives these (:mod:`.storage`, :mod:`.display`,
    :mod:`.bus_clock`, :mod:`.libraries`, :mod:`.buttons`, :mod:`.games`)."""

    name: str
    status: str  # "ok", "fail", "skip" or "info"
    detail: str
    fix: str = ""

    def __str__(self) -> str:
        label = {"fail": "FAIL"}.get(self.status, self.status)
        line = f"{label:<5} {_(self.name)}: {self.detail}"  # the status word stays greppable
        return line + ("\n      " + _("fix: {fix}").format(fix=self.fix) if self.fix else "")


def print_report(checks: Sequence[Check], out: Callable[[str], None] = print) -> int:
    """Print every line and how many problems; 1 if anything failed, else 0."""
    for check in checks:
        out(str(check))
    failed = [c for c in checks if c.status == "fail"]
    out(
        ngettext("{n} problem found.", "{n} problems found.", len(failed)).format(n=len(failed))
        if failed
        else _("Nothing wrong found.")
    )
    return 1 if failed else 0
