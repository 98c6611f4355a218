"""Buttons on GPIO pins → :class:`~companion.core.keys.Key` events, debounced, short or long.

gpiozero does the pins; debounce lives here because gpiozero's mock pins ignore
``bounce_time`` and each real backend debounces differently. A press is accepted on the
first edge, and every edge of the same button within ``bounce_ms`` after an accepted
edge is ignored. A short press is reported on release; a long press as soon as the
button has been held ``hold_ms`` (once — a stuck button gives one long press, not a
stream), and its release then reports nothing. A press whose release fell inside the
debounce window (a glitch: noise or a knock for a millisecond) is found out when its
hold comes due, by reading the pin: no key at all, and a new press starts afresh.

Callbacks only hand a key to ``sink`` (the app's queue); they run on gpiozero's threads.
The hold is timed here too, by one :class:`HoldWatch` thread that sleeps until the
earliest held button is due (and indefinitely when none is down): gpiozero's ``Button``
keeps a thread per button that wakes every 100 ms even when nobody touches anything
(70 wake-ups a second for seven buttons), so the pins are plain
:class:`~gpiozero.DigitalInputDevice` objects and an idle box really sleeps.

>>> from gpiozero.pins.mock import MockFactory
>>> factory, keys = MockFactory(), []
>>> pad = KeyPad({"ok": 24}, keys.append, pin_factory=factory, bounce_ms=0)
>>> factory.pin(24).drive_low(); factory.pin(24).drive_high()
>>> keys
[Key(name='OK', long=False)]
>>> pad.close()
"""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from gpiozero import DigitalInputDevice

from companion.core.errors import HardwareError
from companion.core.keys import Key


class _State:
    __slots__ = ("down", "held", "last_edge")

    def __init__(self) -> None:
        self.down = False
        self.held = False
        self.last_edge = float("-inf")


class HoldWatch:
    """One thread that calls ``fire(name)`` when a button has been down ``hold`` seconds.

    It sleeps on a condition: until the earliest deadline while a button is down, and
    without any timeout while none is — no polling.
    """

    def __init__(self, hold: float, fire: Callable[[str], None]) -> None:
        self._hold = hold
        self._fire = fire
        self._due: dict[str, float] = {}
        self._cond = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="hold-watch", daemon=True)
        self._thread.start()

    def arm(self, name: str) -> None:
        with self._cond:
            self._due[name] = time.monotonic() + self._hold
            self._cond.notify()

    def disarm(self, name: str) -> None:
        with self._cond:
            self._due.pop(name, None)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()

    def _run(self) -> None:
        with self._cond:
            while not self._closed:
                if not self._due:
                    self._cond.wait()
                    continue
                now = time.monotonic()
                due = [name for name, t in self._due.items() if t <= now]
                if not due:
                    self._cond.wait(min(self._due.values()) - now)
                    continue
                for name in due:
                    del self._due[name]
                self._cond.release()  # fire outside the lock: the pad takes its own
                try:
                    for name in due:
                        self._fire(name)
                finally:
                    self._cond.acquire()


def _open(name: str, pin: int, **options: Any) -> DigitalInputDevice:
    """The input device on ``pin``; :class:`HardwareError` naming the key, the pin and the
    fix when it cannot be had (one line on stderr, exit 2: no crash loop)."""
    from gpiozero.exc import PinFactoryFallback

    with warnings.catch_warnings(record=True) as fallbacks:
        warnings.simplefilter("always", PinFactoryFallback)  # why each library failed
        try:
            return DigitalInputDevice(pin, **options)
        except Exception as err:  # gpiozero and its libraries raise many kinds
            reasons = [str(w.message).removeprefix("Falling back from ") for w in fallbacks
                       if issubclass(w.category, PinFactoryFallback)]
            raise pin_error(f"buttons.{name}", pin, err, reasons) from err
        finally:
            for w in fallbacks:  # anything else goes on as usual
                if not issubclass(w.category, PinFactoryFallback):
                    warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)


class GpioAccess(NamedTuple):
    """What stands between this process and the GPIO chip, as ``companion doctor`` looks
    at it: lgpio importable (apt's python3-lgpio, seen by the venv), this user in the
    gpio group (or root), a GPIO chip in /dev."""

    lgpio: bool
    gpio_group: bool
    chip: bool


def gpio_access(dev: Path = Path("/dev")) -> GpioAccess:
    """This process's :class:`GpioAccess`, looked at without opening anything."""
    import grp
    import importlib.util
    import os

    try:
        lgpio = importlib.util.find_spec("lgpio") is not None
    except (ImportError, ValueError):
        lgpio = False
    try:
        groups = {grp.getgrgid(g).gr_name for g in os.getgroups()}
    except (KeyError, OSError):
        groups = set()
    return GpioAccess(lgpio=lgpio, gpio_group=os.geteuid() == 0 or "gpio" in groups,
                      chip=any(dev.glob("gpiochip*")))


def pin_error(key: str, pin: int, err: Exception, reasons: list[str] | None = None,
              access: GpioAccess | None = None) -> HardwareError:
    """What ``err`` from opening GPIO ``pin`` means to the owner, and what to do;
    ``reasons``: why each pin library gpiozero tried did not load; ``access``: what is
    already in place (default :func:`gpio_access`), so the fix named is one that applies."""
    from gpiozero.exc import BadPinFactory, GPIOPinInUse

    why = " ".join(str(err).split()) or type(err).__name__
    if isinstance(err, BadPinFactory):
        why = "; ".join(" ".join(r.split()) for r in reasons or ()) or why
        access = access or gpio_access()
        if not access.lgpio and not access.gpio_group:
            return HardwareError(
                "{key}: GPIO{pin} cannot be opened, no GPIO library loads ({why}): install "
                "python3-lgpio (sudo apt install python3-lgpio, in a venv made with "
                "--system-site-packages) and add {user} to the gpio group (sudo adduser "
                "{user} gpio, then log in again).", key=key, pin=pin, why=why, user=_user())
        if not access.lgpio:
            return HardwareError(
                "{key}: GPIO{pin} cannot be opened, no GPIO library loads ({why}): install "
                "python3-lgpio (sudo apt install python3-lgpio, in a venv made with "
                "--system-site-packages); companion doctor checks the rest.",
                key=key, pin=pin, why=why)
        if not access.gpio_group:
            return HardwareError(
                "{key}: GPIO{pin} cannot be opened, no GPIO library loads ({why}): lgpio is "
                "installed, but {user} is not in the gpio group: sudo adduser {user} gpio, "
                "then log in again.", key=key, pin=pin, why=why, user=_user())
        if not access.chip:
            return HardwareError(
                "{key}: GPIO{pin} cannot be opened: there is no GPIO chip in /dev (not a "
                "Raspberry Pi?); lgpio and the gpio group are in place. On a laptop, "
                "driver = \"terminal\" uses the keyboard.", key=key, pin=pin)
        return HardwareError(
            "{key}: GPIO{pin} cannot be opened, no GPIO library loads ({why}), though lgpio "
            "is installed and {user} is in the gpio group: another program may hold the "
            "chip (sudo systemctl stop companion first); companion doctor says more.",
            key=key, pin=pin, why=why, user=_user())
    if isinstance(err, GPIOPinInUse) or "busy" in why.lower():
        return HardwareError(
            "{key}: GPIO{pin} is in use by another program or a kernel driver (1-Wire takes "
            "GPIO4: remove dtoverlay=w1-gpio from /boot/firmware/config.txt); free it or "
            "choose another pin in [buttons].", key=key, pin=pin)
    if isinstance(err, PermissionError) or "permission" in why.lower():
        return HardwareError(
            "{key}: no permission for GPIO{pin}: add the user to the gpio group (sudo "
            "adduser {user} gpio) and log in again.", key=key, pin=pin, user=_user())
    return HardwareError("{key}: GPIO{pin} cannot be opened: {why}.", key=key, pin=pin,
                         why=why)


def _user() -> str:
    import getpass

    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no name for this uid (a container)
        return "$USER"


class KeyPad:
    """One gpiozero input device (an active-low button) per configured key.

    :param pins: key name (``"up"``, ``"ok"``, …) → BCM pin number.
    :param sink: called with each :class:`Key`; must be quick (put it on a queue).
    :param pin_factory: gpiozero pin factory (``MockFactory()`` on a laptop or in tests);
        ``None`` lets gpiozero pick the Pi's (lgpio first).
    :param clock: seconds, monotonic; injectable for debounce tests.
    """

    def __init__(self, pins: Mapping[str, int], sink: Callable[[Key], None], *,
                 pin_factory: Any = None, bounce_ms: int = 20, hold_ms: int = 700,
                 pull_up: bool = True, clock: Callable[[], float] = time.monotonic) -> None:
        self._sink = sink
        self._bounce = bounce_ms / 1000
        self._clock = clock
        self._lock = threading.Lock()
        self._states: dict[str, _State] = {}
        self.buttons: dict[str, DigitalInputDevice] = {}
        self._watch = HoldWatch(hold_ms / 1000, self._held)
        try:
            for name, pin in pins.items():
                button = _open(name, pin, pull_up=pull_up, pin_factory=pin_factory)
                self._states[name] = _State()
                button.when_activated = self._callback(self._pressed, name)
                button.when_deactivated = self._callback(self._released, name)
                self.buttons[name] = button
        except Exception:
            self.close()
            raise

    @staticmethod
    def _callback(method: Callable[[str], None], name: str) -> Callable[[], None]:
        def fire() -> None:
            method(name)
        return fire

    def _accept_edge(self, state: _State) -> bool:
        now = self._clock()
        if now - state.last_edge < self._bounce:
            return False
        state.last_edge = now
        return True

    def _pressed(self, name: str) -> None:
        with self._lock:
            state = self._states[name]
            if not self._accept_edge(state):
                return
            # Already down: its release was a bounce-window edge (a glitch) — this press
            # starts afresh, and its hold is timed from now.
            state.down, state.held = True, False
            self._watch.arm(name)

    def _released(self, name: str) -> None:
        with self._lock:
            state = self._states[name]
            if not self._accept_edge(state) or not state.down:
                return
            state.down = False
            self._watch.disarm(name)
            if state.held:
                return
        self._sink(Key(name.upper()))

    def _held(self, name: str) -> None:
        with self._lock:
            state = self._states[name]
            if not state.down or state.held:
                return
            button = self.buttons.get(name)
            if button is not None and not button.is_active:
                # Released within the debounce window of its press, so the release edge
                # was ignored: a glitch or a flick shorter than bounce_ms, no key at all.
                state.down = False
                return
            state.held = True
        self._sink(Key(name.upper(), long=True))

    def states(self) -> dict[str, bool]:
        """Whether each button reads pressed right now (for ``companion doctor``)."""
        return {name: b.is_active for name, b in self.buttons.items()}

    def close(self) -> None:
        """Release the pins (gpiozero only cleans up at exit)."""
        self._watch.close()
        for button in self.buttons.values():
            button.close()
        self.buttons.clear()
