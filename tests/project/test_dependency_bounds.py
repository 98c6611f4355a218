"""Dependencies the box cannot start without keep to versions that work together.

luma.oled's SSD1306 and SH1106 drivers read each frame with ``Image.getdata()`` (its
constructor already does, to clear the panel), and Pillow 14 removes that method. While
the installed luma.oled still calls it, this project must not allow Pillow 14.
"""

from __future__ import annotations

import inspect
from importlib.metadata import requires

from luma.oled import device as oled_device
from packaging.requirements import Requirement
from packaging.version import Version


def _requirement(name: str) -> Requirement:
    for line in requires("companion") or []:
        req = Requirement(line)
        if req.name.lower() == name.lower() and req.marker is None:
            return req
    raise AssertionError(f"companion does not require {name}")


def test_pillow_stays_below_the_release_that_breaks_luma_oled() -> None:
    luma_reads_getdata = ".getdata()" in inspect.getsource(oled_device)
    pillow = _requirement("Pillow")
    if luma_reads_getdata:
        assert not pillow.specifier.contains(Version("14.0.0"), prereleases=True), (
            "luma.oled still calls Image.getdata(), removed in Pillow 14: keep Pillow<14")
    assert pillow.specifier.contains(Version("11.1.0"))  # Debian trixie's python3-pil
    assert pillow.specifier.contains(Version("13.0.0"))
