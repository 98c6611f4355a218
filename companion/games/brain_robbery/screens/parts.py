"""Shared pieces of the Brain Robbery screens: the train picture, the players, entries.

Everything here reads the game from ``playing(ctx).state`` on every frame and changes it
only through ``ctx.play``; a screen pushed over the game returns to the game screen
after an undo (hold BACK), so no screen ever shows a state that was taken back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.api.screens import (
    NC_,
    Context,
    Painter,
    Screen,
    fitting,
    hint,
    menu_list,
    needs_japanese,
    package_translator,
    playing,
    seat_names,
    text_width,
    title_bar,
    translator,
)
from companion.games.brain_robbery import rules

_, ngettext = translator(__name__)


def game(ctx: Context) -> rules.State:
    """The Brain Robbery state being played."""
    return playing(ctx).state


def back_to_game(ctx: Context) -> None:
    """Drop every screen above the game and show the game screen for the current state."""
    ctx.show_game()


def brain_text(brain: rules.Brain | None) -> str:
    """"R1 H2 IQ5" (Run, Hit, IQ) or "no brain"."""
    if brain is None:
        return _("no brain")
    # TRANSLATORS: a brain card's Run, Hit and IQ, short; R is never the round here
    return _("R{run} H{hit} IQ{iq}").format(run=brain.run, hit=brain.hit, iq=brain.iq)


def car_short(state: rules.State, car: rules.Car | None) -> str:
    """A car's name in a list beside a player's name: "Caboose" or 「乗務員」, "4B"."""
    if car is None:
        return short("behind")
    if car.board == rules.CABOOSE:
        return short("Engine") if car.engine else short("Caboose")
    return rules.car_label(state, car)


def short(word: str) -> str:
    """``word`` as a list beside a name shows it (msgctxt "short"), else as a title does."""
    return package_translator(__name__).pgettext("short", word)


_SHORT = (NC_("short", "behind"), NC_("short", "Engine"), NC_("short", "Caboose"))


def car_name(state: rules.State, car: rules.Car) -> str:
    """A car's label in the language in use: the Caboose, the Engine, "4B" or its name."""
    if car.board == rules.CABOOSE:
        return _("Engine") if car.engine else _("Caboose")
    return rules.car_label(state, car)


def where(state: rules.State, player: rules.Player) -> str:
    """The car a pawn is on, or "behind" the train."""
    if player.car is None:
        return _("behind")
    return car_name(state, next(c for c in state.train if c.board == player.car))


def biggest(text: str, width: int, fonts: Sequence[str] = ("large", "medium", "text")) -> str:
    """The largest of ``fonts`` that draws ``text`` within ``width`` pixels (else the last)."""
    return next((f for f in fonts if text_width(text, f) <= width), fonts[-1])


def names_of(state: rules.State) -> list[str]:
    """The players' names, seat by seat: the table a name is shortened at."""
    return [pl.name for pl in state.players]


def padded(p: Painter, name: str, width: int, font: str = "text", *,
           table: Sequence[str] = ()) -> str:
    """``name`` made exactly ``width`` pixels wide in ``font`` (as the ``table`` calls
    them where the whole name does not fit, cut by width and noted as a cut only where
    nothing else fits, or filled with spaces) so the columns after it line up in both
    languages."""
    name = p.fit_name(name, font, width, table)
    while text_width(name + " ", font) <= width:
        name += " "
    return name


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def kanji() -> bool:
    """True where the game's key help is kanji (Japanese): the action bar then rises and
    narrows (:func:`action_y`) so the keys under it are 12 px (8 px kanji are smudges)."""
    return needs_japanese(_("^v choose  OK do  >train"))


def action_y() -> int:
    """The top of the action bar: 43, or 39 above 12 px Japanese key help."""
    return 39 if kanji() else 43


def action_line(p: Painter, label: str, index: int, count: int, y: int | None = None) -> None:
    """The chosen action on an inverted bar, with up/down marks when there are others
    (13 px high; 12 where the language is Japanese, a pixel row above its key help)."""
    if y is None:
        y = action_y()
    p.rect((0, y, p.width - 1, y + (11 if kanji() else 12)), fill=1, outline=None)
    p.text((3, y), p.fit(label, "bold", p.width - 14), "bold", fill=0)
    if count > 1:
        x = p.width - 9
        p.draw.polygon([(x, y + 5), (x + 3, y + 2), (x + 6, y + 5)], fill=0)
        p.draw.polygon([(x, y + 8), (x + 3, y + 11), (x + 6, y + 8)], fill=0)
    p.texts.append(f"{index + 1}/{count}")


class Adjusts:
    """Mixin: LEFT/RIGHT change the selected value by one, held LEFT/RIGHT by five."""

    def change(self, by: int) -> None:
        raise NotImplementedError

    def key_left(self) -> None:
        self.change(-1)

    def key_right(self) -> None:
        self.change(1)

    def key_long_left(self) -> None:
        self.change(-5)

    def key_long_right(self) -> None:
        self.change(5)


class Sub(Screen):
    """A screen pushed over the game: BACK leaves it, hold BACK undoes and shows the game."""

    def key_long_back(self) -> None:
        if self.ctx.undo():
            back_to_game(self.ctx)


# --- the train ----------------------------------------------------------------------------


def car_glyph(car: rules.Car) -> str:
    """The big character in a car's box: its board number, C (Caboose) or E (Engine)."""
    if car.board == rules.CABOOSE:
        return "E" if car.engine else "C"
    return str(car.board)


def draw_train(p: Painter, state: rules.State, cursor: int | None, *, y: int = 14,
               behind: bool = False) -> None:
    """The cars rear (left) to front (right) as boxes with the board number and side.

    ``cursor`` (a train index; -1 the space behind the train) is drawn inverted. Pawns
    show as dots above their car; with ``behind`` a narrow slot left of the rear car
    counts the pawns running behind the train.
    """
    n = len(state.train)
    gap, slot = 3, 9
    extra = slot + gap if behind else 0
    width = min(26, (p.width - 2 - extra - gap * (n - 1)) // n)
    x = (p.width - (n * width + gap * (n - 1) + extra)) // 2
    if behind:
        chosen = cursor == -1
        p.rect((x, y + 8, x + slot - 1, y + 28), fill=1 if chosen else 0, outline=1)
        p.centred(y + 15, str(len(rules.pawns_on(state, None))), "small", x0=x, x1=x + slot + 1,
                  fill=0 if chosen else 1)
        x += extra
    for i, car in enumerate(state.train):
        box = (x, y + 3, x + width - 1, y + 28)
        chosen = i == cursor
        p.rect(box, fill=1 if chosen else 0, outline=1)
        p.centred(y + 4, car_glyph(car), "large", x0=x, x1=x + width + 1, fill=0 if chosen else 1)
        if car.engine:  # a chimney on the Engine
            p.rect((x + width - 6, y, x + width - 3, y + 2), fill=1, outline=None)
        p.centred(y + 31, "" if car.board == rules.CABOOSE else car.side, "small",
                  x0=x, x1=x + width + 1)
        pawns = len(rules.pawns_on(state, car.board))
        for k in range(min(pawns, (width - 2) // 3)):
            p.rect((x + 2 + 3 * k, y, x + 3 + 3 * k, y + 1), fill=1, outline=None)
        if i:
            p.line((x - gap, y + 20, x - 1, y + 20))
        x += width + gap


class TrainScreen(Sub):
    """The whole train: LEFT/RIGHT walk the cars (and the space behind the train when a
    pawn is there), the bottom line names the car and the pawns on it."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.cursor = len(game(ctx).train) - 1

    def lowest(self) -> int:
        return -1 if rules.pawns_on(game(self.ctx), None) else 0

    def key_left(self) -> None:
        self.cursor = max(self.lowest(), self.cursor - 1)

    def key_right(self) -> None:
        self.cursor = min(len(game(self.ctx).train) - 1, self.cursor + 1)

    key_ok = Screen.key_back

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        self.cursor = max(self.lowest(), min(self.cursor, len(s.train) - 1))
        n = len(s.train)
        title_bar(p, ngettext("Train {n} car", "Train {n} cars", n).format(n=n),
                  _("pile {n}").format(n=len(s.pile)))
        behind = rules.pawns_on(s, None)
        draw_train(p, s, self.cursor, behind=bool(behind))
        if self.cursor < 0:
            place, pawns = _("behind"), behind
        else:
            car = s.train[self.cursor]
            place, pawns = car_name(s, car), rules.pawns_on(s, car.board)
        line = place
        if pawns:  # the names when they fit, else how many
            line = fitting("text", p.width - 2,
                           _("{car}: {names}").format(car=place, names=" ".join(pawns)),
                           ngettext("{car}: {n} pawn", "{car}: {n} pawns", len(pawns)).format(
                               car=place, n=len(pawns)))
        p.text((1, 52), p.fit(line, "text", p.width - 2), "text")


# --- players and their entries ------------------------------------------------------------


class PlayersScreen(Sub):
    """Every player: car, cards, XP and brain. OK edits the chosen player."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.index = game(ctx).current

    def key_up(self) -> None:
        self.index = (self.index - 1) % len(game(self.ctx).players)

    def key_down(self) -> None:
        self.index = (self.index + 1) % len(game(self.ctx).players)

    def key_ok(self) -> None:
        self.ctx.push(PlayerEdit(self.ctx, game(self.ctx).players[self.index].name))

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        self.index %= len(s.players)
        title_bar(p, _("Players"), _("round {n}").format(n=s.round))
        lines = []
        for pl in s.players:  # the name, then its car at the right, 12 px both
            car = car_short(s, next((c for c in s.train if c.board == pl.car), None))
            lines.append(padded(p, pl.name, p.width - 14 - text_width(car, "text"),
                                table=names_of(s)) + " " + car)
        menu_list(p, lines, self.index, rows=2)
        pl = s.players[self.index]
        # the chosen player's cards, XP and brain: two 12 px lines, the words of the turn
        cards = _("Cards {n}").format(n=pl.hand)
        xp = "  " + _("XP {n}").format(n=pl.xp) if s.track_xp else ""
        p.text((1, 39), p.fit(cards + xp, "text", p.width - 2), "text")
        p.text((1, 51), p.fit(brain_text(pl.brain), "text", p.width - 2), "text")


class PlayerEdit(Sub):
    """One player's cards, XP and brain: LEFT/RIGHT change a number, OK on Brain edits it."""

    def __init__(self, ctx: Context, name: str) -> None:
        super().__init__(ctx)
        self.name = name
        self.row = 0

    def rows(self) -> list[str]:
        return ["cards", "xp", "brain"] if game(self.ctx).track_xp else ["cards", "brain"]

    def key_up(self) -> None:
        self.row = (self.row - 1) % len(self.rows())

    def key_down(self) -> None:
        self.row = (self.row + 1) % len(self.rows())

    def _change(self, by: int) -> None:
        pl = game(self.ctx).player(self.name)
        row = self.rows()[self.row]
        if row == "cards" and 0 <= pl.hand + by <= rules.MAX_HAND:
            self.ctx.play({"type": "set_hand", "player": self.name, "cards": pl.hand + by})
        elif row == "xp" and pl.xp + by >= 0:
            self.ctx.play({"type": "set_xp", "player": self.name, "xp": pl.xp + by})

    def key_left(self) -> None:
        self._change(-1)

    def key_right(self) -> None:
        self._change(1)

    def key_ok(self) -> None:
        if self.rows()[self.row] == "brain":
            self.ctx.push(BrainEdit(self.ctx, self.name))
        else:
            self.ctx.pop()

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        pl = s.player(self.name)
        title_bar(p, pl.name, where(s, pl), table=names_of(s))
        self.row = min(self.row, len(self.rows()) - 1)
        shown = {"cards": _("Cards in hand: {n}").format(n=pl.hand),
                 "xp": _("XP: {n}").format(n=pl.xp),
                 "brain": fitting("text", p.width - 8,  # the brain's values before the label
                                  _("Brain: {brain}").format(brain=brain_text(pl.brain)),
                                  brain_text(pl.brain))}
        menu_list(p, [shown[r] for r in self.rows()], self.row, rows=3)
        # the keys of the chosen row only: both rows' help did not fit a 12 px line
        hint(p, _("OK change the brain") if self.rows()[self.row] == "brain"
             else _("</> change  OK done"))


class BrainEdit(Adjusts, Sub):
    """Run, Hit and IQ of a brain card (and its Cost when inserting one at the end of a turn).

    Without ``insert`` OK puts the brain in ``name``'s head and "Empty head" removes it;
    with ``insert`` OK inserts it at the end of the mover's turn, paying its Cost.
    """

    def __init__(self, ctx: Context, name: str, *, insert: bool = False) -> None:
        super().__init__(ctx)
        self.name = name
        self.insert = insert
        brain = None if insert else game(ctx).player(name).brain
        self.values = {"run": brain.run if brain else 0, "hit": brain.hit if brain else 0,
                       "iq": brain.iq if brain else 0, "cost": 0}
        self.row = 0

    def rows(self) -> list[str]:
        fields = ["run", "hit", "iq"] + (["cost"] if self.insert else [])
        return fields + (["save"] if self.insert else ["save", "empty"])

    def key_up(self) -> None:
        self.row = (self.row - 1) % len(self.rows())

    def key_down(self) -> None:
        self.row = (self.row + 1) % len(self.rows())

    def change(self, by: int) -> None:
        row = self.rows()[self.row]
        if row in self.values:
            low = 0 if row in ("iq", "cost") else -rules.MAX_STAT
            self.values[row] = min(rules.MAX_STAT, max(low, self.values[row] + by))

    def key_ok(self) -> None:
        row = self.rows()[self.row]
        v = self.values
        brain = {"run": v["run"], "hit": v["hit"], "iq": v["iq"]}
        if row not in ("save", "empty"):
            self.row = self.rows().index("save")
            return
        if self.insert:
            done = self.ctx.play({"type": "insert_brain", **brain, "cost": v["cost"]})
        else:
            done = self.ctx.play({"type": "set_brain", "player": self.name,
                                  "brain": brain if row == "save" else None})
        if done is not None:
            self.ctx.pop()

    def render(self, p: Painter) -> None:
        title_bar(p, _("Insert brain") if self.insert else
                  _("{name}'s brain").format(name=self.name))
        names = {"run": "Run", "hit": "Hit", "iq": "IQ", "cost": _("Cost (XP)"),
                 "save": _(">> Insert <<") if self.insert else _(">> Save <<"),
                 "empty": _("Empty head")}
        lines = [f"{names[r]}: {self.values[r]}" if r in self.values else names[r]
                 for r in self.rows()]
        menu_list(p, lines, self.row, rows=3)
        hint(p, _("</> change  hold: 5  OK"))


class NumberPick(Sub):
    """One number, big: LEFT/RIGHT (UP/DOWN) change it, OK hands it to ``on_done``.

    ``title`` and ``label`` are functions giving the words, so they follow the language.
    """

    def __init__(self, ctx: Context, title: Callable[[], str], label: Callable[[], str],
                 on_done: Callable[[int], Any], *,
                 value: int = 1, low: int = -9, high: int = 9) -> None:
        super().__init__(ctx)
        self.title, self.label, self.on_done = title, label, on_done
        self.value, self.low, self.high = value, low, high

    def key_right(self) -> None:
        self.value = min(self.high, self.value + 1)

    def key_left(self) -> None:
        self.value = max(self.low, self.value - 1)

    key_up, key_down = key_right, key_left

    def key_ok(self) -> None:
        self.ctx.pop()
        self.on_done(self.value)

    def render(self, p: Painter) -> None:
        title_bar(p, self.title())
        p.centred(14, self.label(), "text")
        p.centred(27, signed(self.value), "large")
        hint(p, _("<> change  OK add BACK no"))


def seat_order(state: rules.State, first: int) -> str:
    """The names from seat ``first`` on, in playing order, as the table calls them
    (「一郎」「花子」 for two 山田: :func:`seat_names.called`)."""
    names = list(seat_names.called([pl.name for pl in state.players]))
    return ">".join(names[first:] + names[:first])
