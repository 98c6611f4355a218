"""A serial interface that records every byte, and models of the panels' display RAM.

Tests and benchmarks hand :class:`RecordingSerial` to luma's ``ssd1306``/``sh1106`` (or
to :class:`~companion.hw.partial.PartialDisplay`) instead of a real I²C/SPI interface,
then count what went over the "bus" or decode it back into the picture the panel would
show with :class:`SSD1306Ram` / :class:`SH1106Ram`.

>>> from luma.oled.device import sh1106
>>> bus = RecordingSerial()
>>> oled = sh1106(bus)                  # init + a blank frame
>>> ram = SH1106Ram()
>>> ram.feed(bus.ops)
>>> ram.image().getbbox() is None       # nothing lit
True
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

Op = tuple[str, bytes]  # ("cmd" | "data", payload)

#: I²C cost model: per transaction a START and a STOP (about one clock each), the
#: address byte and the control byte; every byte is 9 clocks (8 bits and the ACK).
I2C_CLOCKS_PER_BYTE = 9
I2C_CLOCKS_PER_TRANSACTION = 2 + 2 * I2C_CLOCKS_PER_BYTE


class RecordingSerial:
    """Stands in for luma's ``i2c``/``spi`` interface; keeps every command and data call.

    Like luma's managed (smbus2) I²C interface, each ``command()`` and ``data()`` call is
    one bus transaction.
    """

    def __init__(self) -> None:
        self.ops: list[Op] = []
        self.closed = False

    def command(self, *cmd: int) -> None:
        self.ops.append(("cmd", bytes(cmd)))

    def data(self, data: Iterable[int]) -> None:
        self.ops.append(("data", bytes(data)))

    def cleanup(self) -> None:
        self.closed = True

    def reset(self) -> None:
        """Forget what was recorded so far (e.g. the device's init sequence)."""
        self.ops.clear()

    @property
    def command_bytes(self) -> int:
        return sum(len(b) for kind, b in self.ops if kind == "cmd")

    @property
    def data_bytes(self) -> int:
        return sum(len(b) for kind, b in self.ops if kind == "data")

    @property
    def transactions(self) -> int:
        return len(self.ops)

    @property
    def bus_bytes(self) -> int:
        """Bytes on the wire: payload plus address and control byte per transaction."""
        return self.command_bytes + self.data_bytes + 2 * self.transactions

    def i2c_seconds(self, hz: float) -> float:
        """Modelled time on an I²C bus clocked at ``hz`` (see the module constants)."""
        clocks = (I2C_CLOCKS_PER_BYTE * (self.command_bytes + self.data_bytes)
                  + I2C_CLOCKS_PER_TRANSACTION * self.transactions)
        return clocks / hz


# Commands followed by one argument byte (both chips; harmless where one lacks it).
_ONE_ARG = {0x81, 0x8D, 0xA8, 0xAD, 0xD3, 0xD5, 0xD8, 0xD9, 0xDA, 0xDB}


class _Ram:
    """Display RAM of ``columns`` × ``pages`` bytes; ``image()`` shows the visible part."""

    columns = 128

    def __init__(self, width: int = 128, height: int = 64, column0: int = 0) -> None:
        self.width, self.height, self.column0 = width, height, column0
        self.pages = height // 8
        self.ram = [bytearray(self.columns) for _ in range(8)]
        self.col = 0
        self.page = 0

    def feed(self, ops: Iterable[Op]) -> None:
        """Apply recorded commands and data in order."""
        for kind, payload in ops:
            if kind == "cmd":
                self._commands(list(payload))
            else:
                for byte in payload:
                    self._write(byte)

    def _commands(self, cmds: list[int]) -> None:
        i = 0
        while i < len(cmds):
            i = self._command(cmds, i)

    def _command(self, cmds: list[int], i: int) -> int:
        c = cmds[i]
        if 0xB0 <= c <= 0xB7:
            self.page = c & 0x07
        elif c <= 0x0F:
            self.col = (self.col & 0xF0) | c
        elif c <= 0x1F:
            self.col = (self.col & 0x0F) | ((c & 0x0F) << 4)
        elif c in _ONE_ARG:
            return i + 2
        return i + 1

    def _write(self, byte: int) -> None:
        raise NotImplementedError

    def image(self) -> Image.Image:
        """What the panel shows (its own orientation, before any rotation)."""
        img = Image.new("1", (self.width, self.height))
        px = img.load()
        assert px is not None  # Pillow gives None only for an image without pixel data
        for p in range(self.pages):
            row = self.ram[p]
            for x in range(self.width):
                b = row[self.column0 + x]
                for bit in range(8):
                    if b >> bit & 1:
                        px[x, 8 * p + bit] = 1
        return img


class SSD1306Ram(_Ram):
    """SSD1306: page addressing, or horizontal addressing inside a 0x21/0x22 window."""

    def __init__(self, width: int = 128, height: int = 64, column0: int = 0) -> None:
        super().__init__(width, height, column0)
        self.mode = 2  # page addressing after reset
        self.window = (0, 127, 0, 7)

    def _command(self, cmds: list[int], i: int) -> int:
        c = cmds[i]
        if c == 0x20:
            self.mode = cmds[i + 1] & 0x03
            return i + 2
        if c == 0x21:
            c0, c1 = cmds[i + 1], cmds[i + 2]
            self.window = (c0, c1, *self.window[2:])
            self.col = c0
            return i + 3
        if c == 0x22:
            p0, p1 = cmds[i + 1] & 0x07, cmds[i + 2] & 0x07
            self.window = (*self.window[:2], p0, p1)
            self.page = p0
            return i + 3
        return super()._command(cmds, i)

    def _write(self, byte: int) -> None:
        self.ram[self.page][self.col] = byte
        c0, c1, p0, p1 = self.window
        if self.mode == 2:  # page mode: the column wraps within the page
            self.col = (self.col + 1) % self.columns
        elif self.mode == 0:  # horizontal: next column, then next page of the window
            if self.col >= c1:
                self.col = c0
                self.page = p0 if self.page >= p1 else self.page + 1
            else:
                self.col += 1
        else:  # vertical: next page, then next column
            if self.page >= p1:
                self.page = p0
                self.col = c0 if self.col >= c1 else self.col + 1
            else:
                self.page += 1


class SH1106Ram(_Ram):
    """SH1106: 132-column RAM, page addressing only; the 128 visible start at 2."""

    columns = 132

    def __init__(self, width: int = 128, height: int = 64, column0: int = 2) -> None:
        super().__init__(width, height, column0)

    def _write(self, byte: int) -> None:
        if self.col < self.columns:
            self.ram[self.page][self.col] = byte
        self.col = min(self.col + 1, self.columns)
