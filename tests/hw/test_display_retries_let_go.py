"""Guards the retries of an OLED that does not answer (a loose ribbon, a panel unplugged):
each failed attempt lets go of its bus.

luma opens ``/dev/i2c-N`` and registers the device's exit hook before it sends the init
sequence; when the panel does not answer, that half-made device kept its open bus. So every
retry (each 30 s) leaked a file descriptor — a service has 1024, gone within hours — and at
exit those devices' hooks switched the panel off once it was back, over the "Stopped" frame.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import smbus2

from companion.config.file import from_mapping
from companion.hw.display import open_display
from companion.hw.guarded import open_guarded

BONNET = from_mapping({"preset": "adafruit-oled-bonnet"})

FAKE_BUS = textwrap.dedent('''
    class FakeSMBus:
        """/dev/i2c-1 with an SSD1306 that answers only while plugged in."""
        plugged = False
        opened = set()

        def __init__(self, port):
            self.fd = 3
            FakeSMBus.opened.add(self)

        def _write(self, reg, data):
            if self.fd is None:
                raise OSError(9, "Bad file descriptor")
            if not FakeSMBus.plugged:
                raise OSError(121, "Remote I/O error")
            if reg == 0x00 and 0xAE in data:
                print("display off", flush=True)

        def write_i2c_block_data(self, addr, reg, data, force=None):
            self._write(reg, list(data))

        def i2c_rdwr(self, *msgs):
            for msg in msgs:
                data = list(msg)
                self._write(data[0], data[1:])

        def close(self):
            FakeSMBus.opened.discard(self)
            self.fd = None
''')
namespace: dict = {}
exec(FAKE_BUS, namespace)  # noqa: S102 - the same fake as the child process below
FakeSMBus = namespace["FakeSMBus"]


@pytest.fixture
def bus(monkeypatch: pytest.MonkeyPatch):
    FakeSMBus.plugged = False
    FakeSMBus.opened = set()
    monkeypatch.setattr(smbus2, "SMBus", FakeSMBus)
    return FakeSMBus


def test_failed_attempts_leave_no_bus_open(bus) -> None:
    timers: list = []
    guard = open_guarded(lambda: open_display(BONNET), log=None,
                         schedule=lambda delay, fn: timers.append(fn))
    for _ in range(50):  # 50 retries of a panel that does not answer
        guard._next_try = 0
        guard.retry()
    assert not guard.healthy
    assert len(bus.opened) == 0
    bus.plugged = True
    guard.retry()
    assert guard.healthy and len(bus.opened) == 1  # the one that answered


CHILD = FAKE_BUS + textwrap.dedent('''
    import smbus2
    smbus2.SMBus = FakeSMBus
    from PIL import Image
    from companion.config.file import from_mapping
    from companion.hw.display import open_display
    from companion.hw.guarded import open_guarded

    guard = open_guarded(lambda: open_display(from_mapping({"preset": "adafruit-oled-bonnet"})),
                         log=None, schedule=lambda delay, fn: None)
    for _ in range(3):
        guard._next_try = 0
        guard.retry()
    FakeSMBus.plugged = True
    guard._next_try = 0  # the retry is due
    guard.display(Image.new("1", (128, 64), 1))  # back: the "Stopped" frame goes out
    assert guard.healthy
    print("stopped frame shown", flush=True)
''')


def test_the_stopped_frame_stays_on_at_exit(tmp_path: Path) -> None:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=60, cwd=Path(__file__).resolve().parents[2])
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "stopped frame shown" in lines
    after = lines[lines.index("stopped frame shown") + 1:]
    assert "display off" not in after, out.stdout
