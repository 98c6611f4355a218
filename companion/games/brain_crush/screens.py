"""Brain Crush at the table: whose turn, the sets taken, round totals, who starts next.

The box never knows the face-down pieces (that would spoil the memory game): players
tell it which set was taken. Each colour gives each kind of set once a round, so the
set picker refuses a set that colour has already given.

Keys on the main screen: OK a set was taken (pick colour and kind) · RIGHT no set,
next player · hold OK every piece is face up, end the round · BACK start menu ·
hold BACK undo.
"""

from __future__ import annotations

from typing import Any

from companion.games.brain_crush import rules
from companion.games.brain_crush.rules import crush_set_points
from companion.games.stones import COLOURS
from companion.ui.menus import Choice, Confirm, SetupScreen
from companion.ui.paint import WIDTH, Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import hint, title_bar, winner_page

KEY = "brain_crush"


def new_game(ctx: Context) -> None:
    """2–4 players; round 1 starts with seat 1 (or a drawn player), then it rotates."""

    def options(players: list[str], chosen: dict[str, Any]) -> dict[str, Any]:
        first = ctx.dice.pick(range(len(players))) if chosen["starts"] == "random" else 0
        return {"players": players, "first": first}

    starts = Choice("starts", "Starts", ["seat 1", "random"])
    ctx.push(SetupScreen(ctx, KEY, low=2, high=4, default=4, extra=[starts],
                         options=options))


def play_screen(ctx: Context) -> Screen:
    return CrushScreen(ctx)


def play_ending_round(ctx: Context, action: dict[str, Any], *, leave: bool = False) -> Any:
    """Play ``action`` (then leave this screen if ``leave``); show a round it ended.

    Returns the new state, or None when the rules refused it (their reason is shown).
    """
    before = len(ctx.session.state.scores)
    after = ctx.play(action)
    if after is None:
        return None
    if leave:
        ctx.pop()
    if len(after.scores) > before:
        ctx.push(RoundDone(ctx, before))
    return after


class CrushScreen(Screen):
    """Whose turn, and every player's points this round and in total."""

    @property
    def state(self) -> rules.State:
        return self.ctx.session.state

    def key_ok(self) -> None:
        if not self.state.finished:
            self.ctx.push(SetPicker(self.ctx))

    def key_right(self) -> None:
        if not self.state.finished:
            self.ctx.play({"type": "miss"})

    def key_long_ok(self) -> None:
        s = self.state
        if s.finished:
            return
        self.ctx.push(Confirm(self.ctx, f"Every piece face up? End round {s.round}.",
                              lambda: play_ending_round(self.ctx, {"type": "end_round"})))

    def key_back(self) -> None:
        self.ctx.home()

    def render(self, p: Painter) -> None:
        s = self.state
        if s.finished:
            render_final(p, s)
            return
        title_bar(p, f"Round {s.round}/{s.rounds}", f"1st {s.players[s.starter]}")
        p.text((2, 12), s.players[s.to_play][:10], "large")
        starting = not s.sets and s.to_play == s.starter
        p.right(14, "starts" if starting else "to play", "small", x1=WIDTH - 2)
        p.right(23, f"{len(s.sets)} sets", "small", x1=WIDTH - 2)
        points = rules.round_points(s)
        width = WIDTH // len(s.players)
        for i, name in enumerate(s.players):
            x0 = i * width
            p.centred(37, name[:6], "small", x0=x0, x1=x0 + width)
            p.centred(44, str(points[i]), "bold", x0=x0, x1=x0 + width)
        hint(p, "OK set >miss hold OK end")


class SetPicker(Screen):
    """Pick the set the player took: LEFT/RIGHT colour, UP/DOWN kind, OK takes it.

    A set its colour already gave this round is struck through, and refused.
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.colour = 0
        self.kind = 1  # three 5s: the likeliest first pick is as good as any

    def key_left(self) -> None:
        self.colour = (self.colour - 1) % len(COLOURS)

    def key_right(self) -> None:
        self.colour = (self.colour + 1) % len(COLOURS)

    def key_up(self) -> None:
        self.kind = (self.kind - 1) % len(rules.KINDS)

    def key_down(self) -> None:
        self.kind = (self.kind + 1) % len(rules.KINDS)

    def key_ok(self) -> None:
        colour, kind = COLOURS[self.colour], rules.KINDS[self.kind]
        # A set already given is refused by the rules, which say why; the picker stays.
        play_ending_round(self.ctx, {"type": "take", "colour": colour, "kind": kind},
                          leave=True)

    def render(self, p: Painter) -> None:
        s = self.ctx.session.state
        colour, kind = COLOURS[self.colour], rules.KINDS[self.kind]
        title_bar(p, f"Set for {s.players[s.to_play]}", f"+{crush_set_points(kind)}")
        still = set(rules.open_sets(s))
        for r, k in enumerate(rules.KINDS):
            y = 13 + r * 12
            p.text((0, y), k, "text")
            for c, col in enumerate(COLOURS):
                x = 41 + c * 22
                chosen = (col, k) == (colour, kind)
                if chosen:
                    p.rect((x - 2, y, x + 19, y + 11), fill=1, outline=None)
                label = f"{col}{crush_set_points(k)}"
                p.text((x, y), label, "text", fill=0 if chosen else 1)
                if (col, k) not in still:
                    p.line((x - 1, y + 6, x + 18, y + 6), fill=0 if chosen else 1)


class RoundDone(Screen):
    """A finished round's points and the totals, and who starts the next round."""

    def __init__(self, ctx: Context, index: int) -> None:
        super().__init__(ctx)
        self.index = index  # into state.scores

    def key_ok(self) -> None:
        self.ctx.pop()

    def key_long_back(self) -> None:
        self.ctx.undo()
        self.ctx.pop()

    def render(self, p: Painter) -> None:
        s = self.ctx.session.state
        if self.index >= len(s.scores):
            title_bar(p, "Round")
            p.centred(26, "undone", "text")
            return
        row = s.scores[self.index]
        totals = [sum(r[i] for r in s.scores[: self.index + 1]) for i in range(len(s.players))]
        title_bar(p, f"Round {self.index + 1}", "round total")
        for i, name in enumerate(s.players):
            y = 12 + i * 10
            p.text((2, y), name[:8], "text")
            p.right(y, str(row[i]), "bold", x1=WIDTH - 37)
            p.right(y, str(totals[i]), "bold", x1=WIDTH - 2)
        if s.finished:
            hint(p, "OK the result")
        else:
            hint(p, f"{s.players[s.starter]} starts round {s.round}")


def render_final(p: Painter, state: rules.State) -> None:
    """The winner big, everybody's total below."""
    winner_page(p, rules.result(state), f"{len(state.scores)} rounds", "BACK menu")


# -- screenshots ----------------------------------------------------------------------

def _started(app: Any) -> None:
    app.start_game(KEY, {"players": ["Ann", "Ben", "Cleo"], "first": 0})


def _turn(app: Any) -> None:
    from companion.ui.scenes import press

    _started(app)
    press(app, "OK", "OK")          # Ann: three 5s of Yellow
    press(app, "RIGHT")             # Ben misses
    press(app, "OK", "UP", "RIGHT", "OK")  # Cleo: Green 10-1-1


def _set(app: Any) -> None:
    from companion.ui.scenes import press

    _turn(app)
    press(app, "OK", "DOWN", "DOWN")


def _round(app: Any) -> None:
    from companion.ui.scenes import press

    _turn(app)
    press(app, "long OK", "OK")


def _over(app: Any) -> None:
    from companion.ui.scenes import press

    _started(app)
    for n, kind in enumerate(("DOWN", "UP", "LEFT")):  # one set a round, then all face up
        press(app, "OK", kind, *["RIGHT"] * n, "OK", "long OK", "OK", "OK")


SCREENSHOTS = {
    "brain_crush-turn": _turn,
    "brain_crush-set": _set,
    "brain_crush-round": _round,
    "brain_crush-over": _over,
}
