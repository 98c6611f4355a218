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
from companion.i18n import N_, translator
from companion.ui.fonts import text_width
from companion.ui.menus import Choice, Confirm, SetupScreen
from companion.ui.paint import WIDTH, Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import hint, title_bar, winner_page

_, ngettext = translator(__name__)

KEY = "brain_crush"
#: The colours by name (the rule book's 黄・緑・赤・青), translated where drawn.
COLOUR_NAMES = {"Y": N_("Yellow"), "G": N_("Green"), "R": N_("Red"), "B": N_("Blue")}


def new_game(ctx: Context) -> None:
    """2–4 players; round 1 starts with seat 1 (or a drawn player), then it rotates."""

    def options(players: list[str], chosen: dict[str, Any]) -> dict[str, Any]:
        first = ctx.dice.pick(range(len(players))) if chosen["starts"] == "random" else 0
        return {"players": players, "first": first}

    starts = Choice("starts", N_("Starts"), [N_("seat 1"), N_("random")], gettext=_,
                    shown=lambda v: _(v))
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
        question = _("Every piece face up? End round {n}.").format(n=s.round)
        self.ctx.push(Confirm(self.ctx, question,
                              lambda: play_ending_round(self.ctx, {"type": "end_round"})))

    def key_back(self) -> None:
        self.ctx.home()

    def render(self, p: Painter) -> None:
        s = self.state
        if s.finished:
            render_final(p, s)
            return
        title_bar(p, _("Round {n}/{rounds}").format(n=s.round, rounds=s.rounds),
                  _("1st {name}").format(name=s.players[s.starter]))
        starting = not s.sets and s.to_play == s.starter
        status = _("starts") if starting else _("to play")
        sets = ngettext("{n} set", "{n} sets", len(s.sets)).format(n=len(s.sets))
        side = max(text_width(status, "small"), text_width(sets, "small"))
        p.text((2, 12), p.fit(s.players[s.to_play], "large", WIDTH - 8 - side), "large")
        p.right(14, status, "small", x1=WIDTH - 2)
        p.right(23, sets, "small", x1=WIDTH - 2)
        points = rules.round_points(s)
        width = WIDTH // len(s.players)
        for i, name in enumerate(s.players):
            x0 = i * width
            p.centred(37, p.fit(name, "small", width - 2), "small", x0=x0, x1=x0 + width)
            p.centred(44, str(points[i]), "bold", x0=x0, x1=x0 + width)
        hint(p, _("OK set >miss hold OK end"))


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
        if (colour, kind) not in rules.open_sets(self.ctx.session.state):
            # Said here rather than by the rules, so the colour is named in the language
            # in use; the picker stays for another choice.
            self.ctx.notice(_("{colour} has already given its {kind} set this round.")
                            .format(colour=_(COLOUR_NAMES[colour]), letter=colour, kind=kind))
            return
        play_ending_round(self.ctx, {"type": "take", "colour": colour, "kind": kind},
                          leave=True)

    def render(self, p: Painter) -> None:
        s = self.ctx.session.state
        colour, kind = COLOURS[self.colour], rules.KINDS[self.kind]
        title_bar(p, _("Set for {name}").format(name=s.players[s.to_play]),
                  f"+{crush_set_points(kind)}")
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
            title_bar(p, _("Round"))
            p.centred(26, _("undone"), "text")
            return
        row = s.scores[self.index]
        totals = [sum(r[i] for r in s.scores[: self.index + 1]) for i in range(len(s.players))]
        title_bar(p, _("Round {n}").format(n=self.index + 1), _("round total"))
        for i, name in enumerate(s.players):
            y = 12 + i * 10
            p.text((2, y), p.fit(name, "text", 64), "text")
            p.right(y, str(row[i]), "bold", x1=WIDTH - 37)
            p.right(y, str(totals[i]), "bold", x1=WIDTH - 2)
        if s.finished:
            hint(p, _("OK the result"))
        else:
            hint(p, p.fit(_("{name} starts round {n}").format(name=s.players[s.starter],
                                                               n=s.round), "small", WIDTH))


def render_final(p: Painter, state: rules.State) -> None:
    """The winner big, everybody's total below."""
    rounds = ngettext("{n} round", "{n} rounds", len(state.scores)).format(n=len(state.scores))
    winner_page(p, rules.result(state), rounds, _("BACK menu"))


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
