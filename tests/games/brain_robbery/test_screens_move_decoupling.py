"""Guards Brain Robbery's decoupling in Japanese, in the rulebook's words (「車両の切り離し」):
the move's key help 「OK 停止→切り離し判定」, each roll's title 「切り離し判定1」 and, when the
train holds, 「降りる人はいません」, each drawn whole in 12 px (the review of the Japanese
evening read 「チェック 1回目」「OK停止+チェック」「後方へ行く人はいない」)."""

from __future__ import annotations

import re
from pathlib import Path

from companion.testing import Rig

from .test_screens import ROSTER, start


def test_the_decoupling_reads_in_the_rulebooks_words(tmp_path: Path) -> None:
    rig = Rig(db=tmp_path / "log.sqlite", seed=1, players=ROSTER)
    try:
        start(rig)
        rig.keys("ok", "ok")  # deal, put the board down
        rig.app.change_setting("language", "ja")
        rig.app.show_game()
        rig.keys("roll", "down", "ok", "ok", "ok")  # a new car, its reveal, stop where offered
        assert "OK 停止→切り離し判定" in rig.text, rig.text
        rig.keys("ok")
        steps = [rig.text]
        for _page in range(8):  # OK turns the reveal's pages: 「1/3」 … 「3/3」
            shown = re.search(r"(\d+)/(\d+)", rig.text)
            if shown is None or shown[1] == shown[2]:
                break
            rig.keys("ok")
            steps.append(rig.text)
        assert steps[0].startswith("切り離し判定1"), steps
        assert "降りる人はいません" in steps[-1], steps
        assert rig.faults() == []
    finally:
        rig.close()
