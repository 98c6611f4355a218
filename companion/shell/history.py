"""The history list: finished games, newest first, and each one's detail sentence; OK on
a finished game reopens it (after asking: its end is undone and the box resumes it, so
a score typed wrong at the end is fixed in the game's own screens)."""

from __future__ import annotations

from typing import Any

from companion.config import registry
from companion.core import i18n, seat_names
from companion.core.errors import RuleError, StorageError
from companion.core.i18n import N_, _, ngettext, number
from companion.core.localtime import minute, month_day_minute
from companion.records import result_text
from companion.shell import unfinished
from companion.ui.lists import ListScreen
from companion.ui.paint import Painter
from companion.ui.screen import BoxContext, Screen
from companion.ui.widgets import grid_text, hint, title_bar, wrap


class HistoryScreen(ListScreen):
    """*Unfinished (n)* first, then finished games, newest first, by local end date.
    OK opens the unfinished list or shows one game's result."""

    ctx: BoxContext

    title = N_("History")

    _counted: tuple[tuple[int, int], int] | None = None

    def unfinished(self) -> int:
        """How many games are unfinished: counted again only when the log changed (a
        restored log may hold hundreds of thousands, and this is asked on every key)."""
        store = self.ctx.store
        mark = store.change_mark()
        if self._counted is None or self._counted[0] != mark:
            self._counted = (mark, store.unfinished_count())
        return self._counted[1]

    def records(self) -> list[Any]:
        """The 50 games that ended last, the last first (a game resumed and finished
        late comes in where it ended, as on the phone's History)."""
        return self.ctx.store.history_by_end(50)

    def items(self) -> list[str]:
        out = [_("Unfinished ({n})").format(n=n) for n in [self.unfinished()] if n]
        out += [unfinished.dated(r.finished, r.kind) for r in self.records()]
        skipped = self.ctx.store.skipped  # damaged rows the store left out: said, not hidden
        if skipped:
            out.append(ngettext("{n} damaged, left out", "{n} damaged, left out",
                                skipped).format(n=number(skipped)))
        return out or [_("No games yet")]

    def choose(self, index: int) -> None:
        if self.unfinished():
            if index == 0:
                self.ctx.push(unfinished.UnfinishedList(self.ctx))
                return
            index -= 1
        records = self.records()
        if index < len(records):
            self.ctx.push(GameSummary(self.ctx, records[index]))
        elif self.ctx.store.skipped:
            self.ctx.notice(i18n.shown(self.ctx.store.skipped_line()))


class GameSummary(Screen):
    """One finished (or running) game: players, scores, how it was decided; OK on a
    finished one asks to reopen it."""

    ctx: BoxContext

    def __init__(self, ctx: BoxContext, record: Any) -> None:
        super().__init__(ctx)
        self.record = record
        self.top = 0

    def lines(self) -> list[str]:
        r = self.record
        out = [_("Started {when}").format(when=month_day_minute(r.started)),
               ngettext("{n} action", "{n} actions", r.actions).format(n=number(r.actions))]
        result = r.result or {}
        place = 1
        for names in result.get("places", []):
            for name in names:
                if seat_names.is_nobody(name):
                    continue  # the dice games' "Table" takes no place
                score = result.get("scores", {}).get(name)
                shown = seat_names.shown(name)
                out.append(f"{place}. {shown}" + (f" {score}" if score is not None else ""))
            place += len(names)  # shared places: 1, 1, 3
        said = result_text.detail(result, r.kind)
        if said:
            out += wrap(said, 21, whole=tuple(seat_names.shown(name)
                                              for names in result.get("places", [])
                                              for name in names))
        if r.finished is not None:
            out.append(_("OK: reopen"))
        return out

    def key_ok(self) -> None:
        if self.record.finished is not None:
            self.ctx.ask(_("Reopen this game? Its end is undone."), self._reopen)

    def _reopen(self) -> None:
        game_id = self.record.id
        try:
            self.ctx.store.reopen(game_id)
        except (RuleError, StorageError) as err:
            self.ctx.notice(i18n.shown(err))
            return
        self.ctx.pop()
        self.ctx.resume(game_id)

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    def rows(self) -> int:
        """Four lines, or three above the scroll hint when there are more."""
        return 4 if len(self.lines()) <= 4 else 3

    def key_down(self) -> None:
        self.top = min(max(0, len(self.lines()) - self.rows()), self.top + 1)

    def render(self, p: Painter) -> None:
        title_bar(p, registry.title(self.record.kind, short=True), minute(self.record.started)[:4])
        rows = self.rows()
        for i, line in enumerate(self.lines()[self.top:self.top + rows]):
            grid_text(p, i, line)
        if rows < len(self.lines()):
            hint(p, _("UP/DOWN scroll"))
