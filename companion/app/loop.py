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
from typing import Any

from PIL import Image

from companion.app.session import GameSession
from companion.config import registry as catalogue
from companion.config.file import Config
from companion.config.registry import screens_module
from companion.core import i18n
from companion.core.dice import Dice
from companion.core.errors import RuleError, StorageError, Translatable
from companion.core.i18n import _
from companion.core.keys import QUIT, Key
from companion.log.store import Store
from companion.shell.home import HomeScreen
from companion.ui.overlay import BAND_SECONDS, Band, Question, draw_band, draw_question
from companion.ui.paint import HEIGHT, WIDTH, Painter
from companion.ui.screen import Screen
from companion.ui.widgets import message_box


class App:
    """The companion's state on screen: a stack of screens over the current game.

    :param display: any luma device (an OLED, the terminal, ``dummy`` in tests).
    """

    def __init__(self, *, config: Config, store: Store, display: Any, dice: Dice | None = None,
                 clock: Callable[[], float] = time.monotonic, strict: bool = False,
                 keep_settings: bool = False,
                 wall_clock: Callable[[], float] = time.time) -> None:
        self.config = config
        #: Save settings changed on the box (a real run; tests that check saving).
        self.keep_settings = keep_settings
        i18n.use(config.language or i18n.from_environment())
        self.store = store
        self.display = display
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
        self.session: GameSession | None = None
        self.stack: list[Screen] = [HomeScreen(self)]
        self.message: str | None = i18n.shown(store.notice)
        #: An informational line that goes by itself (see companion.ui.overlay).
        self.band: Band | None = None
        #: A yes/no question over the screen; only OK or BACK answer it.
        self.question: Question | None = None
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

    # -- the loop ----------------------------------------------------------------------

    def start(self) -> None:
        """Show the first frame; reopen the game that was being played, if any.

        Runs once (:meth:`run` calls it too), so a caller may show the first frame early.
        """
        if self._started:
            return
        self._started = True
        saved = self.store.unfinished()
        if saved is not None and catalogue.find(saved.kind) is not None:
            self.resume(saved.id, quiet=True)
            if self.session is not None and self.session.game_id == saved.id:
                # after a power cut the table must know a half-entered turn is gone
                self.inform(_("Resumed {game}: only what had OK is kept.").format(
                    game=catalogue.title(saved.kind, short=True)))
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
            self.handle(event, draw=False)
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
        if self.band is not None:
            waits.append(max(0.0, self.band.until - self.clock()))
        return min(waits) if waits else None

    def _beat_if_due(self) -> None:
        if self.heartbeat is not None and self.clock() >= self._next_beat:
            self._next_beat = self.clock() + self.heartbeat_every
            self.heartbeat()

    def _on_timer(self) -> None:
        self._beat_if_due()
        if self._band_over():
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

    @property
    def animating(self) -> bool:
        """True while a screen's animation is running."""
        return self._animating is not None

    @property
    def frame_interval(self) -> float:
        """Seconds between the frames of the running (or last) animation: its time slot."""
        return self._interval

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
        """Give one key to the top screen (or close the message it answers), then redraw.

        ``draw=False`` skips the frame: the loop passes it while more keys are waiting.
        """
        if self._animating is not None:  # a key ends an animation at once
            while self.top.tick():
                pass
            self._animating = None
        self._band_over()
        if self.question is not None:
            self._answer(key)
        elif self.message is not None:
            self.message = None
        else:
            try:
                self.top.on_key(key)
            except RuleError as err:
                self.notice(self._explain(err))
            except Exception as err:  # a bug in a screen must not take the box down
                self._slipped(err)
        if draw:
            self.redraw()

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

    @property
    def top(self) -> Screen:
        return self.stack[-1]

    def render(self) -> Image.Image:
        """Draw the top screen (and any message over it) into a new frame."""
        p = Painter(Image.new("1", (WIDTH, HEIGHT), 0))
        try:
            self.top.render(p)
        except Exception as err:
            self._slipped(err)
            self.home()  # the start menu always draws
            p = Painter(Image.new("1", (WIDTH, HEIGHT), 0))
            self.top.render(p)
        if self.band is not None:
            draw_band(p, self.band.text)
        if self.question is not None:
            draw_question(p, self.question.text)
        elif self.message:
            message_box(p, self.message)
        self.texts = p.texts
        self.painter = p  # what was drawn where: the cut-text test reads it
        if p.focus is not None and self.question is None and not self.message:
            p.image.info["focus"] = p.focus  # the display sends those rows first
        return p.image

    def redraw(self) -> bool:
        """Send the frame to the display if it differs from the last one sent."""
        frame = self.render()
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

    # -- what screens may do (see companion.ui.screen.Context) -------------------------

    def push(self, screen: Screen) -> None:
        self.stack.append(screen)

    def pop(self) -> None:
        if len(self.stack) > 1:
            self.stack.pop()

    def replace(self, screen: Screen) -> None:
        self.stack[-1] = screen

    def home(self) -> None:
        del self.stack[1:]
        if isinstance(self.stack[0], HomeScreen):
            self.stack[0].index = 0  # back from a game, the cursor is on the first entry

    def notice(self, message: str) -> None:
        """Show ``message`` in a box until the next key, which does nothing else: for
        what must be read (errors, warnings about saving)."""
        self.message = message

    def beep(self, sound: str, mode: str = "on") -> None:
        """Play ``sound`` on the buzzer, if there is one; never fails the caller."""
        if self.sound is None or mode == "off":
            return
        try:
            self.sound(sound, mode)
        except Exception as err:  # a loose buzzer wire must not stop the game
            print("companion: " + _("the buzzer failed: {why}").format(why=err),
                  file=sys.stderr)

    def inform(self, message: str) -> None:
        """Show ``message`` in a band for about two seconds; keys keep working meanwhile."""
        self.band = Band(message, self.clock() + BAND_SECONDS)

    def ask(self, question: str, on_yes: Callable[[], None]) -> None:
        """Ask ``question``: OK runs ``on_yes``, BACK does nothing; other keys are ignored."""
        self.question = Question(question, on_yes)

    def _answer(self, key: Key) -> None:
        if key.long or key.name not in ("OK", "BACK"):
            return  # a burst of undos stops here
        question, self.question = self.question, None
        if key.name == "OK" and question is not None:
            try:
                question.on_yes()
            except RuleError as err:
                self.notice(self._explain(err))

    def _band_over(self) -> bool:
        """Take the band away once its time is up; True if it went."""
        if self.band is not None and self.clock() >= self.band.until:
            self.band = None
            return True
        return False

    def animate(self, frames: int, interval: float) -> None:
        """Ask for ``tick()`` on the top screen every ``interval`` seconds until it ends."""
        self._interval = interval
        self._animating = self.clock() + interval
        self.top.tick()

    def _explain(self, err: Exception) -> str:
        """An error's sentence in the language in use: a rule's in its game's words."""
        if isinstance(err, Translatable):
            gettext = (i18n.translator(self.session.info.rules)[0]
                       if self.session is not None else _)
            return err.translated(gettext)
        return str(err)

    def language(self) -> str:
        """The language the box speaks now."""
        return i18n.language()

    def change_setting(self, key: str, value: Any) -> None:
        """Change a setting at once and keep it (see :mod:`companion.config.settings`)."""
        from dataclasses import replace

        from companion.config import settings

        if key == "language":
            i18n.use(value)
            self.config = replace(self.config, language=value)
        elif key == "display.contrast":
            self.display.contrast(value)
            self.config = replace(self.config, display={**self.config.display, "contrast": value})
        if not self.keep_settings:
            return
        try:
            settings.save(self.config.path, self.config.state_dir(), key, value)
        except OSError as err:
            self.notice(_("Changed, but not saved: {why}").format(why=err.strerror or err))

    def open_setup(self, key: str) -> None:
        """Let game ``key``'s screens set up a new game (they push a setup screen, or
        call :meth:`start_game` at once); a game that cannot be opened says why."""
        try:
            screens = screens_module(key)
        except RuleError as err:
            self.notice(self._explain(err))
            return
        except Exception as err:  # a plugin's screens may fail to import in any way
            self.notice(_("{game} cannot be opened: {why}").format(game=catalogue.title(key),
                                                                   why=err))
            return
        screens.new_game(self)

    def start_game(self, key: str, options: dict[str, Any]) -> None:
        """Start a new game of ``key`` and show its play screen."""
        try:
            session = GameSession.start(self.store, key, options)
        except RuleError as err:  # the options refused: in that game's words
            info = catalogue.find(key)
            self.notice(err.translated(i18n.translator(info.rules)[0]) if info else str(err))
            return
        except StorageError as err:
            self.notice(_("Cannot save games: {why}").format(why=self._explain(err)))
            return
        if self.session is not None and not self.session.over:
            self.inform(_("{game} set aside: History > Unfinished").format(
                game=catalogue.title(self.session.key, short=True)))
        self.session = session
        self.show_game()

    def resume(self, game_id: int, quiet: bool = False) -> None:
        """Reopen a saved game by replaying its log and show its play screen.

        A game that will not reopen (a damaged row, a plugin whose screens no longer
        import) says so in one sentence and stays in History > Unfinished: the box boots
        to its start menu whatever a saved game holds.
        """
        before = self.session
        try:
            self.session = GameSession.resume(self.store, game_id)
            self.show_game()
        except RuleError as err:
            self.session = before
            self.notice(self._explain(err))
            return
        except Exception as err:  # the resume boundary: no saved game may stop the box
            self.session = before
            self._not_reopened(game_id, err)
            return
        if not quiet:
            self.inform(_("Resumed {game}.").format(
                game=catalogue.title(self.session.key, short=True)))

    def _not_reopened(self, game_id: int, err: Exception) -> None:
        """Say on screen that a saved game cannot be reopened; the detail to the journal."""
        why = f"{type(err).__name__}: {err}".replace("\n", " ")
        print("companion: " + _("cannot reopen saved game {id}: {why}").format(
            id=game_id, why=why), file=sys.stderr, flush=True)
        try:
            # the unfinished list reads past damaged settings, which store.game() refuses
            record = next((g for g in self.store.unfinished_games() if g.id == game_id), None)
        except Exception:  # the row that failed may fail again here
            record = None
        game = catalogue.title(record.kind, short=True) if record else _("The game")
        self.home()
        self.notice(_("{game} cannot be reopened; it stays in History > Unfinished.").format(
            game=game))

    def show_game(self) -> None:
        """Show the current game's play screen above the start menu."""
        if self.session is None:
            return
        self.home()
        self.stack.append(screens_module(self.session.key).play_screen(self))

    def play(self, action: dict[str, Any]) -> Any:
        """Apply ``action`` to the current game: it is in the log before this returns.

        Returns the new state, or None (with a message on screen) when the rules refuse
        the action or it could not be saved.
        """
        if self.session is None:
            raise RuntimeError("play() needs a game")
        try:
            return self.session.apply(action)
        except RuleError as err:
            self.notice(self._explain(err))
        except StorageError as err:
            self.notice(_("Not saved, try again: {why}").format(why=self._explain(err)))
        return None

    def undo(self) -> bool:
        """Take back the current game's last action; says so on screen.

        An undo that would take back a game's first action or the start of a round asks
        first (and returns False); after a yes, the game's play screen shows the result.
        """
        if self.session is None:
            return False
        question = self.session.undo_question()
        if question is not None:
            self.ask(question, self._undo_confirmed)
            return False
        return self._undo()

    def _undo_confirmed(self) -> None:
        if self._undo():
            self.show_game()

    def _undo(self) -> bool:
        if self.session is None:
            return False
        try:
            dropped = self.session.undo()
        except StorageError as err:
            self.notice(_("Undo failed: {why}").format(why=self._explain(err)))
            return False
        if dropped is None:
            self.inform(_("Nothing to undo."))
            return False
        named = catalogue.action_name(self.session.key, str(dropped.get("type")))
        self.inform(_("Undone.") if named is None else _("Undone: {what}").format(what=named))
        return True

    def abandon(self, game_id: int) -> bool:
        """Abandon an unfinished game for good: it leaves History > Unfinished."""
        try:
            self.store.abandon(game_id)
        except StorageError as err:
            self.notice(_("Not saved, try again: {why}").format(why=self._explain(err)))
            return False
        if self.session is not None and self.session.game_id == game_id:
            self.session = None
        return True
