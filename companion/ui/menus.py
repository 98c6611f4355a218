"""The start menu, the game picker, the player setup and the history list."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion import catalogue, i18n, result_text, seat_names
from companion.errors import RosterError, StorageError, Translatable
from companion.i18n import N_, _, ngettext, number
from companion.keys import Key
from companion.localtime import minute
from companion.ui import unfinished
from companion.ui.fonts import text_width
from companion.ui.lists import ListScreen
from companion.ui.name_entry import NameEntry
from companion.ui.paint import WIDTH, Painter
from companion.ui.players import PlayersScreen
from companion.ui.screen import Context, Screen
from companion.ui.settings_screen import SettingsScreen
from companion.ui.widgets import grid_text, hint, pinned_list, title_bar, wrap

#: The seat choice that types a new name into the roster.
NEW_PLAYER = N_("+ New player")


class HomeScreen(ListScreen):
    """The start menu: continue or resume a game, start one, see history, key help."""

    title = N_("Table Companion")

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._shown: list[str] | None = None

    def entries(self) -> list[tuple[str, Callable[[], None]]]:
        out: list[tuple[str, Callable[[], None]]] = []
        session = self.ctx.session
        if session is not None and not session.over:
            out.append((_entry(N_("Back to {game}"), session.key), self.ctx.show_game))
        saved = self.ctx.store.unfinished()
        if saved is not None and (session is None or saved.id != session.game_id):
            out.append((_entry(N_("Resume {game}"), saved.kind),
                        lambda: self.ctx.resume(saved.id)))
        out.append((_("New game"), lambda: unfinished.new_game(
            self.ctx, lambda: self.ctx.push(GamePicker(self.ctx)))))
        out.append((_("History"), lambda: self.ctx.push(HistoryScreen(self.ctx))))
        out.append((_("Players"), lambda: self.ctx.push(PlayersScreen(self.ctx))))
        out.append((_("Settings"), lambda: self.ctx.push(SettingsScreen(self.ctx))))
        out.append((_("Keys"), lambda: self.ctx.push(KeysHelp(self.ctx))))
        return out

    def items(self) -> list[str]:
        return [label for label, _ in self.entries()]

    def choose(self, index: int) -> None:
        self.entries()[index][1]()

    def key_back(self) -> None:
        """The start menu is the bottom of the stack."""

    def _catch_up(self) -> None:
        """Back to the first entry when the entries changed (a game began or ended).

        Done when a key arrives, not when a frame is drawn, so the cursor is the same
        whether or not the frames between two keys were drawn (a burst draws only once).
        """
        items = self.items()
        if self._shown is not None and items != self._shown:
            self.index = 0
        self._shown = items

    def on_key(self, key: Key) -> None:
        self._catch_up()
        super().on_key(key)
        self._shown = self.items()

    def render(self, p: Painter) -> None:
        if self._shown is not None and self.items() != self._shown:
            self.index = 0  # what the next key will find; the same with or without this frame
        super().render(p)


def _entry(template: str, key: str, width: int = WIDTH - 10) -> str:
    """``Back to Brikks``; ``Play 4-Colour Stones`` where the words leave no room, and
    shorter still (「脳みそクラッシュへ」) before the bare name, which would read like a
    new game."""
    name = catalogue.title(key, short=True)
    for text in (_(template).format(game=name), _("Play {game}").format(game=name),
                 _("To {game}").format(game=name)):
        if text_width(text, "text") <= width:
            return text
    return name


class GamePicker(ListScreen):
    """Every installed game, in the config's order; one that failed to load says why."""

    title = N_("New game")

    def games(self) -> list[catalogue.Entry]:
        chosen = self.ctx.config.games
        return catalogue.menu(chosen.get("order", ()), chosen.get("hide", ()))

    def keys(self) -> list[str]:
        return [g.key for g in self.games()]

    def items(self) -> list[str]:
        return [catalogue.title(g.key, short=True) if isinstance(g, catalogue.GameInfo)
                else _("{game} (broken)").format(game=g.short[:9]) for g in self.games()]

    def choose(self, index: int) -> None:
        game = self.games()[index]
        if isinstance(game, catalogue.Unavailable):
            self.ctx.notice(_("{game} does not load; companion doctor says why.").format(
                game=game.key))
            return
        self.ctx.open_setup(game.key)


class KeysHelp(Screen):
    """What each button does, in words."""

    LINES = (N_("UP/DOWN  choose"), N_("LEFT/RIGHT change"), N_("OK       confirm"),
             N_("BACK     back"), N_("hold BACK  undo"), N_("ROLL     roll dice"))

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.top = 0

    def key_down(self) -> None:
        self.top = min(self.top + 1, len(self.LINES) - 4)

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    def render(self, p: Painter) -> None:
        title_bar(p, _("Keys"))
        for i, line in enumerate(self.LINES[self.top:self.top + 4]):
            grid_text(p, i, _(line))


@dataclass
class Choice:
    """One setup row: a label and the values LEFT/RIGHT cycle through."""

    key: str
    label: str
    values: Sequence[Any]
    index: int = 0
    shown: Callable[[Any], str] = field(default=str)
    #: Translates ``label`` (a game passes its own catalogue's ``_``); the core's default.
    gettext: Callable[[str], str] = field(default=_)

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def line(self) -> str:
        value = _(NEW_PLAYER) if self.value == NEW_PLAYER else self.shown(self.value)
        return _("{label}: {value}").format(label=self.gettext(self.label), value=value)


class SetupScreen(Screen):
    """Player count, who sits in each seat, the game's own options, then Start.

    Seats are picked from the roster, most recently played first, so a regular group
    needs no press per seat; each seat also offers ``Guest N`` and ``+ New player``
    (OK on it types a name, which joins the roster at once).

    :param extra: the game's own rows (level, variant, …) as :class:`Choice` objects.
    :param options: builds the game's options from ``(players, {choice key: value})``;
        by default ``{"players": [...], **choices}`` and the owner's house rules for the
        game as ``"house_rules"`` (when the config sets any).
    :param names: a fixed list of seat names instead of the roster (``["Table"]``).
    :param title: the title bar's name, when not the game's (the score pad's shelf game).
    """

    def __init__(self, ctx: Context, key: str, *, low: int, high: int, default: int | None = None,
                 extra: Sequence[Choice] = (),
                 options: Callable[[list[str], dict[str, Any]], dict[str, Any]] | None = None,
                 names: Sequence[str] | None = None, title: str | None = None) -> None:
        super().__init__(ctx)
        self.key = key
        self.title = title
        self.from_roster = names is None
        self.names = self._roster() if names is None else list(names)
        count = default if default is not None else low
        self.count = Choice("players", N_("Players"), list(range(low, high + 1)), count - low)
        self.seats = [Choice(f"seat{i}", N_("Seat {n}"), self._values(i), i,
                             gettext=lambda label, n=i + 1: _(label).format(n=n))
                      for i in range(high)]
        if self.from_roster:
            for i, seat in enumerate(self.seats):
                seat.index = i if i < len(self.names) else len(self.names)  # else: a guest
        self.extra = list(extra)
        self.build = options or self._options
        self.row = 0
        self.first = 0  # the first option row shown: Start keeps the bottom row

    def _options(self, players: list[str], chosen: dict[str, Any]) -> dict[str, Any]:
        """The game's options when the game builds none itself: the players, its own
        rows, and the owner's house rules for it (``[house_rules.<key>]`` in the config)."""
        house = dict(self.ctx.config.house_rules.get(self.key, {}))
        return {"players": players, **chosen, **({"house_rules": house} if house else {})}

    def _roster(self) -> list[str]:
        return [p.name for p in self.ctx.store.players()]

    def _values(self, seat: int) -> list[str]:
        if not self.from_roster:
            return self.names
        return [*self.names, seat_names.guest(seat), NEW_PLAYER]

    def rows(self) -> list[Choice | None]:
        """The rows shown: count (if it can change), seats, extras, then Start (None)."""
        head = [self.count] if len(self.count.values) > 1 else []
        several = self.from_roster or len(self.names) > 1
        seats = self.seats[: self.count.value] if several else []
        return [*head, *seats, *self.extra, None]

    def players(self) -> list[str]:
        return [s.value for s in self.seats[: self.count.value]]

    def key_up(self) -> None:
        self.row = (self.row - 1) % len(self.rows())

    def key_down(self) -> None:
        self.row = (self.row + 1) % len(self.rows())

    def _change(self, step: int) -> None:
        row = self.rows()[self.row]
        if row is None:
            return
        taken = {s.value for s in self.seats[: self.count.value] if s is not row}
        for _step in range(len(row.values)):
            row.index = (row.index + step) % len(row.values)
            if row not in self.seats or row.value not in taken or row.value == NEW_PLAYER:
                break

    def key_left(self) -> None:
        self._change(-1)

    def key_right(self) -> None:
        self._change(1)

    def key_ok(self) -> None:
        row = self.rows()[self.row]
        if row in self.seats and row.value == NEW_PLAYER:
            self.ctx.push(NameEntry(self.ctx, _("New player"),
                                    lambda name: self._join(row, name)))
            return
        if row is not None:
            self.row = len(self.rows()) - 1  # OK on a row jumps to Start
            return
        if not self.ready():
            return
        chosen = {c.key: c.value for c in self.extra}
        self.ctx.start_game(self.key, self.build(self.players(), chosen))

    def ready(self) -> bool:
        """True when every seat has somebody; else says what is missing."""
        for seat in self.seats[: self.count.value]:
            if seat.value == NEW_PLAYER:
                self.ctx.notice(_("{seat} has nobody yet: OK there types a name, "
                                  "LEFT/RIGHT picks one.").format(seat=seat.gettext(seat.label)))
                return False
        if len(set(self.players())) != len(self.players()):
            self.ctx.notice(_("Two seats have the same name; change one."))
            return False
        return True

    def _join(self, seat: Choice, name: str) -> str | None:
        """Add ``name`` to the roster (saved before the screen says so) and seat them."""
        try:
            player = self.ctx.store.add_player(name)
        except RosterError as err:
            return err.translated(_) if isinstance(err, Translatable) else str(err)
        except StorageError as err:
            return _("Not saved: {why}").format(why=err.translated(_))
        chosen = [s.value for s in self.seats]
        self.names = self._roster()
        for i, s in enumerate(self.seats):
            s.values = self._values(i)
            s.index = s.values.index(chosen[i]) if chosen[i] in s.values else s.index
        seat.index = seat.values.index(player.name)
        return None

    def render(self, p: Painter) -> None:
        title_bar(p, self.title or catalogue.title(self.key, short=True), _("setup"))
        lines = [self.line(r) for r in self.rows()]
        self.first = pinned_list(p, lines, self.row, self.first)

    @staticmethod
    def line(row: Choice | None) -> str:
        """A row as shown; "+ New player" shortened where the seat's label is long."""
        if row is None:
            return _(">> Start <<")
        if row.value == NEW_PLAYER and text_width(row.line(), "text") > WIDTH - 8:
            return _("{label}: + New").format(label=row.gettext(row.label))
        return row.line()


class HistoryScreen(ListScreen):
    """*Unfinished (n)* first, then finished games, newest first, by local end date.
    OK opens the unfinished list or shows one game's result."""

    title = N_("History")

    def unfinished(self) -> int:
        return len(self.ctx.store.unfinished_games())

    def records(self) -> list[Any]:
        return self.ctx.store.history(50)

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
    """One finished (or running) game: players, scores, how it was decided."""

    def __init__(self, ctx: Context, record: Any) -> None:
        super().__init__(ctx)
        self.record = record
        self.top = 0

    def lines(self) -> list[str]:
        r = self.record
        out = [_("Started {when}").format(when=minute(r.started)[5:]),
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
        return out

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    def rows(self) -> int:
        """Four lines, or three above the scroll hint when there are more."""
        return 4 if len(self.lines()) <= 4 else 3

    def key_down(self) -> None:
        self.top = min(max(0, len(self.lines()) - self.rows()), self.top + 1)

    def render(self, p: Painter) -> None:
        title_bar(p, catalogue.title(self.record.kind, short=True), minute(self.record.started)[:4])
        rows = self.rows()
        for i, line in enumerate(self.lines()[self.top:self.top + rows]):
            grid_text(p, i, line)
        if rows < len(self.lines()):
            hint(p, _("UP/DOWN scroll"))


class Confirm(Screen):
    """A yes/no question: OK does it, BACK does not."""

    def __init__(self, ctx: Context, question: str, on_yes: Callable[[], None]) -> None:
        super().__init__(ctx)
        self.question = question
        self.on_yes = on_yes

    def key_ok(self) -> None:
        self.ctx.pop()
        self.on_yes()

    def render(self, p: Painter) -> None:
        title_bar(p, _("Sure?"))
        for i, line in enumerate(wrap(self.question, 21)[:3]):
            grid_text(p, i, line)
        hint(p, _("OK yes   BACK no"))
