"""The turn timer's screens: whose turn, their clock, everyone's clocks, the totals.

Keys: OK starts the clocks, then passes the turn · BACK pauses (paused: OK resumes,
BACK goes to the start menu) · DOWN every player's clock · hold OK stops the timer and
shows the totals · hold BACK undoes the last pass or pause.

The screen measures how long the running clock ran on the monotonic clock (``ctx.clock``)
and reads the wall clock (``ctx.wall_clock``) only to date the actions it plays; the rules
get both as data (``"ran"`` and ``"at"``).
"""

from __future__ import annotations

import math
import weakref
from typing import Any

from companion.api.screens import (
    N_,
    Choice,
    Confirm,
    Context,
    Painter,
    Screen,
    SetupScreen,
    game_title,
    hint,
    needs_japanese,
    playing,
    text_width,
    title_bar,
    translator,
)
from companion.games.turn_timer import GAME, rules

BUDGETS = (0, 60, 120, 300, 600, 900, 1200, 1800, 2700, 3600)
SOUND = (N_("on"), N_("quiet"), N_("off"))

_, ngettext = translator(__name__)


def _budget(seconds: int) -> str:
    return _("counts up") if not seconds else _("{n} min each").format(n=seconds // 60)


def new_game(ctx: Context) -> None:
    mode = ctx.config.sound["mode"] if ctx.config.sound.get("pin", "") != "" else "off"
    ctx.push(SetupScreen(
        ctx, "turn_timer", low=GAME.min_players, high=GAME.max_players, default=3,
        extra=[Choice("budget", N_("Clock"), list(BUDGETS), 0, shown=_budget, gettext=_),
               Choice("sound", N_("Sound"), list(SOUND), SOUND.index(mode),
                      shown=lambda v: _(v), gettext=_)]))


def play_screen(ctx: Context) -> Screen:
    return ClockScreen(ctx)


def elapsed(state: rules.State, player: int, ran: float) -> int:
    """Whole seconds shown for ``player``: used so far (up) or left (down), the running
    clock having run ``ran`` seconds since the last action."""
    used = math.floor(rules.clock(state, player, ran))
    return state.budget - used if state.budget else used


#: For each app: (game, actions played) -> the monotonic time that action was stamped, or
#: first seen (after a restart). The running clock has run since then; an undone pass
#: finds its turn's own start again.
_SINCE: weakref.WeakKeyDictionary[Any, dict[tuple[int, int], float]] = \
    weakref.WeakKeyDictionary()


def _starts(ctx: Context) -> dict[tuple[int, int], float]:
    return _SINCE.setdefault(ctx, {})


def running_for(ctx: Context, mono: float | None = None) -> float:
    """Seconds the running clock has run since the game's last action, on ``ctx.clock``
    (monotonic: a wall clock set by the network is nobody's turn). After a restart the
    clock goes on from the last action the log holds: the time the box was off, and the
    part of the turn after the last key, are not charged."""
    mono = ctx.clock() if mono is None else mono
    session = playing(ctx)
    start = _starts(ctx).setdefault((session.game_id, session.state.moves), mono)
    return max(0.0, mono - start)


class Ticking(Screen):
    """A screen with a running clock: wakes each second, sounds the turn and the warning."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._seen: tuple[int, int] | None = None  # (turn, seconds shown) at the last look

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    def now(self) -> float:
        """Seconds the running clock has run since the last action (:func:`running_for`)."""
        return running_for(self.ctx)

    def sound(self, name: str) -> None:
        self.ctx.beep(name, playing(self.ctx).options.get("sound", "on"))

    def wake_in(self) -> float | None:
        s = self.state
        if not s.running:
            return None
        used = rules.clock(s, s.current, self.now())
        return 1.0 - (used % 1.0) + 0.01

    def wake(self) -> None:
        """Sound the warning (10 s left) and the time-out as the shown time crosses them;
        after a restart only a crossing seen by this screen sounds."""
        s = self.state
        if not s.running or not s.budget:
            return
        left = elapsed(s, s.current, self.now())
        before = self._seen[1] if self._seen and self._seen[0] == s.turn else None
        self._seen = (s.turn, left)
        if before is None:
            return
        if before > 0 >= left:
            self.sound("timeout")
        elif before > rules.WARNING >= left:
            self.sound("warning")

    def play(self, kind: str) -> Any:
        mono = self.ctx.clock()
        ran = running_for(self.ctx, mono) if self.state.running else 0.0
        done = self.ctx.play({"type": kind, "at": self.ctx.wall_clock(), "ran": round(ran, 3)})
        session = self.ctx.session
        if done is not None and session is not None:
            _starts(self.ctx)[(session.game_id, session.state.moves)] = mono
        return done

    def key_long_ok(self) -> None:
        if self.state.started:
            self.ctx.push(Confirm(self.ctx, _("Stop the clocks and show each player's time?"),
                                  self._finish))

    def _finish(self) -> None:
        if self.play("finish") is not None:
            self.ctx.show_game()


class ClockScreen(Ticking):
    """The player whose turn it is, big, and their clock; at the end, everyone's totals."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.top = 0

    def key_ok(self) -> None:
        s = self.state
        if s.finished:
            return
        if not s.started:
            self.play("start")
        elif s.paused:
            self.play("resume")
        elif self.play("pass") is not None:
            self.sound("turn")
        self._seen = None

    def key_back(self) -> None:
        s = self.state
        if s.running:
            self.play("pause")
        else:
            self.ctx.home()

    def key_down(self) -> None:
        if self.state.finished:
            self.top = min(max(0, len(self.state.players) - 4), self.top + 1)
        elif self.state.started:
            self.ctx.push(AllClocks(self.ctx))

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    def render(self, p: Painter) -> None:
        s = self.state
        if s.finished:
            totals(p, s, self.top)
            return
        now = self.now()
        mode = _("{n} min").format(n=s.budget // 60) if s.budget else _("up")
        title_bar(p, _("Turn {n}").format(n=s.turn) if s.started else
                  game_title("turn_timer", short=True), _("PAUSED") if s.paused else mode)
        mine = f"#{s.turns[s.current] + 1}" if s.started else ""
        if mine:
            p.right(17, mine, "text", x1=p.width - 2)
        room = p.width - 4 - (text_width(mine, "text") + 4 if mine else 0)
        p.text((2, 13), p.fit_name(s.players[s.current], "medium", room, s.players), "medium")
        value = elapsed(s, s.current, now)
        text = rules.shown(value)
        font = "huge" if len(text) <= 7 else "large"
        if not s.started:
            keys = _("OK starts the clock")
        elif s.paused:
            keys = _("OK resume  BACK menu")
        else:
            keys = _("OK pass BACK pause DN all")
        # Japanese keys are 12 px (8 px kanji are smudges): the time rises to leave them room
        up = 5 if needs_japanese(keys) else 0
        p.centred(29 - up, text, font)
        if s.budget and value <= rules.WARNING and s.started:
            # the warning, visible across the table
            p.inverted((0, 29, p.width - 1, 50 if up else 60))
        hint(p, keys)


class AllClocks(Ticking):
    """Every player's clock, the running one marked; UP/DOWN scroll past four."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.top = 0

    def key_down(self) -> None:
        self.top = min(max(0, len(self.state.players) - 4), self.top + 1)

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    def key_ok(self) -> None:
        self.ctx.pop()

    def render(self, p: Painter) -> None:
        s = self.state
        title_bar(p, _("All clocks"), _("PAUSED") if s.paused else
                  _("turn {n}").format(n=s.turn))
        now = self.now()
        for i, seat in enumerate(range(self.top, min(len(s.players), self.top + 4))):
            y = 13 + i * 12
            font = "bold" if seat == s.current else "text"
            if seat == s.current:
                p.text((0, y), ">", "bold")
            clock = rules.shown(elapsed(s, seat, now))
            p.text((8, y), p.fit_name(s.players[seat], font, p.width - 14 - text_width(clock, font),
                                    s.players),
                   font)
            p.right(y, clock, font, x1=p.width - 2)


def totals(p: Painter, s: rules.State, top: int) -> None:
    """The end: each player's total time and turns, slowest first."""
    turns = sum(s.turns)
    title_bar(p, _("Time used"), ngettext("{n} turn", "{n} turns", turns).format(n=turns))
    order = sorted(range(len(s.players)), key=lambda i: -s.used[i])
    for i, seat in enumerate(order[top:top + 4]):
        y = 13 + i * 12
        over = s.budget and s.used[seat] > s.budget
        count = _("{n}x").format(n=s.turns[seat])
        p.right(y, rules.shown(math.floor(s.used[seat])), "bold", x1=p.width - 2)
        p.right(y, count, "text", x1=p.width - 52)
        room = p.width - 56 - text_width(count, "text") - (6 if over else 0)
        name = p.fit_name(s.players[seat], "text", room, s.players)
        p.text((1, y), name + ("!" if over else ""), "text")


class FakeClock:
    """A wall clock that moves only when told (screenshots, tests)."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _scene(app: Any, budget: int, seconds: list[float], *, wait: float) -> None:
    from companion.api.screens import press

    clock = FakeClock()
    app.wall_clock = clock
    base, start = app.clock(), clock.now
    app.clock = lambda: base + clock.now - start  # the box's monotonic clock moves with it
    app.start_game("turn_timer", {"players": ["Ann", "Ben", "Cleo", "Dan"], "budget": budget,
                                  "sound": "off"})
    press(app, "OK")
    for s in seconds:
        clock.now += s
        press(app, "OK")
    clock.now += wait


def _scene_turn(app: Any) -> None:
    _scene(app, 0, [42.0, 71.5, 38.0, 55.0], wait=83.4)


def _scene_warning(app: Any) -> None:
    _scene(app, 300, [120.0, 95.0, 180.0, 200.0], wait=173.4)


def _scene_all(app: Any) -> None:
    from companion.api.screens import press

    _scene(app, 300, [120.0, 95.0, 180.0, 200.0, 61.0], wait=12.0)
    press(app, "DOWN")


def _scene_totals(app: Any) -> None:
    from companion.api.screens import press

    _scene(app, 0, [42.0, 71.5, 38.0, 55.0, 61.0, 80.0, 33.0, 47.0], wait=20.0)
    app.play({"type": "finish", "at": app.wall_clock(), "ran": 20.0})
    app.show_game()
    press(app)


SCREENSHOTS = {"turn_timer-turn": _scene_turn, "turn_timer-warning": _scene_warning,
               "turn_timer-all": _scene_all, "turn_timer-totals": _scene_totals}
