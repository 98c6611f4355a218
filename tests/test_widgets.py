"""Guards the drawing helpers every screen shares: text capture, inversion, wrapping."""

from __future__ import annotations

from companion.ui.paint import Painter
from companion.ui.widgets import dice_row, message_box, wrap


def test_inverted_flips_exactly_the_box() -> None:
    p = Painter.blank()
    p.rect((0, 0, 9, 9), fill=1, outline=None)
    p.inverted((5, 5, 14, 14))
    px = p.image.load()
    assert px[2, 2] and not px[7, 7] and px[12, 12] and px[14, 14] and not px[15, 15]


def test_painter_records_text_and_dice() -> None:
    p = Painter.blank()
    p.centred(0, "Hello", "medium")
    dice_row(p, [3, 6], y=20, height=30)
    assert p.texts == ["Hello", "3", "6"]


def test_wrap_never_exceeds_the_width() -> None:
    text = "a verdict needs at least thirty rolls, supercalifragilistic words too"
    lines = wrap(text, 12)
    assert all(len(line) <= 12 for line in lines)
    assert " ".join(lines).replace(" ", "") == text.replace(" ", "")


def test_message_box_draws_over_the_screen() -> None:
    p = Painter.blank()
    message_box(p, "Two seats have the same name; change one.")
    assert p.image.getbbox() is not None and "Two seats have the" in p.texts
