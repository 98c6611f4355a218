"""Brain Robbery: the start of a turn, the move, new cars and the decoupling loop.

Turn screen: ROLL rolls the movement dice (hold ROLL: enter real dice), UP/DOWN the
mover's cards in hand, OK edits the mover. Move screen: UP/DOWN choose Stop / New car /
Card +Run, OK does it. Stop screen: LEFT/RIGHT the car the pawn ended on, UP/DOWN a Break
space on the Engine, OK (or ROLL) ends the move and the box rolls the whole decoupling
check; hold ROLL to throw the check dice yourself, one at a time.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.api.screens import (
    Confirm,
    Context,
    DiceEntry,
    Painter,
    Screen,
    dice_row,
    fitting,
    hint,
    text_width,
    title_bar,
    translator,
    wrap_px,
)
from companion.games.brain_robbery import rules
from companion.games.brain_robbery.screens.parts import (
    NumberPick,
    PlayerEdit,
    PlayersScreen,
    Sub,
    TrainScreen,
    action_line,
    biggest,
    brain_text,
    car_name,
    draw_train,
    game,
    kanji,
    names_of,
    signed,
    where,
)
from companion.games.brain_robbery.screens.reveal import NewCarReveal

D6 = range(1, 7)

_, ngettext = translator(__name__)


class PhaseView(Screen):
    """A view of the game screen for one phase; RIGHT shows the train, LEFT the players."""

    def key_right(self) -> None:
        self.ctx.push(TrainScreen(self.ctx))

    def key_left(self) -> None:
        self.ctx.push(PlayersScreen(self.ctx))

    def key_back(self) -> None:
        self.ctx.home()

    def key_long_ok(self) -> None:
        if game(self.ctx).phase in rules.PLAYING:
            self.ctx.push(Confirm(self.ctx, _("End the game now and compare IQs?"),
                                  lambda: self.ctx.play({"type": "end_game"})))


class ActionView(PhaseView):
    """A phase view with a list of actions on one line: UP/DOWN choose, OK does it."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.cursor = 0
        self.seen: tuple | None = None

    def actions(self) -> list[tuple[str, Callable[[], None]]]:
        raise NotImplementedError

    def _actions(self) -> list[tuple[str, Callable[[], None]]]:
        s = game(self.ctx)
        found = self.actions()
        seen = (s.turn, s.phase, tuple(label for label, _ in found))
        if self.seen != seen:  # a new turn or new choices: start at the first action
            self.seen, self.cursor = seen, 0
        self.cursor = min(self.cursor, len(found) - 1)
        return found

    def key_up(self) -> None:
        self.cursor = (self.cursor - 1) % len(self._actions())

    def key_down(self) -> None:
        self.cursor = (self.cursor + 1) % len(self._actions())

    def key_ok(self) -> None:
        self._actions()[self.cursor][1]()

    def draw_action(self, p: Painter) -> None:
        found = self._actions()
        action_line(p, found[self.cursor][0], self.cursor, len(found))
        hint(p, _("^v choose  OK do  >train"))


# --- start of a turn -----------------------------------------------------------------------


class TurnView(PhaseView):
    """Whose turn, their brain, cards, XP and car, and how many dice ROLL will throw."""

    def key_roll(self) -> None:
        s = game(self.ctx)
        dice = self.ctx.dice.roll(6, rules.dice_needed(s))
        if self.ctx.play({"type": "move_roll", "dice": dice}) is not None:
            self.ctx.animate(frames=4, interval=0.04)

    def key_long_roll(self) -> None:
        s = game(self.ctx)
        count = rules.dice_needed(s)
        if count == 0:
            self.key_roll()
            return
        self.ctx.push(DiceEntry(
            self.ctx, [D6] * count, labels=[_("die {n}").format(n=i + 1) for i in range(count)],
            title=_("Move: {name}").format(name=s.mover.name),
            on_done=lambda v: self.ctx.play({"type": "move_roll", "dice": v, "entered": True})))

    def _hand(self, by: int) -> None:
        mover = game(self.ctx).mover
        if 0 <= mover.hand + by <= rules.MAX_HAND:
            self.ctx.play({"type": "set_hand", "player": mover.name, "cards": mover.hand + by})

    def key_up(self) -> None:
        self._hand(1)

    def key_down(self) -> None:
        self._hand(-1)

    def key_ok(self) -> None:
        self.ctx.push(PlayerEdit(self.ctx, game(self.ctx).mover.name))

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        m = s.mover
        title_bar(p, m.name, where(s, m),  # the car the mover starts from, in 12 px
                  table=names_of(s))
        count = rules.dice_needed(s)
        if count:
            dice_row(p, [None] * count, y=13 if kanji() else 14, height=12 if kanji() else 18,
                     x0=0, x1=54)
        else:
            p.centred(12, "0", "large", x0=0, x1=54)
        # how many dice and the brain's Run: the mover reads it from their seat, 12 px
        dice = ngettext("{n} die", "{n} dice", count).format(n=count)
        run = signed(m.brain.run) if m.brain else ""
        label = fitting("text", 54, f"{dice} {run}".strip(), dice + run)
        if kanji():  # 「1巡目」 in 12 px: the dice smaller, the rows a pixel apart
            p.centred(39, _("round {n}").format(n=s.round), "text", x0=0, x1=54)
        else:
            p.centred(46, _("round {n}").format(n=s.round), "small", x0=0, x1=54)
        p.centred(26 if kanji() else 33, p.fit(label, "text", 54), "text", x0=0, x1=55)
        # what the mover reads from their seat, a 12 px row each: cards, brain, XP
        p.text((56, 13), p.fit(_("Cards {n}").format(n=m.hand), "text", 72), "text")
        p.text((56, 26), p.fit(brain_text(m.brain), "text", 72), "text")
        if s.track_xp:
            p.text((56, 39), p.fit(_("XP {n}").format(n=m.xp), "text", 72), "text")
        hint(p, _("ROLL  ^v cards  OK edit"))


# --- the move ------------------------------------------------------------------------------


class MoveView(ActionView):
    """The movement dice, the brain's Run and cards' Run, and the total, big."""

    def actions(self) -> list[tuple[str, Callable[[], None]]]:
        s = game(self.ctx)
        found = []
        if rules.stops(s):  # behind a one-car train the pawn can only enter a new car
            found.append((_("Stop: end move"), lambda: self.ctx.push(StopScreen(self.ctx))))
        if "new_car" in rules.legal_actions(s):
            found.append((_("New car"), self.new_car))
        if s.mover.hand:
            found.append((_("Card +Run"), lambda: self.ctx.push(NumberPick(
                self.ctx, lambda: _("Discard for Run"), lambda: _("the card's Run"),
                self.run_card))))
        return found

    def new_car(self) -> None:
        s = game(self.ctx)
        board = self.ctx.dice.pick(s.pile)
        side = self.ctx.dice.pick("AB")
        if self.ctx.play({"type": "new_car", "board": board, "side": side}) is not None:
            self.cursor = 0  # back on "Stop", the usual next step
            self.ctx.push(NewCarReveal(self.ctx))

    def run_card(self, run: int) -> None:
        self.ctx.play({"type": "run_card", "run": run})

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        move = s.moving
        title_bar(p, _("{name} moves").format(name=s.mover.name),  # the whole name: the
                  (_("round {n}").format(n=s.round), ""),  # turn card showed the round
                  table=names_of(s))
        if move.dice:
            dice_row(p, list(move.dice), y=14, height=24 if kanji() else 27, x0=0, x1=64)
        else:
            p.centred(17, _("no dice"), "text", x0=0, x1=64)
        bonus = move.run + sum(move.cards)
        p.centred(17, signed(bonus) if bonus or move.cards else "", "medium", x0=62, x1=92)
        p.right(10, str(move.total), "huge", x1=127)
        action_line(p, self._actions()[self.cursor][0], self.cursor, len(self._actions()))
        if move.cards:  # no room for "^v OK" too: the action bar's marks say it
            line = _("run {run} cards {cards} >train").format(
                run=signed(move.run), cards=signed(sum(move.cards)))
        else:
            line = _("run {run} ^v OK >train").format(run=signed(move.run))
        hint(p, line)


class StopScreen(Sub):
    """Where the move ended: a car of the train (and a Break space on the Engine)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        choices = self.choices()
        s = game(ctx)
        here = s.moving.start if s.moving.new_cars else None
        if here is None:
            here = next((i for i, c in enumerate(s.train) if c.board == s.mover.car), 0)
        self.cursor = here if here in choices else choices[0]
        self.on_break = False

    def choices(self) -> list[int]:
        """The train indices the move may end on (never empty: the move screen offers
        "Stop" only when there is somewhere to stop)."""
        return list(rules.stops(game(self.ctx)))

    def breakable(self) -> bool:
        s = game(self.ctx)
        return s.engine and self.cursor == len(s.train) - 1

    def key_left(self) -> None:
        choices = self.choices()
        self.cursor = choices[max(0, choices.index(self.cursor) - 1)]

    def key_right(self) -> None:
        choices = self.choices()
        self.cursor = choices[min(len(choices) - 1, choices.index(self.cursor) + 1)]

    def key_up(self) -> None:
        self.on_break = not self.on_break and self.breakable()

    key_down = key_up

    def _action(self, checks: list[int], entered: bool) -> dict:
        s = game(self.ctx)
        action = {"type": "move", "car": s.train[self.cursor].board,
                  "break": self.on_break and self.breakable(), "checks": checks}
        return {**action, "entered": True} if entered else action

    def _finish(self, checks: list[int], entered: bool = False) -> None:
        before = game(self.ctx)
        if self.ctx.play(self._action(checks, entered)) is None:
            return
        back_to_move_result(self.ctx, before)

    def key_ok(self) -> None:
        s = game(self.ctx)
        checks: list[int] = []
        if s.moving.new_cars:
            length = rules.check_length(s, self.on_break and self.breakable())
            while not rules.decoupling_done(length, checks):
                checks.append(self.ctx.dice.roll(6)[0])
        self._finish(checks)

    key_roll = key_ok

    def key_long_roll(self) -> None:
        s = game(self.ctx)
        if not s.moving.new_cars:
            self.key_ok()
            return
        length = rules.check_length(s, self.on_break and self.breakable())
        enter_checks(self.ctx, length, [], lambda rolls: self._finish(rolls, entered=True))

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        choices = self.choices()
        if self.cursor not in choices:
            self.cursor = choices[-1]
        car = s.train[self.cursor]
        right = _("BREAK") if self.on_break else ""
        room = p.width - 8 - text_width(right, "bold")
        title_bar(p, fitting("bold", room, _("Stop on {car}").format(car=car_name(s, car)),
                             car_name(s, car)), right)
        draw_train(p, s, self.cursor)
        if self.breakable():
            hint(p, _("</> car ^v break OK stop"))
        else:
            hint(p, _("</> car  OK stop + check") if s.moving.new_cars else _("</> car  OK stop"))


def enter_checks(ctx: Context, length: int, rolls: list[int],
                 on_done: Callable[[list[int]], None]) -> None:
    """Ask for real decoupling dice one at a time until the check is over."""
    if rules.decoupling_done(length, rolls):
        on_done(rolls)
        return
    cars = length - len(rolls)
    ctx.push(DiceEntry(ctx, [D6], labels=[_("vs {n} cars").format(n=cars)],
                       title=_("Check roll {n}").format(n=len(rolls) + 1),
                       on_done=lambda v: enter_checks(ctx, length, rolls + [v[0]], on_done)))


def back_to_move_result(ctx: Context, before: rules.State) -> None:
    """After the move: the game screen, with the decoupling reveal over it if anything
    happened to the train."""
    ctx.show_game()
    event = game(ctx).event
    if game(ctx).phase == rules.AFTER and event and (event.rolls or event.broken):
        ctx.push(DecoupleReveal(ctx))


class DecoupleReveal(Sub):
    """The end of a move, step by step: the Break, each check roll against the train
    length, each uncoupled car, and who goes behind the train. OK shows the next step."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.page = 0

    def pages(self) -> list[tuple[str, int | None, str, str]]:
        """(title, die or None, big line, small line) per step."""
        s = game(self.ctx)
        e = s.event
        cars = ngettext("{n} car", "{n} cars", len(s.train)).format(n=len(s.train))
        if e is None:
            return [(_("Train"), None, cars, "")]

        def gone(car: rules.Car) -> str:
            back = car.board == rules.CABOOSE or s.long_game
            line = _("{car}: back to pile") if back else _("{car}: out of game")
            return line.format(car=car_name(s, car))

        out: list[tuple[str, int | None, str, str]] = []
        if e.broken:
            out.append((_("Break space!"), None, _("rear car"), gone(e.broken)))
        for n, (roll, length) in enumerate(zip(e.rolls, e.lengths, strict=True)):
            title = _("Check roll {n}").format(n=n + 1)
            if roll < length:
                out.append((title, roll, f"<{length}", gone(e.removed[n])))
            else:
                out.append((title, roll, f">={length}", _("the train holds")))
        if e.stranded:
            out.append((_("Behind the train"), None, _(", ").join(e.stranded),
                        _("discard their hands")))
        else:
            out.append((_("Train now"), None, cars, _("nobody goes behind")))
        return out

    def key_ok(self) -> None:
        if self.page + 1 < len(self.pages()):
            self.page += 1
        else:
            self.ctx.pop()

    key_roll = key_ok

    def render(self, p: Painter) -> None:
        pages = self.pages()
        self.page = min(self.page, len(pages) - 1)
        title, die, big, small = pages[self.page]
        title_bar(p, title, f"{self.page + 1}/{len(pages)}")
        if die is None:
            size = biggest(big, p.width)
            lines = wrap_px(big, size, p.width) if size == "text" else [big]
            top, pitch = (15 if size == "large" else 20), 12
            if kanji() and size == "text":  # two rows a pixel apart, above the line
                top, pitch = 13, 13
            for i, line in enumerate(lines[:2]):
                p.centred(top + i * pitch, line, size)
            if len(lines) > 2:
                p.cut.append(big)
        elif kanji():  # 「<3両」 in 12 px beside the figure, the line above 12 px keys
            dice_row(p, [die], y=13, height=24, x0=0, x1=48)
            p.text((50, 12), big, "large")
            p.text((52 + text_width(big, "large"), 24), _("cars"), "text")
        else:
            dice_row(p, [die], y=14, height=27, x0=0, x1=48)
            p.text((50, 12), big, "large")
            p.text((50, 34), _("cars"), "small")
        if text_width(small, "text") <= p.width:  # what happens to the car, in 12 px
            p.centred(39 if kanji() else 42, small, "text")
        else:  # a long board name of the owner's own: the line as a label
            p.centred(45, p.fit(small, "small", p.width), "small")
        hint(p, _("OK next") if self.page + 1 < len(pages) else _("OK done"))
