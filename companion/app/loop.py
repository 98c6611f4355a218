"""The main loop: keys → screen → action → log → redraw.

One thread does everything that touches the screens and the display (luma has no
locks): it sleeps on the key queue, hands each key to the top screen, and redraws only
when the frame changed. Button callbacks, the keyboard and timers only put things on
the queue.

Keys never pile up: every key is handled, but a frame is drawn only when no key is
waiting. While a frame is on its way to the panel (93 ms for a whole frame on a 100 kHz
I²C bus), keys wait in the queue, not frames; the next frame shows the state after all
of them. So a burst of keys costs one frame, not one frame a key.
"""

from __future__ import annotations

import queue
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from companion.app.game_start import GameStart
from companion.app.overlays import Overlays
from companion.app.screensaver import Screensaver, moved
from companion.app.session import GameSession
from companion.app.setting_changes import SettingChanges
from companion.app.smart_dice import EVENTS as DICE_EVENTS
from companion.app.smart_dice import SmartDice
from companion.app.stack import ScreenStack
from companion.app.table import Table
from companion.config import registry
from companion.config.file import Config
from companion.config.game_modules import Screens
from companion.core import i18n
from companion.core.dice import Dice
from companion.core.errors import RuleError
from companion.core.i18n import _
from companion.core.keys import QUIT, Key
from companion.log.store import Store
from companion.shell import wifi_news
from companion.shell.home import HomeScreen
from companion.ui.overlay import Band, Question
from companion.ui.paint import Painter, check_panel
from companion.ui.screen import Screen


def _screens(key: str) -> Screens:
    """Game ``key``'s screens, looked up at each call (a test swaps ``registry.screens``
    for one whose import fails)."""
    return registry.screens(key)


class App:
    """The companion on screen: the loop over its parts, and what screens talk to.

    The parts, one job each: :class:`ScreenStack` (the open screens), :class:`Overlays`
    (message, band, question), :class:`Table` (the game being played),
    :class:`GameStart` (new and saved games), :class:`SettingChanges` (language,
    contrast). The app runs the loop, draws, and offers screens what
    :class:`companion.ui.screen.Context` declares, each from the part that does it.

    :param display: any luma device (an OLED, the terminal, ``dummy`` in tests); frames
        are its size. One the screens are not laid out for raises
        :class:`~companion.core.errors.PanelSizeError`.
    """

    def __init__(self, *, config: Config, store: Store, display: Any, dice: Dice | None = None,
                 clock: Callable[[], float] = time.monotonic, strict: bool = False,
                 keep_settings: bool = False,
                 wall_clock: Callable[[], float] = time.time,
                 on_memory: str | None = None) -> None:
        self.store = store
        self.display = display
        #: The frame's width and height: the display's.
        self.size = check_panel(display.size)
        self.settings = SettingChanges(config, display=display, notice=self.notice,
                                       keep=keep_settings)
        self.dice = dice or Dice()
        self.clock = clock
        #: Seconds since the epoch, for timestamps a screen puts into an action (the turn
        #: timer); injected in tests. Rules never read it: they get the number as data.
        self.wall_clock = wall_clock
        #: Plays a named sound (``"turn"``, ``"warning"``, ``"timeout"``) in a mode
        #: (``"on"``, ``"quiet"``); set to a :class:`companion.hw.buzzer.Sounder`'s
        #: ``play`` when a buzzer is configured, else the box is silent.
        self.sound: Callable[[str, str], None] | None = None
        self.keys: queue.Queue[Any] = queue.Queue()
        self.overlays = Overlays(clock, i18n.shown(store.notice))
        #: What keeps the log's writes in memory only (``"overlay"``, ``"tmpfs"``; None:
        #: the card): every frame says games are not kept, the first one why.
        self.on_memory = on_memory
        if on_memory is not None and not store.read_only:
            self.overlays.notice(_("Games are saved to memory only ({kind}): a reboot "
                                   "loses them.").format(kind=on_memory))
        self.screens = ScreenStack(HomeScreen(self))
        self.table = Table(store=store, stack=self.screens, overlays=self.overlays, ctx=self,
                           load_screens=_screens)
        self.game_start = GameStart(self.table)
        self.texts: list[str] = []
        self.painter: Painter | None = None
        self.frames_sent = 0
        self._last_frame: bytes | None = None
        self._animating: float | None = None
        self._started = False
        self._interval = 0.0
        #: Called at least every ``heartbeat_every`` seconds while the loop runs, busy or
        #: idle (the systemd watchdog; display retries). None: no timer at all.
        self.heartbeat: Callable[[], None] | None = None
        self.heartbeat_every = 0.0
        self._next_beat = 0.0
        #: Called once, after the first frame was sent (systemd's READY=1).
        self.on_ready: Callable[[], None] | None = None
        #: Re-raise unexpected exceptions from screens (tests) instead of carrying on.
        self.strict = strict
        self.slips: list[Exception] = []
        #: The panel's rest: dimmed, then off, when nobody presses a key.
        self.saver = Screensaver(display, dim_after=config.display["dim_after"],
                                 off_after=config.display["off_after"],
                                 contrast=lambda: self.config.display["contrast"],
                                 clock=self.clock)
        self._shift = (0, 0)  # how far the frame on the panel is moved (the screensaver's)
        #: Wi-Fi news from the phone's page (:mod:`companion.shell.wifi_news`), watched at
        #: every timer's turn once the loop runs.
        self._news: wifi_news.Watch | None = None
        #: The table's smart dice (:mod:`companion.app.smart_dice`): none until the runtime
        #: gives the set (:meth:`use_smart_dice`); their events come on :attr:`keys`.
        self.smart_dice = SmartDice([], top=lambda: self.top, press=self._die_press,
                                    inform=self.inform, folder=self.log_folder)

    # -- the loop ----------------------------------------------------------------------

    def start(self) -> None:
        """Show the first frame; reopen the game that was being played, if any.

        Runs once (:meth:`run` calls it too), so a caller may show the first frame early.
        """
        if self._started:
            return
        self._started = True
        self.game_start.reopen_unfinished()
        self.redraw()

    def run(self) -> None:
        """Take keys until :data:`~companion.core.keys.QUIT` arrives. Sleeps while idle."""
        self.start()
        if self.on_ready is not None:
            self.on_ready()
        while True:
            try:
                event = self.keys.get(timeout=self._timeout())
            except queue.Empty:
                self._on_timer()
                continue
            if event is QUIT:
                return
            self.take(event, draw=False)
            if self.keys.empty():  # more keys waiting: their frame will show them all
                self.redraw()
            self._beat_if_due()  # a stream of keys must not starve the watchdog

    def _timeout(self) -> float | None:
        waits = []
        if self._animating is not None:
            waits.append(max(0.0, self._animating - self.clock()))
        if self.heartbeat is not None:
            waits.append(max(0.0, self._next_beat - self.clock()))
        wake = self.top.wake_in()
        if wake is not None:
            waits.append(max(0.0, wake))
        band = self.overlays.band_in()
        if band is not None:
            waits.append(band)
        rest = self.saver.next_in(self._must_be_seen())
        if rest is not None:
            waits.append(rest)
        return min(waits) if waits else None

    def _must_be_seen(self) -> bool:
        """Something on screen a player must see now keeps the panel awake: a clock
        running, an animation, a log that cannot be saved or is kept in memory only."""
        return (self.top.wake_in() is not None or self._animating is not None
                or self.store.read_only or self.on_memory is not None)

    def _beat_if_due(self) -> None:
        if self.heartbeat is not None and self.clock() >= self._next_beat:
            self._next_beat = self.clock() + self.heartbeat_every
            self.heartbeat()

    def _on_timer(self) -> None:
        self._beat_if_due()
        self._wifi_news()
        if self.saver.step(self._must_be_seen()) or self.saver.shift() != self._shift:
            self.redraw()
        if self.settings.refresh():  # saved by the phone page
            self.redraw()
        if self.overlays.band_over():
            self.redraw()
        if self._animating is not None and self.clock() >= self._animating:
            if self.top.tick():
                self._animating = self.clock() + self._interval
            else:
                self._animating = None
            self.redraw()
        if self.top.wake_in() is not None:  # a running clock: the screen moves with time
            self.top.wake()
            self.redraw()

    def _wifi_news(self) -> None:
        """A Wi-Fi join asked from the phone's page is said on whatever screen is open (at
        the timer's next turn: the watchdog's beat at least); Phone and Box Wi-Fi look
        for it themselves, every second."""
        if self._news is None:
            self._news = wifi_news.Watch(self, self.log_folder())
        if getattr(self.top, "news", None) is not None:
            self._news.seen()  # the screen's own watch shows it
        elif self._news.look():
            self.redraw()

    @property
    def animating(self) -> bool:
        """True while a screen's animation is running."""
        return self._animating is not None

    @property
    def frame_interval(self) -> float:
        """Seconds between the frames of the running (or last) animation: its time slot."""
        return self._interval

    def animate(self, frames: int, interval: float) -> None:
        """Ask for ``tick()`` on the top screen every ``interval`` seconds until it ends."""
        self._interval = interval
        self._animating = self.clock() + interval
        self.top.tick()

    def next_frame_now(self) -> None:
        """Run the next animation frame without waiting (tests, screenshots, benchmarks)."""
        if self._animating is not None:
            self._animating = self.clock()
        self._on_timer()

    def settle(self, limit: int = 1000) -> None:
        """Run any animation to its end at once, as time passing would."""
        for _step in range(limit):
            if self._animating is None:
                return
            self.next_frame_now()
        raise RuntimeError(f"{type(self.top).__name__}: an animation that never ends")

    def handle(self, key: Key, *, draw: bool = True) -> None:
        """Give one key to the question, else the message it closes, else the top screen;
        then redraw.

        ``draw=False`` skips the frame: the loop passes it while more keys are waiting.
        A key that wakes a resting panel only wakes it.
        """
        if self.saver.woken():
            self.redraw()
            return
        if self._animating is not None:  # a key ends an animation at once
            while self.top.tick():
                pass
            self._animating = None
        self.overlays.band_over()
        if self.overlays.question is not None:
            on_yes = self.overlays.answer(key)
            if on_yes is not None:
                try:
                    on_yes()
                except RuleError as err:
                    self.notice(self.table.explain(err))
        elif self.overlays.message is not None:
            self.overlays.message = None
        else:
            try:
                self.top.on_key(key)
            except RuleError as err:
                self.notice(self.table.explain(err))
            except Exception as err:  # a bug in a screen must not take the box down
                self._slipped(err)
        self.settings.refresh()  # what the phone page saved shows in this key's frame
        if draw:
            self.redraw()

    def take(self, event: Any, *, draw: bool = True) -> None:
        """One event of the loop's queue: a key (:meth:`handle`) or a smart die's
        (:meth:`die_event`)."""
        if isinstance(event, DICE_EVENTS):
            self.die_event(event, draw=draw)
        else:
            self.handle(event, draw=draw)

    def use_smart_dice(self, dice: list[Any], *, confirm: bool = True,
                       open_radio: Callable[[], tuple[Any, Any]] | None = None) -> None:
        """Read the landings of ``dice`` (:class:`companion.hw.dice_set.KnownDie`);
        ``open_radio`` starts listening when Settings > Smart dice asks (returns the radio
        and why it cannot, one of them None)."""
        old = self.smart_dice
        self.smart_dice = SmartDice(dice, top=lambda: self.top, press=self._die_press,
                                    inform=self.inform, confirm=confirm,
                                    folder=self.log_folder, radio=old.radio,
                                    open_radio=open_radio or old.open_radio)

    def log_folder(self) -> Path:
        """The log's folder (the state folder): the smart dice's ``dice.toml`` and the Wi-Fi
        news are kept beside the log."""
        path = self.store.path
        return Path(path).parent if path and path != ":memory:" else self.config.state_dir()

    def die_event(self, event: Any, *, draw: bool = True) -> None:
        """One event of a smart die (a landing, a die gone quiet …), as :meth:`handle`
        takes a key: it wakes a resting panel and acts too (a die rolled is meant)."""
        self.saver.woken()
        try:
            self.smart_dice.on_event(event)
        except RuleError as err:
            self.notice(self.table.explain(err))
        except Exception as err:  # a bug in a screen must not take the box down
            self._slipped(err)
        if draw:
            self.redraw()

    def _die_press(self, key: Key) -> None:
        """A landing opening the players' own dice, as holding ROLL does: only when
        nothing is asked or said over the screen."""
        if self.overlays.question is None and self.overlays.message is None:
            self.top.on_key(key)

    def note_dice_read(self, read: list[list[int] | None]) -> None:
        """The next action played carries which smart die gave which face: every entry's
        since the last action (a move's checks are entered one die at a time)."""
        self.table.dice_read = [*(self.table.dice_read or []), *read]

    def _slipped(self, err: Exception) -> None:
        """A screen raised something it should not have: log it, say so, carry on.

        The game itself is safe (it is the log), so the box stays up; ``strict`` apps
        (the tests) re-raise instead, so no such bug goes unnoticed.
        """
        if self.strict:
            raise err
        self.slips.append(err)
        print("companion: a screen failed:", "".join(
            traceback.format_exception_only(type(err), err)).strip(), file=sys.stderr)
        self.notice(_("Sorry, that screen went wrong. Your game is saved."))

    # -- drawing -----------------------------------------------------------------------

    def render(self) -> Image.Image:
        """Draw the top screen (and any message over it) into a new frame."""
        p = Painter(Image.new("1", self.size, 0))
        try:
            self.top.render(p)
        except Exception as err:
            self._slipped(err)
            self.home()  # the start menu always draws
            p = Painter(Image.new("1", self.size, 0))
            self.top.render(p)
        self.overlays.draw(p)
        if self.store.read_only or self.on_memory:  # every frame, not only the first
            self.overlays.draw_unsaved(p)
        self.texts = p.texts
        self.painter = p  # what was drawn where: the cut-text test reads it
        if p.focus is not None and not self.overlays.covers:
            p.image.info["focus"] = p.focus  # the display sends those rows first
        return p.image

    def redraw(self) -> bool:
        """Send the frame to the display if it differs from the last one sent."""
        self._shift = self.saver.shift()
        frame = moved(self.render(), *self._shift)
        data = frame.tobytes()
        if data == self._last_frame:
            return False
        self.display.display(frame)
        self._last_frame = data
        self.frames_sent += 1
        return True

    def screen_text(self) -> str:
        """Everything written on the screen now, one string (for tests and logs)."""
        return " | ".join(self.texts)

    def beep(self, sound: str, mode: str = "on") -> None:
        """Play ``sound`` on the buzzer, if there is one; never fails the caller."""
        if self.sound is None or mode == "off":
            return
        try:
            self.sound(sound, mode)
        except Exception as err:  # a loose buzzer wire must not stop the game
            print("companion: " + _("the buzzer failed: {why}").format(why=err),
                  file=sys.stderr)

    # -- what screens may do (companion.ui.screen.BoxContext), each from its part ------

    @property
    def roster(self) -> Store:
        """The people, for a setup: the log's roster (a game's screens see no more of the
        log than :class:`~companion.ui.screen.Roster`)."""
        return self.store

    @property
    def top(self) -> Screen:
        return self.screens.top

    @property
    def stack(self) -> list[Screen]:
        return self.screens.screens

    def push(self, screen: Screen) -> None:
        self.screens.push(screen)

    def pop(self) -> None:
        self.screens.pop()

    def replace(self, screen: Screen) -> None:
        self.screens.replace(screen)

    def home(self) -> None:
        self.screens.home()

    def notice(self, message: str) -> None:
        self.overlays.notice(message)

    def inform(self, message: str) -> None:
        self.overlays.inform(message)

    def ask(self, question: str, on_yes: Callable[[], None]) -> None:
        self.overlays.ask(question, on_yes)

    @property
    def message(self) -> str | None:
        return self.overlays.message

    @message.setter
    def message(self, text: str | None) -> None:
        self.overlays.message = text

    @property
    def band(self) -> Band | None:
        return self.overlays.band

    @band.setter
    def band(self, band: Band | None) -> None:
        self.overlays.band = band

    @property
    def question(self) -> Question | None:
        return self.overlays.question

    @property
    def session(self) -> GameSession | None:
        return self.table.session

    def play(self, action: dict[str, Any]) -> Any:
        return self.table.play(action)

    def undo(self) -> bool:
        return self.table.undo()

    def abandon(self, game_id: int) -> bool:
        return self.table.abandon(game_id)

    def show_game(self) -> None:
        self.table.show_game()

    def open_setup(self, key: str) -> None:
        self.game_start.open_setup(key)

    def start_game(self, key: str, options: dict[str, Any]) -> None:
        self.game_start.start_game(key, options)

    def resume(self, game_id: int, quiet: bool = False) -> None:
        self.game_start.resume(game_id, quiet)

    @property
    def config(self) -> Config:
        return self.settings.config

    @config.setter
    def config(self, config: Config) -> None:
        self.settings.config = config

    @property
    def keep_settings(self) -> bool:
        return self.settings.keep

    @keep_settings.setter
    def keep_settings(self, keep: bool) -> None:
        self.settings.keep = keep

    def language(self) -> str:
        return self.settings.language()

    def change_setting(self, key: str, value: Any) -> None:
        self.settings.change(key, value)
