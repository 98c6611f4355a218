"""Drawing helpers shared by the screens: title bar, lists, big figures, dice, messages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core import i18n
from companion.core.i18n import _
from companion.ui.fonts import CELLS, needs_japanese, text_width
from companion.ui.linebreak import wrap
from companion.ui.paint import Painter

TITLE_H = 12
#: The full-screen lists (start menu, game picker, setup, History…) share one grid:
#: rows of 12 px from y=15, so a row's ink (y+1 … y+11) sits in pages 2-7 of the OLED's
#: 8-px pages and page 1 holds only the title bar's foot. Moving between two such
#: screens, or scrolling one, then rewrites six pages, never the title bar's pages
#: unless the title itself changes (see :mod:`companion.hw.partial`).
LIST_TOP = 15
ROW_H = 12


def grid() -> tuple[int, int]:
    """The shared grid's top and row pitch in the language in use: :data:`LIST_TOP` and
    :data:`ROW_H`; in Japanese rows of 13 px from y=13, because a kanji's ink fills its
    whole 12 px cell, and on 12 px rows 「開始」 touched 「健太」 below it (issue 35).

    >>> grid()
    (15, 12)
    """
    return (13, 13) if i18n.language() == "ja" else (LIST_TOP, ROW_H)


def fitting(font: str, width: int, *texts: str) -> str:
    """The first of ``texts`` no wider than ``width`` pixels in ``font`` (else the last):
    a line with a player's name, then the same line without it.

    >>> fitting("small", 60, "ROLL Bartholomew", "ROLL next")
    'ROLL next'
    """
    return next((t for t in texts if text_width(t, font) <= width), texts[-1])


def wrap_px(text: str, font: str, width: int, whole: tuple[str, ...] = ()) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels in ``font`` (at spaces, and
    between Japanese phrases or characters: :func:`wrap`), never inside a name of
    ``whole`` that fits on a line.

    >>> wrap_px("Caboose is back as the Engine", "small", 80)
    ['Caboose is back', 'as the Engine']
    """
    cells = max(1, width // 4)
    while cells > 1 and not all(text_width(t, font) <= width
                                for t in wrap(text, cells, whole)):
        cells -= 1
    return wrap(text, cells, whole)


def title_bar(p: Painter, title: str, right: str | Sequence[str] = "", *,
              table: Sequence[str] = ()) -> None:
    """An inverted bar across the top with ``title`` left and ``right`` right-aligned.

    ``right`` may be alternatives, longest first: the first that leaves ``title`` whole
    is shown (the last where none does). ``("round 3", "")`` drops the round beside a
    long name rather than cut the name. A title naming players of ``table`` that does not
    fit shows them as the table calls them (「さくら」 for 佐々木 さくら beside two more
    佐々木: :meth:`Painter.fit_lines`) before anything is cut.
    """
    if not isinstance(right, str):
        right = next((r for r in right if text_width(title, "bold") + (
            text_width(r, "bold") + 6 if r else 0) <= p.width - 2), right[-1])
    p.rect((0, 0, p.width - 1, TITLE_H - 1), fill=1, outline=None)
    room = p.width - 2 - text_width(right, "bold") - 6 if right else p.width - 2
    if table:
        title = p.fit_lines([title], table, "bold", room)[0]
    p.text((1, 0), p.fit(title, "bold", room), "bold", fill=0)
    if right:
        p.right(0, right, "bold", x1=p.width - 1, fill=0)


def menu_list(p: Painter, items: Sequence[str], index: int, *, top: int = TITLE_H + 1,
              rows: int = 4, font_name: str = "text", pitch: int | None = None,
              bottom: int | None = None) -> None:
    """A scrolling list with a solid arrow before the selected item.

    An arrow rather than an inverted bar: moving it changes a few bytes of the OLED's
    memory instead of two full-width rows (~50 instead of ~500 bytes, 5 ms instead of
    46 ms on a 100 kHz I²C bus), and it reads just as clearly. ``pitch`` is the row
    height (default: the font's cell and one pixel); :func:`page_list` is the shared
    grid of the full-screen lists. The scroll bar runs down to ``bottom`` (the bottom
    edge unless told: a list above a 12 px key help stops its bar over the help's band).
    """
    h = pitch or CELLS[font_name][1] + 1
    first = min(max(0, index - rows + 1), max(0, len(items) - rows))
    first = max(0, min(first, index))
    right = p.width - 4 if len(items) > rows else p.width - 1  # left of the scroll bar
    for row, i in enumerate(range(first, min(len(items), first + rows))):
        y = top + row * h
        if i == index:
            p.focus = (y + 1, y + h - 1)  # the row's ink
            mid = y + h // 2 - 1
            p.draw.polygon([(0, mid - 4), (0, mid + 4), (3, mid + 1), (3, mid - 1)], fill=1)
        with p.region((5, y, right, y + h - 1)):
            p.text((5, y), p.fit(items[i], font_name, p.width - 8), font_name)
    if len(items) > rows:  # a scroll bar on the right, beside the rows' ink
        bar_top = top + 1 if pitch else top
        end = p.height if bottom is None else bottom
        bar_h = max(4, (end - bar_top) * rows // len(items))
        y0 = bar_top + (end - bar_top - bar_h) * first // max(1, len(items) - rows)
        p.rect((p.width - 3, y0, p.width - 1, y0 + bar_h - 1), fill=1, outline=None)


def page_list(p: Painter, items: Sequence[str], index: int, *, row: int = 0) -> None:
    """:func:`menu_list` on the shared grid (:data:`LIST_TOP`, :data:`ROW_H`), from grid
    row ``row`` (a line of text above the list takes row 0) to the bottom edge."""
    top, pitch = grid()
    menu_list(p, items, index, top=top + row * pitch, rows=4 - row, pitch=pitch)


def pinned_list(p: Painter, items: Sequence[str], index: int, first: int = 0) -> int:
    """:func:`page_list` with the last item (a setup's *Start*) pinned to the bottom row;
    the items above it scroll in the three rows over it. Returns the first item shown,
    which the caller keeps and passes back: jumping to the last item and back then moves
    only the arrow (a few bytes on the bus) instead of scrolling every row.
    """
    head, rows = list(items[:-1]), 3
    if len(head) <= rows:
        page_list(p, items, index)
        return 0
    if index < len(head):
        first = min(max(first, index - rows + 1), index)
    first = max(0, min(first, len(head) - rows))
    grid_top, pitch = grid()
    menu_list(p, head[first:first + rows], index - first if index < len(head) else -1,
              top=grid_top, rows=rows, pitch=pitch)
    top, height = grid_top + 1, rows * pitch - 1  # the scroll bar beside the three rows
    bar = max(4, height * rows // len(head))
    y0 = top + (height - bar) * first // (len(head) - rows)
    p.rect((p.width - 3, y0, p.width - 1, y0 + bar - 1), fill=1, outline=None)
    menu_list(p, items[-1:], 0 if index == len(head) else -1,
              top=grid_top + rows * pitch, rows=1, pitch=pitch)
    return first


def grid_text(p: Painter, row: int, text: str) -> None:
    """One line of text on row ``row`` of the shared list grid."""
    top, pitch = grid()
    p.text((2, top + row * pitch), p.fit(text, "text", p.width - 2), "text")


def message_box(p: Painter, text: str) -> None:
    """A framed message over the screen, for errors and notices (any key closes it)."""
    lines = wrap(text, 20)
    if len(lines) > 5:
        p.cut.append(text)
    lines = lines[:5]
    h = len(lines) * 12 + 5 if len(lines) < 5 else p.height - 1  # five lines fill the screen
    y0 = max(0, (p.height - h) // 2)
    p.rect((0, y0, p.width - 1, y0 + h), fill=0, outline=1)
    p.rect((1, y0 + 1, p.width - 2, y0 + h - 1), fill=None, outline=1)
    for i, line in enumerate(lines):
        p.centred(y0 + (3 if len(lines) < 5 else 2) + i * 12, line, "text")


def hint(p: Painter, text: str) -> None:
    """One line of small key help at the bottom of the screen.

    Japanese key help is drawn in the 12 px face (8 px kanji cannot be read on the
    panel: :data:`~companion.ui.paint.LEGIBLE_JAPANESE`) where it fits across and the
    five rows above the small band are empty (the band's four more and a gap of one), as
    under the list grid's three rows."""
    if needs_japanese(text) and text_width(text, "text") <= p.width and p.image.crop(
            (0, p.height - 13, p.width, p.height - 8)).getbbox() is None:
        p.rect((0, p.height - 12, p.width - 1, p.height - 1), fill=0, outline=None)
        p.centred(p.height - 12, text, "text")
        return
    p.rect((0, p.height - 8, p.width - 1, p.height - 1), fill=0, outline=None)
    top = p.height - 8 if needs_japanese(text) else p.height - 7  # the 8 px kana fill the band
    p.centred(top, p.fit(text, "small", p.width), "small")


PIPS = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


def die_face(p: Painter, x: int, y: int, size: int, value: int | None) -> None:
    """A d6 face with pips, ``size`` pixels square; ``None`` draws a blank die."""
    p.rect((x, y, x + size - 1, y + size - 1), fill=0, outline=1)
    p.rect((x + 1, y + 1, x + size - 2, y + size - 2), fill=None, outline=1)
    if value is None:
        return
    p.texts.append(str(value))
    pip = max(2, size // 7)
    step = (size - 2 * pip - 4) // 2
    for cx, cy in PIPS[value]:
        px = x + 2 + pip // 2 + cx * step + pip // 2
        py = y + 2 + pip // 2 + cy * step + pip // 2
        p.ellipse((px, py, px + pip, py + pip), fill=1)


def dice_row(p: Painter, values: Sequence[int | None], *, y: int, height: int,
             x0: int = 0, x1: int | None = None) -> None:
    """Dice faces side by side, as big as fits between ``x0`` and ``x1`` (the right edge
    unless told)."""
    x1 = p.width if x1 is None else x1
    n = max(1, len(values))
    gap = 4
    size = min(height, (x1 - x0 - gap * (n - 1)) // n)
    total = n * size + gap * (n - 1)
    x = x0 + (x1 - x0 - total) // 2
    for v in values:
        die_face(p, x, y, size, v)
        x += size + gap


def bar_chart(p: Painter, labels: Sequence[str], observed: Sequence[int],
              expected: Sequence[float], box: tuple[int, int, int, int]) -> None:
    """Bars of ``observed`` counts, each with a mark at its ``expected`` count.

    The mark never cuts a bar: above a bar it is a line across the slot, and where the
    bar reaches past it, two notches just outside the bar's edges. Labels under the bars
    are spaced so that no two run together (every second, fifth… where they would).
    """
    x0, y0, x1, y1 = box
    n = len(observed)
    if n == 0:
        return
    top = max(max(observed), max(expected), 1)
    slot = (x1 - x0) // n
    bar = max(1, slot - 2)
    for i, (o, e) in enumerate(zip(observed, expected, strict=True)):
        x = x0 + i * slot + 1
        h = round(o * (y1 - y0) / top)
        if h:
            p.rect((x, y1 - h, x + bar - 1, y1), fill=1, outline=None)
        ey = y1 - round(e * (y1 - y0) / top)
        if y1 - h > ey:                      # the bar stays below the mark: draw it across
            p.line((x - 1, ey, x + bar, ey), fill=1)
        else:                                # notches beside the bar, the bar stays whole
            p.line((x - 1, ey - 1, x - 1, ey + 1), fill=1)
            p.line((x + bar, ey - 1, x + bar, ey + 1), fill=1)
    face = "small" if any(needs_japanese(label) for label in labels) else "tiny"  # kanji
    widest = max((text_width(label, face) for label in labels if label), default=0)
    step = max(1, -(-(widest + 2) // max(1, slot)))
    for i, label in enumerate(labels):
        if label and i % step == 0:
            x = x0 + i * slot + (slot - text_width(label, face)) // 2
            p.text((max(x0, x), y1 + 2), label, face)


def winner_page(p: Painter, result: Any, right: str, keys: str) -> None:
    """The end of a game: the winner (or "Tie") and score big, everyone else below.

    :param result: a :class:`companion.api.rules.Result`; :param right: the title bar's
    right-hand text; :param keys: the key help line.
    """
    title_bar(p, _("Game over"), right)
    lead = result.places[0]
    shown = lead[0] if len(lead) == 1 else _("Tie")
    score = str(result.scores[lead[0]])
    room = p.width - 4 - text_width(score, "large") - 4
    big = "large" if text_width(shown, "large") <= room else "medium"
    p.text((2, 13 if big == "large" else 17), p.fit(shown, big, room), big)
    p.right(13, score, "large", x1=p.width - 2)
    rest = [f"{n} {result.scores[n]}" for place in result.places for n in place if n != shown]
    for i in range(0, len(rest), 2):
        p.text((2, 40 + i // 2 * 8), "  ".join(rest[i:i + 2]), "small")
    hint(p, keys)
