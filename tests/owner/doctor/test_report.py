"""Guards companion.owner.doctor.report: one type for every line of the doctor's report,
whichever check made it, printed the same way."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.owner import doctor
from companion.owner.doctor.bus_clock import bus_speed_checks
from companion.owner.doctor.libraries import Probe, library_checks, pin_factory_check
from companion.owner.doctor.report import Check, print_report

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")


def missing(name: str) -> None:
    raise ModuleNotFoundError(f"No module named {name!r}", name=name)


PROBE = Probe(environ={}, import_module=missing, distribution=lambda m: None,
              load_factory=missing, sees_apt=lambda: True, venv="/v")


def test_every_check_gives_the_one_line_type() -> None:
    bonnet = from_mapping({"preset": "adafruit-oled-bonnet"})
    lines = [*bus_speed_checks(bonnet, read=lambda port: (100_000, Path("dt")),
                               timer=lambda: 0.025),
             *library_checks(bonnet, PROBE, on_pi=True),
             pin_factory_check(PROBE, on_pi=True)[0]]
    assert lines and all(type(line) is Check for line in lines)


def test_a_line_prints_its_status_name_detail_and_fix() -> None:
    assert str(Check("bus", "fail", "gone", "turn it on")) == \
        "FAIL  bus: gone\n      fix: turn it on"
    assert str(Check("board", "ok", "Raspberry Pi 4")) == "ok    board: Raspberry Pi 4"
    out: list[str] = []
    assert print_report([Check("a", "ok", "x"), Check("b", "fail", "y", "z")], out.append) == 1
    assert out[-1] == "1 problem found."


def test_no_doctor_module_defines_a_line_type_of_its_own() -> None:
    folder = Path(doctor.__file__).parent
    classes = {f"{path.stem}.{node.name}"
               for path in folder.glob("*.py")
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.ClassDef)
               and any(isinstance(s, ast.AnnAssign) and getattr(s.target, "id", "") == "status"
                       for s in node.body)}
    assert classes == {"report.Check"}
