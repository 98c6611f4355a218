"""The Players screen on the box: the roster, each person's stats, each game's records.

*Players* on the start menu lists everyone on the roster (most recently played first)
with their plays and wins, then *+ New player* and *Records*. OK on a person shows
their card (plays, wins, last played, a line per game); OK on the card offers *Rename*
and *Hide*. *Records* lists the games played; OK shows that game's records.
Every change is in the log before the screen shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion import catalogue
from companion import stats as st
from companion.errors import RosterError, StorageError
from companion.ui.name_entry import NameEntry
from companion.ui.paint import Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import hint, menu_list, title_bar

NEW, RECORDS = "+ New player", "Records"


def _saved(action: Callable[[], object]) -> str | None:
    """Run a roster change; None when saved, else the one-line reason."""
    try:
        action()
    except RosterError as err:
        return str(err)
    except StorageError as err:
        return f"Not saved: {err}"
    return None


class Picker(Screen):
    """A titled list: UP/DOWN move (wrapping), OK chooses, BACK leaves."""

    title = ""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.index = 0

    def items(self) -> Sequence[str]:
        raise NotImplementedError

    def choose(self, index: int) -> None:
        raise NotImplementedError

    def key_up(self) -> None:
        self.index = (self.index - 1) % max(1, len(self.items()))

    def key_down(self) -> None:
        self.index = (self.index + 1) % max(1, len(self.items()))

    def key_ok(self) -> None:
        if self.items():
            self.choose(min(self.index, len(self.items()) - 1))

    def render(self, p: Painter) -> None:
        title_bar(p, self.title)
        items = self.items()
        self.index = min(self.index, max(0, len(items) - 1))
        menu_list(p, items, self.index)


class PlayersScreen(Picker):
    """Everyone on the roster with plays/wins, then + New player and Records."""

    title = "Players"

    def people(self) -> list[tuple[str, str]]:
        counts = {s.uuid: s for s in st.people(st.plays(self.ctx.store))}
        out = []
        for p in self.ctx.store.players():
            s = counts.get(p.uuid)
            out.append((p.name, f"{s.plays}p {s.wins}w" if s else "new"))
        return out

    def items(self) -> list[str]:
        return [f"{name:12} {note}" for name, note in self.people()] + [NEW, RECORDS]

    def choose(self, index: int) -> None:
        people = self.people()
        if index < len(people):
            self.ctx.push(PlayerCard(self.ctx, people[index][0]))
        elif index == len(people):
            self.ctx.push(NameEntry(self.ctx, "New player", lambda name: _saved(
                lambda: self.ctx.store.add_player(name))))
        else:
            self.ctx.push(RecordsScreen(self.ctx))


class PlayerCard(Screen):
    """One person: plays, wins, last played, then a line per game. OK: rename or hide."""

    def __init__(self, ctx: Context, name: str) -> None:
        super().__init__(ctx)
        self.name = name
        self.top = 0

    def lines(self) -> list[str]:
        player = self.ctx.store.player(self.name)
        mine = [s for s in st.people(st.plays(self.ctx.store))
                if player is not None and s.uuid == player.uuid]
        if not mine:
            return ["No finished games yet."]
        s = mine[0]
        out = [f"Played {s.plays}, won {s.wins}", f"Last {s.last_played[:10]}"]
        for g in s.games.values():
            short = catalogue.title(g.key, short=True)
            out.append(f"{short[:11]:11} {g.plays:>2}p {g.wins:>2}w")
        return out

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    def key_down(self) -> None:
        self.top = min(max(0, len(self.lines()) - 4), self.top + 1)

    def key_ok(self) -> None:
        self.ctx.push(PlayerActions(self.ctx, self))

    def render(self, p: Painter) -> None:
        title_bar(p, self.name, "OK=edit")
        for i, line in enumerate(self.lines()[self.top:self.top + 4]):
            p.text((2, 13 + i * 12), line[:21], "text")
        if len(self.lines()) > 4:
            hint(p, "UP/DOWN scroll")


class PlayerActions(Picker):
    """Rename (the keyboard, starting from the name) or hide from the setup."""

    def __init__(self, ctx: Context, card: PlayerCard) -> None:
        super().__init__(ctx)
        self.card = card
        self.title = card.name

    def items(self) -> list[str]:
        return ["Rename", "Hide from setup"]

    def choose(self, index: int) -> None:
        if index == 0:
            self.ctx.replace(NameEntry(self.ctx, "Rename", self._rename, text=self.card.name))
            return
        problem = _saved(lambda: self.ctx.store.hide_player(self.card.name))
        if problem:
            self.ctx.notice(problem)
            return
        self.ctx.pop()
        self.ctx.pop()  # the card of someone now hidden
        self.ctx.notice(f"{self.card.name} is hidden; companion players hide --show "
                        "brings them back.")

    def _rename(self, name: str) -> str | None:
        problem = _saved(lambda: self.ctx.store.rename_player(self.card.name, name))
        if problem is None:
            self.card.name = self.ctx.store.player(name).name
        return problem


class RecordsScreen(Picker):
    """The games someone on the roster has finished; OK shows that game's records."""

    title = "Records"

    def keys(self) -> list[str]:
        return list(dict.fromkeys(r.key for r in st.plays(self.ctx.store)))

    def items(self) -> list[str]:
        return [catalogue.title(k, short=True) for k in self.keys()] or ["No games yet"]

    def choose(self, index: int) -> None:
        keys = self.keys()
        if keys:
            self.ctx.push(GameRecords(self.ctx, keys[index]))


class GameRecords(Screen):
    """One game's records: most wins, best score (and the game's own, e.g. best solo)."""

    def __init__(self, ctx: Context, key: str) -> None:
        super().__init__(ctx)
        self.key = key

    #: The records' names as one word fits them on a line.
    SHORT = {"Most wins": "Wins", "Best score": "Best", "Best total": "Best",
             "Best weakest colour": "Weakest", "Best solo": "Solo"}

    def render(self, p: Painter) -> None:
        short = catalogue.title(self.key, short=True)
        title_bar(p, short, "records" if len(short) <= 13 else "best")
        records = st.records(st.plays(self.ctx.store), self.key)
        if not records:
            p.text((2, 14), "Nobody on the roster", "text")
            p.text((2, 26), "has finished it yet.", "text")
        y = 13
        for r in records:
            p.text((2, y), self.SHORT.get(r.what, r.what[:7]), "text")
            p.text((50, y), f"{r.who} {r.value}"[:13], "text")
            y += 12
            if r.note:
                p.text((14, y), r.note[:22], "small")
                y += 8
        if any(r.what == "Best weakest colour" for r in records):
            hint(p, "Weakest: lowest colour")


# --- screenshot scenes ---------------------------------------------------------------------


def _nights(app: object) -> None:
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


def _players(app: object) -> None:
    _nights(app)
    app.push(PlayersScreen(app))


def _card(app: object) -> None:
    _players(app)
    app.push(PlayerCard(app, "Ann"))


def _records(app: object, key: str) -> None:
    _nights(app)
    app.push(GameRecords(app, key))


def _keyboard(app: object, *keys: str) -> None:
    from companion.ui.scenes import press

    app.push(NameEntry(app, "New player", lambda name: None))
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
