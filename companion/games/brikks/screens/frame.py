"""The frame every Brikks screen shares: "Brikks" on the left of the title bar, the
round and roller (or the setup's step) on its right, the block on the left of the middle,
its words on the right, and the key help left-aligned at the bottom.

On the Pi's 100 kHz I²C bus the panel is sent only the columns that changed (about
0.09 ms a column of 8 pixels), so screens that keep these in place answer a press by
sending only what differs: the roller's name, the block, its column and colour.

>>> from companion.games.brikks import rules
>>> from companion.core.i18n import use
>>> use("en"); roll_label(rules.new_game({"players": ["Ann", "Ben"]}))
'R1 Ann'
"""

from __future__ import annotations

from companion.api.screens import Painter, needs_japanese, text_width, title_bar, translator
from companion.games.brikks import rules

_, ngettext = translator(__name__)

#: Where a block is drawn (inclusive corners) and where its words start, right of it.
BLOCK_BOX = (1, 14, 55, 54)
RIGHT_X = 58
#: The block's box where the words are kanji: the key help below it is 12 px type (the
#: 8 px face draws kanji as smudges, issue 35), so the box ends above its band.
KANJI_BLOCK_BOX = (1, 13, 55, 49)
#: The largest cell of a block on the turn screen: a tumbling block then touches at most
#: 40 columns of six pages, a frame that fits its 50 ms slot on a 100 kHz bus.
TURN_CELL = 10


def kanji() -> bool:
    """True where the game's words are kanji (Japanese): the frame then keeps the bottom
    12 px for key help in the 12 px face."""
    return needs_japanese(_("bombs"))


def block_box() -> tuple[int, int, int, int]:
    """Where a block is drawn in this language (:data:`BLOCK_BOX`, or
    :data:`KANJI_BLOCK_BOX` above 12 px key help)."""
    return KANJI_BLOCK_BOX if kanji() else BLOCK_BOX


def game_name(s: rules.State) -> str:
    """The title bar's left side: the game, and its mode where it is not the usual."""
    return _("Brikks solo") if s.solo else _("Brikks Duel") if s.duel else _("Brikks")


def roll_label(s: rules.State, player: int | None = None) -> str:
    """Who rolled last and in which round (before the first roll: who rolls first), or
    ``player`` in this round; solo, the round alone (the name is always the same)."""
    n = s.rolls[-1].round if s.rolls else s.round
    if s.solo:
        return _("R{n}").format(n=n)
    if player is None:
        player = s.rolls[-1].player if s.rolls else rules.next_roller(s)
    return _("R{n} {name}").format(n=n, name=s.players[player])


def brikks_title(p: Painter, s: rules.State, right: str, widest: str = "") -> None:
    """The title bar: the game on the left (the same on every Brikks screen), ``right``.

    Where the mode's name ("Brikks Duel") and the widest ``right`` the game can show
    (``widest``, else ``right``) do not fit together, plain "Brikks" for the whole game:
    a long name is never cut, and the title does not change from roller to roller.
    """
    name = game_name(s)
    room = p.width - 8 - text_width(widest or right, "bold")
    title_bar(p, name if text_width(name, "bold") <= room else _("Brikks"), right)


def play_title(p: Painter, s: rules.State) -> None:
    """The title of the play phase: the turn screen's, its costs' and the players'."""
    labels = [roll_label(s, i) for i in range(len(s.players))]
    brikks_title(p, s, roll_label(s), max(labels, key=lambda t: text_width(t, "bold")))


def play_hint(p: Painter, text: str) -> None:
    """Key help at the bottom, left-aligned so that a name at its end (the next roller)
    changes only its own columns when it changes. Japanese is drawn in the 12 px face
    where it fits across and nothing above reaches its band (kanji in 8 px are smudges)."""
    if needs_japanese(text) and text_width(text, "text") <= p.width - 1 and p.image.crop(
            (0, p.height - 13, p.width, p.height - 8)).getbbox() is None:
        p.rect((0, p.height - 12, p.width - 1, p.height - 1), fill=0, outline=None)
        p.text((1, p.height - 12), text, "text")
        return
    p.rect((0, p.height - 8, p.width - 1, p.height - 1), fill=0, outline=None)
    top = p.height - 8 if needs_japanese(text) else p.height - 7  # the 8 px kana fill the band
    p.text((1, top), p.fit(text, "small", p.width - 1), "small")
