"""The I²C bus clock in force, and how fast a whole frame really goes out.

The clock the kernel set up is the ``clock-frequency`` property of the bus's device-tree
node (a big-endian 32-bit number), which ``dtparam=i2c_arm_baudrate=…`` in config.txt
sets at boot. It is read from ``/sys/class/i2c-adapter/i2c-N/of_node/clock-frequency``,
else through the device tree's alias (``/proc/device-tree/aliases/i2cN`` names the node).

:func:`time_full_frames` writes whole frames with luma's own driver (which sends all
1,024 bytes every time) and times them: what the owner's box really does, kernel and
clock stretching included, against :func:`modelled_frame_seconds` for the wire alone.

>>> import struct, tempfile
>>> root = Path(tempfile.mkdtemp())
>>> node = root / "class/i2c-adapter/i2c-1/of_node"
>>> node.mkdir(parents=True)
>>> _ = (node / "clock-frequency").write_bytes(struct.pack(">I", 400000))
>>> read_clock(1, sys_root=root, tree=root / "device-tree")[0]
400000
"""

from __future__ import annotations

import struct
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from companion.hw.display import HEIGHT, WIDTH


def _u32(path: Path) -> int | None:
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    return struct.unpack(">I", raw[:4])[0] if len(raw) >= 4 else None


def read_clock(port: int, *, tree: Path = Path("/proc/device-tree"),
               sys_root: Path = Path("/sys")) -> tuple[int | None, Path]:
    """The clock of I²C bus ``port`` in Hz from the device tree, and where it was read.

    The adapter's own node (``/sys/class/i2c-adapter/i2c-N/of_node``) first, then the
    node the device tree's alias ``i2cN`` names. ``(None, path)`` when neither says (not
    a Pi, bus not enabled); ``path`` is then the first place looked.
    """
    first = sys_root / "class" / "i2c-adapter" / f"i2c-{port}" / "of_node" / "clock-frequency"
    hz = _u32(first)
    if hz is not None:
        return hz, first
    try:
        node = (tree / "aliases" / f"i2c{port}").read_bytes().rstrip(b"\x00").decode()
    except (OSError, UnicodeDecodeError):
        return None, first
    second = tree / node.lstrip("/") / "clock-frequency"
    hz = _u32(second)
    return (hz, second) if hz is not None else (None, first)


def _pattern(odd: bool) -> Image.Image:
    """A checkerboard of 8-pixel squares (inverted on odd frames): every byte changes."""
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    px = image.load()
    assert px is not None  # Pillow gives None only for an image without pixel data
    for y in range(HEIGHT):
        for x in range(WIDTH):
            px[x, y] = ((x // 8 + y // 8 + odd) % 2)
    return image


def luma_driver(chip: str) -> Any:
    """luma.oled's class for ``display.driver`` ``chip`` (the SSD1309 is addressed as
    the SSD1306)."""
    from luma.oled.device import sh1106, ssd1306, ssd1309

    return {"ssd1306": ssd1306, "sh1106": sh1106, "ssd1309": ssd1309}[chip]


def time_full_frames(serial: Any, chip: str, *, frames: int = 20,
                     clock: Callable[[], float] = time.perf_counter) -> float:
    """Seconds per whole frame written by luma's ``chip`` driver on ``serial``.

    The panel shows a blinking checkerboard meanwhile and is left blank.
    """
    device = luma_driver(chip)(serial, width=WIDTH, height=HEIGHT)
    device.persist = True
    patterns = (_pattern(False), _pattern(True))
    t0 = clock()
    for i in range(frames):
        device.display(patterns[i % 2])
    seconds = (clock() - t0) / frames
    device.clear()
    return seconds


def modelled_frame_seconds(chip: str, hz: float) -> float:
    """The wire time of one whole frame from luma's driver at ``hz`` (the benchmarks'
    model: bytes and transactions only, no gaps between them)."""
    from companion.hw.fakebus import RecordingSerial

    bus = RecordingSerial()
    device = luma_driver(chip)(bus, width=WIDTH, height=HEIGHT)
    device.persist = True
    bus.reset()
    device.display(_pattern(False))
    return bus.i2c_seconds(hz)


def open_i2c(port: int, address: int) -> Any:
    """luma's I²C interface to the display, opened as the app opens it (``/dev/i2c-N``,
    smbus2 managed: one transaction per command or data call)."""
    from luma.core.interface.serial import i2c

    return i2c(port=port, address=address)
