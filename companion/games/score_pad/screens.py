"""The score pad's screens: pick a shelf game, enter points cell by cell, the sheet, results.

Keys on the entry screen: UP/DOWN ±1 · RIGHT/LEFT ±5 · hold RIGHT/LEFT ±10 · OK enters
the points and moves to the next player · ROLL the score table · hold OK the pad's menu
(table, standings, finish) · BACK the start menu · hold BACK undoes the last entry.
In the table, the arrows move over the cells and OK edits the one under the cursor.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.api.screens import (
    N_,
    WIDTH,
    Choice,
    Confirm,
    Context,
    ListScreen,
    NameEntry,
    PagedScreen,
    Painter,
    Screen,
    SetupScreen,
    game_title,
    hint,
    needs_japanese,
    numbered,
    playing,
    text_width,
    title_bar,
    translator,
)
from companion.games.score_pad import rules

_, ngettext = translator(__name__)

ROWS = 3  # table rows on screen


def rows_shown() -> int:
    """The table rows on screen: :data:`ROWS`, or one less where the key help is kanji,
    which is drawn in the 12 px face (8 px kanji are smudges: 「修正」, issue 35)."""
    return ROWS - 1 if needs_japanese(_("arrows move  OK edit")) else ROWS
LABEL_W = 38  # the table's first column at its narrowest: rounds, categories, the total
LABEL_MAX = 62  # ... and at its widest (a category of 10 letters)
MIN_COLUMN = 24  # a player's column: four digits
#: The "Wins" row of an "Other game" (values are the options' own words).
WINS = (N_("highest"), N_("lowest"))
#: rules.OTHER, marked here for translation (the log keeps the English title).
OTHER = N_("Other game")


def pad_title(state: rules.State) -> str:
    """The pad's title: the shelf's own name, or "Other game" in the language in use."""
    return _(rules.OTHER) if state.title == rules.OTHER else state.title


def round_label(state: rules.State, row: int) -> str:
    """``R3`` or ``R3/9``: the round a row of a round pad is."""
    if state.rounds:
        return _("R{n}/{total}").format(n=row + 1, total=state.rounds)
    return _("R{n}").format(n=row + 1)


def new_game(ctx: Context) -> None:
    ctx.push(ShelfPicker(ctx))


def play_screen(ctx: Context) -> Screen:
    state = playing(ctx).state
    return ResultsScreen(ctx) if state.finished else EntryScreen(ctx)


def ask_title(ctx: Context, done: Callable[[str], None]) -> None:
    """Name an "Other game" on the name keyboard (1–24 characters), then ``done(title)``."""

    def check(text: str) -> str | None:
        return None if text.strip() else _("Type the game's name (1-24 characters).")

    ctx.push(NameEntry(ctx, _(rules.OTHER), check, limit=24,
                       then=lambda text: done(" ".join(text.split()))))


class ShelfPicker(ListScreen):
    """The owner's shelf (``[[shelf]]`` in the config), then "Other game"."""

    def heading(self) -> str:
        return _("Which game?")

    def games(self) -> list[dict[str, Any]]:
        return list(self.ctx.config.shelf)

    def items(self) -> list[str]:
        return [g["title"] for g in self.games()] + [_(rules.OTHER)]

    def choose(self, index: int) -> None:
        games = self.games()
        if index < len(games):
            self._setup(games[index], [])
            return
        ask_title(self.ctx, lambda title: self._setup(
            {"title": title, "bgg_id": 0, "players": [1, 8], "lowest_wins": False,
             "categories": [], "rounds": 0},
            [Choice("wins", N_("Wins"), list(WINS), gettext=_, shown=lambda v: _(v))]))

    def _setup(self, entry: dict[str, Any], extra: list[Choice]) -> None:
        low, high = entry["players"]

        def options(players: list[str], chosen: dict[str, Any]) -> dict[str, Any]:
            shelf = dict(entry)
            if "wins" in chosen:
                shelf["lowest_wins"] = chosen["wins"] == "lowest"
            return {"players": players, "shelf": shelf}

        self.ctx.push(SetupScreen(self.ctx, "score_pad", low=low, high=high,
                                  default=max(low, min(high, 2)), extra=extra,
                                  options=options, title=entry["title"]))


class PadScreen(Screen):
    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state


class EntryScreen(PadScreen):
    """One cell at a time: whose points, for which round or category, and how many."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.cell: tuple[int, int] | None = None  # None: follow the first empty cell
        self.points: int | None = None  # None: not changed yet

    def target(self) -> tuple[int, int]:
        s = self.state
        if self.cell is not None and self.cell[0] < rules.rows(s):
            return self.cell
        return rules.next_cell(s) or (rules.rows(s) - 1, len(s.players) - 1)

    def shown(self) -> int:
        if self.points is not None:
            return self.points
        row, player = self.target()
        return self.state.cells[row][player] or 0

    def edit(self, cell: tuple[int, int]) -> None:
        """Point the screen at ``cell`` (from the table)."""
        self.cell, self.points = cell, None

    def change(self, by: int) -> None:
        self.points = max(-rules.MAX_POINTS, min(rules.MAX_POINTS, self.shown() + by))

    def key_up(self) -> None:
        self.change(1)

    def key_down(self) -> None:
        self.change(-1)

    def key_right(self) -> None:
        self.change(5)

    def key_left(self) -> None:
        self.change(-5)

    def key_long_right(self) -> None:
        self.change(10)

    def key_long_left(self) -> None:
        self.change(-10)

    def key_ok(self) -> None:
        if self.state.finished:
            self.ctx.replace(ResultsScreen(self.ctx))
            return
        row, player = self.target()
        if self.ctx.play({"type": "score", "row": row, "player": player,
                          "points": self.shown()}) is None:
            return
        self.cell, self.points = None, None
        if rules.complete(self.state):
            self.ctx.push(Confirm(self.ctx, _("Every score is in. See the results?"),
                                  lambda: finish(self.ctx)))

    def key_roll(self) -> None:
        self.ctx.push(TableScreen(self.ctx, self))

    def key_long_ok(self) -> None:
        self.ctx.push(PadMenu(self.ctx, self))

    def key_back(self) -> None:
        self.ctx.home()

    def key_long_back(self) -> None:
        if self.ctx.undo():
            self.cell, self.points = None, None

    def render(self, p: Painter) -> None:
        s = self.state
        row, player = self.target()
        title_bar(p, pad_title(s), rules.row_name(s, row) if s.sheet else round_label(s, row))
        before = rules.totals(s)[player] - (s.cells[row][player] or 0)
        total = _("total {n}").format(n=before + self.shown())
        p.right(15, total, "text", x1=p.width - 2)
        room = p.width - 2 - text_width(total, "text") - 6
        p.text((2, 13), p.fit_name(s.players[player], "medium", room, s.players), "medium")
        value = self.shown()
        edited = s.cells[row][player] is not None and self.cell is not None
        p.centred(30, f"{value:+d}" if value else "0", "large")
        if edited:
            p.text((2, 36), _("edit"), "text")
        hint(p, _("UP/DN 1 </> 5 ROLL table"))


def finish(ctx: Context) -> None:
    if ctx.play({"type": "finish"}) is not None:
        ctx.show_game()


class PadMenu(ListScreen):
    """Hold OK: the table, the standings so far, or the results."""

    def heading(self) -> str:
        return game_title("score_pad", short=True)

    def __init__(self, ctx: Context, entry: EntryScreen) -> None:
        super().__init__(ctx)
        self.entry = entry

    def entries(self) -> list[tuple[str, Callable[[], None]]]:
        return [(_("Score table"), lambda: self.ctx.replace(TableScreen(self.ctx, self.entry))),
                (_("Standings"), lambda: self.ctx.replace(ResultsScreen(self.ctx))),
                (_("Finish: results"), lambda: self.ctx.replace(Confirm(
                    self.ctx, _("End the game and rank the players?"),
                    lambda: finish(self.ctx))))]

    def items(self) -> list[str]:
        return [label for label, _ in self.entries()]

    def choose(self, index: int) -> None:
        self.entries()[index][1]()


class TableScreen(PagedScreen):
    """The sheet: a row per round or category, a column per player, totals at the end.

    UP/DOWN move over the rows, LEFT/RIGHT over the players (three to a page); OK edits
    the cell under the cursor (a finished game's table only shows).
    """

    def __init__(self, ctx: Context, entry: EntryScreen | None = None) -> None:
        super().__init__(ctx)
        self.entry = entry
        cell = entry.target() if entry is not None else (0, 0)
        self.row, self.player = cell
        self.top = max(0, self.row - rows_shown() + 1)

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    def pages(self) -> int:
        return -(-len(self.state.players) // self.columns()[0])

    def labels(self) -> list[str]:
        s = self.state
        names = s.categories if s.sheet else [_("R{n}").format(n=r + 1)
                                              for r in range(rules.rows(s))]
        return [*names, _("Total")]

    def columns(self) -> tuple[int, int]:
        """(players per page, width of the label column): the labels whole, at 12 px;
        two players to a page where the categories leave too little room for three."""
        widest = max(text_width(label, "bold") for label in self.labels()) + 2
        label_w = max(LABEL_W, min(LABEL_MAX, widest))
        return (3 if (WIDTH - label_w) // 3 >= MIN_COLUMN else 2), label_w

    def key_up(self) -> None:
        self.row = (self.row - 1) % (rules.rows(self.state) + 1)

    def key_down(self) -> None:
        self.row = (self.row + 1) % (rules.rows(self.state) + 1)

    def key_left(self) -> None:
        self.player = (self.player - 1) % len(self.state.players)

    def key_right(self) -> None:
        self.player = (self.player + 1) % len(self.state.players)

    def key_ok(self) -> None:
        if self.entry is None or self.state.finished or self.row >= rules.rows(self.state):
            return
        self.entry.edit((self.row, self.player))
        self.ctx.pop()

    def render(self, p: Painter) -> None:
        s = self.state
        n_rows = rules.rows(s) + 1  # the totals row last
        self.row %= n_rows
        self.player %= len(s.players)
        columns, label_w = self.columns()
        self.page = self.player // columns
        shown = rows_shown()
        self.top = min(max(self.top, self.row - shown + 1), self.row, max(0, n_rows - shown))
        seats = range(self.page * columns, min(len(s.players), (self.page + 1) * columns))
        width = (p.width - label_w) // columns
        # A name too long for its column is headed P1, P2, ... and the title bar names
        # the player under the cursor in full, so nothing is cut.
        heads = [name if p.fits(name, "small", width - 2) else _("P{n}").format(n=seat + 1)
                 for seat in seats for name in [s.players[seat]]]
        whole = all(head == s.players[seat] for head, seat in zip(heads, seats, strict=True))
        title_bar(p, pad_title(s) if whole else s.players[self.player],
                  f"{self.page + 1}/{self.pages()}" if self.pages() > 1 else "")
        for i, head in enumerate(heads):
            x0 = label_w + i * width
            p.centred(13, head, "small", x0=x0, x1=x0 + width)
        totals = rules.totals(s)
        for line in range(shown):
            r = self.top + line
            if r >= n_rows:
                break
            y = 21 + line * 12
            is_total = r == n_rows - 1
            label = self.labels()[r]
            font = "bold" if is_total else "text"
            p.text((1, y), p.fit(label, font, label_w - 2), font)
            if is_total:
                p.line((0, y - 1, p.width - 1, y - 1))
            for i, seat in enumerate(seats):
                value = totals[seat] if is_total else s.cells[r][seat]
                x0 = label_w + i * width
                text = "-" if value is None else str(value)
                chosen = r == self.row and seat == self.player and not is_total
                if chosen:
                    p.rect((x0 + 1, y, x0 + width - 2, y + 11), fill=1, outline=None)
                p.centred(y, text, "bold" if is_total else "text", x0=x0, x1=x0 + width,
                          fill=0 if chosen else 1)
        if not s.finished:
            hint(p, _("arrows move  OK edit"))


class ResultsScreen(Screen):
    """Places with shared ties, best first: the standings during play, the result after.

    UP/DOWN scroll when more than four players; ROLL or RIGHT the table.
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.top = 0

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    def lines(self) -> list[tuple[int, str, int]]:
        s = self.state
        totals = dict(zip(s.players, rules.totals(s), strict=True))
        return [(place, name, totals[name]) for place, name in numbered(rules.places(s))]

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    def key_down(self) -> None:
        self.top = max(0, min(len(self.lines()) - 4, self.top + 1))

    def key_right(self) -> None:
        self.ctx.push(TableScreen(self.ctx))

    key_roll = key_right

    def key_ok(self) -> None:
        if not self.state.finished:
            self.ctx.pop()

    def key_back(self) -> None:
        if self.state.finished:
            self.ctx.home()
        else:
            self.ctx.pop()

    def key_long_back(self) -> None:
        was_over = self.state.finished
        if self.ctx.undo() and was_over:
            self.ctx.show_game()

    def render(self, p: Painter) -> None:
        s = self.state
        rule = _("low wins") if s.lowest_wins else ""
        title_bar(p, _("Results") if s.finished else _("Standings"), rule)
        lines = self.lines()
        places = [q for q, _n, _t in lines]
        shown = [(_("{place}=") if places.count(place) > 1 else _("{place}.")).format(
            place=place) for place in places]
        x = 5 + max(text_width(label, "bold") for label in shown) if shown else 20
        for i, (place, name, total) in enumerate(lines[self.top:self.top + 4]):
            y = 13 + i * 12
            font = "bold" if place == 1 else "text"
            score = str(total)
            p.text((1, y), shown[self.top + i], font)
            p.text((x, y), p.fit_name(name, font, p.width - 6 - x - text_width(score, font)), font)
            p.right(y, score, font, x1=p.width - 2)


def _shelf_config() -> Any:
    from companion.api.screens import from_mapping

    return from_mapping({"display": {"driver": "dummy"}, "shelf": EXAMPLE_SHELF})


#: The shelf the screenshots (and the docs) use.
EXAMPLE_SHELF = [
    {"title": "Carcassonne", "bgg_id": 822, "players": [2, 5],
     "categories": ["Roads", "Cities", "Cloister", "Fields"]},
    {"title": "Golf", "players": [2, 6], "wins": "lowest", "rounds": 9},
    {"title": "Azul", "bgg_id": 230802, "players": [2, 4]},
]


def _play_carcassonne(app: Any, points: dict[tuple[int, int], int]) -> None:
    from companion.api.screens import shelf_games

    entry = shelf_games(EXAMPLE_SHELF)[0]
    app.start_game("score_pad", {"players": ["Ann", "Ben", "Cleo", "Dan"], "shelf": entry})
    for (row, player), value in points.items():
        app.play({"type": "score", "row": row, "player": player, "points": value})
    app.show_game()


CARCASSONNE = {(0, 0): 6, (0, 1): 9, (0, 2): 4, (0, 3): 7, (1, 0): 24, (1, 1): 16,
               (1, 2): 30, (1, 3): 12, (2, 0): 9, (2, 1): 0, (2, 2): 5, (2, 3): 18}


def _scene_entry(app: Any) -> None:
    from companion.api.screens import press

    _play_carcassonne(app, CARCASSONNE)
    press(app, "RIGHT", "RIGHT", "UP", "UP")


def _scene_table(app: Any) -> None:
    from companion.api.screens import press

    _play_carcassonne(app, CARCASSONNE)
    press(app, "ROLL", "UP")


def _scene_results(app: Any) -> None:
    from companion.api.screens import shelf_games

    golf = shelf_games(EXAMPLE_SHELF)[1]
    app.start_game("score_pad", {"players": ["Ann", "Ben", "Cleo", "Dan"], "shelf": golf})
    for r, row in enumerate(((4, 6, 5, 7), (3, 5, 4, 2), (5, 4, 3, 6))):
        for player, value in enumerate(row):
            app.play({"type": "score", "row": r, "player": player, "points": value})
    app.play({"type": "finish"})
    app.show_game()


def _scene_shelf(app: Any) -> None:
    from companion.api.screens import open_game

    app.config = _shelf_config()
    open_game(app, "score_pad")


SCREENSHOTS = {"score_pad-shelf": _scene_shelf, "score_pad-entry": _scene_entry,
               "score_pad-table": _scene_table, "score_pad-results": _scene_results}
