"""A game in progress is never lost from sight.

*New game* asks first while a game is unfinished (:class:`NewGameQuestion`): carry on
with it, set it aside (it stays unfinished, listed under *History → Unfinished*) and
start the new one, or — where the game allows — end it and record its result. The list
of every unfinished game, newest first (:class:`UnfinishedList`), resumes or abandons
one deliberately (:class:`UnfinishedGame`).

This module knows nothing of the game picker: whoever asks passes how to open it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, overload

from companion.config import registry
from companion.core import seat_names
from companion.core.i18n import N_, _, number
from companion.core.localtime import month_day, month_day_minute
from companion.core.seat_names import cut
from companion.ui.fonts import text_width
from companion.ui.linebreak import cells
from companion.ui.paint import WIDTH, Painter
from companion.ui.scenes import SET_ASIDE
from companion.ui.screen import BoxContext, Screen
from companion.ui.widgets import grid_text, page_list, title_bar

CARRY_ON, END = N_("Carry on"), N_("End, save result")


RESUME, ABANDON = N_("Resume"), N_("Abandon")


def new_game(ctx: BoxContext, open_picker: Callable[[], None]) -> None:
    """What *New game* does: ask first while the current game is unfinished."""
    if ctx.session is not None and not ctx.session.over:
        ctx.push(NewGameQuestion(ctx, open_picker))
    else:
        open_picker()


class _Menu(Screen):
    """A few entries under some lines of text; UP/DOWN move, OK chooses, BACK leaves."""

    ctx: BoxContext

    def __init__(self, ctx: BoxContext) -> None:
        super().__init__(ctx)
        self.index = 0

    def entries(self) -> Sequence[str]:
        raise NotImplementedError

    def choose(self, entry: str) -> None:
        raise NotImplementedError

    def key_up(self) -> None:
        self.index = (self.index - 1) % max(1, len(self.entries()))

    def key_down(self) -> None:
        self.index = (self.index + 1) % max(1, len(self.entries()))

    def key_ok(self) -> None:
        entries = self.entries()
        if entries:
            self.choose(entries[min(self.index, len(entries) - 1)])


class NewGameQuestion(_Menu):
    """"Brikks is not finished": carry on / set it aside, new game / end, save result."""

    ctx: BoxContext

    def __init__(self, ctx: BoxContext, open_picker: Callable[[], None]) -> None:
        super().__init__(ctx)
        self.open_picker = open_picker

    def entries(self) -> list[str]:
        session = self.ctx.session
        if session is None or session.over:
            return [SET_ASIDE]
        return [CARRY_ON, SET_ASIDE] + ([END] if session.end_action() is not None else [])

    def choose(self, entry: str) -> None:
        session = self.ctx.session
        self.ctx.pop()
        if entry == CARRY_ON:
            self.ctx.show_game()
            return
        if entry == END and session is not None:
            action = session.end_action()
            if action is None or self.ctx.play(action) is None:
                return  # the reason is on screen
            self.ctx.inform(_("{game} ended; result saved.").format(
                game=registry.title(session.key, short=True)))
        self.open_picker()

    def render(self, p: Painter) -> None:
        session = self.ctx.session
        title_bar(p, registry.title(session.key, short=True) if session is not None
                  else _("New game"))
        grid_text(p, 0, _("is not finished yet:"))
        entries = self.entries()
        self.index = min(self.index, len(entries) - 1)
        page_list(p, [_(e) for e in entries], self.index, row=1)


def dated(stamp: str, kind: str, chars: int = 20) -> str:
    """A list line: the local date and the game (``11-22 Brikks``); where a long name
    leaves no room, the date stays whole and the name is cut with its mark
    (「12/4 脳みそクラ…」: 「4 脳みそクラッシュ」 lost the month, issue 41). ``chars``
    counts cells: a kana or kanji takes two.

    >>> from datetime import datetime
    >>> noon = datetime(2026, 11, 22, 12, 0).astimezone()  # noon here, in any zone
    >>> dated(noon.isoformat(), "four_stones", chars=12)
    '11-22 4-Col.'
    """
    day, name = month_day(stamp), registry.title(kind, short=True)
    if cells(f"{day} {name}") > chars:
        # the mark 「…」 is drawn full width: two cells
        name = cut(name, lambda t: cells(f"{day} {t}") + t.endswith("…") <= chars) or name[:1]
    return f"{day} {name}"


def who_plays(names: Sequence[str], width: int = WIDTH - 2) -> str:
    """As many whole names as fit on a line, then how many more: "Ann, Ben +2".

    >>> who_plays(["Ann", "Ben"]), who_plays(["Annabel", "Benjamin", "Cleo", "Dominic"])
    ('Ann, Ben', 'Annabel, Benjamin +2')
    """
    for shown in range(len(names), 0, -1):
        line = _(", ").join(names[:shown])
        if shown < len(names):
            line = _("{names} +{n}").format(names=line, n=number(len(names) - shown))
        if text_width(line, "text") <= width:
            return line
    return _(", ").join(names)  # one name too wide alone: the line shortens it


class _Lines(Sequence[str]):
    """The unfinished list's lines, read from the log a page at a time and formatted
    only when drawn: a restored log may hold hundreds of thousands of unfinished games,
    and the screen shows four."""

    PAGE = 32

    def __init__(self, store: Any) -> None:
        self.store = store
        self.mark: tuple[int, int] | None = store.change_mark()
        self.total = store.unfinished_count()
        self._first = 0
        self._page: list[Any] = []

    def record(self, index: int) -> Any:
        """The game on line ``index`` (0: the newest); None when another program's
        change since the count left no game there (the list is then read again)."""
        if not self._first <= index < self._first + len(self._page):
            self._first = max(0, index - self.PAGE // 2)
            self._page = self.store.unfinished_page(self._first, self.PAGE)
        if index - self._first < len(self._page):
            return self._page[index - self._first]
        self.mark = None  # stale: the next look reads the list again
        return None

    def __len__(self) -> int:
        return self.total

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.total))]
        if not -self.total <= index < self.total:
            raise IndexError(index)
        r = self.record(index % self.total)
        return dated(r.started, r.kind) if r is not None else ""


class UnfinishedList(Screen):
    """Every unfinished game, newest first; OK opens one to resume or abandon it.

    The cursor stays on its game when the log changes (the game abandoned from here
    gives its row to the next older one)."""

    ctx: BoxContext

    def __init__(self, ctx: BoxContext) -> None:
        super().__init__(ctx)
        self.index = 0
        self._lines: _Lines | None = None
        self._chosen: int | None = None  # the game under the cursor when last read

    def lines(self) -> _Lines:
        """The list as the log holds it now (read again, cursor kept, once it changed)."""
        store = self.ctx.store
        if self._lines is None or self._lines.mark != store.change_mark():
            self._lines = _Lines(store)
            if self._chosen is not None:
                self.index = store.unfinished_place(self._chosen)
        lines = self._lines
        self.index = min(self.index, max(0, len(lines) - 1))
        self._keep(lines)
        return lines

    def _keep(self, lines: _Lines) -> None:
        """Remember the game under the cursor (by id: its place may change)."""
        record = lines.record(self.index) if len(lines) else None
        if record is not None or not len(lines):
            self._chosen = record.id if record is not None else None

    def _move(self, step: int) -> None:
        lines = self.lines()
        self.index = (self.index + step) % max(1, len(lines))
        self._keep(lines)

    def key_up(self) -> None:
        self._move(-1)

    def key_down(self) -> None:
        self._move(1)

    def key_ok(self) -> None:
        lines = self.lines()  # a burst of OK after Abandon: the cursor is kept in the list
        record = lines.record(self.index) if len(lines) else None
        if record is not None:
            self.ctx.push(UnfinishedGame(self.ctx, record))

    def render(self, p: Painter) -> None:
        lines = self.lines()
        title_bar(p, _("Unfinished"), str(len(lines)))
        page_list(p, lines if len(lines) else [_("No unfinished games")], self.index)


class UnfinishedGame(_Menu):
    """One unfinished game: when it started, who plays; Resume, or Abandon (asks first)."""

    ctx: BoxContext

    def __init__(self, ctx: BoxContext, record: Any) -> None:
        super().__init__(ctx)
        self.record = record

    def entries(self) -> list[str]:
        return [RESUME, ABANDON]

    def choose(self, entry: str) -> None:
        r = self.record
        name = registry.title(r.kind, short=True)
        if entry == RESUME:
            self.ctx.resume(r.id)
            return
        self.ctx.ask(_("Abandon {game} of {day}? It cannot be resumed.").format(
            game=name, day=month_day(r.started)), lambda: self._abandon(name))

    def _abandon(self, name: str) -> None:
        if self.ctx.abandon(self.record.id):
            self.ctx.pop()
            self.ctx.inform(_("{game} abandoned.").format(game=name))

    def render(self, p: Painter) -> None:
        r = self.record
        title_bar(p, registry.title(r.kind, short=True))
        grid_text(p, 0, _("Started {when}").format(when=month_day_minute(r.started)))
        grid_text(p, 1, who_plays([seat_names.shown(str(n))
                                   for n in r.options.get("players", [])]))
        page_list(p, [_(e) for e in self.entries()], self.index, row=2)
