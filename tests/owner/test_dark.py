"""Guards "Stopped" going dark (issue 42): ``display.on_stop = "message"`` (the default)
left the "Stopped" frame lit for days after the box stopped — an OLED burns in, and no
process of the box is left to turn it off. Now ``companion.service`` starts
``companion-dark.service`` once it has stopped; ``companion dark`` waits
``display.off_after`` seconds (the screensaver's own rest), then turns the panel off; the
box's next start stops it first.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from luma.core.device import dummy

from companion.app.runtime import show_stopped
from companion.config.file import from_mapping
from companion.owner import install
from companion.owner.dark import dark
from companion.testing import Rig

ROOT = Path(__file__).resolve().parents[2]


class Panel:
    """A dummy panel that remembers whether it is lit."""

    def __init__(self) -> None:
        self.device = dummy(width=128, height=64, mode="1")
        self.lit = True

    def hide(self) -> None:
        self.lit = False


def test_the_stopped_frame_goes_dark_after_off_after() -> None:
    config = from_mapping({"display": {"driver": "dummy", "off_after": 900}})
    rig = Rig(config=config)
    try:
        show_stopped(rig.app)  # what the box leaves when it stops
        assert "Stopped" in rig.app.texts
    finally:
        rig.close()
    panel, waited, said = Panel(), [], []
    assert dark(config, sleep=waited.append, open_display=lambda c: panel,
                out=said.append) == 0
    assert waited == [900] and panel.lit is False
    assert said == ["The panel is off (900 s after the box stopped)."]


@pytest.mark.parametrize("display", [{"on_stop": "blank"}, {"off_after": 0}])
def test_blank_or_never_does_nothing(display: dict) -> None:
    config = from_mapping({"display": {"driver": "dummy", **display}})
    waited: list[float] = []
    assert dark(config, sleep=waited.append, open_display=lambda c: pytest.fail()) == 0
    assert waited == []


def unit(name: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in (ROOT / "systemd" / name).read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            out.setdefault(key, []).append(value)
    return out


def test_the_box_starts_it_after_stopping_and_stops_it_before_starting() -> None:
    box = unit("companion.service")
    assert box["ExecStopPost"] == ["-+/usr/bin/systemctl start --no-block companion-dark.service"]
    assert box["ExecStartPre"] == ["-+/usr/bin/systemctl stop --no-block companion-dark.service"]
    dark_unit = unit("companion-dark.service")
    assert dark_unit["ExecStart"][0].endswith(" dark") and "WantedBy" not in dark_unit
    assert dark_unit["User"] == ["companion"] and "char-i2c rw" in dark_unit["DeviceAllow"]
    assert [u.name for u in install.UNITS if not u.enabled] == ["companion-dark.service"]
    names = [s.command for s in install.systemd_steps() if s.command]
    assert all("companion-dark.service" not in cmd for cmd in names)  # never enabled


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_systemd_analyze_verify_passes_every_unit(tmp_path: Path) -> None:
    exe = tmp_path / "venv" / "bin" / "companion"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    for u in install.UNITS:
        (tmp_path / u.name).write_text(install.unit_text(exe, ROOT / "systemd" / u.name,
                                                         command=u.command))
    done = subprocess.run(["systemd-analyze", "verify",
                           *[str(tmp_path / u.name) for u in install.UNITS]],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert [line for line in done.stderr.splitlines() if str(tmp_path) in line] == []
