"""Brikks at the table: setup, start blocks, the roll of both dice, costs, trackers, scores.

Turn screen keys: ROLL (or OK) rolls the d4 and the colour die for the next player ·
hold ROLL enters real dice · UP rerolls both once per turn (not solo; hold UP to enter
the reroll) · RIGHT what each column or a swap costs · DOWN the players' trackers and
"out" · BACK the start menu · hold BACK undoes the last action.
"""

from __future__ import annotations

from typing import Any

from companion.dice import COLOUR_DIE
from companion.games.brikks import data as D
from companion.games.brikks import rules
from companion.games.brikks.screens.draw import draw_block
from companion.games.brikks.screens.score import OverView, ScoreView
from companion.games.brikks.screens.setup import BrikksSetup
from companion.games.brikks.screens.shots import SCENES
from companion.games.brikks.screens.table import CostsScreen, PlayersScreen
from companion.games.brikks.screens.words import ColourFace, colour_name, fitting
from companion.i18n import translator
from companion.keys import Key
from companion.ui.dice_entry import DiceEntry
from companion.ui.menus import Confirm
from companion.ui.paint import WIDTH, Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import hint, title_bar

#: Where the rolled block is drawn on the turn screen (inclusive corners).
BLOCK_BOX = (2, 14, 60, 54)

_, ngettext = translator(__name__)


def new_game(ctx: Context) -> None:
    """Push the Brikks setup: players, a level each, Duel, who starts."""
    ctx.push(BrikksSetup(ctx))


def play_screen(ctx: Context) -> Screen:
    """The Brikks screen for the current game, whatever its phase."""
    return BrikksScreen(ctx)


# --- the game screen -----------------------------------------------------------------

class BrikksScreen(Screen):
    """The game: start blocks, then turns, then score entry, then the result.

    It draws whatever phase ``ctx.session.state`` is in, so undo and resume always
    land on the right view; only cursors live here.
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.views: dict[str, Screen] = {
            "start": StartBlockView(ctx), "play": TurnView(ctx),
            "scoring": ScoreView(ctx), "over": OverView(ctx)}

    @property
    def view(self) -> Screen:
        state = self.ctx.session.state
        if state.phase == "play" and state.duel and any(t.out for t in state.trackers):
            return self.views.setdefault("decided", DuelDecidedView(self.ctx))
        return self.views[state.phase]

    def on_key(self, key: Key) -> None:
        if key.name == "BACK" and key.long:
            self.ctx.undo()
        else:
            self.view.on_key(key)

    def tick(self) -> bool:
        return self.view.tick()

    def render(self, p: Painter) -> None:
        self.view.render(p)


class StartBlockView(Screen):
    """Each player takes a different column-1 block: LEFT/RIGHT pick, OK take."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.choice = 0
        self.seat = 0

    @property
    def state(self) -> rules.State:
        return self.ctx.session.state

    def picker(self) -> int:
        s = self.state
        if s.pick_order == "rules":
            return rules.next_picker(s)
        waiting = [i for i, b in enumerate(s.start_blocks) if b is None]
        if self.seat not in waiting:
            self.seat = waiting[-1]
        return self.seat

    def free(self) -> tuple[str, ...]:
        free = rules.free_start_blocks(self.state)
        self.choice %= len(free)
        return free

    def key_left(self) -> None:
        self.choice -= 1
        self.free()

    def key_right(self) -> None:
        self.choice += 1
        self.free()

    def _other_seat(self, step: int) -> None:
        if self.state.pick_order != "rules":
            waiting = [i for i, b in enumerate(self.state.start_blocks) if b is None]
            self.picker()
            self.seat = waiting[(waiting.index(self.seat) + step) % len(waiting)]

    def key_up(self) -> None:
        self._other_seat(-1)

    def key_down(self) -> None:
        self._other_seat(1)

    def key_ok(self) -> None:
        colour = self.free()[self.choice]
        if self.ctx.play({"type": "start_block", "player": self.picker(),
                          "colour": colour}) is not None:
            self.choice = 0

    def key_back(self) -> None:
        self.ctx.home()

    def render(self, p: Painter) -> None:
        s = self.state
        seat = self.picker()
        colour = self.free()[self.choice]
        waiting = s.start_blocks.count(None)
        title_bar(p, _("Start block"), _("{n} to go").format(n=waiting))
        draw_block(p, colour, 1, (2, 16, 50, 52))
        p.text((56, 13), s.players[seat], "medium")
        p.text((56, 30), colour_name(colour), "medium")
        taken = [_("{name}: {colour}").format(name=s.players[i], colour=colour_name(b))
                 for i, b in enumerate(s.start_blocks) if b]
        if taken:
            p.text((56, 47), p.fit(taken[-1], "small", 72), "small")
        any_order = s.pick_order != "rules"
        hint(p, _("^v who </> block OK take") if any_order else _("</> block   OK take it"))


class TurnView(Screen):
    """The rolled block, drawn big, with its column and colour in words."""

    TUMBLE = [(c, 1 + i % D.COLUMNS) for i, c in enumerate(COLOUR_DIE * 2)]

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.frame: int | None = None

    @property
    def state(self) -> rules.State:
        return self.ctx.session.state

    # -- rolling ------------------------------------------------------------------------

    def _throw(self, kind: str, number: int, colour: str, entered: bool) -> None:
        action: dict[str, Any] = {"type": kind, "number": number, "colour": colour}
        if entered:
            action["entered"] = True
        if self.ctx.play(action) is not None and not entered:
            self.ctx.animate(frames=6, interval=0.05)

    def _draw(self, kind: str) -> None:
        number = self.ctx.dice.roll(D.COLUMNS)[0]
        self._throw(kind, number, self.ctx.dice.pick(COLOUR_DIE), entered=False)

    def _enter(self, kind: str) -> None:
        self.ctx.push(DiceEntry(
            self.ctx, [range(1, D.COLUMNS + 1), [ColourFace(c) for c in COLOUR_DIE]],
            lambda faces: self._throw(kind, faces[0], faces[1].colour, entered=True),
            labels=[_("d4 column"), _("colour")],
            title=_("Your reroll") if kind == "reroll" else _("Your dice")))

    def key_roll(self) -> None:
        self._draw("roll")

    key_ok = key_roll

    def key_long_roll(self) -> None:
        self._enter("roll")

    def _may_reroll(self) -> bool:
        if rules.can_reroll(self.state):
            return True
        s = self.state
        self.ctx.notice(_("No rerolls in solo.") if s.solo else
                        _("Roll first.") if not s.rolled else
                        _("One reroll per turn, before anyone uses the block."))
        return False

    def key_up(self) -> None:
        if self._may_reroll():
            self._draw("reroll")

    def key_long_up(self) -> None:
        if self._may_reroll():
            self._enter("reroll")

    def key_long_ok(self) -> None:
        self.key_long_roll()

    # -- elsewhere --------------------------------------------------------------------

    def key_right(self) -> None:
        if rules.current_block(self.state) is None:
            self.ctx.notice(_("Roll first: costs depend on the block."))
            return
        self.ctx.push(CostsScreen(self.ctx, self.state.turn))

    def key_down(self) -> None:
        self.ctx.push(PlayersScreen(self.ctx))

    def key_back(self) -> None:
        self.ctx.home()

    def tick(self) -> bool:
        """A short tumble through the sheet before the rolled block settles."""
        self.frame = 0 if self.frame is None else self.frame + 1
        if self.frame >= 6:
            self.frame = None
            return False
        return True

    # -- drawing ----------------------------------------------------------------------

    def render(self, p: Painter) -> None:
        s = self.state
        nxt = s.players[rules.next_roller(s)]
        if not s.rolls:
            title_bar(p, _("Brikks round {n}").format(n=s.round), _("solo") if s.solo else "")
            p.centred(14, _("{name} rolls").format(name=nxt), "medium")
            p.centred(31, "ROLL", "large")
            hint(p, _("ROLL dice  hold: own dice"))
            return
        last = s.rolls[-1]
        title_bar(p, _("R{n} {name}").format(n=last.round, name=s.players[last.player]),
                  _("2nd roll") if last.reroll else _("entered") if last.entered else "")
        if self.frame is not None:
            colour, column = self.TUMBLE[(self.frame * 5 + last.number) % len(self.TUMBLE)]
            draw_block(p, colour, column, BLOCK_BOX)
            p.centred(24, _("rolling"), "text", x0=62)
            return
        draw_block(p, last.colour, last.number, BLOCK_BOX)
        column = _("col {n}").format(n=last.number)
        p.text((66, 13), column, "medium")
        p.text((66, 30), colour_name(last.colour), "medium")
        p.texts.append(f"{column} · {colour_name(last.colour)}")  # the block in words, one line
        note = ""
        if rules.can_reroll(s):
            note = _("1 reroll: UP")
        elif last.reroll:
            first = s.rolls[-2]
            note = _("was {n}·{colour}").format(n=first.number, colour=colour_name(first.colour))
        elif last.entered:
            note = _("own dice")
        p.text((66, 47), p.fit(note, "small", 61), "small")
        if rules.can_reroll(s):
            hint(p, fitting("small", WIDTH, _("UP reroll both ROLL {name}").format(name=nxt),
                            _("UP reroll both  ROLL next")))
        else:
            hint(p, fitting("small", WIDTH, _("ROLL {name} >cost DN out").format(name=nxt),
                            _("ROLL next >cost DN out")))


class DuelDecidedView(Screen):
    """Duel: one player is out. OK: the other wins; DOWN: both out on the same turn."""

    @property
    def state(self) -> rules.State:
        return self.ctx.session.state

    def _seats(self) -> tuple[int, int]:
        out = next(i for i, t in enumerate(self.state.trackers) if t.out)
        return out, 1 - out

    def key_ok(self) -> None:
        self.ctx.play({"type": "finish"})

    def key_down(self) -> None:
        other = self._seats()[1]
        name = self.state.players[other]
        self.ctx.push(Confirm(self.ctx, _("{name} is out on the same turn too?").format(name=name),
                              lambda: self.ctx.play({"type": "out", "player": other})))

    def key_back(self) -> None:
        self.ctx.home()

    def render(self, p: Painter) -> None:
        out, other = self._seats()
        title_bar(p, _("Brikks Duel"))
        p.centred(14, _("{name} is out").format(name=self.state.players[out]), "medium")
        p.centred(32, _("{name} wins?").format(name=self.state.players[other]), "medium")
        hint(p, _("OK yes   DOWN both out"))


SCREENSHOTS = SCENES
