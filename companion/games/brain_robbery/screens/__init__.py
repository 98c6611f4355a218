"""The Great Brain Robbery on the box: movement and combat dice, brains, and the whole train.

The game screen follows the phase of the game: deal (first player, seat order, the first
board), the turn (ROLL to move), the move (Stop / New car / Card +Run), after the move
(End turn / Brain space / Fight / Insert brain / Brains), the fight, the final IQs
and the winner. On every one of them RIGHT shows the train, LEFT the players, hold OK
ends the game early, hold BACK undoes, and hold ROLL lets you throw real dice instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.api.screens import (
    N_,
    Choice,
    Context,
    Painter,
    Screen,
    SetupScreen,
    hint,
    playing,
    seat_names,
    title_bar,
    translator,
    wrap_px,
)
from companion.games.brain_robbery import GAME, rules
from companion.games.brain_robbery.house_rules import pinned
from companion.games.brain_robbery.screens.fight import AfterView, FightView, OverView, ScoringView
from companion.games.brain_robbery.screens.move import (
    MoveView,
    PhaseView,
    TurnView,
    back_to_move_result,
)
from companion.games.brain_robbery.screens.parts import biggest, game, seat_order
from companion.games.brain_robbery.screens.reveal import StartTrainReveal

KEY = "brain_robbery"

_, ngettext = translator(__name__)


def _yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


class RobberySetup(SetupScreen):
    """Players in seat order, who starts (random or a named seat), XP and the long game."""

    def __init__(self, ctx: Context) -> None:
        house = ctx.config.house_rules.get(KEY, {})
        self.starts = Choice("starts", N_("Starts"), ["random"],
                             shown=lambda v: _("random") if v == "random" else v, gettext=_)
        xp = house.get("track_xp", rules.HOUSE_RULES["track_xp"].default)
        long_game = house.get("long_game", rules.HOUSE_RULES["long_game"].default)
        extra = [
            self.starts,
            Choice("track_xp", N_("XP kept"), [True, False], 0 if xp else 1, shown=_yes_no,
                   gettext=_),
            Choice("long_game", N_("Long game"), [False, True], 1 if long_game else 0,
                   shown=_yes_no, gettext=_),
        ]
        super().__init__(ctx, KEY, low=GAME.min_players, high=GAME.max_players, default=4,
                         extra=extra, options=self.options)
        self.house = dict(house)

    def rows(self) -> list[Choice | None]:
        self.starts.values = ["random", *self.players()]  # follows the seats as they change
        self.starts.index = min(self.starts.index, len(self.starts.values) - 1)
        return super().rows()

    def options(self, players: list[str], chosen: dict[str, Any]) -> dict[str, Any]:
        """The logged options; a random first seat is drawn here, at Start."""
        starts = chosen["starts"]
        first = (self.ctx.dice.roll(len(players))[0] - 1 if starts == "random"
                 else players.index(starts))
        house = pinned({**self.house, "track_xp": chosen["track_xp"],
                        "long_game": chosen["long_game"]})
        return {"players": players, "starts": starts, "first": first, "house_rules": house}


def new_game(ctx: Context) -> None:
    """Seat the players and choose the house rules; Start opens the deal."""
    ctx.push(RobberySetup(ctx))


def play_screen(ctx: Context) -> Screen:
    """The game screen: it shows whatever the phase of the current game asks for."""
    return GameScreen(ctx)


class DealView(PhaseView):
    """Who starts and the seat order; OK deals the first board in front of the Caboose."""

    def first(self) -> int:
        first = playing(self.ctx).options.get("first", 0)
        return first if 0 <= first < len(game(self.ctx).players) else 0

    def key_ok(self) -> None:
        s = game(self.ctx)
        board, side = self.ctx.dice.pick(s.pile), self.ctx.dice.pick("AB")
        action = {"type": "setup", "first": self.first(), "board": board, "side": side}
        if self.ctx.play(action) is not None:
            self.ctx.push(StartTrainReveal(self.ctx))

    key_roll = key_ok

    def key_long_ok(self) -> None: ...

    def key_left(self) -> None:
        """Nothing: hands, brains and XP are entered once the train is dealt."""

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        title_bar(p, _("Brain Robbery"), _("deal"))
        starts = _("{name} starts").format(name=s.players[self.first()].name)
        order = wrap_px(seat_order(s, self.first()).replace(">", " > "), "text", p.width - 4,
                        whole=tuple(seat_names.called([q.name for q in s.players])))
        # who starts in 16 px over a one-line seat order; over two lines, 12 px, so the
        # three lines end above the 12 px key help (issue 41: it was 8 px kanji)
        font = biggest(starts, p.width, ("medium", "text")) if len(order) < 2 else "text"
        starts = p.fit_lines([starts], [q.name for q in s.players], font, p.width)[0]
        p.centred(13, p.fit(starts, font, p.width), font)
        top = 31 if font == "medium" else 26  # under 16 px, or 12 px and a blank row
        for i, line in enumerate(order[:2]):  # the seat order in 12 px, two lines at most
            p.centred(top + i * 13, p.fit(line, "text", p.width), "text")
        hint(p, _("OK deal the train"))


VIEWS: dict[str, Callable[[Context], Screen]] = {
    rules.SETUP: DealView,
    rules.START: TurnView,
    rules.MOVING: MoveView,
    rules.AFTER: AfterView,
    rules.FIGHT: FightView,
    rules.SCORING: ScoringView,
    rules.OVER: OverView,
}


class GameScreen(Screen):
    """Hands keys and drawing to the view of the current phase (each keeps its cursor)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.views: dict[str, Screen] = {}

    def view(self) -> Screen:
        phase = game(self.ctx).phase
        if phase not in self.views:
            self.views[phase] = VIEWS[phase](self.ctx)
        return self.views[phase]

    def on_key(self, key: Any) -> None:
        self.view().on_key(key)

    def render(self, p: Painter) -> None:
        self.view().render(p)

    def tick(self) -> bool:
        return self.view().tick()

    def wake_in(self) -> float | None:
        return self.view().wake_in()  # a view whose pages turn by themselves


# --- screenshots ---------------------------------------------------------------------------


def press(app: Any, *names: str) -> None:
    from companion.api.screens import press as press_keys

    press_keys(app, *names)


PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def _start(app: Any) -> None:
    app.start_game(KEY, {"players": PLAYERS, "starts": "Ann", "first": 0})


def _dealt(app: Any) -> None:
    _start(app)
    app.play({"type": "setup", "first": 0, "board": 4, "side": "B"})
    app.show_game()


def _setup(app: Any) -> None:
    app.open_setup(KEY)
    press(app, "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "RIGHT")  # Starts: the first seat


def _deal(app: Any) -> None:
    _start(app)


def _board(app: Any) -> None:
    _start(app)
    press(app, "OK")


def _move(app: Any) -> None:
    _dealt(app)
    app.play({"type": "set_brain", "player": "Ann", "brain": {"run": 1, "hit": 2, "iq": 5}})
    app.play({"type": "move_roll", "dice": [3, 5]})


def _decouple(app: Any) -> None:
    _dealt(app)
    app.play({"type": "move_roll", "dice": [4]})
    app.play({"type": "new_car", "board": 6, "side": "A"})
    before = app.session.state
    app.play({"type": "move", "car": 4, "checks": [2, 5]})  # 2 < 3 cars: the Caboose is off
    back_to_move_result(app, before)


def _train(app: Any) -> None:
    _dealt(app)
    for board, side in ((6, "A"), (3, "B")):
        app.play({"type": "move_roll", "dice": [3]})
        app.play({"type": "new_car", "board": board, "side": side})
        front = app.session.state.train[-2].board
        app.play({"type": "move", "car": front, "checks": [6]})
        app.play({"type": "end_turn"})
    press(app, "RIGHT", "LEFT")


def _combat(app: Any) -> None:
    _dealt(app)
    app.play({"type": "set_brain", "player": "Ann", "brain": {"run": 0, "hit": 2, "iq": 5}})
    app.play({"type": "move_roll", "dice": [1, 2]})
    app.play({"type": "move", "car": 1})
    app.play({"type": "fight", "fighters": ["Bob"], "dice": {"Ann": [4, 3], "Bob": [6]}})


def _brains(app: Any) -> None:
    _dealt(app)
    for name, run, hit, iq in (("Ann", 0, 1, 5), ("Bob", 1, 1, 9), ("Cy", 2, 0, 14)):
        app.play({"type": "set_brain", "player": name,
                  "brain": {"run": run, "hit": hit, "iq": iq}})
    app.play({"type": "move_roll", "dice": [1, 2]})
    app.play({"type": "move", "car": 1})
    app.play({"type": "fight", "fighters": ["Bob", "Cy"],
              "dice": {"Ann": [6, 5], "Bob": [1, 2], "Cy": [3, 1]}})
    app.play({"type": "end_fight"})
    press(app, "DOWN", "DOWN", "DOWN", "OK")  # the 4th action after a won fight: Brains
    # Ann's own brain to the discard, Bob's too, Cy's IQ 14 into Ann's head
    press(app, "LEFT", "DOWN", "RIGHT", "RIGHT", "DOWN", "RIGHT", "RIGHT")


PARTY = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]


def _fight_many(app: Any) -> None:
    """Six on the Caboose: Ann attacks the other five, the fighters on two pages."""
    app.start_game(KEY, {"players": PARTY, "starts": "Ann", "first": 0})
    app.play({"type": "setup", "first": 0, "board": 4, "side": "B"})
    app.play({"type": "move_roll", "dice": [1]})
    app.play({"type": "move", "car": 1})
    app.play({"type": "fight", "fighters": PARTY[1:],
              "dice": {"Ann": [5], "Bob": [6], "Cy": [2], "Dee": [4], "Eve": [3], "Flo": [6]}})
    app.show_game()


def _fight_won(app: Any) -> None:
    _dealt(app)
    app.play({"type": "move_roll", "dice": [1]})
    app.play({"type": "move", "car": 1})
    app.play({"type": "fight", "fighters": ["Bob", "Cy"],
              "dice": {"Ann": [6], "Bob": [1], "Cy": [3]}})
    app.play({"type": "end_fight"})
    app.show_game()


def _new_car(app: Any) -> None:
    _dealt(app)
    app.play({"type": "move_roll", "dice": [4]})
    press(app, "DOWN", "OK")  # New car: the box draws it


def _turn(app: Any) -> None:
    _dealt(app)
    app.play({"type": "set_brain", "player": "Ann", "brain": {"run": 1, "hit": 2, "iq": 5}})
    app.play({"type": "set_hand", "player": "Ann", "cards": 1})


def _players(app: Any) -> None:
    _turn(app)
    press(app, "LEFT", "DOWN")


def _after(app: Any) -> None:
    _dealt(app)
    app.play({"type": "move_roll", "dice": [4]})
    app.play({"type": "new_car", "board": 6, "side": "A"})
    before = app.session.state
    app.play({"type": "move", "car": 4, "checks": [2, 5]})
    back_to_move_result(app, before)
    press(app, "OK", "OK", "OK")  # through the decoupling to the after-move screen


def _scoring(app: Any) -> None:
    _dealt(app)
    app.play({"type": "set_brain", "player": "Cy", "brain": {"run": 0, "hit": 0, "iq": 14}})
    app.play({"type": "end_game"})


def _end(app: Any) -> None:
    _dealt(app)
    app.play({"type": "set_brain", "player": "Cy", "brain": {"run": 0, "hit": 0, "iq": 14}})
    app.play({"type": "set_brain", "player": "Bob", "brain": {"run": 1, "hit": 1, "iq": 9}})
    app.play({"type": "end_game"})
    app.play({"type": "finish"})


def _end_iqs(app: Any) -> None:
    _end(app)
    press(app, "DOWN")  # every player's IQ, a 12 px row each


SCREENSHOTS: dict[str, Callable[[Any], None]] = {
    "brain_robbery-setup": _setup,
    "brain_robbery-deal": _deal,
    "brain_robbery-board": _board,
    "brain_robbery-move": _move,
    "brain_robbery-new-car": _new_car,
    "brain_robbery-decouple": _decouple,
    "brain_robbery-train": _train,
    "brain_robbery-combat": _combat,
    "brain_robbery-fight-many": _fight_many,
    "brain_robbery-won": _fight_won,
    "brain_robbery-brains": _brains,
    "brain_robbery-turn": _turn,
    "brain_robbery-players": _players,
    "brain_robbery-after": _after,
    "brain_robbery-scoring": _scoring,
    "brain_robbery-end": _end,
    "brain_robbery-end-iqs": _end_iqs,
}
