"""The Players screen on the box: the roster, each person's stats, each game's records.

*Players* on the start menu lists everyone on the roster (most recently played first)
with their plays and wins, then *+ New player* and *Records*. OK on a person shows
their card (plays, wins, last played, a line per game); OK on the card offers *Rename*,
*Hide from setup* (asked first; a hidden player stays on this list, marked, and *Show in
setup* brings them back) and, for someone who has played no game, *Delete*. *Records*
lists the games played; OK shows that game's records.
Every change is in the log before the screen shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from companion.config import registry
from companion.core import localtime
from companion.core.errors import RosterError, StorageError, Translatable
from companion.core.i18n import N_, _, number
from companion.records import stats as st
from companion.ui.fonts import needs_japanese, text_width
from companion.ui.linebreak import cells
from companion.ui.lists import ListScreen
from companion.ui.name_entry import NameEntry
from companion.ui.paint import HEIGHT, WIDTH, Painter
from companion.ui.screen import BoxContext, Roster, Screen
from companion.ui.setup import ask_to_add
from companion.ui.widgets import grid, hint, page_list, title_bar, wrap, wrap_px

NEW, RECORDS = N_("+ New player"), N_("Records")
#: A records line's kind: its face and height (a note in Japanese: the 12 px face).
NOTE = "note"
_FACES = {"text": ("text", 12), "small": ("small", 8), NOTE: ("text", 12)}


def _row_height(kind: str) -> int:
    """A records line's height: 12 px lines on the grid's pitch (13 px in Japanese,
    whose kanji touch at 12: 「勝利数」 over 「最高点」)."""
    font, height = _FACES[kind]
    return grid()[1] if font == "text" else height
NAME_CELLS = 12  # the names' column in the Players list


def _saved(action: Callable[[], object]) -> str | None:
    """Run a roster change; None when saved, else the one-line reason."""
    try:
        action()
    except RosterError as err:
        return err.translated(_) if isinstance(err, Translatable) else str(err)
    except StorageError as err:
        return _("Not saved: {why}").format(why=err.translated(_))
    return None


def ask_alike(people: Roster, name: str) -> str | None:
    """The question before a name typed on the box joins the roster: for a name alike
    to one on it ("Chloé" beside "Chloe", accents apart) whether this is someone else;
    otherwise :func:`~companion.ui.setup.ask_to_add`'s."""
    from companion.core import roster
    from companion.core.errors import BadName

    try:
        clean = roster.clean_name(name)
    except BadName:
        return None
    alike = roster.near(clean, [p.name for p in people.players(hidden=True)])
    if alike and people.player(clean) is None:
        return _("{name} looks like {other}, who is on the roster already. Add {name} as "
                 "someone else?").format(name=clean, other=alike[0])
    return ask_to_add(people, name)


def played(plays: int, wins: int) -> str:
    """Plays and wins in a few cells: "2p 1w"."""
    return _("{plays}p {wins}w").format(plays=number(plays), wins=number(wins))


class PlayersScreen(ListScreen):
    """Everyone on the roster with plays/wins, then + New player and Records."""

    ctx: BoxContext

    title = N_("Players")

    def people(self) -> list[tuple[str, str]]:
        counts = {s.uuid: s for s in st.people(st.plays(self.ctx.store))}
        out = []
        for p in self.ctx.store.players(hidden=True):  # the hidden too: shown again here
            s = counts.get(p.uuid)
            note = _("hidden") if p.hidden else played(s.plays, s.wins) if s else _("new")
            out.append((p.name, note))
        return out

    def items(self) -> list[str]:
        return ([name + " " * max(1, NAME_CELLS + 1 - cells(name)) + note
                 for name, note in self.people()] + [_(NEW), _(RECORDS)])

    def choose(self, index: int) -> None:
        people = self.people()
        if index < len(people):
            self.ctx.push(PlayerCard(self.ctx, people[index][0]))
        elif index == len(people):
            # OK on the question is the answer: a name alike to one on the roster
            # ("Chloé" beside "Chloe") joins as someone else only once asked about
            self.ctx.push(NameEntry(self.ctx, _("New player"), lambda name: _saved(
                lambda: self.ctx.store.add_player(name, someone_else=True)),
                confirm=lambda name: ask_alike(self.ctx.store, name)))
        else:
            self.ctx.push(RecordsScreen(self.ctx))


class PlayerCard(Screen):
    """One person: plays, wins, last played, then a line per game. OK: rename or hide."""

    ctx: BoxContext

    def __init__(self, ctx: BoxContext, name: str) -> None:
        super().__init__(ctx)
        self.name = name
        self.top = 0

    def lines_played(self) -> list[st.PersonStats]:
        """This person's figures from the log (empty: they have finished no game)."""
        player = self.ctx.store.player(self.name)
        return [s for s in st.people(st.plays(self.ctx.store))
                if player is not None and s.uuid == player.uuid]

    def lines(self) -> list[tuple[str, str]]:
        """The card's lines as (left, right-aligned) pairs, in the language in use."""
        mine = self.lines_played()
        if not mine:
            return [(line, "") for line in wrap(_("No finished games yet."), 21)]
        s = mine[0]
        last = localtime.date(s.last_played, today=self._today())
        out = [(_("Played {plays}, won {wins}").format(plays=number(s.plays),
                                                       wins=number(s.wins)), ""),
               (_("Last {date}").format(date=last), "")]
        for g in s.games.values():
            title, figures = registry.title(g.key, short=True), played(g.plays, g.wins)
            if text_width(title, "text") + 6 + text_width(figures, "text") <= WIDTH - 3:
                out.append((title, figures))
            else:  # 「脳みそクラッシュ」, "4-Colour Stones": the figures under the name
                out += [(title, ""), ("", figures)]
        return out

    def _today(self) -> datetime:
        """Now by the log's clock (fixed in the pictures, so they do not age)."""
        return datetime.fromtimestamp(self.ctx.store.clock(), UTC)

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    @staticmethod
    def rows(count: int) -> int:
        """Lines shown: four, or three above the scroll hint (a fourth ran into it:
        「1回0勝」 over 「上下でスクロール」, issue 35)."""
        return 4 if count <= 4 else 3

    def key_down(self) -> None:
        count = len(self.lines())
        self.top = min(max(0, count - self.rows(count)), self.top + 1)

    def key_ok(self) -> None:
        self.ctx.push(PlayerActions(self.ctx, self))

    def render(self, p: Painter) -> None:
        title_bar(p, self.name, _("OK=edit"))
        lines = self.lines()  # reads the log: once a frame
        pitch = grid()[1]  # the list grid's pitch: 13 px in Japanese, whose rows touch at 12
        for i, (left, right) in enumerate(lines[self.top:self.top + self.rows(len(lines))]):
            y = 13 + i * pitch
            room = p.width - 3 - (text_width(right, "text") + 6 if right else 0)
            p.text((2, y), p.fit(left, "text", room), "text")
            if right:
                p.right(y, right, "text", x1=p.width - 1)
        if len(lines) > 4:
            hint(p, _("UP/DOWN scroll"))


class PlayerActions(ListScreen):
    """Rename (the keyboard, starting from the name) or hide from the setup."""

    ctx: BoxContext

    def __init__(self, ctx: BoxContext, card: PlayerCard) -> None:
        super().__init__(ctx)
        self.card = card
        self.title = card.name

    def items(self) -> list[str]:
        return [label for label, _do in self.actions()]

    def actions(self) -> list[tuple[str, Callable[[], None]]]:
        """Rename; hide from the setup, or show again; delete, for someone with no games."""
        player = self.ctx.store.player(self.card.name)
        out: list[tuple[str, Callable[[], None]]] = [(_("Rename"), self._ask_rename)]
        if player is not None and player.hidden:
            out.append((_("Show in setup"), self._show))
        else:
            out.append((_("Hide from setup"), self._ask_hide))
        if player is not None and not self.card.lines_played():
            out.append((_("Delete"), self._ask_delete))
        return out

    def render(self, p: Painter) -> None:
        self.title = self.card.name  # a name, not a message: drawn as it is
        title_bar(p, self.title)
        items = self.items()
        page_list(p, items, min(self.index, len(items) - 1))

    def choose(self, index: int) -> None:
        actions = self.actions()
        actions[min(index, len(actions) - 1)][1]()

    def _ask_rename(self) -> None:
        self.ctx.replace(NameEntry(self.ctx, _("Rename"), self._rename, text=self.card.name))

    def _ask_hide(self) -> None:
        name = self.card.name
        self.ctx.ask(_("Hide {name} from the setup? Their games stay.").format(name=name),
                     self._hide)

    def _hide(self) -> None:
        problem = _saved(lambda: self.ctx.store.hide_player(self.card.name))
        self.ctx.pop()  # back to the card, where OK shows them again
        if problem:
            self.ctx.notice(problem)
        else:  # a band: it eats no key
            self.ctx.inform(_("{name} is hidden from the setup; OK on their card shows "
                              "them again.").format(name=self.card.name))

    def _show(self) -> None:
        problem = _saved(lambda: self.ctx.store.hide_player(self.card.name, hidden=False))
        self.ctx.pop()
        if problem:
            self.ctx.notice(problem)
        else:
            self.ctx.inform(_("{name} is offered in the setup again.").format(
                name=self.card.name))

    def _ask_delete(self) -> None:
        self.ctx.ask(_("Delete {name}? They have played no game.").format(
            name=self.card.name), self._delete)

    def _delete(self) -> None:
        problem = _saved(lambda: self.ctx.store.delete_player(self.card.name))
        if problem:
            self.ctx.notice(problem)
            return
        self.ctx.pop()
        self.ctx.pop()  # the card of someone no longer on the roster
        self.ctx.inform(_("{name} is deleted.").format(name=self.card.name))

    def _rename(self, name: str) -> str | None:
        problem = _saved(lambda: self.ctx.store.rename_player(self.card.name, name))
        if problem is None:
            renamed = self.ctx.store.player(name)
            assert renamed is not None  # the store has just given it this name
            self.card.name = renamed.name
        return problem


class RecordsScreen(ListScreen):
    """The games someone on the roster has finished; OK shows that game's records."""

    ctx: BoxContext

    title = N_("Records")

    def keys(self) -> list[str]:
        return list(dict.fromkeys(r.key for r in st.plays(self.ctx.store)))

    def items(self) -> list[str]:
        return [registry.title(k, short=True) for k in self.keys()] or [_("No games yet")]

    def choose(self, index: int) -> None:
        keys = self.keys()
        if keys:
            self.ctx.push(GameRecords(self.ctx, keys[index]))


class GameRecords(Screen):
    """One game's records: most wins, best score (and the game's own, e.g. best solo),
    each with everyone who holds it (a tie names them all, on further lines if need be;
    UP/DOWN scroll when they do not fit)."""

    ctx: BoxContext

    def __init__(self, ctx: BoxContext, key: str) -> None:
        super().__init__(ctx)
        self.key = key
        self.top = 0

    VALUE_X = 50  # who holds the record, and the value
    FOOT = HEIGHT - 8  # where the hint line begins

    def lines(self) -> list[tuple[str, str, str]]:
        """The records as lines (kind, name of the record, value and holders), the
        holders wrapped to the lines below where they do not fit one. The kind is "text"
        for a record's line, else a note's: "small" in Latin letters, :data:`NOTE` in
        Japanese (12 px: 「60–69点: もっとがんばりましょう!」 cannot be read in 8 px,
        issue 35)."""
        out: list[tuple[str, str, str]] = []
        room, comma = WIDTH - self.VALUE_X, _(", ")
        for r in st.records(st.plays(self.ctx.store), self.key):
            rows, line = [], f"{r.value} {r.holders[0]}"
            if r.holders[1:] and text_width(line + comma.rstrip(), "text") > room:
                rows, line = [str(r.value)], r.holders[0]  # 「115 山田 一郎、」 cut the name
            for name in r.holders[1:]:
                if text_width(line + comma + name, "text") <= room:
                    line += comma + name
                else:
                    rows.append(line + comma.rstrip())
                    line = name
            rows.append(line)
            out += [("text", r.short if i == 0 else "", row) for i, row in enumerate(rows)]
            if r.note:  # a solo rating, indented under its record, every line of it
                kind = NOTE if needs_japanese(r.note) else "small"
                out += [(kind, "", note)
                        for note in wrap_px(r.note, _FACES[kind][0], WIDTH - 14)]
        return out

    @staticmethod
    def _height(lines: list[tuple[str, str, str]]) -> int:
        return sum(_row_height(kind) for kind, _w, _r in lines)

    def _bottom(self, lines: list[tuple[str, str, str]]) -> int:
        """Where the records must end: the screen's foot, or above the hint line when
        the game has a hint or the lines need scrolling."""
        if not st.hint(self.key) and 13 + self._height(lines) <= HEIGHT + 1:
            return HEIGHT + 1
        return self.FOOT

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    def key_down(self) -> None:
        lines = self.lines()
        if 13 + self._height(lines[self.top:]) > self._bottom(lines):
            self.top += 1

    def render(self, p: Painter) -> None:
        title_bar(p, registry.title(self.key, short=True), (_("records"), _("best")))
        lines = self.lines()  # reads the log: once a frame
        if not lines:
            for i, line in enumerate(wrap(_("Nobody on the roster has finished it yet."), 21)):
                p.text((2, 14 + i * 12), line, "text")
        bottom = self._bottom(lines)
        scrolls = 13 + self._height(lines) > bottom
        y = 13
        for kind, what, right in lines[self.top:]:
            if y + _row_height(kind) > bottom:
                break
            if kind != "text":  # a note, indented
                face, height = _FACES[kind][0], _row_height(kind)
                p.text((14, y), p.fit(right, face, p.width - 14), face)
                y += height
                continue
            if what:
                p.text((2, y), p.fit(what, "text", self.VALUE_X - 4), "text")
            p.text((self.VALUE_X, y), p.fit(right, "text", p.width - self.VALUE_X), "text")
            y += _row_height(kind)
        note = st.hint(self.key)
        if scrolls:
            hint(p, _("UP/DOWN scroll"))
        elif note and lines:
            hint(p, note)


# --- screenshot scenes ---------------------------------------------------------------------


def _nights(app: BoxContext) -> None:
    """Two Genial Spezial games and a solo Brikks game by the demo roster."""
    for players, bonus in ((["Ann", "Ben", "Cleo"], 3), (["Ben", "Ann"], 2)):
        app.start_game("genial", {"players": players, "first": 0})
        app.play({"type": "turn", "all": bonus})
        app.play({"type": "end_early"})
    app.start_game("brikks", {"players": ["Cleo"]})
    for action in ({"type": "start_block", "player": 0, "colour": "red"},
                   {"type": "roll", "number": 1, "colour": "red"},
                   {"type": "out", "player": 0},
                   {"type": "score", "player": 0, "rows": [10] * 9 + [8, 0],
                    "bonus_marks": 0, "bombs_left": 0, "energy_left": 0}):
        app.play(action)
    app.home()


def _players(app: BoxContext) -> None:
    _nights(app)
    app.push(PlayersScreen(app))


def _card(app: BoxContext) -> None:
    _players(app)
    app.push(PlayerCard(app, "Ann"))


def _records(app: BoxContext, key: str) -> None:
    _nights(app)
    app.push(GameRecords(app, key))


def _keyboard(app: BoxContext, *keys: str) -> None:
    from companion.ui.scenes import press

    entry = NameEntry(app, _("New player"), lambda name: None)
    entry.kb.page = 0  # the letters page, in either language (Japanese opens on かな)
    app.push(entry)
    press(app, *keys)


SCREENSHOTS = {
    "players": _players,
    "players-card": _card,
    "players-records": lambda app: _records(app, "genial"),
    "players-records-brikks": lambda app: _records(app, "brikks"),
    "keyboard": lambda app: _keyboard(app, "DOWN", "OK", "UP", "OK", "DOWN", "LEFT", "OK",
                                      "UP", "RIGHT", "OK"),
    "keyboard-kana": lambda app: _keyboard(app, "ROLL", "long RIGHT", "OK"),
    "keyboard-symbols": lambda app: _keyboard(app, "ROLL", "ROLL", "DOWN"),
}
