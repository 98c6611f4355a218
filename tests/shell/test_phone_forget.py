"""Issue 44: after *forget every paired phone* the box says every phone must pair again
beside the new QR code, not over it: the code decodes while the words are read (the
notice box covered it), in English and Japanese; the next key takes the words away."""

from __future__ import annotations

from pathlib import Path

import pytest
import zxingcpp

from companion.core.i18n import _
from companion.pairing import address, codes
from companion.shell.phone import PhoneScreen
from companion.testing import Rig


def decoded(rig: Rig) -> list[str]:
    frame = rig.frame.convert("L")
    big = frame.resize((frame.width * 4, frame.height * 4), 0)
    return [r.text for r in zxingcpp.read_barcodes(frame)] + \
        [r.text for r in zxingcpp.read_barcodes(big)]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_new_code_scans_while_the_box_says_to_pair_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.100.200")
    rig = Rig(db=str(tmp_path / "companion.db"), language=language)
    try:
        items = rig.app.top.items()
        rig.keys(*["down"] * items.index(_("Phone")), "ok")
        assert isinstance(rig.app.top, PhoneScreen)
        cookie = codes.sign(tmp_path, "phone-1")
        rig.keys("down", "ok")  # forget every phone: yes
        assert codes.paired(tmp_path, cookie) is None
        code = codes.current_code(tmp_path)
        assert decoded(rig) and all(text.endswith(f"/P/{code}") for text in decoded(rig))
        said = _("Every phone pairs again with this code.")
        shown = "".join(d.text for d in rig.app.painter.drawn)
        assert said.replace(" ", "") in shown.replace(" ", ""), shown
        assert rig.faults() == [] and rig.app.painter.illegible() == []
        rig.keys("down")  # takes the words away only
        assert isinstance(rig.app.top, PhoneScreen)
        assert "".join(d.text for d in rig.app.painter.drawn).replace(" ", "").find(
            said.replace(" ", "")) < 0
    finally:
        rig.close()
