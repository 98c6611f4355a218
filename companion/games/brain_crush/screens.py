"""Brain Crush at the table: whose turn, the sets taken, round totals, who starts next.

The box never knows the face-down pieces (that would spoil the memory game): players
tell it which set was taken. Each colour gives each kind of set once a round, so the
set picker refuses a set that colour has already given.

Every name and number is in the 12 px font or larger. The main screen keeps one layout
for the whole round: a row per player (name, who started the round, this round's
points), the name of the player to play inverted, so a miss moves the highlight and a
set changes one figure. A row has room for a whole name (five Japanese characters);
the columns it replaced cut names to two.

Keys on the main screen: OK a set was taken (pick colour and kind) · RIGHT no set,
next player · hold OK every piece is face up, end the round · BACK start menu ·
hold BACK undo.
"""

from __future__ import annotations

from typing import Any

from companion.api.screens import (
    N_,
    TITLE_H,
    Choice,
    Confirm,
    Context,
    Painter,
    Screen,
    SetupScreen,
    hint,
    needs_japanese,
    numbered,
    playing,
    text_width,
    title_bar,
    translator,
)
from companion.games.brain_crush import rules
from companion.games.brain_crush.rules import crush_set_points
from companion.games.stones import COLOURS

_, ngettext = translator(__name__)

KEY = "brain_crush"

#: The colour heading each column of the set picker: its initial (Japanese: its kanji).
INITIALS = {"Y": N_("Y"), "G": N_("G"), "R": N_("R"), "B": N_("B")}
#: The colours by name (the rule book's 黄・緑・赤・青), translated where drawn.
COLOUR_NAMES = {"Y": N_("Yellow"), "G": N_("Green"), "R": N_("Red"), "B": N_("Blue")}
#: The kinds of set as the picker's rows name them: the pieces' values.
KIND_LABELS = {"10-1-1": "10-1-1", "5": "5-5-5", "3": "3-3-3", "2": "2-2-2"}
SEAT_1, RANDOM = N_("seat 1"), N_("random")
#: The main screen's rows: a name (five Japanese characters, ten Latin ones) in a cell
#: this wide, the round's points right-aligned; four players fit above the hint line.
NAME_W, ROW_PITCH = 60, 11  # 11: as Four-Colour Stones' tables; the hint stays
#: The rows where the starter's mark is kanji (「最初」 in 12 px): a blank pixel row apart.
KANJI_PITCH = 13


def new_game(ctx: Context) -> None:
    """2–4 players; round 1 starts with seat 1 (or a drawn player), then it rotates."""

    def options(players: list[str], chosen: dict[str, Any]) -> dict[str, Any]:
        first = ctx.dice.pick(range(len(players))) if chosen["starts"] == RANDOM else 0
        return {"players": players, "first": first}

    starts = Choice("starts", N_("Starts"), [SEAT_1, RANDOM], gettext=_, shown=lambda v: _(v))
    ctx.push(SetupScreen(ctx, KEY, low=2, high=4, default=4, extra=[starts],
                         options=options))


def play_screen(ctx: Context) -> Screen:
    return CrushScreen(ctx)


def play_ending_round(ctx: Context, action: dict[str, Any], *, leave: bool = False) -> Any:
    """Play ``action`` (then leave this screen if ``leave``); show a round it ended.

    Returns the new state, or None when the rules refused it (their reason is shown).
    """
    before = len(playing(ctx).state.scores)
    after = ctx.play(action)
    if after is None:
        return None
    if leave:
        ctx.pop()
    if len(after.scores) > before:
        ctx.push(RoundDone(ctx, before))
    return after


class CrushScreen(Screen):
    """A row per player with this round's points; the player to play inverted."""

    #: the first standings row shown at the end, where they do not all fit
    first = 0

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    def key_down(self) -> None:
        if self.state.finished:
            self.first += 1  # kept within the rows by render_final

    def key_up(self) -> None:
        if self.state.finished:
            self.first = max(0, self.first - 1)

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
        self.ctx.push(Confirm(self.ctx, _("Every piece face up? End round {n}.").format(
            n=s.round), lambda: play_ending_round(self.ctx, {"type": "end_round"})))

    def key_back(self) -> None:
        self.ctx.home()

    def render(self, p: Painter) -> None:
        s = self.state
        if s.finished:
            self.first = render_final(p, s, self.first)
            return
        sets = len(s.sets)
        title_bar(p, _("Round {n}/{of}").format(n=s.round, of=s.rounds),
                  ngettext("{n} set", "{n} sets", sets).format(n=sets))
        points = rules.round_points(s)
        first = _("1st")
        # 「最初」 in 12 px (8 px kanji are smudges): the rows a blank pixel row apart
        kanji = needs_japanese(first)
        pitch = KANJI_PITCH if kanji else ROW_PITCH
        for i, name in enumerate(s.players):
            y = TITLE_H + kanji + i * pitch  # kanji ink starts on its cell's top row
            fill = 1
            if i == s.to_play:  # only the name's cell inverted: a miss moves ~260 bytes
                p.rect((0, y, NAME_W + 3, y + 11), fill=1, outline=None)
                fill = 0
            p.text((2, y), p.fit_name(name, "text", NAME_W, s.players), "text", fill=fill)
            if i == s.starter:
                p.text((NAME_W + 7, y + (0 if kanji else 3)), first, "text" if kanji else "small")
            p.right(y, str(points[i]), "bold", x1=p.width - 1)
        if not kanji or TITLE_H + 1 + len(s.players) * pitch <= p.height - 12:
            hint(p, _("OK set >miss hold OK end"))  # four rows of kanji fill the screen


class SetPicker(Screen):
    """Pick the set the player took: LEFT/RIGHT colour, UP/DOWN kind, OK takes it.

    The title bar names the player (the whole name: five Japanese characters need 60 px),
    a row under it heads the colour columns; each row is a kind of set with its points,
    10 px apart (Latin digits' ink is 8 px tall). A set its colour already gave this
    round is struck through, and refused.
    """

    LABEL_W, PITCH = 36, 23  # the kinds' column, then four colour columns
    TOP, ROW = 2 * TITLE_H, 10  # the kinds' rows: under the title and the colours

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
        if (colour, kind) not in rules.open_sets(playing(self.ctx).state):
            # What the rules would refuse, said with the colour in the player's language;
            # the picker stays.
            self.ctx.notice(_("{colour} has already given its {kind} set this round.")
                            .format(colour=_(COLOUR_NAMES[colour]), kind=kind))
            return
        play_ending_round(self.ctx, {"type": "take", "colour": colour, "kind": kind},
                          leave=True)

    def render(self, p: Painter) -> None:
        s = playing(self.ctx).state
        chosen = (COLOURS[self.colour], rules.KINDS[self.kind])
        title_bar(p, s.players[s.to_play])
        for c, col in enumerate(COLOURS):
            x = self.LABEL_W + c * self.PITCH
            p.centred(TITLE_H, _(INITIALS[col]), "bold", x0=x, x1=x + self.PITCH)
        still = set(rules.open_sets(s))
        for r, kind in enumerate(rules.KINDS):
            y = self.TOP + r * self.ROW  # a cell's top; the digits' ink is rows 2-9 of 12
            p.text((0, y - 1), KIND_LABELS[kind], "text")
            for c, col in enumerate(COLOURS):
                x = self.LABEL_W + c * self.PITCH
                box = (x + 1, y, x + self.PITCH - 2, y + self.ROW - 1)
                fill = 1
                if (col, kind) == chosen:
                    p.rect(box, fill=1, outline=None)
                    fill = 0
                p.centred(y - 1, str(crush_set_points(kind)), "text", x0=x,
                          x1=x + self.PITCH, fill=fill)
                if (col, kind) not in still:
                    p.line((box[0] + 2, y + 5, box[2] - 2, y + 5), fill=fill)


#: The standings' rows: 11 px apart under the title bar; three leave the bottom 12 px
#: free for a Japanese key help, four fill the screen.
ROW_PITCH = 11
ROWS_OVER_HELP = 3


def standings(p: Painter, names: list[str], labels: list[str], figures: list[list[str]],
              *, top: int = TITLE_H, first: int = 0, rows: int | None = None) -> None:
    """Rows of a label (place), a name and figures (right-aligned columns), 12 px type:
    ``rows`` of them from row ``first`` (all unless told), with a scroll bar at the right
    when some are not shown. The names take one form for the whole table."""
    x = max(text_width(label, "text") for label in labels) + 3 if any(labels) else 2
    shown = range(len(names)) if rows is None else range(first, min(len(names), first + rows))
    right = p.width - 1 if len(shown) == len(names) else p.width - 4  # left of the bar
    for i, row in enumerate(shown):
        y = top + i * ROW_PITCH
        if labels[row]:
            p.text((0, y), labels[row], "text")
        p.text((x, y), p.fit_name(names[row], "text", 70 - x, names), "text")
        for col, figure in enumerate(reversed(figures[row])):
            p.right(y, figure, "bold", x1=right - col * 36)
    if len(shown) < len(names):
        height = len(shown) * ROW_PITCH
        bar = max(4, height * len(shown) // len(names))
        y0 = top + 1 + (height - bar) * first // (len(names) - len(shown))
        p.rect((p.width - 2, y0, p.width - 1, y0 + bar - 1), fill=1, outline=None)


class RoundDone(Screen):
    """A finished round's points and the totals, and who starts the next round."""

    def __init__(self, ctx: Context, index: int) -> None:
        super().__init__(ctx)
        self.index = index  # into state.scores
        self.first = 0  # the first standings row shown, where they do not all fit

    def key_ok(self) -> None:
        self.ctx.pop()

    def key_long_back(self) -> None:
        self.ctx.undo()
        self.ctx.pop()

    def render(self, p: Painter) -> None:
        s = playing(self.ctx).state
        if self.index >= len(s.scores):
            title_bar(p, _("Round {n}").format(n=self.index + 1))
            p.centred(26, _("taken back"), "text")
            return
        row = s.scores[self.index]
        totals = [sum(r[i] for r in s.scores[: self.index + 1]) for i in range(len(s.players))]
        title_bar(p, _("Round {n}").format(n=self.index + 1), _("round  total"))
        if s.finished:
            help_line = _("OK the result")
        else:
            help_line = _("{name} starts round {n}").format(name=s.players[s.starter],
                                                             n=s.round)
            # the names as the table calls them, for the 12 px line (issue 41)
            if needs_japanese(help_line):
                help_line = p.fit_lines([help_line], list(s.players), "text", p.width)[0]
        rows = self.rows(help_line)
        self.first = max(0, min(self.first, len(s.players) - rows))
        standings(p, list(s.players), [""] * len(s.players),
                  [[str(row[i]), str(totals[i])] for i in range(len(s.players))],
                  first=self.first, rows=rows)
        hint(p, help_line)

    def rows(self, help_line: str) -> int:
        """The standings rows on screen: all, or three over a Japanese key help (12 px
        kanji need the bottom 12 px: issue 41), the others reached with DOWN."""
        n = len(playing(self.ctx).state.players)
        return min(n, ROWS_OVER_HELP) if needs_japanese(help_line) else n

    def key_down(self) -> None:
        self.first += 1  # kept within the rows by render

    def key_up(self) -> None:
        self.first = max(0, self.first - 1)


def render_final(p: Painter, state: rules.State, first: int = 0) -> int:
    """The standings, best first, with their places and totals, from row ``first`` where
    a Japanese key help leaves room for three (DOWN/UP scroll, as after a round: issue
    41's 「BACK: メニュー」 was 8 px under four rows). Returns the first row shown."""
    result = rules.result(state)
    names, labels = [], []
    for place, name in numbered(result.places):
        names.append(name)
        labels.append(str(place))
    n = len(state.scores)
    title_bar(p, _("Game over"), ngettext("{n} round", "{n} rounds", n).format(n=n))
    keys = _("BACK menu")
    rows = min(len(names), ROWS_OVER_HELP) if needs_japanese(keys) else len(names)
    first = max(0, min(first, len(names) - rows))
    standings(p, names, labels, [[str(result.scores[name])] for name in names],
              first=first, rows=rows)
    hint(p, keys)
    return first


# -- screenshots ----------------------------------------------------------------------

def _started(app: Any) -> None:
    app.start_game(KEY, {"players": ["Ann", "Ben", "Cleo"], "first": 0})


def _turn(app: Any) -> None:
    from companion.api.screens import press

    _started(app)
    press(app, "OK", "OK")          # Ann: three 5s of Yellow
    press(app, "RIGHT")             # Ben misses
    press(app, "OK", "UP", "RIGHT", "OK")  # Cleo: Green 10-1-1


def _set(app: Any) -> None:
    from companion.api.screens import press

    _turn(app)
    press(app, "OK", "DOWN", "DOWN")


def _round(app: Any) -> None:
    from companion.api.screens import press

    _turn(app)
    press(app, "long OK", "OK")


def _over(app: Any) -> None:
    from companion.api.screens import press

    _started(app)
    for n, kind in enumerate(("DOWN", "UP", "LEFT")):  # one set a round, then all face up
        press(app, "OK", kind, *["RIGHT"] * n, "OK", "long OK", "OK", "OK")


SCREENSHOTS = {
    "brain_crush-turn": _turn,
    "brain_crush-set": _set,
    "brain_crush-round": _round,
    "brain_crush-over": _over,
}
