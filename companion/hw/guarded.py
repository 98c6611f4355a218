"""A display that may fail: bus errors never reach the app, and the picture comes back.

A loose ribbon, a glitch on I²C or an OLED that lost power makes luma raise ``OSError``
(or its own ``DeviceNotFoundError``, which is not one) from ``display()``.
:class:`GuardedDisplay` wraps the device so the app never sees that: the frame is kept,
the failure is logged once, and the device is tried again after 0.5 s, 1 s, 2 s … up to
30 s. When it answers, the device is opened afresh (``reopen`` — an OLED that lost
power needs its init sequence again) and the last frame is sent whole.

Retries run on a timer thread; a lock keeps every call into the device on one thread at
a time (luma has no locks of its own).

>>> class Flaky:
...     size, mode, fails = (128, 64), "1", 1
...     def display(self, image):
...         if self.fails:
...             self.fails -= 1
...             raise OSError(121, "Remote I/O error")
>>> timers = []
>>> screen = GuardedDisplay(Flaky(), schedule=lambda delay, fn: timers.append(fn), log=None)
>>> from PIL import Image
>>> screen.display(Image.new("1", (128, 64)))    # fails quietly, keeps the frame
>>> screen.healthy
False
>>> timers.pop()()                               # the retry timer fires
>>> screen.healthy
True
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

from companion.core.i18n import _, ngettext, shown

try:
    from luma.core.error import Error as _LumaError
except ImportError:  # pragma: no cover - luma is a dependency
    _LumaError = OSError

#: What a device may raise when the bus or the panel does not answer.
BUS_ERRORS: tuple[type[BaseException], ...] = (OSError, _LumaError)


def _timer(delay: float, fn: Callable[[], None]) -> None:
    timer = threading.Timer(delay, fn)
    timer.daemon = True
    timer.start()


def _stderr(message: str) -> None:
    print(f"companion: {message}", file=sys.stderr, flush=True)


class GuardedDisplay:
    """A luma device (or ``None`` until it can be opened) that never raises bus errors.

    :param device: the device, or ``None`` when it could not be opened at start-up.
    :param reopen: builds the device again (init sequence included); without it the same
        device is simply tried again.
    :param first_delay: seconds before the first retry; doubled after each failure.
    :param max_delay: the longest wait between retries.
    :param schedule: ``schedule(delay, fn)`` runs ``fn`` later (a daemon timer thread).
    :param log: one line per event (failure, recovery); ``None`` for silence.
    :param error: why ``device`` is ``None`` (the error opening it), for that one line.
    """

    def __init__(self, device: Any, *, reopen: Callable[[], Any] | None = None,
                 first_delay: float = 0.5, max_delay: float = 30.0,
                 size: tuple[int, int] = (128, 64), mode: str = "1",
                 clock: Callable[[], float] = time.monotonic,
                 schedule: Callable[[float, Callable[[], None]], None] | None = _timer,
                 log: Callable[[str], None] | None = _stderr,
                 error: BaseException | None = None) -> None:
        self.device = device
        self._reopen = reopen
        self._first = first_delay
        self._max = max_delay
        self._clock = clock
        self._schedule = schedule
        self._log = log or (lambda message: None)
        self._lock = threading.RLock()
        self.size: tuple[int, int] = getattr(device, "size", size)
        self.width: int = self.size[0]
        self.height: int = self.size[1]
        self.mode = getattr(device, "mode", mode)
        self.last: Image.Image | None = None
        #: Failures since the display last answered (0 when healthy).
        self.failures = 0
        #: Every failure ever, and how many times the display came back.
        self.total_failures = 0
        self.recoveries = 0
        self._next_try = 0.0
        self._retry_pending = False
        self._closed = False
        if device is None:  # ``error`` says why it could not be opened
            self._failed(error or OSError("the display could not be opened"))

    @property
    def healthy(self) -> bool:
        return self.failures == 0

    def __getattr__(self, name: str) -> Any:
        """Anything else (``persist``, ``image``, ``invalidate``…) is the device's."""
        device = self.__dict__.get("device")
        if device is None:
            raise AttributeError(name)
        return getattr(device, name)

    # -- drawing ---------------------------------------------------------------------

    def display(self, image: Image.Image) -> None:
        """Show ``image``; if the display is failing, keep it for when it answers."""
        with self._lock:
            self.last = image.copy()
            if self.failures and self._clock() < self._next_try:
                return  # backing off: the retry timer will send it
            self._send()

    def retry(self) -> None:
        """Try the display again now (the retry timer and :meth:`poll` call this)."""
        with self._lock:
            self._retry_pending = False
            if self.failures and not self._closed:
                self._send()

    def poll(self) -> None:
        """Retry if a retry is due (call from the main loop's timer)."""
        if self.failures and self._clock() >= self._next_try:
            self.retry()

    def _send(self) -> None:
        was_failing = self.failures > 0
        try:
            if was_failing and self._reopen is not None:
                self._replace(self._reopen())
            elif was_failing and hasattr(self.device, "invalidate"):
                self.device.invalidate()  # a partial-update adapter: next frame whole
            if self.device is not None and self.last is not None:
                self.device.display(self.last)
        except BUS_ERRORS as err:
            self._failed(err)
            return
        if was_failing and self.device is not None:
            self.recoveries += 1
            self._log(ngettext("display answers again after {n} failed attempt; redrawn.",
                               "display answers again after {n} failed attempts; redrawn.",
                               self.failures).format(n=self.failures))
            self.failures = 0

    def _replace(self, device: Any) -> None:
        old, self.device = self.device, device
        if old is not None and old is not device:
            try:
                old.persist = True  # never blank the panel while letting go of it
                old.cleanup()
            except Exception:  # noqa: BLE001 - the old handle is gone either way
                pass

    def _failed(self, err: BaseException) -> None:
        if self.failures == 0:
            why = str(shown(err)).rstrip(".。")  # a sentence of its own inside the brackets
            self._log(_("display failed ({why}); the game goes on, retrying.").format(why=why))
        self.failures += 1
        self.total_failures += 1
        delay = min(self._max, self._first * 2 ** (self.failures - 1))
        self._next_try = self._clock() + delay
        if self._schedule is not None and not self._retry_pending:
            self._retry_pending = True
            self._schedule(delay, self.retry)

    # -- the rest of a luma device, guarded ------------------------------------------

    def _call(self, name: str, *args: Any) -> None:
        with self._lock:
            if self.device is None or self.failures:
                return
            try:
                getattr(self.device, name)(*args)
            except BUS_ERRORS as err:
                self._failed(err)

    def contrast(self, level: int) -> None:
        self._call("contrast", level)

    def show(self) -> None:
        self._call("show")

    def hide(self) -> None:
        self._call("hide")

    def clear(self) -> None:
        self._call("clear")

    def cleanup(self) -> None:
        """Let go of the device (no retries after this)."""
        with self._lock:
            self._closed = True
            if self.device is not None:
                try:
                    self.device.cleanup()
                except BUS_ERRORS:
                    pass


def open_guarded(opener: Callable[[], Any], *, reopen: bool = True, **options: Any) -> Any:
    """Open a display through ``opener`` and guard it.

    With ``reopen`` (an OLED), a display that cannot be opened now is not fatal: the app
    starts without it and the guard keeps trying. Without (the laptop's screen), an
    error opening it is raised as usual.
    """
    if not reopen:
        return GuardedDisplay(opener(), **options)
    try:
        device = opener()
    except BUS_ERRORS as err:  # one line says why, and that the game goes on
        return GuardedDisplay(None, reopen=opener, error=err, **options)
    return GuardedDisplay(device, reopen=opener, **options)
