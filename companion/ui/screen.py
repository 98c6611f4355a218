"""The screen base class and the context screens talk to.

A screen is a class with a no-op handler per key (``key_up``, ``key_long_ok``, …) and a
``render(p)`` that draws with a :class:`~companion.ui.paint.Painter`. It changes the game
only through ``self.ctx.play(action)`` and navigates with ``ctx.push/pop/replace``.
Holding BACK is undo on every screen unless the screen says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from companion.core.keys import Key
from companion.ui.paint import Painter

if TYPE_CHECKING:
    from companion.config.file import Config
    from companion.core.dice import Dice
    from companion.log.roster_log import Player
    from companion.log.store import GameRecord, Store


class GameView(Protocol):
    """What screens read of the game being played (:class:`companion.app.session.GameSession`)."""

    key: str
    game_id: int
    options: dict[str, Any]
    state: Any

    @property
    def over(self) -> bool: ...
    def end_action(self) -> dict[str, Any] | None: ...


class Roster(Protocol):
    """What the shared setup screen reads and writes of the people (the log's roster)."""

    def players(self, *, hidden: bool = False) -> list[Player]: ...
    def player(self, name: str) -> Player | None: ...
    def add_player(self, name: str, colour: str | None = None) -> Player: ...
    def history(self, limit: int = 100, *, before: int | None = None) -> list[GameRecord]: ...
    def seat_players(self, games: Iterable[int] | None = None) -> dict[int, dict[int, Player]]:
        ...


class Context(Protocol):
    """What a game's screens (and the shared screens they open) get from the box: the game
    being played, its dice, the people for its setup, the screens and what is said over
    them. A game gets exactly this (:class:`companion.app.game_context.GameContext`), not
    the box; the box's own screens get :class:`BoxContext`. Screens read these values;
    they never set them."""

    @property
    def dice(self) -> Dice: ...
    @property
    def config(self) -> Config: ...
    @property
    def session(self) -> GameView | None: ...
    @property
    def roster(self) -> Roster: ...
    @property
    def wall_clock(self) -> Callable[[], float]: ...
    #: Monotonic seconds (a fake clock in tests): for what moves by itself, like pages.
    @property
    def clock(self) -> Callable[[], float]: ...

    # the screens open (companion.app.stack)
    def push(self, screen: Screen) -> None: ...
    def pop(self) -> None: ...
    def replace(self, screen: Screen) -> None: ...
    def home(self) -> None: ...
    # what is said over them (companion.app.overlays)
    def notice(self, message: str) -> None: ...
    def inform(self, message: str) -> None: ...
    def ask(self, question: str, on_yes: Callable[[], None]) -> None: ...
    # the game on the table (companion.app.table) and starting it (.game_start)
    #: Smart dice gave the faces just keyed (per die ``[pixel_id, printed face]``, None
    #: for a die keyed in by hand): the next action played carries them as ``"read"``.
    def note_dice_read(self, read: list[list[int] | None]) -> None: ...
    def play(self, action: dict[str, Any]) -> Any: ...
    def undo(self) -> bool: ...
    def show_game(self) -> None: ...
    def start_game(self, key: str, options: dict[str, Any]) -> None: ...
    # the loop's animation and the buzzer (companion.app.loop)
    def animate(self, frames: int, interval: float) -> None: ...
    def beep(self, sound: str, mode: str = "on") -> None: ...


class BoxContext(Context, Protocol):
    """What the box's own screens get besides (implemented by
    :class:`companion.app.loop.App`, each part by one of its parts): the whole log, the
    unfinished games, the settings."""

    @property
    def store(self) -> Store: ...
    def abandon(self, game_id: int) -> bool: ...
    def open_setup(self, key: str) -> None: ...
    def resume(self, game_id: int, quiet: bool = False) -> None: ...
    # settings changed on the box (companion.app.setting_changes)
    def language(self) -> str: ...
    def change_setting(self, key: str, value: Any) -> None: ...
    # the table's smart dice (companion.app.smart_dice.SmartDice)
    @property
    def smart_dice(self) -> Any: ...


class Screen:
    """Base class: override the ``key_*`` handlers you need and :meth:`render`."""

    ctx: Context

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def on_key(self, key: Key) -> None:
        """Dispatch ``key`` to ``key_<name>`` or ``key_long_<name>``."""
        prefix = "key_long_" if key.long else "key_"
        getattr(self, prefix + key.name.lower())()

    def render(self, p: Painter) -> None:
        raise NotImplementedError

    def opened(self) -> None:
        """Called once the screen is built and put on top (pushed or replacing another):
        the place for what needs the whole screen, a subclass's own rows included."""

    def tick(self) -> bool:
        """Advance an animation by one frame; return False when it is over."""
        return False

    def wake_in(self) -> float | None:
        """Seconds until this screen should :meth:`wake` (a running clock), or None:
        nothing on it changes unless a key is pressed (the usual case; the box sleeps)."""
        return None

    def wake(self) -> None:
        """Called when the app's timer fires while :meth:`wake_in` is not None (at the
        time it asked for, or earlier); the app redraws afterwards if the frame changed."""

    # Every key is ignored unless a screen says otherwise.
    def key_up(self) -> None: ...
    def key_down(self) -> None: ...
    def key_left(self) -> None: ...
    def key_right(self) -> None: ...
    def key_ok(self) -> None: ...
    def key_roll(self) -> None: ...
    def key_long_up(self) -> None: ...
    def key_long_down(self) -> None: ...
    def key_long_left(self) -> None: ...
    def key_long_right(self) -> None: ...
    def key_long_ok(self) -> None: ...
    def key_long_roll(self) -> None: ...

    def key_back(self) -> None:
        self.ctx.pop()

    def key_long_back(self) -> None:
        self.ctx.undo()


class PagedScreen(Screen):
    """Pages turned with LEFT/RIGHT (wrapping round); subclasses say how many there are.

    ``render`` should start with ``self.page %= self.pages()``: the count may change
    under the screen (an undo).
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.page = 0

    def pages(self) -> int:
        raise NotImplementedError

    def key_right(self) -> None:
        self.page = (self.page + 1) % self.pages()

    def key_left(self) -> None:
        self.page = (self.page - 1) % self.pages()
