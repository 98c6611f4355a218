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
  ``0x22 p0 p1``; the same window as the frame before, nothing).
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
    window's first column and first page, so the same window again needs no command,
    one on the same pages only its columns (``0x21``), and one on the same columns only
    its pages (``0x22``).
    """
    c0, c1, p0, p1 = window
    if last == window:
        return []
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
        #: where the last frame left the RAM pointers (None: unknown). SSD1306: the
        #: last window (c0, c1, p0, p1), written whole, so the pointer is at its start;
        #: SH1106: (page, column of the next byte)
        self._pointer: Any = None
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
        self._pointer = None

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
        # if a write fails the RAM is unknown (next frame whole), and so are the pointers
        self._shown = None
        if shown is None:
            self._pointer = None
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
        # where the last frame left the pointers: (page, RAM column of the next byte)
        page_now, pointer = self._pointer or (None, None)
        for page in order:
            for c0, c1 in dirty[page]:
                col = c0 + self._column0
                cmd = [0xB0 | page] if page != page_now else []
                if col != pointer:  # the column nibbles that differ from the pointer's
                    cmd.append(col & 0x0F)
                    if pointer is None or col >> 4 != pointer >> 4:
                        cmd.append(0x10 | (col >> 4))
                if cmd:
                    self._serial_interface.command(*cmd)
                self._serial_interface.data(list(pages[page][c0:c1 + 1]))
                # the RAM has 132 columns, the panel shows 2 to 129: never past the end
                page_now, pointer = page, col + c1 - c0 + 1
        self._pointer = (page_now, pointer) if pointer is not None else None

    def _send_ssd1306(self, pages: list[bytes], dirty: list[list[Run]],
                      first: range) -> None:
        last = self._pointer
        for c0, c1, p0, p1 in self._order(self._windows(dirty), first, last):
            window = (c0 + self._column0, c1 + self._column0, p0, p1)
            commands = _window_commands(last, window)
            if commands:
                self._serial_interface.command(*commands)
            data = b"".join(pages[p][c0:c1 + 1] for p in range(p0, p1 + 1))
            self._serial_interface.data(list(data))
            last = window  # written to its end: the pointer is back at its start
        self._pointer = last

    def _order(self, windows: list[tuple[int, int, list[Run]]], first: range,
               last: Any) -> list[tuple[int, int, int, int]]:
        """The SSD1306 windows as (c0, c1, p0, p1), in the order they go out.

        They never overlap, so the order changes only what shows first — the focus
        rows' pages, then a window the pointer already stands in (no command at all),
        then by pages, so that windows on the same pages follow each other and need
        only their columns (see :func:`_window_commands`).
        """
        rects = [(c0, c1, p0, p1) for p0, p1, runs in windows for c0, c1 in runs]
        here = None if last is None else (last[0] - self._column0,
                                          last[1] - self._column0, *last[2:])
        return sorted(rects, key=lambda r: (not any(p in first for p in range(r[2], r[3] + 1)),
                                            r != here, r[2], r[3], r[0]))

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
        """Bus bytes of sending ``windows`` as :meth:`_send_ssd1306` would (no focus)."""
        cost, last = 0, self._pointer
        for c0, c1, p0, p1 in self._order(windows, range(0), last):
            window = (c0 + self._column0, c1 + self._column0, p0, p1)
            commands = len(_window_commands(last, window))
            cost += (commands + TRANSACTION_OVERHEAD if commands else 0) + data_cost(
                (c1 - c0 + 1) * (p1 - p0 + 1))
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
