"""The setup screen every game opens with: its players, seats and options, one row each."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.config import registry
from companion.core import roster, seat_names
from companion.core.errors import BadName, RosterError, StorageError, Translatable
from companion.core.i18n import N_, _
from companion.ui.fonts import text_width
from companion.ui.name_entry import NameEntry
from companion.ui.paint import WIDTH, Painter
from companion.ui.screen import Context, Roster, Screen
from companion.ui.widgets import pinned_list, title_bar

#: The seat choice that types a new name into the roster.
NEW_PLAYER = N_("+ New player")


def _numbered(n: int) -> Callable[[str], str]:
    """A ``gettext`` for a label with ``{n}`` in it: "Seat {n}" → "Seat 2"."""
    return lambda label: _(label).format(n=n)


def ask_to_add(people: Roster, name: str) -> str | None:
    """The question before a name typed on the box joins the roster; None where the
    roster refuses the name anyway (the reason is shown at once, with nothing to answer)."""
    try:
        clean = roster.clean_name(name)
    except BadName:
        return None
    if people.player(clean) is not None:
        return None
    return _("Add {name} to the players?").format(name=clean)


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
    needs no press per seat, and the setup opens on the last table of this game with
    the cursor on Start (one press to play again). On a seat, LEFT takes the person of
    the seat before (seat 1: the last seat's) and RIGHT people not at the table, then
    ``Guest N`` and ``+ New player`` (OK on it types a name); a person chosen from
    another seat swaps seats with whoever sat here.

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
                             gettext=_numbered(i + 1))
                      for i in range(high)]
        if self.from_roster:
            for i, seat in enumerate(self.seats):
                seat.index = i if i < len(self.names) else len(self.names)  # else: a guest
        self.extra = list(extra)
        self.build = options or self._options
        self.row = 0
        self.first = 0  # the first option row shown: Start keeps the bottom row
        #: The seat row being changed and the seats as they were before (see _change).
        self._editing: tuple[Choice, list[str]] | None = None
        self._low, self._high = low, high

    def opened(self) -> None:
        """The same table as last time, with the cursor on Start: one press to play again.

        Done once the screen is whole, not in ``__init__``: a game's setup adds its own
        rows (and may change the count's values) after this class's constructor, and
        :meth:`rows` needs them (Brikks could not be set up a second time, issue 41)."""
        last = self._last_table(self._low, self._high)
        if not last or len(last) not in self.count.values:
            return
        self.count.index = list(self.count.values).index(len(last))
        for seat, name in zip(self.seats, last, strict=False):
            seat.index = seat.values.index(name)
        self.row = len(self.rows()) - 1

    def _last_table(self, low: int, high: int) -> list[str]:
        """The people of the last finished game of this game, in their seats and as named
        now; empty when there was none, a guest sat in it, or someone is hidden."""
        if not self.from_roster or self.title is not None:  # the score pad's shelf games
            return []
        try:
            last = next((g for g in self.ctx.roster.history(50) if g.kind == self.key), None)
            if last is None:
                return []
            seats = self.ctx.roster.seat_players().get(last.id, {})
        except StorageError:
            return []
        count = len(last.options.get("players", []))
        people = [seats[i] for i in range(count) if i in seats]
        if not low <= count <= high or len(people) != count or any(p.hidden for p in people):
            return []
        return [p.name for p in people]

    def _options(self, players: list[str], chosen: dict[str, Any]) -> dict[str, Any]:
        """The game's options when the game builds none itself: the players, its own
        rows, and the owner's house rules for it (``[house_rules.<key>]`` in the config)."""
        house = dict(self.ctx.config.house_rules.get(self.key, {}))
        return {"players": players, **chosen, **({"house_rules": house} if house else {})}

    def _roster(self) -> list[str]:
        return [p.name for p in self.ctx.roster.players()]

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
        self._editing = None
        self.row = (self.row - 1) % len(self.rows())

    def key_down(self) -> None:
        self._editing = None
        self.row = (self.row + 1) % len(self.rows())

    def _change(self, step: int) -> None:
        row = self.rows()[self.row]
        if row is None:
            return
        if row not in self.seats[: self.count.value] or not self.from_roster:
            row.index = (row.index + step) % len(row.values)
            if row is self.count:
                self._seat_apart()
            return
        seated = self.seats[: self.count.value]
        if self._editing is None or self._editing[0] is not row:
            self._editing = (row, [s.value for s in seated])
            row.values = self._cycle(seated.index(row), self._editing[1])
            row.index = 0
        row.index = (row.index + step) % len(row.values)
        self._seat(row, self._editing[1])

    def _cycle(self, seat: int, before: list[str]) -> list[str]:
        """The values a seat row goes through: its own, then people not at the table, a
        guest and + New player (RIGHT), and from the other end the people at the table,
        the previous seat's first (LEFT: 1 press swaps with the seat before, seat 1 with
        the last)."""
        here = before[seat]
        at_table = [before[(seat + k) % len(before)] for k in range(1, len(before))]
        people = [n for n in at_table if n in self.names]
        rest = [v for v in self._values(seat) if v != here and v not in people]
        return [here, *rest, *people]

    def _seat(self, row: Choice, before: list[str]) -> None:
        """Seat ``row``'s choice; a person chosen from another seat swaps with it: that
        seat gets whom this one had (a guest there stays a guest of that seat)."""
        chosen, mine = row.value, before[self.seats.index(row)]
        for j, seat in enumerate(self.seats[: len(before)]):
            if seat is row:
                continue
            value = before[j]
            if chosen in self.names and value == chosen:
                value = mine if mine in self.names or mine == NEW_PLAYER else \
                    seat_names.guest(j)
            seat.index = seat.values.index(value) if value in seat.values else seat.index

    def _seat_apart(self) -> None:
        """Seats the count brings back that hold somebody seated before them (chosen
        there while this seat was hidden, issue 44) get a person not at the table, else
        their guest: one person is never shown in two seats."""
        seated = self.seats[: self.count.value]
        for i, seat in enumerate(seated):
            earlier = [s.value for s in seated[:i]]
            if seat.value not in self.names or seat.value not in earlier:
                continue
            others = {s.value for s in seated}
            value = next((n for n in self.names if n not in others), seat_names.guest(i))
            if value in seat.values:
                seat.index = seat.values.index(value)

    def key_left(self) -> None:
        self._change(-1)

    def key_right(self) -> None:
        self._change(1)

    def key_ok(self) -> None:
        self._editing = None
        row = self.rows()[self.row]
        if row in self.seats and row.value == NEW_PLAYER:
            self.ctx.push(NameEntry(self.ctx, _("New player"),
                                    lambda name: self._join(row, name),
                                    confirm=lambda name: ask_to_add(self.ctx.roster, name)))
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
        seated = self.seats[: self.count.value]
        for i, seat in enumerate(seated):
            twin = next((s for s in seated[:i] if s.value == seat.value), None)
            if twin is not None:  # which seats: the table can see whom to change
                self.ctx.notice(_("{seat} and {other} are both {name}; change one.").format(
                    seat=twin.gettext(twin.label), other=seat.gettext(seat.label),
                    name=seat.value))
                return False
        return True

    def _join(self, seat: Choice, name: str) -> str | None:
        """Add ``name`` to the roster (saved before the screen says so) and seat them."""
        try:
            player = self.ctx.roster.add_player(name)
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
        title_bar(p, self.title or registry.title(self.key, short=True), _("setup"))
        lines = self.named(p, [self.line(r) for r in self.rows()])
        self.first = pinned_list(p, lines, self.row, self.first)

    def named(self, p: Painter, lines: list[str]) -> list[str]:
        """The rows' ``lines`` with the seated players' names in the one form that lets
        every row fit (「席1: 健一」「席2: 真理子」 for two 佐々木; issue 41)."""
        table = [n for n in self.players() if n != NEW_PLAYER]
        return p.fit_lines(lines, table, "text", p.width - 8)

    @staticmethod
    def line(row: Choice | None) -> str:
        """A row as shown; "+ New player" shortened where the seat's label is long."""
        if row is None:
            return _(">> Start <<")
        if row.value == NEW_PLAYER and text_width(row.line(), "text") > WIDTH - 8:
            return _("{label}: + New").format(label=row.gettext(row.label))
        return row.line()
