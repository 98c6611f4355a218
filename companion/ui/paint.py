"""Drawing on the 128×64 frame, remembering every text drawn.

The :class:`Painter` wraps PIL's ``ImageDraw`` with the few operations screens need and
keeps the list of texts it drew, so a test can ask what a person would read on the
screen without OCR::

    >>> p = Painter.blank()
    >>> p.text((0, 0), "Roll!", "bold")
    >>> p.texts
    ['Roll!']
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from companion.ui.fonts import font, needs_japanese, text_width

WIDTH, HEIGHT = 128, 64

#: Look-alikes for common characters the Latin-1 bitmap fonts lack (one for one).
_LOOKALIKES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2018": "'",
                             "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def drawable(text: str) -> str:
    """``text`` as the bundled fonts can draw it: dashes and quotes become their ASCII
    look-alikes, anything else outside Latin-1 becomes ``?`` (instead of an exception).

    >>> drawable("70\u201379")
    '70-79'
    """
    return text.translate(_LOOKALIKES).encode("latin-1", "replace").decode("latin-1")


class Painter:
    """Draws on ``image`` (mode "1"); ``texts`` lists the strings drawn, in order."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.texts: list[str] = []

    @classmethod
    def blank(cls) -> Painter:
        return cls(Image.new("1", (WIDTH, HEIGHT), 0))

    def text(self, xy: tuple[int, int], text: str, font_name: str = "text",
             fill: int = 1) -> None:
        """Draw ``text`` with its top-left corner at ``xy``."""
        self.texts.append(text)
        if needs_japanese(text):
            from companion.ui.fonts import japanese

            japanese.draw(self.draw, xy, text, font_name, fill)
            return
        self.draw.text(xy, drawable(text), font=font(font_name), fill=fill)

    def centred(self, y: int, text: str, font_name: str = "text", *, x0: int = 0,
                x1: int = WIDTH, fill: int = 1) -> None:
        """Draw ``text`` centred between ``x0`` and ``x1``."""
        x = x0 + max(0, (x1 - x0 - text_width(text, font_name)) // 2)
        self.text((x, y), text, font_name, fill)

    def right(self, y: int, text: str, font_name: str = "text", *, x1: int = WIDTH,
              fill: int = 1) -> None:
        """Draw ``text`` ending at ``x1``."""
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

        Goes through mode "L": ``point`` and ``ImageChops.invert`` do not invert a
        mode "1" image on current Pillow.
        """
        x0, y0, x1, y1 = box
        region = self.image.crop((x0, y0, x1 + 1, y1 + 1)).convert("L")
        self.image.paste(region.point(lambda v: 255 - v).convert("1"), (x0, y0))

    def fits(self, text: str, font_name: str, width: int = WIDTH) -> bool:
        return text_width(text, font_name) <= width
