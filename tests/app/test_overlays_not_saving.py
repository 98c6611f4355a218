"""Guards what the box draws over its screens: while it saves nothing, every frame
carries the mark that says so, not only the first (issue 43)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from PIL import Image

from companion.app.overlays import UNSAVED_SIZE
from companion.testing import Rig


def corner(frame: Image.Image) -> bytes:
    return frame.crop((frame.width - UNSAVED_SIZE, 0, frame.width,
                       UNSAVED_SIZE)).tobytes()


def a_newer_log(db: Path) -> None:
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    conn.execute("INSERT INTO schema_version VALUES (7)")
    conn.commit()
    conn.close()


def test_every_frame_of_a_box_that_cannot_save_says_so(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    a_newer_log(db)
    rig = Rig(db=str(db))
    try:
        assert rig.app.store.read_only and "Not saving games" in rig.text
        marks = {corner(rig.app.render())}
        for key in ("ok", "down", "down", "up", "ok", "ok", "ok", "back"):
            rig.keys(key)  # the message goes, a game is set up and played, unsaved
            marks.add(corner(rig.app.render()))
        assert "Not saving games" not in rig.text
        assert len(marks) == 1, "a frame went without the mark"
    finally:
        rig.close()
    healthy = Rig(db=str(tmp_path / "healthy.db"))
    try:
        assert corner(healthy.app.render()) not in marks, "a box that saves shows the mark"
    finally:
        healthy.close()
