"""The names of The Great Brain Robbery's actions as players read them (:data:`ACTIONS`,
the declaration's ``GameInfo.actions``) and :class:`Named`, a refusal's list of them.

Its own small module: the declaration imports it whenever the games are listed, so it
must not pull in the rules' data.

>>> str(Named(["setup"])), Named(["set_hand", "move"]).translated(lambda text: text)
('setup', 'hand, move')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from companion.api.rules import word

# --- the actions' names: GameInfo.actions is this table (History and "Undone: …" name
# actions with it), and the rules name actions with it when they refuse one, so a player
# never reads 'set_hand'.

CONTEXT = "action"
SEP = word(", ")  # between names; 「、」 in Japanese


def NC_(context: str, message: str) -> str:  # noqa: N802 - the extractor's marker
    """Mark ``message`` for the catalogue in ``context`` (what :func:`companion.core.i18n.NC_`
    does; here so that the pure rules can import this table)."""
    return message


ACTIONS = {
    "setup": NC_("action", "setup"),
    "set_hand": NC_("action", "hand"),
    "set_xp": NC_("action", "XP"),
    "set_brain": NC_("action", "brain"),
    "discard": NC_("action", "discard"),
    "move_roll": NC_("action", "movement roll"),
    "run_card": NC_("action", "Run card"),
    "new_car": NC_("action", "new car"),
    "move": NC_("action", "move"),
    "brain_space": NC_("action", "brain space"),
    "fight": NC_("action", "fight"),
    "hit_card": NC_("action", "Hit card"),
    "end_fight": NC_("action", "end of fight"),
    "brains": NC_("action", "brains moved"),
    "swap_brains": NC_("action", "brain swap"),
    "insert_brain": NC_("action", "new brain"),
    "end_turn": NC_("action", "end of turn"),
    "end_game": NC_("action", "end of game"),
    "iq": NC_("action", "IQ"),
    "finish": NC_("action", "final scores"),
}


class Named:
    """Action types as a value of a rule's refusal: their names, translated when shown."""

    def __init__(self, kinds: Iterable[str]) -> None:
        self.names = tuple(ACTIONS.get(kind, kind) for kind in kinds)

    def __str__(self) -> str:
        return SEP.join(self.names)

    def translated(self, gettext: Callable[[str], str]) -> str:
        """The names in the game's words: gettext keys a ``msgctxt`` entry as
        context + EOT + msgid (GNU's .mo format); untranslated, the English name."""
        key = CONTEXT + "\x04"
        return gettext(SEP).join(gettext(key + name).removeprefix(key) for name in self.names)
