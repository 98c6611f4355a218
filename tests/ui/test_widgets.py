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


def test_a_fair_dice_mark_never_cuts_a_bar_in_two() -> None:
    """Issue 21: the histogram's expected-count marks cut the bars in two."""
    from companion.ui.paint import Painter
    from companion.ui.widgets import bar_chart

    p = Painter.blank()
    observed = [10, 2, 6]
    bar_chart(p, ["1", "2", "3"], observed, [5, 5, 5], (2, 15, 126, 55))
    slot = (126 - 2) // 3
    for i, o in enumerate(observed):
        x = 2 + i * slot + 1 + (slot - 2) // 2            # the middle of each bar
        h = round(o * 40 / 10)
        column = [p.image.getpixel((x, y)) for y in range(55 - h, 56)]
        assert all(column), f"bar {i} is cut: {column}"


def test_histogram_labels_never_run_together() -> None:
    """Issue 21: 3d6-6d6 axis numbers ran together."""
    from companion.ui.paint import Painter
    from companion.ui.widgets import bar_chart

    totals = list(range(6, 37))
    p = Painter.blank()
    bar_chart(p, [str(t) for t in totals], [1] * len(totals), [1.0] * len(totals),
              (2, 15, 126, 55))
    boxes = sorted(d.ink() for d in p.drawn if d.ink() is not None)
    assert len(boxes) >= 5
    for left, right in zip(boxes, boxes[1:], strict=False):
        assert left[2] + 1 < right[0], f"labels touch: {left} {right}"
