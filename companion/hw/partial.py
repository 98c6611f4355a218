"""Send only what changed: partial updates for SSD1306 and SH1106 OLEDs.

luma.oled's ``ssd1306`` and ``sh1106`` drivers send all 1024 bytes of the frame on every
``display()`` — about 92 ms on a 100 kHz I²C bus. :class:`PartialDisplay` wraps such a
device, keeps its interface (``canvas()``, ``size``, ``contrast()``, ``persist``, …) and
talks to the same serial interface itself: it compares each new frame with the last one
it sent and writes only the 8-pixel pages that changed, each limited to the columns that
changed (split into several runs when the gap between them costs more than a new
address window).

* **SSD1306** (horizontal addressing, as luma sets it up): a window is
  ``0x21 c0 c1`` (columns) + ``0x22 p0 p1`` (pages), then the data. Neighbouring pages
  share one window when that is cheaper; a full frame is just the largest window. A
  window written to its end leaves the pointer at its first column and page, so the
  next window on the same pages sends only ``0x21 c0 c1`` (on the same columns, only
  ``0x22 p0 p1``).
* **SH1106** (page addressing only, 132-column RAM, the panel shown from column 2 —
  luma's ``page_address_offset``): per run ``0xB0|page`` (a page's first run only), then
  the column nibbles that differ from where the last run left the pointer. Two runs
  are joined when the columns between them cost no more than those commands.

A frame may name the rows the eye is on (``image.info["focus"] = (y0, y1)``, the
cursor row of a list; the app sets it): the pages holding them are written first, so
on a slow bus the answer to the press shows before the rest of the frame follows.

After a reconnect, a bus error or anything else that may have changed the panel's RAM,
call :meth:`PartialDisplay.invalidate`: the next frame goes out whole.

>>> from luma.oled.device import ssd1306
>>> from companion.hw.fakebus import RecordingSerial
>>> bus = RecordingSerial()
>>> oled = PartialDisplay(ssd1306(bus))
>>> bus.reset()
>>> from luma.core.render import canvas
>>> with canvas(oled) as draw:
...     draw.point((5, 9), fill=1)
>>> bus.data_bytes                     # the whole frame the first time
1024
>>> bus.reset()
>>> with canvas(oled) as draw:
...     draw.point((5, 9), fill=1)
...     draw.point((6, 9), fill=1)
>>> bus.data_bytes, bus.command_bytes  # then one byte of one page
(1, 6)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from luma.core.device import device
from PIL import Image

#: Bytes a transaction costs beyond its payload on I²C: the address byte and the
#: control byte (0x00 commands, 0x40 data). luma's managed I²C interface (smbus2, as on
#: the Pi) sends each ``command()`` and each ``data()`` call as one transaction.
TRANSACTION_OVERHEAD = 2

Run = tuple[int, int]  # first and last changed column, inclusive


def pack_pages(image: Image.Image, pages: int) -> list[bytes]:
    """The panel's RAM layout of a mode "1" image: one bytes object per 8-pixel page.

    Byte ``x`` of page ``p`` holds pixels ``(x, 8p)`` (bit 0) to ``(x, 8p+7)`` (bit 7).
    """
    data = image.transpose(Image.Transpose.ROTATE_270).tobytes()
    return [data[pages - 1 - p::pages] for p in range(pages)]


_MARK = bytes([0x2E] + [0x78] * 255)  # translate table: 0 → ".", anything else → "x"
_RUN_PATTERNS: dict[int, re.Pattern[bytes]] = {}


def changed_runs(old: bytes, new: bytes, merge_gap: int) -> list[Run]:
    """Runs of changed columns; runs closer than ``merge_gap`` columns are joined."""
    if old == new:
        return []
    n = len(new)
    diff = (int.from_bytes(old, "big") ^ int.from_bytes(new, "big")).to_bytes(n, "big")
    pattern = _RUN_PATTERNS.get(merge_gap)
    if pattern is None:  # "x" runs whose gaps of "." are at most merge_gap long
        pattern = re.compile(rb"x(?:\.{0,%d}x)*" % merge_gap)
        _RUN_PATTERNS[merge_gap] = pattern
    return [(m.start(), m.end() - 1) for m in pattern.finditer(diff.translate(_MARK))]


def _clusters(dirty: list[list[Run]], gap: int) -> list[Run]:
    """Column ranges that hold every run of every page, apart by more than ``gap``."""
    out: list[list[int]] = []
    for c0, c1 in sorted(r for runs in dirty for r in runs):
        if out and c0 - out[-1][1] <= gap:
            out[-1][1] = max(out[-1][1], c1)
        else:
            out.append([c0, c1])
    return [(c0, c1) for c0, c1 in out]


def _window_commands(last: tuple[int, int, int, int] | None,
                     window: tuple[int, int, int, int]) -> list[int]:
    """SSD1306 commands that open ``window`` (c0, c1, p0, p1) after ``last`` was written whole.

    Writing a horizontal-addressing window to its end leaves the pointer back at the
    window's first column and first page, so a window on the same pages needs only its
    columns (``0x21``), and one on the same columns only its pages (``0x22``).
    """
    c0, c1, p0, p1 = window
    if last is not None and last[2:] == (p0, p1):
        return [0x21, c0, c1]
    if last is not None and last[:2] == (c0, c1):
        return [0x22, p0, p1]
    return [0x21, c0, c1, 0x22, p0, p1]


def merge_runs(runs: list[Run], split: Callable[[Run, Run], int]) -> list[Run]:
    """Join neighbouring runs wherever the columns between them cost no more to send
    than ``split(left, right)``, the extra bytes of starting the right run afresh."""
    out: list[Run] = []
    for run in runs:
        if out and run[0] - out[-1][1] - 1 <= split(out[-1], run):
            out[-1] = (out[-1][0], run[1])
        else:
            out.append(run)
    return out


def data_cost(n: int) -> int:
    """Bus bytes for one transaction of ``n`` data bytes."""
    return n + TRANSACTION_OVERHEAD


class PartialDisplay(device):
    """A luma SSD1306/SH1106 device that writes only the changed part of each frame.

    :param oled: a ``luma.oled.device.ssd1306`` or ``sh1106`` (or subclass) already
        initialised on its serial interface; this adapter sends through that interface.
    :param merge_gap: join two changed runs on a page when fewer columns than this lie
        between them (default: the cost of a new window, so the choice is the cheaper).

    Every attribute of luma's device interface is here: ``display``, ``size``,
    ``width``, ``height``, ``mode``, ``rotate``, ``bounding_box``, ``capabilities``,
    ``clear``, ``hide``, ``show``, ``contrast``, ``persist``, ``cleanup``.
    """

    def __init__(self, oled: Any, *, merge_gap: int | None = None) -> None:
        # Deliberately not device.__init__: the wrapped device already registered the
        # atexit cleanup, and a second one would blank the panel twice.
        from luma.oled.device import sh1106, ssd1306

        if isinstance(oled, ssd1306):
            self.chip = "ssd1306"
            self._column0 = getattr(oled, "_colstart", 0)
            window_cmd = 6
        elif isinstance(oled, sh1106):
            self.chip = "sh1106"
            self._column0 = getattr(oled, "_page_address_offset", 2)
            window_cmd = 3
        else:
            raise TypeError(f"PartialDisplay drives ssd1306 or sh1106, not "
                            f"{type(oled).__name__}")
        self.oled = oled
        self._const = oled._const
        self._serial_interface = oled._serial_interface
        persist = oled.persist
        self.capabilities(oled._w, oled._h, oled.rotate, oled.mode)
        self.persist = persist
        self._pages = oled._h // 8
        #: what the panel's RAM holds (None: unknown, send everything next time)
        self._shown: list[bytes] | None = None
        #: bus bytes of the command transaction that opens a window
        self.window_cost = window_cmd + TRANSACTION_OVERHEAD
        #: bus bytes of a window on the same pages as the one before (SSD1306: only
        #: ``0x21 c0 c1``; SH1106: the low column nibble, the high one if it differs)
        self.next_window_cost = 3 + TRANSACTION_OVERHEAD
        #: a second run on a page costs its command and its data transaction's overhead
        self.merge_gap = (self.next_window_cost + TRANSACTION_OVERHEAD
                          if merge_gap is None else merge_gap)
        self._exact_merge = merge_gap is None and self.chip == "sh1106"
        self.frames = 0

    # persist lives on the wrapped device, whose atexit hook reads it
    @property
    def persist(self) -> bool:
        return self.oled.persist

    @persist.setter
    def persist(self, value: bool) -> None:
        self.oled.persist = value

    def invalidate(self) -> None:
        """Forget what the panel shows: the next frame is sent whole."""
        self._shown = None

    def display(self, image: Image.Image) -> None:
        """Send the parts of ``image`` that differ from the last frame sent."""
        if image.mode != self.mode or image.size != self.size:
            raise ValueError(f"frame must be mode {self.mode!r} size {self.size}, "
                             f"not {image.mode!r} {image.size}")
        pages = pack_pages(self.preprocess(image).convert("1"), self._pages)
        shown = self._shown
        full = (0, self._w - 1)
        if shown is None:
            dirty = [[full] for _ in pages]
        else:
            dirty = [self._runs(a, b) for a, b in zip(shown, pages, strict=True)]
        self._shown = None  # if a write fails the RAM is unknown: next frame goes whole
        focus = image.info.get("focus")
        first = range(focus[0] // 8, focus[1] // 8 + 1) if focus else range(0)
        if self.chip == "ssd1306":
            self._send_ssd1306(pages, dirty, first)
        else:
            self._send_sh1106(pages, dirty, first)
        self._shown = pages
        self.frames += 1

    def _runs(self, old: bytes, new: bytes) -> list[Run]:
        """A page's changed runs, joined wherever that sends fewer bytes."""
        if not self._exact_merge:
            return changed_runs(old, new, self.merge_gap)
        column0 = self._column0

        def split(left: Run, right: Run) -> int:  # SH1106: one or two column nibbles
            same = (left[1] + 1 + column0) >> 4 == (right[0] + column0) >> 4
            return (1 if same else 2) + 2 * TRANSACTION_OVERHEAD

        return merge_runs(changed_runs(old, new, 0), split)

    def _send_sh1106(self, pages: list[bytes], dirty: list[list[Run]],
                     first: range) -> None:
        order = sorted(range(len(dirty)), key=lambda page: page not in first)
        pointer: int | None = None  # the RAM column the next data byte goes to
        for page in order:
            for i, (c0, c1) in enumerate(dirty[page]):
                col = c0 + self._column0
                cmd = [0xB0 | page] if i == 0 else []
                if col != pointer:  # the column nibbles that differ from the pointer's
                    cmd.append(col & 0x0F)
                    if pointer is None or col >> 4 != pointer >> 4:
                        cmd.append(0x10 | (col >> 4))
                self._serial_interface.command(*cmd)
                self._serial_interface.data(list(pages[page][c0:c1 + 1]))
                pointer = col + c1 - c0 + 1  # stops at the RAM's end: never written past

    def _send_ssd1306(self, pages: list[bytes], dirty: list[list[Run]],
                      first: range) -> None:
        windows = self._windows(dirty)
        # windows never overlap, so their order changes only what shows first (and
        # which window commands can be left out, see _window_commands)
        windows.sort(key=lambda w: (not any(p in first for p in range(w[0], w[1] + 1)),
                                    w[0], w[1]))
        last: tuple[int, int, int, int] | None = None
        for p0, p1, runs in windows:
            for c0, c1 in runs:
                self._serial_interface.command(*_window_commands(
                    last, (c0 + self._column0, c1 + self._column0, p0, p1)))
                last = (c0 + self._column0, c1 + self._column0, p0, p1)
                data = b"".join(pages[p][c0:c1 + 1] for p in range(p0, p1 + 1))
                self._serial_interface.data(list(data))

    def _windows(self, dirty: list[list[Run]]) -> list[tuple[int, int, list[Run]]]:
        """The cheapest set of SSD1306 windows covering every dirty run.

        Either :meth:`_span_windows` over the whole width, or the same per column
        cluster (runs that overlap or nearly touch from page to page: a list's rows and,
        apart, its scroll bar), whichever sends fewer bytes.
        """
        whole = self._span_windows(dirty)
        clusters = _clusters(dirty, self.merge_gap)
        if len(clusters) < 2:
            return whole
        split = [w for lo, hi in clusters
                 for w in self._span_windows([[r for r in runs if lo <= r[0] and r[1] <= hi]
                                              for runs in dirty])]
        return split if self._cost(split) < self._cost(whole) else whole

    def _cost(self, windows: list[tuple[int, int, list[Run]]]) -> int:
        """Bus bytes of sending ``windows`` in the order :meth:`_send_ssd1306` uses."""
        cost, last = 0, None
        for p0, p1, runs in sorted(windows, key=lambda w: (w[0], w[1])):
            for c0, c1 in runs:
                window = (c0, c1, p0, p1)
                cost += (len(_window_commands(last, window)) + TRANSACTION_OVERHEAD
                         + data_cost((c1 - c0 + 1) * (p1 - p0 + 1)))
                last = window
        return cost

    def _span_windows(self, dirty: list[list[Run]]) -> list[tuple[int, int, list[Run]]]:
        """The cheapest set of windows covering every dirty run, as below.

        A window either covers one page with that page's own runs, or a span of pages
        with the union of their columns (a full frame is the widest span). Dynamic
        programming over the dirty pages, at most 8 of them.
        """
        idx = [p for p, runs in enumerate(dirty) if runs]
        own = [self.window_cost + (len(dirty[p]) - 1) * self.next_window_cost
               + sum(data_cost(c1 - c0 + 1) for c0, c1 in dirty[p]) for p in idx]
        best: list[tuple[int, list[tuple[int, int, list[Run]]]]] = [(0, [])]
        for t, p1 in enumerate(idx):
            # the last window covers dirty pages s..t: alone with its runs, or as a span
            choice = (best[t][0] + own[t], best[t][1] + [(p1, p1, dirty[p1])])
            c0, c1 = dirty[p1][0][0], dirty[p1][-1][1]
            for s in range(t, -1, -1):
                p0 = idx[s]
                c0, c1 = min(c0, dirty[p0][0][0]), max(c1, dirty[p0][-1][1])
                cost = best[s][0] + self.window_cost + data_cost((c1 - c0 + 1) * (p1 - p0 + 1))
                if cost < choice[0]:
                    choice = (cost, best[s][1] + [(p0, p1, [(c0, c1)])])
            best.append(choice)
        return best[-1][1]

    def cleanup(self) -> None:
        """As luma's: unless ``persist``, blank and switch off; then close the bus."""
        if not self.persist:
            self.hide()
            self.clear()
        self._serial_interface.cleanup()
