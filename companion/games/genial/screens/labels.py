"""Genial Spezial: the words the score, turn and standings screens share.

>>> from companion.core import i18n
>>> i18n.use("ja"); _(COLOUR["orange"]), _(ABBR["orange"])
('橙', '橙')
>>> i18n.use("en")
"""

from __future__ import annotations

from companion.api.screens import N_, text_width, translator
from companion.games.genial import rules

_, ngettext = translator(__name__)

#: Each symbol's colour as a column label (3 small Latin letters, one kanji) …
ABBR = {"orange": N_("ora"), "purple": N_("pur"), "blue": N_("blu"), "green": N_("grn")}
#: … and as a word in a sentence.
COLOUR = {"orange": N_("orange"), "purple": N_("purple"), "blue": N_("blue"),
          "green": N_("green")}


def round_of(state: rules.State, room: int | None = None) -> str:
    """The round as the title bar's text: "R7/20"; where that is wider than ``room``
    pixels in bold, without the R ("16/20"): "R16/20" ran into the first arrow."""
    n = rules.round_number(state)
    text = _("R{n}/{total}").format(n=n, total=rules.ROUNDS)
    if room is not None and text_width(text, "bold") > room:
        text = _("{n}/{total}").format(n=n, total=rules.ROUNDS)
    return text
