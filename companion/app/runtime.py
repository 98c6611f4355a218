"""Putting the parts together for a real run: config → store, display, buttons → app.

Kept apart from :mod:`companion.owner.cli` so tests and benchmarks can build the same app
with mock pins and a dummy display.
"""

from __future__ import annotations

import fcntl
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from companion.app.loop import App
from companion.config.file import Config
from companion.core import i18n
from companion.core.dice import Dice
from companion.core.errors import CommandError, HardwareError, PanelSizeError
from companion.core.i18n import _
from companion.core.keys import QUIT
from companion.log.opening import log_path, not_a_log
from companion.log.store import Store


class Trace:
    """Writes the text of every frame sent to the display, one line a frame."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def wrap(self, app: App) -> None:
        send = app.display.display

        def display(frame: Any) -> None:
            send(frame)
            self.out.write(app.screen_text() + "\n")
            self.out.flush()

        app.display.display = display
        app.saver.report = self.panel

    def panel(self, state: str) -> None:
        """A line when the panel dims, goes off or wakes (the screensaver's)."""
        line = {"dim": _("[panel dimmed]"), "off": _("[panel off]")}.get(state, _("[panel on]"))
        self.out.write(line + "\n")
        self.out.flush()


def keys_line() -> str:
    """The laptop's keys (:mod:`companion.hw.keyboard`), the line under the terminal
    screen: asked at each frame, so it speaks the language the box speaks now (a
    language switched in Settings included)."""
    return _("arrows move · Enter OK · Backspace back · Space roll · u undo · h+key hold · "
             "q quit")


def open_store(config: Config, path: str | None = None) -> Store:
    """The action log in the configured state directory."""
    store = Store.open(path or log_path(config.state_dir()))
    from companion.core.shared_folder import share

    for suffix in ("", "-wal", "-shm"):  # the phone page's user writes the log too
        share(f"{store.path}{suffix}")
    if store.notice:  # the screen says it short; the journal gets the file's name
        print(f"companion: {i18n.shown(store.notice)} ({store.path})", file=sys.stderr,
              flush=True)
    return store


#: Debounce of the mock pins the laptop keyboard presses: a keyboard does not bounce.
KEYBOARD_BOUNCE_MS = 0


@contextmanager
def buttons_for(config: Config, sink: Any, *, factory: Any = None,
                bounce_ms: int | None = None) -> Iterator[Any]:
    """The :class:`KeyPad` for the configured pins; mock pins when ``factory`` is given."""
    from companion.hw.buttons import KeyPad

    bounce = config.input["bounce_ms"] if bounce_ms is None else bounce_ms
    pad = KeyPad(config.buttons, sink, pin_factory=factory,
                 bounce_ms=bounce, hold_ms=config.input["hold_ms"],
                 pull_up=config.input["pull_up"])
    try:
        yield pad
    finally:
        pad.close()


@contextmanager
def only_app_on(log: Path) -> Iterator[None]:
    """Hold an advisory lock on ``<log>.lock`` while the app runs: a second app on the
    same log would interleave its actions with this one's (its undo taking back our
    roll), so it stops with one line instead.

    The kernel drops the lock when the process ends in any way (kill -9 too), so a lock
    is never stale. A folder where the lock file cannot be made (read-only) is not
    locked: the box opens its log read-only there, and a read-only box writes nothing.
    """
    target = log.resolve()
    lock = target.with_name(target.name + ".lock")
    fd = None
    for flags in (os.O_RDWR | os.O_CREAT, os.O_RDONLY):
        try:
            fd = os.open(lock, flags, 0o644)
            break
        except OSError:
            continue
    if fd is None:
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise CommandError("another companion is already running on {path}; stop it "
                               "first (q in its window, or sudo systemctl stop companion).",
                               path=str(log)) from None
        except OSError:
            pass  # a filesystem without locks: run as before
        yield
    finally:
        os.close(fd)


def run(config: Config, *, emulator: str | None = None, db: str | None = None,
        trace: TextIO | None = None, dice: Dice | None = None) -> int:
    """Run the companion until ``q``, SIGTERM or SIGINT. Returns the exit code.

    Raises :class:`CommandError` when another app runs on the same log.
    """
    if db == ":memory:":
        return _run(config, emulator=emulator, db=db, trace=trace, dice=dice)
    log = Path(db) if db else log_path(config.state_dir())
    if db and (reason := not_a_log(log)) is not None:
        raise CommandError("{path} is not a companion log ({why}); name a companion log, "
                           "or a new file to start one.", path=str(log), why=reason)
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # Store.open says why, and opens read-only
    with only_app_on(log):
        return _run(config, emulator=emulator, db=str(log), trace=trace, dice=dice)


def _run(config: Config, *, emulator: str | None, db: str, trace: TextIO | None,
         dice: Dice | None) -> int:
    from companion.app.watchdog import ServiceNotifier
    from companion.hw.display import open_display
    from companion.hw.guarded import open_guarded
    from companion.log.backups import start_for
    from companion.log.memory import on_memory

    store = open_store(config, db)
    backups = start_for(store)
    footer = keys_line if config.uses_keyboard else ""
    display = open_guarded(lambda: open_display(config, emulator=emulator, footer=footer),
                           reopen=not config.uses_keyboard)
    try:
        app = App(config=config, store=store, display=display, dice=dice, keep_settings=True,
                  on_memory=on_memory(Path(db).parent))
    except PanelSizeError:
        if backups is not None:
            backups.stop()
        store.close()
        raise
    notifier = ServiceNotifier()
    app.on_ready = notifier.ready
    if notifier.interval:
        app.heartbeat, app.heartbeat_every = notifier.beat, notifier.beat_every
    if trace is not None:
        Trace(trace).wrap(app)
    stop = lambda *_: app.keys.put(QUIT)  # noqa: E731
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    app.start()  # the first frame before the buttons: importing gpiozero is slow
    network_fallback(config)
    radio = smart_dice(config, app)
    keyboard = sounder = None
    stopped: Callable[[App], object] = show_stopped
    try:
        factory = None
        if config.uses_keyboard:
            from gpiozero.pins.mock import MockFactory, MockPWMPin

            factory = MockFactory(pin_class=MockPWMPin)  # PWM: a configured piezo stays quiet
        from companion.hw.buzzer import open_sounder

        sounder = open_sounder(config, pin_factory=factory)
        if sounder is not None:
            app.sound = sounder.play
        bounce = KEYBOARD_BOUNCE_MS if factory is not None else None
        with buttons_for(config, app.keys.put, factory=factory, bounce_ms=bounce):
            if factory is not None:
                keyboard = laptop_keys(config, app, factory, window=(
                    emulator or config.display["emulator"]) == "pygame")
            app.run()
    except HardwareError as err:  # a button pin: the box says so too, short enough to read
        app.notice(_("{key} on GPIO{pin} cannot be opened; companion doctor says why.")
                   .format(**err.params) if {"key", "pin"} <= err.params.keys()
                   else err.translated(_))
        stopped = App.redraw
        raise
    finally:
        notifier.stopping()
        radio = app.smart_dice.radio  # started at start or from Settings
        if radio is not None:
            radio.stop()
        if keyboard is not None:
            keyboard.stop()
        stopped(app)
        if backups is not None:
            backups.stop()
        if sounder is not None:
            sounder.close()
        store.close()
    return 0


def smart_dice(config: Config, app: App) -> Any:
    """The table's smart dice (:mod:`companion.hw.dice_set`): the box listens for them
    at once when it has some, else when Settings > Smart dice is opened; their events
    come on the loop's queue. Returns the radio listening now, or None (a set that cannot
    be read, or no Bluetooth, is one line on the screen and in the journal)."""
    from companion.core.errors import ConfigError
    from companion.hw import dice_set
    from companion.hw.pixels_radio import DiceRadio

    def open_radio() -> tuple[Any, Any]:
        radio = DiceRadio(sink=app.keys.put)
        why = radio.start()
        if why is not None:
            print(f"companion: {why}", file=sys.stderr)
            radio.stop()
            return None, why
        return radio, None

    try:
        dice = dice_set.load(app.log_folder())
    except ConfigError as err:
        app.inform(err.translated(_))
        dice = []
    app.use_smart_dice(dice, confirm=config.smart_dice["confirm"], open_radio=open_radio)
    if not dice:
        return None
    why = app.smart_dice.listen()
    if why is not None:
        app.inform(i18n.shown(why))
    return app.smart_dice.radio


def network_fallback(config: Config) -> bool:
    """The service at boot (systemd started it: ``$INVOCATION_ID``) on a box (not a
    laptop's emulated screen: that Wi-Fi is its owner's), with ``[network] fallback =
    "hotspot"``: its own Wi-Fi when no known network comes up
    (:mod:`companion.network.fallback`, on a thread). True when that was started. A
    ``companion run`` by hand (over SSH: a network is there) leaves the Wi-Fi alone."""
    if (config.uses_keyboard or config.network["fallback"] != "hotspot"
            or not os.environ.get("INVOCATION_ID")):
        return False
    from companion.network import fallback

    fallback.in_background(config.state_dir())
    return True


def laptop_keys(config: Config, app: App, factory: Any, *, window: bool) -> Any:
    """The laptop keyboard driving the mock pins: read from the terminal, or from the
    pygame window (polled from the app's loop, the thread that draws)."""
    from companion.hw.keyboard import PinPresser, TerminalKeys

    presser = PinPresser(config.buttons, factory, bounce_ms=KEYBOARD_BOUNCE_MS,
                         hold_ms=config.input["hold_ms"])
    quit_app = lambda: app.keys.put(QUIT)  # noqa: E731
    if not window:
        keys = TerminalKeys(presser, quit_app, stream=sys.stdin)
        keys.start()
        return keys
    from companion.hw.pygame_keys import PygameKeys

    window_keys = PygameKeys(presser, quit_app)
    beat = app.heartbeat

    def beat_and_poll() -> None:
        if beat is not None:
            beat()
        window_keys.poll()

    app.heartbeat = window_keys.poll if beat is None else beat_and_poll
    app.heartbeat_every = min(app.heartbeat_every or PygameKeys.EVERY, PygameKeys.EVERY)
    return window_keys


def show_stopped(app: App) -> None:
    """Leave the screen saying the companion stopped, or dark (``display.on_stop``).

    The device keeps ``persist = True``, so luma's exit handler leaves this frame alone.
    """
    from PIL import Image

    from companion.ui.paint import Painter

    p = Painter(Image.new("1", app.size, 0))
    if app.config.display["on_stop"] == "message":
        p.centred(14, _("Stopped"), "medium")
        p.centred(40, _("nothing was saved") if app.store.read_only else _("games are saved"),
                  "text")
    app.texts = p.texts
    app.display.display(p.image)
    if app.config.display["on_stop"] == "blank" and hasattr(app.display, "hide"):
        app.display.hide()  # panel off: no burn-in while nobody looks
