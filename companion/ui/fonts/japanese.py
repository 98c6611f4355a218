"""Japanese text on the 128×64 screen: kana and JIS X 0208 kanji beside the Latin fonts.

Import this module only when Japanese is on: English never loads it, so its start-up time
and memory stay as they were. The fonts in ``ja/`` are built by ``make fonts``
(``tools/make_fonts.py``: which Debian package, which file, which licence).

The kanji fonts hold full-width glyphs only, so a text is drawn in *runs*: Latin-1
characters (letters, digits, the half-width space, ``×`` and ``°``) with the bundled
Latin font of the same name, exactly as in English; everything in JIS X 0208 (kana,
kanji, full-width symbols) with the Japanese face below. Both are monospaced, so widths
are exact: a half-width character is one Latin cell wide, a full-width one is
``FACES[name].advance`` wide.

======  ==============  ==========  ==========  =====================================
name    Latin cell      full width  height      Japanese face
======  ==============  ==========  ==========  =====================================
tiny    4×6             8           8           Misaki Gothic 2nd, 8 px (taller than
                                                the Latin cell: keep tiny for digits)
small   5×7             8           8           Misaki Gothic 2nd, 8 px
text    6×12            12          12          Shinonome Gothic 12
bold    6×12            12          12          Shinonome Gothic 12 (its bold fills
                                                dense kanji solid at 12 px)
medium  8×16            16          16          Shinonome Gothic 16 bold
large   12×24           24          24          Shinonome Gothic 12, doubled
huge    16×32           32          32          Shinonome Gothic 16 bold, doubled
======  ==============  ==========  ==========  =====================================

    >>> text_width("Ann 12点", "text")   # 6 half-width cells of 6 px, one full of 12
    48
    >>> runs("Ann 12点")
    [(False, 'Ann 12'), (True, '点')]
    >>> has_glyph("漢"), has_glyph("ｶ"), has_glyph("\\u0e01")   # Thai is in neither font
    (True, True, False)
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from companion.ui.fonts.latin import CELLS, LOOKALIKES, font

#: What a character neither font can draw becomes (a Latin "?", as in English).
REPLACEMENT = "?"


@dataclass(frozen=True)
class Face:
    """A Japanese bitmap font (``ja/<file>.pcf``, ``pixels`` high), drawn ``scale`` ×;
    Latin runs beside it are drawn ``latin_drop`` pixels lower than in English."""

    file: str
    pixels: int
    scale: int = 1
    latin_drop: int = 0

    @property
    def advance(self) -> int:
        """Width (and height) in pixels of one full-width character as drawn."""
        return self.pixels * self.scale


#: The Latin fonts' baselines sit higher in their cells than the kanji fonts' (6 of 8,
#: 12 of 16, 19 of 24 …), so digits beside kana looked raised: each Latin run is dropped
#: towards the kanji baseline as far as its lowest descender stays inside the line.
FACES = {
    "tiny": Face("k8", 8, latin_drop=2),
    "small": Face("k8", 8, latin_drop=1),
    "text": Face("k12", 12),
    "bold": Face("k12", 12),
    "medium": Face("k16b", 16, latin_drop=1),
    "large": Face("k12", 12, 2, latin_drop=1),
    "huge": Face("k16b", 16, 2, latin_drop=1),
}


@cache
def glyph_font(file: str) -> ImageFont.FreeTypeFont:
    """The Japanese font ``ja/<file>.pcf`` (loaded once, on first use)."""
    faces = {face.file: face for face in FACES.values()}
    if file not in faces:
        raise ValueError(f"unknown Japanese font {file!r}; they are {', '.join(faces)}.")
    with resources.as_file(resources.files("companion.ui.fonts.ja") / f"{file}.pcf") as path:
        # no shaping for bitmap kana and kanji: Raqm would cost 0.9 MiB and 3× the time
        return ImageFont.truetype(str(path), faces[file].pixels,
                                  layout_engine=ImageFont.Layout.BASIC)


def face_font(name: str) -> ImageFont.FreeTypeFont:
    """The Japanese font behind the font called ``name`` (unscaled; see ``FACES``)."""
    return glyph_font(_face(name).file)


def _face(name: str) -> Face:
    if name not in FACES:
        raise ValueError(f"unknown font {name!r}; fonts are {', '.join(FACES)}.")
    return FACES[name]


def _latin(ch: str) -> bool:
    """True if the bundled Latin-1 fonts draw ``ch``."""
    return " " <= ch <= "~" or "\xa0" <= ch <= "\xff"


def jis(ch: str) -> str | None:
    """``ch`` as the code point the Japanese fonts hold it under, or None if JIS X 0208
    lacks it. Microsoft's variants (``～`` U+FF5E for ``〜`` U+301C, ``－``, ``∥``, ``￠``)
    are read as the JIS characters they stand for.

    >>> jis("あ"), jis("～"), jis("A"), jis("①")
    ('あ', '〜', None, None)
    """
    try:
        code = ch.encode("euc_jp")
    except UnicodeEncodeError:
        try:
            code = ch.encode("cp932").decode("shift_jis").encode("euc_jp")
        except UnicodeError:
            return None
    if len(code) != 2 or code[0] < 0xA1:  # ASCII, half-width kana, JIS X 0212
        return None
    return code.decode("euc_jp")


def _resolve(ch: str) -> tuple[bool, str] | None:
    """(full width?, the character to draw), or None when neither font has ``ch``."""
    if ch in LOOKALIKES:
        return False, LOOKALIKES[ch]
    if _latin(ch):
        return False, ch
    shown = jis(ch)
    return None if shown is None else (True, shown)


def _cells(text: str) -> list[tuple[bool, str]]:
    """Every character of ``text`` as drawn: a character neither font has is read in its
    compatibility form (``ｶﾞ`` as ``ガ``, ``①`` as ``1``), else drawn as ``?``."""
    out: list[tuple[bool, str]] = []
    pending = ""  # characters neither font has, read together (ｶ and ﾞ make one ガ)

    def flush() -> None:
        for ch in unicodedata.normalize("NFKC", pending):
            out.append(_resolve(ch) or (False, REPLACEMENT))

    for ch in unicodedata.normalize("NFC", text):
        cell = _resolve(ch)
        if cell is None:
            pending += ch
            continue
        if pending:
            flush()
            pending = ""
        out.append(cell)
    if pending:
        flush()
    return out


def runs(text: str) -> list[tuple[bool, str]]:
    """``text`` split into runs to draw: (full width?, characters), in order."""
    out: list[tuple[bool, str]] = []
    for wide, ch in _cells(text):
        if out and out[-1][0] == wide:
            out[-1] = (wide, out[-1][1] + ch)
        else:
            out.append((wide, ch))
    return out


def has_glyph(ch: str) -> bool:
    """True if ``ch`` is drawn as itself (or its JIS or compatibility form), not as "?".

    Every face holds the same characters (all of JIS X 0208), so the font does not matter.
    """
    return all(shown != REPLACEMENT or ch == REPLACEMENT for _, shown in _cells(ch))


def missing(text: str) -> str:
    """The characters of ``text`` that would be drawn as "?" (empty when none)."""
    return "".join(ch for ch in dict.fromkeys(text) if not has_glyph(ch))


def text_width(text: str, name: str) -> int:
    """Width in pixels of ``text`` drawn by :func:`draw` in font ``name``."""
    wide = _face(name).advance
    return sum(wide if full else CELLS[name][0] for full, _ in _cells(text))


def line_height(name: str) -> int:
    """Height in pixels of a line in font ``name`` holding Latin and Japanese text."""
    return max(CELLS[name][1], _face(name).advance)


def draw(canvas: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, name: str = "text",
         fill: int = 1) -> int:
    """Draw ``text`` with the top-left corner of its first cell at ``xy``, Latin runs in
    the Latin font ``name`` and Japanese runs in its Japanese face (Japanese cells' tops
    at ``xy[1]``, Latin ones ``latin_drop`` lower). Returns the width drawn
    (``text_width(text, name)``)."""
    face = _face(name)
    x, y = xy
    for full, run in runs(text):
        if not full:
            canvas.text((x, y + face.latin_drop), run, font=font(name), fill=fill)
            x += len(run) * CELLS[name][0]
            continue
        glyphs = glyph_font(face.file)
        if face.scale == 1:
            canvas.text((x, y), run, font=glyphs, fill=fill)
        else:
            small = Image.new("1", (len(run) * face.pixels, face.pixels), 0)
            ImageDraw.Draw(small).text((0, 0), run, font=glyphs, fill=1)
            canvas.bitmap((x, y), small.resize((small.width * face.scale,
                                                small.height * face.scale),
                                               Image.Resampling.NEAREST), fill=fill)
        x += len(run) * face.advance
    return x - xy[0]
