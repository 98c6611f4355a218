"""Brain Robbery: after the move (brain space, fight, brains, end of turn), combat, the end.

After-move screen: UP/DOWN choose End turn / Brain space / Fight / Insert brain / Brains
(the fight's winner moves or discards the fighters' brains), OK does it. Fight picker: OK
ticks who is attacked, ROLL rolls every fighter's dice plus their brain's Hit (hold ROLL:
enter real dice). Fight screen: UP/DOWN choose a fighter, OK adds a discarded card's Hit;
"All pass" names the winner. Scoring: UP/DOWN a player, LEFT/RIGHT their IQ (hold: 5), OK
on Finish ends the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.api.screens import (
    WIDTH,
    Context,
    DiceEntry,
    Painter,
    fitted,
    fitting,
    hint,
    menu_list,
    seat_names,
    table_names,
    text_width,
    title_bar,
    translator,
)
from companion.games.brain_robbery import rules
from companion.games.brain_robbery.screens.move import D6, ActionView, PhaseView
from companion.games.brain_robbery.screens.pages import Pager, page_bar
from companion.games.brain_robbery.screens.parts import (
    Adjusts,
    BrainEdit,
    NumberPick,
    Sub,
    biggest,
    game,
    kanji,
    names_of,
    padded,
    signed,
    where,
)

_, ngettext = translator(__name__)


def die_label(name: str, k: int, width: int) -> str:
    """``name`` and die number ``k``, the name shortened to fit ``width`` pixels in the
    dice entry's small labels.

    >>> die_label("Bartholomew", 1, 20)
    'Bar1'
    """
    return fitted(name, "small", width - text_width(str(k), "small")) + str(k)


class AfterView(ActionView):
    """The move is over: where the mover stands, what happened, what they may still do."""

    def actions(self) -> list[tuple[str, Callable[[], None]]]:
        s = game(self.ctx)
        legal = rules.legal_actions(s)
        found = [(_("End turn"), lambda: self.ctx.play({"type": "end_turn"}))]
        if "brain_space" in legal:
            found.append((_("Brain space +1"), lambda: self.ctx.play({"type": "brain_space"})))
        if "fight" in legal:
            found.append((_("Fight!"), lambda: self.ctx.push(FightPicker(self.ctx))))
        if s.mover.hand:
            found.append((_("Insert brain"), lambda: self.ctx.push(
                BrainEdit(self.ctx, s.mover.name, insert=True))))
        if "brains" in legal and any(s.player(n).brain is not None for n in s.fighting.fighters):
            found.append((_("Brains"), lambda: self.ctx.push(BrainsScreen(self.ctx))))
        return found

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.pager = Pager(ctx)

    def wake_in(self) -> float | None:
        return self.pager.wake_in()

    def xp_pages(self, p: Painter, losers: list[str], table: Sequence[str] = ()) -> list[str]:
        """The "+1 XP: names" line in 12 px, split into pages that fit one row; the names
        as the table calls them (「経験値+1: さくら」 beside two more 佐々木, issue 41)."""
        line = _("+1 XP: {names}").format
        called = dict(zip(table, [n for n, _c in table_names(
            table, lambda t: text_width(line(names=t), "text") <= p.width - 4)], strict=True))
        losers = [called.get(n, n) for n in losers]
        pages: list[list[str]] = [[]]
        for name in losers:
            if pages[-1] and text_width(line(names=" ".join([*pages[-1], name])),
                                        "text") > p.width - 4:
                pages.append([])
            pages[-1].append(name)
        return [p.fit(line(names=" ".join(names)), "text", p.width - 4) for names in pages]

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        m = s.mover
        if s.fight is not None and s.fight.winner is not None:
            title_bar(p, _("The fight is won by"))
            winner = s.fight.winner
            font = biggest(winner, p.width, ("medium", "text"))
            p.centred(12 if font == "medium" else 14,
                      p.fit_name(winner, font, p.width, names_of(s)), font)
            losers = [n for n in s.fight.fighters if n != s.fight.winner]
            lines = self.xp_pages(p, losers, names_of(s)) if s.track_xp and losers else []
            page = self.pager.page(max(1, len(lines)), (s.turn, tuple(losers)))
            if lines:  # who takes a counter, in 12 px, paged when long
                top = 26 if kanji() else 29  # above the higher action bar in Japanese
                p.centred(top, lines[page], "text", x1=p.width - 3)
                page_bar(p, page, len(lines), top + 1, top + 11)
        else:
            self.pager.page(1, None)  # nothing paged: no timer
            right = _("{n}c").format(n=m.hand)
            if s.track_xp:  # the XP too when the name keeps its room
                right = fitting("bold", p.width - 8 - text_width(m.name, "bold"),
                                right + " " + _("{n}xp").format(n=m.xp), right)
            title_bar(p, m.name, right, table=names_of(s))
            label_font = "text" if kanji() else "small"  # 「位置」 in 12 px
            p.text((2, 13 if kanji() else 14), _("on"), label_font)
            place = where(s, m)
            e = s.event
            line = ""
            if e and (e.removed or e.broken):
                lost = len(e.removed) + (1 if e.broken else 0)
                line = ngettext("{n} car off, {behind} behind", "{n} cars off, {behind} behind",
                                lost).format(n=lost, behind=len(e.stranded))
            elif s.took_space:
                line = _("took a brain space")
            # what the move did takes a 12 px row under the place, which then draws smaller
            fonts: tuple[str, ...] = ("medium", "text") if line else ("large", "medium", "text")
            if kanji():  # the action bar is higher: the line a row higher, the place under 16 px
                fonts = ("text",) if line else ("medium", "text")
            # 「位置」 in 12 px is wider: the place is centred right of it, not on the screen
            x0 = 4 + text_width(_("on"), label_font) + 2 if kanji() else 16
            x1 = p.width - (2 if kanji() else 16)
            font = biggest(place, x1 - x0, fonts)
            top = 12 if font == "large" or line or kanji() else 16
            p.centred(top, p.fit(place, font, x1 - x0), font, x0=x0, x1=x1)
            if line:
                p.centred(26 if kanji() else 28, p.fit(line, "text", p.width), "text")
        self.draw_action(p)


class FightPicker(Sub):
    """Who the mover attacks (everyone on the car by default); ROLL starts the fight."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.row = 0
        self.left_out: set[str] = set()

    def others(self) -> list[str]:
        s = game(self.ctx)
        return [n for n in rules.pawns_on(s, s.mover.car) if n != s.mover.name]

    def fighters(self) -> list[str]:
        return [n for n in self.others() if n not in self.left_out]

    def key_up(self) -> None:
        self.row = (self.row - 1) % len(self.others())

    def key_down(self) -> None:
        self.row = (self.row + 1) % len(self.others())

    def key_ok(self) -> None:
        name = self.others()[self.row]
        self.left_out ^= {name}

    def _fight(self, dice: dict[str, list[int]], entered: bool = False) -> None:
        action = {"type": "fight", "fighters": self.fighters(), "dice": dice}
        if self.ctx.play({**action, "entered": True} if entered else action) is not None:
            self.ctx.pop()

    def key_roll(self) -> None:
        if not self.fighters():
            self.ctx.notice(_("Tick at least one pawn to attack."))
            return
        s = game(self.ctx)
        everyone = [s.mover.name, *self.fighters()]
        self._fight({n: self.ctx.dice.roll(6, rules.dice_needed(s, n)) for n in everyone})

    def key_long_roll(self) -> None:
        if not self.fighters():
            self.key_roll()
            return
        s = game(self.ctx)
        everyone = [s.mover.name, *self.fighters()]
        counts = [rules.dice_needed(s, n) for n in everyone]
        if not sum(counts):
            self._fight({n: [] for n in everyone}, entered=True)
            return
        slot = WIDTH // sum(counts)
        labels = [die_label(n, k + 1, slot - 2) for n, c in zip(everyone, counts, strict=True)
                  for k in range(c)]

        def done(values: list[int]) -> None:
            dice, at = {}, 0
            for n, c in zip(everyone, counts, strict=True):
                dice[n], at = values[at:at + c], at + c
            self._fight(dice, entered=True)

        self.ctx.push(DiceEntry(self.ctx, [D6] * sum(counts), on_done=done, labels=labels,
                                title=_("Fight dice")))

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        others = self.others()
        self.row = min(self.row, max(0, len(others) - 1))
        title_bar(p, _("{name} attacks").format(name=s.mover.name), (where(s, s.mover), ""),
                  table=names_of(s))
        lines = [_("{mark} {name} {n}d").format(mark="[ ]" if n in self.left_out else "[x]",
                                                 name=n, n=rules.dice_needed(s, n))
                 for n in others]
        menu_list(p, lines, self.row, rows=3)
        hint(p, _("OK tick   ROLL fight"))


class FightView(ActionView):
    """Every fighter's dice and total; the leader so far (ties: the attacker) is marked.

    Two fighters get a column each; three or more a 12 px cell each, four to a page (the
    pages turn by themselves when more fight, and a card's Hit shows its fighter's page).
    """

    PER_PAGE = 4

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.pager = Pager(ctx)

    def wake_in(self) -> float | None:
        return self.pager.wake_in()

    def actions(self) -> list[tuple[str, Callable[[], None]]]:
        s = game(self.ctx)
        found = [(_("+Hit: {name}").format(name=n), lambda n=n: self.hit(n))
                 for n in s.fighting.fighters if s.player(n).hand]
        return found + [(_("All pass: result"), lambda: self.ctx.play({"type": "end_fight"}))]

    def hit(self, name: str) -> None:
        def add(hit: int) -> None:
            fighters = game(self.ctx).fighting.fighters
            if self.ctx.play({"type": "hit_card", "player": name, "hit": hit}) is not None:
                self.pager.show(fighters.index(name) // self.PER_PAGE)

        self.ctx.push(NumberPick(self.ctx, lambda: _("{name} discards").format(name=name),
                                 lambda: _("the card's Hit"), add))

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        f = s.fighting
        totals = dict(zip(f.fighters, f.totals, strict=True))
        lead = rules.combat_winner(totals, f.attacker)
        table = [q.name for q in s.players]
        title_bar(p, _("Fight"), fitting("bold", 64, _("lead {name}").format(name=lead), _("lead")))
        if len(f.fighters) == 2:
            self.pager.page(1, None)  # nothing paged: no timer
            for col, (name, dice, total) in enumerate(zip(f.fighters, f.dice, f.totals,
                                                          strict=True)):
                x0 = col * 64
                pl = s.player(name)
                hit = f" {signed(pl.brain.hit)}" if pl.brain else ""
                if name == lead:  # the name in 12 px, the leader's inverted
                    p.rect((x0, 12, x0 + 63, 24), fill=1, outline=None)
                p.centred(12, p.fit_name(name, "text", 60, table), "text", x0=x0, x1=x0 + 64,
                          fill=0 if name == lead else 1)
                up = 1 if kanji() else 0  # a pixel row above the higher action bar
                p.text((x0 + 4, 26 - up), str(total), "medium")
                # how the total came about, in 12 px beside it ("4 3 +2"; "6 6+10" if tight)
                line = f"{' '.join(map(str, dice))}{hit}"
                room = 56 - text_width(str(total), "medium") - 3
                if text_width(line, "text") > room:
                    line = line.replace(" +", "+").replace(" -", "-")
                p.right(28 - up, line, "text", x1=x0 + 60)
            p.draw.line((63, 27, 63, 37 if kanji() else 39), fill=1)  # the figures apart
        else:
            count = -(-len(f.fighters) // self.PER_PAGE)
            page = self.pager.page(count, (s.turn, f.fighters))
            first = page * self.PER_PAGE
            shown = list(zip(f.fighters, f.totals, strict=True))[first:first + self.PER_PAGE]
            for i, (name, total) in enumerate(shown):  # 2 rows of 2 cells, 12 px
                pitch = 13 if kanji() else 15  # 13: above the higher action bar
                x, y = (i // 2) * 64, 12 + (i % 2) * pitch
                if name == lead:
                    p.rect((x, y, x + 61, y + pitch - 1), fill=1, outline=None)
                fill = 0 if name == lead else 1
                p.text((x + 2, y + 1), p.fit_name(name, "text", 42, table), "text", fill=fill)
                p.right(y + 1, str(total), "text", x1=x + 60, fill=fill)
            page_bar(p, page, count, 14, 37 if kanji() else 41)
        self.draw_action(p)


class BrainsScreen(Sub):
    """The fight's winner moves, rearranges or discards every fighter's brain at once.

    One row per brain in the fight, "whose brain > which head": UP/DOWN choose a row,
    LEFT/RIGHT send that brain to another fighter's head or to the discard pile. OK on
    "Done" logs it all as one action (one undo takes it all back); BACK leaves unchanged.
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        f = game(ctx).fighting
        self.owners = [n for n in f.fighters if game(ctx).player(n).brain is not None]
        self.targets: dict[str, str | None] = {n: n for n in self.owners}
        self.row = 0

    def choices(self) -> list[str | None]:
        """Where a brain may go: any fighter's head (the winner's too), or the discard."""
        return [*game(self.ctx).fighting.fighters, None]

    def rows(self) -> int:
        return len(self.owners) + 1

    def key_up(self) -> None:
        self.row = (self.row - 1) % self.rows()

    def key_down(self) -> None:
        self.row = (self.row + 1) % self.rows()

    def _send(self, by: int) -> None:
        if self.row < len(self.owners):
            owner, choices = self.owners[self.row], self.choices()
            at = choices.index(self.targets[owner])
            self.targets[owner] = choices[(at + by) % len(choices)]

    def key_left(self) -> None:
        self._send(-1)

    def key_right(self) -> None:
        self._send(1)

    def crowded(self) -> list[str]:
        """Heads that would get more than one brain."""
        sent = [t for t in self.targets.values() if t is not None]
        return sorted({t for t in sent if sent.count(t) > 1}, key=sent.index)

    def key_ok(self) -> None:
        if self.row < len(self.owners):
            self.row = len(self.owners)  # like a setup screen: OK jumps to Done
            return
        crowded = self.crowded()
        if crowded:
            self.ctx.notice(_("{name} would get two brains; a head holds one.").format(
                name=crowded[0]))
            return
        if all(self.targets[n] == n for n in self.owners):
            self.ctx.pop()  # nothing changes: nothing to log
            return
        heads = dict.fromkeys(game(self.ctx).fighting.fighters)
        for owner, target in self.targets.items():
            if target is not None:
                heads[target] = owner
        if self.ctx.play({"type": "brains", "heads": heads}) is not None:
            self.ctx.pop()

    @staticmethod
    def title(s: rules.State, width: int, called: dict[str, str]) -> str:
        """Who picks, by the name the table ``called`` them, where that fits beside the
        Run and Hit; else what the screen is for (「山田 一郎が決める」 would be cut)."""
        winner = str(s.fighting.winner)
        mine = _("{name}'s pick").format(name=seat_names.shown(called.get(winner, winner)))
        room = width - 2 - text_width(_("R{run}H{hit}").format(run=0, hit=0), "bold") - 6
        return mine if text_width(mine, "bold") <= room else _("Brains go to")

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        self.row = min(self.row, self.rows() - 1)
        brain = s.player(self.owners[self.row]).brain if self.row < len(self.owners) else None
        called = seat_names.calls([pl.name for pl in s.players])  # 一郎, 花子
        title_bar(p, self.title(s, p.width, called),
                  # TRANSLATORS: the brain's Run and Hit, short; then without the space
                  (_("R{run} H{hit}").format(run=brain.run, hit=brain.hit),
                   _("R{run}H{hit}").format(run=brain.run, hit=brain.hit)) if brain else "")
        crowded = self.crowded()
        discard = _("discard")
        lines = []
        for n in self.owners:
            held = s.player(n).brain
            assert held is not None  # the owners are the fighters who held a brain
            target = self.targets[n]
            lines.append(f"{'!' if target in crowded else ''}{called.get(n, n)} IQ{held.iq}"
                         f" > {called.get(target, target) if target else discard}")
        menu_list(p, lines + [_(">> Done <<")], self.row, rows=3)
        hint(p, _("</> where  OK done") if self.owners else _("no brains here  BACK"))


class ScoringView(Adjusts, PhaseView):
    """Final IQs, filled in from the brains: UP/DOWN a player, LEFT/RIGHT the IQ."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.row = 0

    def rows(self) -> int:
        return len(game(self.ctx).players) + 1

    def key_up(self) -> None:
        self.row = (self.row - 1) % self.rows()

    def key_down(self) -> None:
        self.row = (self.row + 1) % self.rows()

    def change(self, by: int) -> None:
        s = game(self.ctx)
        if self.row < len(s.players):
            iq = max(0, s.iqs[self.row] + by)
            self.ctx.play({"type": "iq", "player": s.players[self.row].name, "iq": iq})

    def key_ok(self) -> None:
        if self.row == len(game(self.ctx).players):
            self.ctx.play({"type": "finish"})
        else:
            self.row = len(game(self.ctx).players)

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        self.row = min(self.row, self.rows() - 1)
        title_bar(p, _("IQ in your head"), _("end"))
        lines = [padded(p, pl.name, 72, table=names_of(s)) + f"IQ {iq}"
                 for pl, iq in zip(s.players, s.iqs, strict=True)]
        # the scroll bar stops above the key help's band: 12 px there (issue 41)
        menu_list(p, lines + [_(">> Finish <<")], self.row, rows=3, bottom=p.height - 13)
        hint(p, _("</> IQ  hold: 5  OK"))


class OverView(PhaseView):
    """The winner (or "nobody wins" when the best IQ is 0), then DOWN: every player's
    final IQ, a 12 px row each, three at a time."""

    ROWS = 3

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.top = 0  # 0: the winner; n: the IQ rows from row n - 1 on

    def ranking(self) -> list[tuple[str, int]]:
        s = game(self.ctx)
        return sorted(((pl.name, iq) for pl, iq in zip(s.players, s.iqs, strict=True)),
                      key=lambda kv: -kv[1])

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    def key_down(self) -> None:
        self.top = min(self.top + 1, max(1, len(self.ranking()) - self.ROWS + 1))

    def render(self, p: Painter) -> None:
        ranking = self.ranking()
        best = ranking[0][1] if ranking else 0
        top = [n for n, iq in ranking if iq == best]
        title_bar(p, _("Game over"), _("IQ") if self.top else "")
        if self.top:
            for row, (name, iq) in enumerate(ranking[self.top - 1:self.top - 1 + self.ROWS]):
                y = 13 + row * 13
                p.text((2, y), p.fit_name(name, "text", p.width - 34, [n for n, _iq in ranking]),
                       "text")
                p.right(y, str(iq), "text", x1=p.width - 4)
        elif best == 0:
            p.centred(13, _("Nobody"), "large")
            p.centred(38, p.fit(_("wins: best IQ 0"), "text", p.width), "text")
        else:
            big = top[0] if len(top) == 1 else _("Tie")
            font = biggest(big, p.width)
            p.centred(13 if font == "large" else 17, p.fit(big, font, p.width), font)
            line = (_("{names} win with IQ {iq}").format(names=" & ".join(top), iq=best)
                    if len(top) > 1 else _("wins with IQ {iq}").format(iq=best))
            p.centred(38, p.fit(line, "text", p.width), "text")
        hint(p, _("v all IQs  BACK menu") if not self.top else _("^v more  BACK menu"))
