"""Brikks at the table: setup, start blocks, the roll of both dice, costs, trackers, scores.

Turn screen keys: ROLL (or OK) rolls the d4 and the colour die for the next player ·
hold ROLL enters real dice · UP rerolls both once per turn (not solo; hold UP to enter
the reroll) · RIGHT what each column or a swap costs · DOWN the players' trackers and
"out" · BACK the start menu · hold BACK undoes the last action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.api.screens import (
    Confirm,
    Context,
    DiceEntry,
    Key,
    Painter,
    Screen,
    fitting,
    hint,
    needs_japanese,
    playing,
    text_width,
    title_bar,
    translator,
    wrap_px,
)
from companion.games.brikks import data as D
from companion.games.brikks import rules
from companion.games.brikks.screens.draw import draw_block
from companion.games.brikks.screens.frame import (
    BLOCK_BOX,
    RIGHT_X,
    TURN_CELL,
    block_box,
    brikks_title,
    kanji,
    play_hint,
    play_title,
)
from companion.games.brikks.screens.score import OverView, ScoreView
from companion.games.brikks.screens.setup import BrikksSetup
from companion.games.brikks.screens.shots import SCENES
from companion.games.brikks.screens.table import CostsScreen, PlayersScreen
from companion.games.brikks.screens.words import ColourFace, colour_name

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

    It draws whatever phase ``playing(ctx).state`` is in, so undo and resume always
    land on the right view; only cursors live here.
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.views: dict[str, Screen] = {
            "start": StartBlockView(ctx), "play": TurnView(ctx),
            "scoring": ScoreView(ctx), "over": OverView(ctx)}

    @property
    def view(self) -> Screen:
        state = playing(self.ctx).state
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
        return playing(self.ctx).state

    def picker(self) -> int:
        s = self.state
        if s.pick_order == "rules":
            picker = rules.next_picker(s)
            assert picker is not None  # this view shows only while blocks are being picked
            return picker
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
        # what is being chosen, as the rulebook names it: the game's name is on the box
        title_bar(p, _("Start block"), _("{n} to go").format(n=waiting))
        draw_block(p, colour, 1, BLOCK_BOX)
        name_line(p, s.players[seat], 13, s.players)
        p.text((RIGHT_X, 29), colour_name(colour), "medium")
        any_order = s.pick_order != "rules"
        play_hint(p, _("^v who </> block OK take") if any_order else _("</> block   OK take it"))


def name_line(p: Painter, name: str, y: int, table: Sequence[str] = ()) -> None:
    """A player's name in the right-hand column: 16 px where it fits, else 12 px."""
    font = "medium" if p.fits(name, "medium", p.width - RIGHT_X) else "text"
    p.text((RIGHT_X, y + (0 if font == "medium" else 2)),
           p.fit_name(name, font, p.width - RIGHT_X, table), font)


class TurnView(Screen):
    """The rolled block, drawn big, with its column and colour in words."""

    TUMBLE = [(c, 1 + i % D.COLUMNS) for i, c in enumerate(D.COLOURS * 2)]

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.frame: int | None = None

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    # -- rolling ------------------------------------------------------------------------

    def _throw(self, kind: str, number: int, colour: str, entered: bool) -> None:
        action: dict[str, Any] = {"type": kind, "number": number, "colour": colour}
        if entered:
            action["entered"] = True
        if self.ctx.play(action) is not None and not entered:
            self.ctx.animate(frames=6, interval=0.05)

    def _draw(self, kind: str) -> None:
        number = self.ctx.dice.roll(D.COLUMNS)[0]
        self._throw(kind, number, self.ctx.dice.pick(D.COLOURS), entered=False)

    def _enter(self, kind: str) -> None:
        self.ctx.push(DiceEntry(
            self.ctx, [range(1, D.COLUMNS + 1), [ColourFace(c) for c in D.COLOURS]],
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
        play_title(p, s)
        if not s.rolls:
            x0, y0, x1, _y1 = block_box()
            top, font, pitch = (y0, "text", 13) if kanji() else (y0 + 10, "small", 9)
            for i, line in enumerate(wrap_px(_("hold ROLL: own dice"), font, x1 - x0)):
                p.centred(top + i * pitch, line, font, x0=x0, x1=x1)
            name_line(p, nxt, 13, s.players)
            p.text((RIGHT_X, 29), _("rolls"), "medium")
            turn_hint(p, _(">cost DN out"), nxt)
            return
        last = s.rolls[-1]
        # The answer to ROLL is the block in words at once; only the block itself tumbles
        # (the frames after it change the block's columns and nothing else).
        column = _("col {n}").format(n=last.number)
        if kanji():  # 「2列 緑」 on one line: the note below in 12 px, above the key help
            p.text((RIGHT_X, 13), column, "medium")
            p.text((RIGHT_X + text_width(column, "medium") + 8, 13), colour_name(last.colour),
                   "medium")
        else:
            p.text((RIGHT_X, 13), column, "medium")
            p.text((RIGHT_X, 29), colour_name(last.colour), "medium")
        p.texts.append(f"{column} · {colour_name(last.colour)}")  # the block in words, one line
        if self.frame == 0:
            pass  # the block is picked up: the answer sends the words, not a block as well
        elif self.frame is not None:
            colour, column_ = self.TUMBLE[(self.frame * 5 + last.number) % len(self.TUMBLE)]
            draw_block(p, colour, column_, block_box(), TURN_CELL)
        else:
            draw_block(p, last.colour, last.number, block_box(), TURN_CELL)
        note_y, note_font = (33, "text") if kanji() else (47, "small")
        if last.reroll:  # the first roll, read from across the table like the second
            first = s.rolls[-2]
            was = _("was")
            p.text((RIGHT_X, note_y), was, note_font)
            x = RIGHT_X + text_width(was, note_font) + 2
            p.text((x, 33 if kanji() else 43), p.fit(f"{first.number}·{colour_name(first.colour)}",
                                                     "text", p.width - x), "text")
        elif last.entered:
            p.text((RIGHT_X, note_y), _("own dice"), note_font)
        elif rules.can_reroll(s):
            p.text((RIGHT_X, note_y), p.fit(_("1 reroll: UP"), note_font, p.width - RIGHT_X),
                   note_font)
        turn_hint(p, _(">cost DN out"), nxt)


def turn_hint(p: Painter, keys: str, nxt: str) -> None:
    """The turn screen's keys on the left, "ROLL" and the next roller on the right: a
    roll changes only the name, and the first roll only the keys (a reroll is offered by
    the note above). Japanese keys are 12 px: the roller beside them is 12 px too, or
    8 or 6 px where it is Latin letters only and 12 px would not fit, else plain ROLL."""
    if kanji() and text_width(keys, "text") <= p.width - 1:
        play_hint(p, keys)
        room = p.width - 8 - text_width(keys, "text")  # a gap that parts the keys from it
        roll = _("ROLL {name}").format(name=nxt)
        latin = not needs_japanese(roll)  # Latin letters read well in 8 px and 6 px
        font = next((f for f in ("text", "small", "tiny") if (f == "text" or latin)
                     and text_width(roll, f) <= room), "")
        if not font:
            roll, font = "ROLL", "text"
        p.right(p.height - {"text": 12, "small": 7, "tiny": 6}[font], roll, font,
                x1=p.width - 1)
        return
    roll = fitting("small", p.width - 4 - text_width(keys, "small"),
                   _("ROLL {name}").format(name=nxt), _("ROLL next"))
    play_hint(p, keys)
    p.right(p.height - 8 if needs_japanese(roll) else p.height - 7,
            p.fit(roll, "small", p.width - 4 - text_width(keys, "small")), "small", x1=p.width - 1)


class DuelDecidedView(Screen):
    """Duel: one player is out. OK: the other wins; DOWN: both out on the same turn."""

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

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
        brikks_title(p, self.state, "")
        p.centred(14, _("{name} is out").format(name=self.state.players[out]), "medium")
        p.centred(32, _("{name} wins?").format(name=self.state.players[other]), "medium")
        hint(p, _("OK yes   DOWN both out"))


SCREENSHOTS = SCENES
