"""The fewest bytes any partial update could send for a night's frames (issue 37).

Whatever a driver does, a byte of display RAM that changes between two frames has to
cross the bus, and each transaction costs 2 bytes more (address, control byte; see
:mod:`companion.hw.fakebus`). On the SH1106, which knows only page addressing, a data
transaction writes one run of columns of one page, and the pointer moves to another
page or past unchanged columns only by a command: so every run costs at least its bytes,
one command byte and two transactions — 5 bytes more — and no run of unchanged columns
shorter than that is worth skipping. The floor below gives every frame back the command
of its first run (the pointer might already stand there), so it is a true lower bound.

On the SSD1306 a window can span pages (and a frame may write where the last one left
the pointer, without a command), so the only bound as simple is the changed bytes plus
one data transaction per frame.

>>> from PIL import Image
>>> a, b = Image.new("1", (128, 64)), Image.new("1", (128, 64))
>>> b.paste(1, (0, 0, 3, 8))
>>> floor_bytes([a, b])
{'frames': 1, 'changed_bytes': 3, 'ssd1306': 5, 'sh1106': 5}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from companion.hw.partial import TRANSACTION_OVERHEAD, changed_runs, pack_pages

#: the least a run of an SH1106 page costs beyond its bytes: one command byte, and two
#: transactions (the command's and the data's)
SH1106_RUN = 1 + 2 * TRANSACTION_OVERHEAD
#: the least an SSD1306 frame costs beyond its bytes: one data transaction
SSD1306_FRAME = TRANSACTION_OVERHEAD


def floor_bytes(frames: Sequence[Image.Image]) -> dict[str, int]:
    """Lower bounds on the bus bytes of showing ``frames[1:]`` after ``frames[0]``."""
    pages = [pack_pages(frame.convert("1"), frame.height // 8) for frame in frames]
    changed = sh1106 = ssd1306 = shown = 0
    for old, new in zip(pages, pages[1:], strict=False):
        runs = [changed_runs(a, b, SH1106_RUN) for a, b in zip(old, new, strict=True)]
        if not any(runs):
            continue
        shown += 1
        diff = sum(x != y for a, b in zip(old, new, strict=True)
                   for x, y in zip(a, b, strict=True))
        changed += diff
        ssd1306 += diff + SSD1306_FRAME
        sh1106 += sum(c1 - c0 + 1 + SH1106_RUN for page in runs for c0, c1 in page) - 3
    return {"frames": shown, "changed_bytes": changed, "ssd1306": ssd1306,
            "sh1106": sh1106}


def summarise(night: dict[str, Any]) -> dict[str, Any]:
    """:func:`floor_bytes` of a night from ``measure_bus(..., images=True)``, and each
    floor as a share of luma's bytes for the same frames."""
    floor: dict[str, Any] = floor_bytes([night["image_before"], *night["images"]])
    for chip in ("ssd1306", "sh1106"):
        luma = sum(s["bytes"] for s in night["samples"][f"luma/{chip}"])
        floor[f"ratio_{chip}"] = floor[chip] / luma
    return floor


def line(floor: dict[str, Any]) -> str:
    """The report's line."""
    return (f"floor, the fewest bytes any update could send for these frames: "
            f"{floor['changed_bytes']} changed bytes in {floor['frames']} frames; "
            f"SSD1306 ≥ {floor['ssd1306']} ({floor['ratio_ssd1306']:.1%} of luma), "
            f"SH1106 ≥ {floor['sh1106']} ({floor['ratio_sh1106']:.1%})")
