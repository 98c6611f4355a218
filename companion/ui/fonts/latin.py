"""The bundled Latin bitmap fonts (Terminus and misc-fixed): their files, their cells,
and the look-alikes they draw for the dashes and quotes they lack. The package
(:mod:`companion.ui.fonts`) gives them to the screens; :mod:`companion.ui.fonts.japanese`
draws beside them.

>>> CELLS["text"], font("text").getbbox("A")[3] <= CELLS["text"][1]
((6, 12), True)
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from PIL import ImageFont

FILES = {
    "tiny": "misc-4x6",
    "small": "misc-5x7",
    "text": "ter-u12n",
    "bold": "ter-u12b",
    "medium": "ter-u16b",
    "large": "ter-u24b",
    "huge": "ter-u32b",
}
#: (width, height) of one character cell.
CELLS = {"tiny": (4, 6), "small": (5, 7), "text": (6, 12), "bold": (6, 12),
         "medium": (8, 16), "large": (12, 24), "huge": (16, 32)}
#: Look-alikes the Latin fonts draw for dashes and curly quotes they lack (one for one);
#: the same table as ``paint._LOOKALIKES``, here so ``japanese`` can use it too.
LOOKALIKES = {"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2018": "'", "\u2019": "'",
              "\u201c": '"', "\u201d": '"'}


@cache
def font(name: str) -> ImageFont.ImageFont:
    """The bitmap font called ``name`` (see the table above)."""
    if name not in FILES:
        raise ValueError(f"unknown font {name!r}; fonts are {', '.join(FILES)}.")
    with resources.as_file(resources.files("companion.ui.fonts") / f"{FILES[name]}.pil") as p:
        return ImageFont.load(str(p))
