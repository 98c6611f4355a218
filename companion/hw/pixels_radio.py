"""Pixels dice over Bluetooth: the dice in range and their rolls, for the box's loop.

A back end beside the buttons. ``bleak`` (its BlueZ back end, over the system D-Bus)
listens for the dice's advertisements in a thread of its own with its own asyncio loop;
each advertisement is read by :mod:`companion.hw.pixels_messages` and turned into
events by :class:`companion.hw.pixels_rolls.Rolls`. The loop calls :meth:`DiceRadio.poll`
between frames and never waits on the radio: a box without Bluetooth, with it off, or
without bleak is as before, and :meth:`DiceRadio.start` says why in one sentence.

>>> radio = DiceRadio()
>>> radio.poll(), radio.in_range()
([], [])
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core.errors import Word
from companion.core.i18n import Notice
from companion.hw import pixels_messages as pm
from companion.hw.pixels_rolls import Event, Rolls

#: How long :meth:`DiceRadio.start` waits for the radio to say it listens.
START_WAIT = 10.0
#: Seconds between the radio's looks for dice gone quiet (with a ``sink``).
TICK = 1.0
#: How long a blink may take to connect and write before it is given up.
BLINK_WAIT = 10.0
#: The colour a die whose face counted blinks in (green, RGB).
COUNTED = 0x0000FF00


@dataclass(frozen=True)
class InRange:
    """A die heard lately: its advertisement, name, Bluetooth address and signal."""

    ad: pm.Advertisement
    name: str
    address: str
    rssi: int | None
    heard: float


def _reason(err: BaseException) -> Notice:
    """One sentence for why the radio does not listen."""
    kind = type(err).__name__
    why = str(getattr(err, "reason", "")).rsplit(".", 1)[-1]
    if why == "POWERED_OFF":
        return Notice("Bluetooth is off: turn it on (bluetoothctl power on) to read "
                      "smart dice.")
    if why in ("NO_BLUETOOTH", "NO_BLE_CENTRAL_ROLE") or "No Bluetooth adapters" in str(err):
        return Notice("This box has no Bluetooth adapter for smart dice; they can be "
                      "keyed in as any dice.")
    if why.startswith("DENIED") or "AccessDenied" in str(err):
        return Notice("The box may not use Bluetooth (its service is not allowed on "
                      "the system D-Bus); see systemd/README.md.")
    if isinstance(err, (FileNotFoundError, ConnectionRefusedError)) or "bluez" in str(err):
        return Notice("Bluetooth is not running on this box (the bluetooth service); "
                      "smart dice cannot be read.")
    return Notice("Smart dice cannot be read: {why}", why=Word(f"{kind}: {err}"))


class DiceRadio:
    """The Pixels dice in range and their rolls, heard in a thread of its own."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic,
                 rolls: Rolls | None = None,
                 sink: Callable[[Event], None] | None = None) -> None:
        """``sink`` (the loop's key queue's ``put``) gets every event from the radio's
        thread as it happens, the dice gone quiet included; without one, :meth:`poll`."""
        self.clock = clock
        self.sink = sink
        self.rolls = rolls or Rolls()
        self._events: queue.SimpleQueue[Event] = queue.SimpleQueue()
        self._seen: dict[int, InRange] = {}
        self._devices: dict[int, Any] = {}  # bleak's BLEDevice of each die heard
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._started = threading.Event()
        self._failure: Notice | None = None
        #: Reports that could not be read (one sentence each), the newest last.
        self.unreadable: list[str] = []
        #: Blinks that could not be sent (the die went away, say), the newest last.
        self.unblinked: list[str] = []

    def start(self) -> Notice | None:
        """Start listening; None once it listens, else why it cannot (one sentence)."""
        try:
            import bleak  # noqa: F401
        except ImportError:
            return Notice("Smart dice need the bleak library, which is not installed "
                          "(companion install-service installs it).")
        self._thread = threading.Thread(target=self._run, name="dice-radio", daemon=True)
        self._thread.start()
        if not self._started.wait(START_WAIT):
            return Notice("Bluetooth did not answer within {seconds} seconds; smart dice "
                          "cannot be read.", seconds=int(START_WAIT))
        return self._failure

    def _run(self) -> None:
        self._loop = asyncio.new_event_loop()
        try:
            self._loop.run_until_complete(self._listen())
        finally:
            self._loop.close()

    async def _listen(self) -> None:
        from bleak import BleakScanner

        self._stop = asyncio.Event()
        try:
            scanner = BleakScanner(detection_callback=self._heard,
                                   service_uuids=[pm.SERVICE])
            await scanner.start()
        except Exception as err:  # bleak's and dbus-fast's errors alike: one sentence
            self._failure = _reason(err)
            self._started.set()
            return
        self._started.set()
        try:
            while not self._stop.is_set():
                try:
                    await asyncio.wait_for(self._stop.wait(), TICK)
                except TimeoutError:
                    if self.sink is not None:
                        with self._lock:
                            quiet = self.rolls.tick(self.clock())
                        for event in quiet:
                            self.sink(event)
        finally:
            try:
                await scanner.stop()
            except Exception:  # the bus may be gone already: nothing to stop
                pass

    def _heard(self, device: Any, data: Any) -> None:
        """bleak's callback, in the radio's thread: one advertisement."""
        manufacturer = next(iter(data.manufacturer_data.values()), b"")
        service = data.service_data.get(pm.SERVICE) \
            or next((v for v in data.service_data.values() if len(v) >= 8), b"")
        if not manufacturer or not service:
            return  # a die just woken may first advertise without its data: not a die yet
        try:
            ad = pm.advertisement(bytes(manufacturer), bytes(service))
        except pm.DiceMessageError as err:
            self.unreadable = [*self.unreadable[-9:], str(err)]
            return
        now = self.clock()
        with self._lock:
            self._devices[ad.pixel_id] = device
            self._seen[ad.pixel_id] = InRange(ad, data.local_name or device.name or "",
                                              device.address, data.rssi, now)
            events = self.rolls.seen(ad, now)
        for event in events:
            (self.sink or self._events.put)(event)

    def blink(self, pixel_id: int, colour: int = COUNTED) -> Any:
        """Make die ``pixel_id`` blink (its face is the one that counted): connect, send the
        protocol's Blink message, let go. Never waits: returns the future of the radio's
        thread (None where the die was never heard or nothing listens); a blink that fails
        is one line in :attr:`unblinked`."""
        device = self._devices.get(pixel_id)
        loop = self._loop
        if device is None or loop is None or loop.is_closed():
            return None
        return asyncio.run_coroutine_threadsafe(self._blink(device, pm.blink(2, 600, colour)),
                                                loop)

    async def _blink(self, device: Any, data: bytes) -> None:
        from bleak import BleakClient

        try:
            async with BleakClient(device, timeout=BLINK_WAIT) as client:
                await client.write_gatt_char(pm.WRITE, data, response=False)
        except Exception as err:  # bleak's, dbus-fast's, a timeout: the roll counts anyway
            self.unblinked = [*self.unblinked[-9:], f"{type(err).__name__}: {err}"]

    def poll(self) -> list[Event]:
        """Every event since the last call, the dice gone quiet included; never waits."""
        out: list[Event] = []
        while True:
            try:
                out.append(self._events.get_nowait())
            except queue.Empty:
                break
        with self._lock:
            out += self.rolls.tick(self.clock())
        return out

    def in_range(self) -> list[InRange]:
        """The dice heard within the last :data:`~companion.hw.pixels_rolls.GONE_AFTER`
        seconds, strongest signal first."""
        now = self.clock()
        with self._lock:
            near = [d for d in self._seen.values() if now - d.heard <= self.rolls.gone_after]
        return sorted(near, key=lambda d: -(d.rssi if d.rssi is not None else -999))

    def stop(self) -> None:
        """Stop listening (waits for the radio's thread a moment)."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stop.set)
            except RuntimeError:  # the loop closed meanwhile
                pass
        if self._thread is not None:
            self._thread.join(5)
