"""Area Tiles screens: setup, the start of play, the area entry and the result.

Each person plays a colour (red, blue, yellow) and owns the symbol of that colour.
Setup seats 2 or 3 people from the roster, one per colour (with 2, a "Colours" row
chooses the pair), the short game and who starts. While the tiles go down the box
shows the tile counts and the starting player; OK starts the scoring. Entry and result
screens live in :mod:`.entry` and :mod:`.result`.

Keys, while tiles are placed: OK all tiles are down, start scoring · BACK start menu.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.api.screens import (
    N_,
    TITLE_H,
    Choice,
    Context,
    Key,
    Painter,
    Screen,
    SetupScreen,
    game_title,
    hint,
    needs_japanese,
    open_game,
    playing,
    press,
    text_width,
    title_bar,
    translator,
)
from companion.games.area_tiles import GAME, house_rules, rules
from companion.games.area_tiles.screens.draw import player_glyph, shown_name
from companion.games.area_tiles.screens.entry import AreasView
from companion.games.area_tiles.screens.result import ResultView

_, ngettext = translator(__name__)

KEY = "area_tiles"
#: Names the screenshots seat (a regular group on the roster).
NAMES = ("Ann", "Ben", "Cleo")
STARTS = (N_("random"), N_("seat 1"))
#: The two-player colour pairs the setup offers (the house rule's values).
PAIRS: tuple[str, ...] = rules.HOUSE_RULES["two_player_colours"].allowed or ()


def pair_label(pair: str) -> str:
    """``"red+yellow"`` as the setup shows it: ``Red+Yellow`` in the language in use."""
    return "+".join(shown_name(c.capitalize()) for c in pair.split("+"))


def new_game(ctx: Context) -> None:
    """Push the setup: people in colour seats, tiles (full or short game), who starts."""
    ctx.push(AreaTilesSetup(ctx))


def play_screen(ctx: Context) -> Screen:
    """The screen for the current game, whatever its phase."""
    return AreaTilesScreen(ctx)


def tiles_label(short: bool) -> str:
    """The setup's "Tiles" row: ``24 each`` or ``18 short``."""
    if short:
        return _("{n} short").format(n=rules.SHORT_TILES)
    return _("{n} each").format(n=rules.TILES)


class AreaTilesSetup(SetupScreen):
    """The generic setup: people from the roster, each seat labelled with its colour.

    Each person plays one colour, as the rule sheet has it: with three players the seats
    are Red, Blue and Yellow; with two, a "Colours" row chooses the pair (default: the
    ``two_player_colours`` house rule) and the seats take its colours in order.
    """

    def __init__(self, ctx: Context) -> None:
        self.house = dict(ctx.config.house_rules.get(KEY, {}))
        pair = rules.house_rule({"house_rules": self.house}, rules.HOUSE_RULES,
                                "two_player_colours")
        self.pair = Choice("colours", N_("Colours"), list(PAIRS), PAIRS.index(pair),
                           shown=pair_label, gettext=_)
        extra = [
            Choice("short", N_("Tiles"), [False, True], shown=tiles_label, gettext=_),
            Choice("first", N_("Starts"), list(STARTS), shown=lambda v: _(v), gettext=_),
        ]
        super().__init__(ctx, KEY, low=GAME.min_players, high=GAME.max_players,
                         default=GAME.max_players, extra=extra, options=self.options)
        for seat in self.seats:
            seat.gettext = _

    def colours(self) -> list[str]:
        """The seats' colours for the player count chosen now, in seat order."""
        if self.count.value == len(rules.COLOURS):
            return list(rules.COLOURS)
        return self.pair.value.split("+")

    def rows(self) -> list[Choice | None]:
        """The generic rows, the seats labelled by colour, and "Colours" with two."""
        for seat, colour in zip(self.seats, self.colours(), strict=False):
            seat.label = colour.capitalize()
        rows = super().rows()
        if self.count.value == 2:
            rows.insert(rows.index(self.seats[1]) + 1, self.pair)
        return rows

    def options(self, players: list[str], chosen: dict[str, Any]) -> dict[str, Any]:
        """The game's options; a random starting player is drawn here, at Start."""
        first = self.ctx.dice.pick(players) if chosen["first"] == "random" else players[0]
        out: dict[str, Any] = {
            "players": players,
            "colours": self.colours(),
            "short": chosen["short"],
            "first": first,
            "starts": chosen["first"],
        }
        out["house_rules"] = house_rules.pinned(self.house)
        return out


class AreaTilesScreen(Screen):
    """Shows the view for the game's phase: tiles going down, area entry, or result.

    The phase is read from the state on every key and draw, so an undo that crosses a
    phase (the finish, the start of scoring) shows the right view at once.
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.views: dict[str, Screen] = {
            "playing": TilesDownView(ctx),
            "scoring": AreasView(ctx),
            "over": ResultView(ctx),
        }

    def view(self) -> Screen:
        return self.views[playing(self.ctx).state.phase]

    def on_key(self, key: Key) -> None:
        self.view().on_key(key)

    def render(self, p: Painter) -> None:
        self.view().render(p)


class TilesDownView(Screen):
    """While the tiles are placed: tiles per player, who starts; OK begins scoring."""

    def key_ok(self) -> None:
        self.ctx.play({"type": "begin_scoring"})

    def key_back(self) -> None:
        self.ctx.home()

    def render(self, p: Painter) -> None:
        s: rules.State = playing(self.ctx).state
        # The owner may name the game (house rule "name"); the default is translated.
        name = game_title(KEY, short=True) if s.title == GAME.title else s.title
        count = ngettext("{n} player", "{n} players", len(s.players)).format(n=len(s.players))
        title_bar(p, name, count)
        kanji = needs_japanese(_("tiles"))  # 「タイル」 in 12 px, above the 12 px key help
        p.centred(TITLE_H + 1 - kanji, str(s.tiles), "huge", x0=0, x1=40)
        if kanji:
            p.centred(TITLE_H + 27, _("tiles"), "text", x0=0, x1=40)
        else:
            p.centred(TITLE_H + 33, _("tiles"), "small", x0=0, x1=40)
        p.text((44, TITLE_H + 1), _("each") if s.tiles == rules.TILES else _("each, short"),
               "text")
        p.text((44, TITLE_H + 13), _("starts:"), "text")
        player_glyph(p, s, s.first, 44, TITLE_H + 29, size=10)
        first = shown_name(s.first)
        if text_width(first, "medium") <= p.width - 57 and not kanji:  # 12 px in Japanese:
            # the row under it stays free for the 12 px key help (issue 41)
            p.text((57, TITLE_H + 26), first, "medium")
        else:  # a long name in 12 px, whole
            p.text((56, TITLE_H + (26 if kanji else 28)), p.fit_name(first, "text", p.width - 56,
                                                  [shown_name(n) for n in s.players]), "text")
        hint(p, _("OK: all tiles placed"))


# --- screenshot scenes ---------------------------------------------------------------------


def _start(app: Any, players: list[str], **options: Any) -> None:
    app.start_game(KEY, {"players": players, "first": players[0],
                         "house_rules": house_rules.pinned({}), **options})


def _enter(app: Any, *areas: tuple[int, str | None]) -> None:
    """From a player's list on "+ new area": enter ``areas`` and go back to the list."""
    press(app, "OK")
    for blocks, symbol in areas:
        press(app, *["UP"] * (blocks - rules.MIN_BLOCKS))
        if symbol is not None:
            press(app, *["RIGHT"] * (1 + app.session.state.players.index(symbol)))
        press(app, "OK")
    press(app, "BACK")


def _scored(app: Any) -> None:
    _start(app, list(NAMES))
    press(app, "OK")
    ann, ben, cleo = NAMES  # red, blue, yellow
    _enter(app, (10, None), (7, ben), (5, None))
    press(app, "OK")
    _enter(app, (9, ben), (12, None), (4, None), (6, cleo))
    press(app, "OK")
    _enter(app, (13, None), (8, ann))


def _setup(app: Any) -> None:
    open_game(app, KEY)


def _tiles(app: Any) -> None:
    _start(app, list(NAMES), short=True, first=NAMES[1])


def _entry(app: Any) -> None:
    _start(app, list(NAMES))
    press(app, "OK", "OK", *["UP"] * 5, "RIGHT", "RIGHT")


def _two_symbols(app: Any) -> None:
    """Ann's (red) area of 9 blocks holds 4+ connected crosses and 4+ connected triangles."""
    _start(app, list(NAMES))
    press(app, "OK", "OK", *["UP"] * 5, "LEFT", "LEFT")


def _list(app: Any) -> None:
    _scored(app)
    press(app, "LEFT", "UP")


def _result(app: Any) -> None:
    _scored(app)
    press(app, "OK", "OK")


def _tie(app: Any) -> None:
    _start(app, [NAMES[0], NAMES[2]], colours=["red", "yellow"])
    press(app, "OK")
    _enter(app, (10, None))
    press(app, "OK")
    _enter(app, (7, None), (7, None))
    press(app, "OK", "OK")


def _table(app: Any) -> None:
    _result(app)
    press(app, "RIGHT")


def _player(app: Any) -> None:
    _table(app)
    press(app, "RIGHT", "RIGHT")


SCREENSHOTS: dict[str, Callable[[Any], None]] = {
    "area_tiles-setup": _setup,
    "area_tiles-tiles": _tiles,
    "area_tiles-entry": _entry,
    "area_tiles-two-symbols": _two_symbols,
    "area_tiles-areas": _list,
    "area_tiles-result": _result,
    "area_tiles-tie": _tie,
    "area_tiles-table": _table,
    "area_tiles-player": _player,
}
