"""Drawing on the display's frame, remembering every text drawn.

The :class:`Painter` wraps PIL's ``ImageDraw`` with the few operations screens need and
keeps the list of texts it drew, so a test can ask what a person would read on the
screen without OCR::

    >>> p = Painter.blank()
    >>> p.text((0, 0), "Roll!", "bold")
    >>> p.texts, p.width, p.height
    (['Roll!'], 128, 64)

The frame is the size of the device the app draws on; screens ask the painter
(``p.width``, ``p.height``). The screens are laid out for the sizes in :data:`LAYOUTS`
only, and the app refuses another panel at start-up (:func:`check_panel`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

from companion.core.errors import PanelSizeError
from companion.core.seat_names import cut, named_lines, short_name
from companion.ui.fonts import CELLS, fitted, font, needs_japanese, text_width

#: The panel sizes (width, height in pixels) the screens are laid out for.
LAYOUTS: tuple[tuple[int, int], ...] = ((128, 64),)
#: The first layout's size, for games written before the painter knew its own
#: (``p.width``, ``p.height``); the companion's screens ask the painter.
WIDTH, HEIGHT = LAYOUTS[0]


def check_panel(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` if the screens are laid out for a panel that size, else
    :class:`PanelSizeError` saying which sizes they are laid out for.

    >>> check_panel((128, 64))
    (128, 64)
    >>> try:
    ...     check_panel((128, 32))
    ... except PanelSizeError as err:
    ...     print(err)
    the display is 128×32 pixels; the screens are laid out for 128×64 only.
    """
    width, height = size
    if (width, height) not in LAYOUTS:
        raise PanelSizeError("the display is {size} pixels; the screens are laid out for "
                             "{sizes} only.", size=f"{width}×{height}",
                             sizes=", ".join(f"{w}×{h}" for w, h in LAYOUTS))
    return (width, height)
#: The smallest fonts kana and kanji a player reads to act on may be drawn in: the 12 px
#: face ("text", "bold" and up). On the 0.96" panel (0.17 mm a pixel) a 12 px kanji is
#: 2.0 mm high, 2.8 mm on the 1.3" (0.23 mm); the 8 px face behind "tiny" and "small"
#: is 1.4 mm, where 爆弾's strokes merge and 「いいえ」 reads 「いい元」 (issue 35).
LEGIBLE_JAPANESE = ("text", "bold", "medium", "large", "huge")

#: Look-alikes for common characters the Latin-1 bitmap fonts lack (one for one).
_LOOKALIKES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2018": "'",
                             "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def has_kana_or_kanji(text: str) -> bool:
    """True when ``text`` holds kana or kanji (not only full-width signs like 「↑」「・」)."""
    return any("\u3041" <= c <= "\u30ff" or "\u3400" <= c <= "\u9fff"
               or "\uff66" <= c <= "\uff9f" for c in text)


def drawable(text: str) -> str:
    """``text`` as the bundled fonts can draw it: dashes and quotes become their ASCII
    look-alikes, anything else outside Latin-1 becomes ``?`` (instead of an exception).

    >>> drawable("70\u201379")
    '70-79'
    """
    return text.translate(_LOOKALIKES).encode("latin-1", "replace").decode("latin-1")


Box = tuple[int, int, int, int]  # x0, y0, x1, y1, inclusive like ``rect``


@dataclass(frozen=True)
class Drawn:
    """One text as drawn: where, in which font, and the box it had to stay inside."""

    text: str
    xy: tuple[int, int]
    font: str
    region: Box

    def ink(self) -> Box | None:
        """The box of the pixels this text lights (or would light, past the screen)."""
        w, h = CELLS[self.font]
        pad = 8
        scratch = Image.new("1", (text_width(self.text, self.font) + 2 * pad, 2 * h + 2 * pad), 0)
        if needs_japanese(self.text):
            from companion.ui.fonts import japanese

            japanese.draw(ImageDraw.Draw(scratch), (pad, pad), self.text, self.font, 1)
        else:
            ImageDraw.Draw(scratch).text((pad, pad), self.text, font=font(self.font), fill=1)
        box = scratch.getbbox()
        if box is None:
            return None
        x, y = self.xy
        return (x + box[0] - pad, y + box[1] - pad, x + box[2] - pad - 1, y + box[3] - pad - 1)

    def overflows(self) -> bool:
        """True when some of its pixels fall outside its region (cut text)."""
        ink = self.ink()
        x0, y0, x1, y1 = self.region
        return ink is not None and not (x0 <= ink[0] and y0 <= ink[1]
                                        and ink[2] <= x1 and ink[3] <= y1)


class Painter:
    """Draws on ``image`` (mode "1"); ``texts`` lists the strings drawn, in order.

    For the tests that look for cut text, ``drawn`` keeps each text with its position
    and the region it must stay in (:meth:`region`), and ``cut`` every text a widget
    shortened to make it fit (:meth:`fit`).
    """

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.texts: list[str] = []
        self.drawn: list[Drawn] = []
        self.cut: list[str] = []
        self._region: Box = (0, 0, self.width - 1, self.height - 1)
        #: The rows (top and bottom y) the eye is on — a list's cursor row; the display
        #: sends the pages holding them first (:mod:`companion.hw.partial`).
        self.focus: tuple[int, int] | None = None

    @property
    def width(self) -> int:
        """The frame's width in pixels: the display's."""
        return int(self.image.width)

    @property
    def height(self) -> int:
        """The frame's height in pixels: the display's."""
        return int(self.image.height)

    def faults(self) -> list[str]:
        """Every text on this frame that was cut to fit or runs past its edge (or its
        widget's), one line each: what a player could not read whole. Empty when all is
        well; the tests, :mod:`companion.testing` and a game's own tests ask this."""
        return [f"shortened: {t!r}" for t in self.cut] + [
            f"past its edge: {d.text!r} at {d.xy} ({d.font}) ink {d.ink()} outside {d.region}"
            for d in self.drawn if d.overflows()]

    def illegible(self) -> list[str]:
        """The texts on this frame with kana or kanji drawn smaller than
        :data:`LEGIBLE_JAPANESE` allows (Latin letters, digits and signs in 8 px are fine).

        >>> p = Painter.blank()
        >>> p.text((0, 0), "OK はい", "small"); p.text((0, 20), "OK はい", "text")
        >>> p.illegible()
        ['OK はい']
        """
        return [d.text for d in self.drawn
                if d.font not in LEGIBLE_JAPANESE and has_kana_or_kanji(d.text)]

    @contextmanager
    def region(self, box: Box) -> Iterator[None]:
        """Texts drawn inside this block belong to a widget occupying ``box``."""
        outer, self._region = self._region, box
        try:
            yield
        finally:
            self._region = outer

    def fit(self, text: str, font_name: str, width: int) -> str:
        """``text`` shortened to ``width`` pixels in ``font_name``, ending with a mark
        that it is cut ("…" after Japanese, "." after Latin letters); a shortened text is
        noted in :attr:`cut` (a test fails on it: nothing a player reads may be cut)."""
        if text_width(text, font_name) <= width:
            return text
        self.cut.append(text)
        # a cut text ends with a mark that it is cut: a name at its end is never another
        # name (「山田 一」 read as a person; issue 35)
        return cut(text, lambda t: text_width(t, font_name) <= width) or fitted(
            text, font_name, width)

    def fit_name(self, name: str, font_name: str, width: int,
                 table: Sequence[str] = ()) -> str:
        """A person's name as :func:`seat_names.short_name` shows it in ``width`` pixels:
        whole, a guest's "Guest2" or "G2" (「客2」, never 「ゲス」), the given name alone
        where ``table`` holds another of the family (「一郎」), else its start with a mark
        that it is cut (「佐藤…」, "Alexa."), which is noted in :attr:`cut` like :meth:`fit`.

        >>> Painter.blank().fit_name("Guest 2", "text", 30)
        'G2'
        """
        short, was_cut = short_name(name, lambda text: text_width(text, font_name) <= width,
                                    table)
        if was_cut:
            self.cut.append(name)
        return short

    def fit_lines(self, lines: Sequence[str], table: Sequence[str], font_name: str,
                  width: int) -> list[str]:
        """``lines`` of one screen that name the players of ``table``, each to fit
        ``width`` pixels: every name in the same form (whole, the given name where a family
        name is shared, the given name or the part before 「・」), a name cut with its mark
        only where no form fits (noted in :attr:`cut`); :func:`seat_names.named_lines`.

        >>> Painter.blank().fit_lines(["席2: 佐々木 真理子", "席1: 佐々木 健一"],
        ...                           ["佐々木 健一", "佐々木 真理子"], "text", 90)
        ['席2: 真理子', '席1: 健一']
        """
        shown = named_lines(lines, table, lambda text: text_width(text, font_name) <= width)
        self.cut.extend(line for line, (_s, was_cut) in zip(lines, shown, strict=True)
                        if was_cut)
        return [s for s, _was_cut in shown]

    @classmethod
    def blank(cls, size: tuple[int, int] = LAYOUTS[0]) -> Painter:
        """A painter on a dark frame of ``size`` (the first layout's unless told)."""
        return cls(Image.new("1", size, 0))

    def text(self, xy: tuple[int, int], text: str, font_name: str = "text",
             fill: int = 1) -> None:
        """Draw ``text`` with its top-left corner at ``xy``."""
        self.texts.append(text)
        if needs_japanese(text):
            from companion.ui.fonts import japanese

            self.drawn.append(Drawn(text, xy, font_name, self._region))
            japanese.draw(self.draw, xy, text, font_name, fill)
            return
        self.drawn.append(Drawn(drawable(text), xy, font_name, self._region))
        self.draw.text(xy, drawable(text), font=font(font_name), fill=fill)

    def centred(self, y: int, text: str, font_name: str = "text", *, x0: int = 0,
                x1: int | None = None, fill: int = 1) -> None:
        """Draw ``text`` centred between ``x0`` and ``x1`` (the right edge unless told)."""
        x1 = self.width if x1 is None else x1
        x = x0 + max(0, (x1 - x0 - text_width(text, font_name)) // 2)
        self.text((x, y), text, font_name, fill)

    def right(self, y: int, text: str, font_name: str = "text", *, x1: int | None = None,
              fill: int = 1) -> None:
        """Draw ``text`` ending at ``x1`` (the right edge unless told)."""
        x1 = self.width if x1 is None else x1
        self.text((x1 - text_width(text, font_name), y), text, font_name, fill)

    def rect(self, box: tuple[int, int, int, int], *, fill: int | None = None,
             outline: int | None = 1) -> None:
        self.draw.rectangle(box, fill=fill, outline=outline)

    def line(self, points: list[tuple[int, int]] | tuple[int, int, int, int],
             fill: int = 1) -> None:
        self.draw.line(points, fill=fill)

    def ellipse(self, box: tuple[int, int, int, int], *, fill: int | None = 1,
                outline: int | None = None) -> None:
        self.draw.ellipse(box, fill=fill, outline=outline)

    def inverted(self, box: tuple[int, int, int, int]) -> None:
        """Invert the pixels inside ``box`` (inclusive corners, like ``rect``).

        An exclusive or with a lit box: ``point`` and ``ImageChops.invert`` do not invert
        a mode "1" image on current Pillow, and going through mode "L" costs seven times
        as much (it is on the path of every key in Genial).
        """
        x0, y0, x1, y1 = box
        region = self.image.crop((x0, y0, x1 + 1, y1 + 1))
        lit = Image.new("1", region.size, 1)
        self.image.paste(ImageChops.logical_xor(region, lit), (x0, y0))

    def fits(self, text: str, font_name: str, width: int | None = None) -> bool:
        """True when ``text`` fits in ``width`` pixels (the frame's unless told)."""
        return text_width(text, font_name) <= (self.width if width is None else width)
