"""Guards companion.owner.doctor.probes: the doctor takes its config and one Probes (the
real machine by default), and a probe replaced by name is the same as one given in it."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from companion.config.file import from_mapping
from companion.owner.doctor.checks import Doctor
from companion.owner.doctor.probes import Probes

CONFIG = from_mapping({"state": {"dir": "/tmp/companion-probes-test"}})


def test_the_real_machine_by_default() -> None:
    probes = Probes()
    assert probes.dev == Path("/dev") and probes.model == Path("/proc/device-tree/model")
    assert probes.service_state == Path("/var/lib/companion")
    assert probes.pin_factory is None and probes.bus_speed is None and probes.libs is None
    assert isinstance(probes.user(), str) and isinstance(probes.groups(), set)


def test_the_doctor_holds_its_config_and_its_probes(tmp_path: Path) -> None:
    given = Probes(model=tmp_path / "no-model", dev=tmp_path)
    assert Doctor(CONFIG, given).probes is not None
    assert Doctor(CONFIG, given).probes == given
    assert Doctor(CONFIG, model=tmp_path / "no-model", dev=tmp_path).probes == given
    assert Doctor(CONFIG, given, dev=Path("/x")).probes.dev == Path("/x")


def test_both_ways_print_the_same_report(tmp_path: Path) -> None:
    def lines(doctor: Doctor) -> list[str]:
        return [str(c) for c in doctor.run() if not c.name.startswith(("card", "disk"))]

    given = Probes(model=tmp_path / "no-model", user=lambda: "pi", groups=set)
    assert lines(Doctor(CONFIG, given)) == lines(Doctor(CONFIG, model=tmp_path / "no-model",
                                                        user=lambda: "pi", groups=set))


def test_every_probe_is_documented() -> None:
    assert all(f"``{f.name}" in (Probes.__doc__ or "") for f in fields(Probes))
