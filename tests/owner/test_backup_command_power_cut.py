"""Guards issue 36: ``companion restore`` is atomic across its renames. A power cut at the
moment the restored copy would replace the log leaves the log in place, whole (its old
name is kept aside first by a hard link, not by moving the log away)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.log.store import Store
from companion.owner.cli import main
from tests.logs import dice_game


class PowerCut(BaseException):
    """The process stops here: nothing after it runs, no clean-up either."""


def test_a_power_cut_during_restore_leaves_a_log_in_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "state" / "companion.db"
    db.parent.mkdir()
    night = tmp_path / "night.db"
    dice_game(night, rolls=2)
    game = dice_game(db, rolls=7)
    real = Path.replace

    def cut(self: Path, target: object) -> Path:
        if Path(str(target)) == db:
            raise PowerCut
        return real(self, target)

    monkeypatch.setattr(Path, "replace", cut)
    with pytest.raises(PowerCut):
        main(["restore", str(night), "--db", str(db)])
    monkeypatch.undo()
    capsys.readouterr()
    store = Store.open(db)  # the next start
    try:
        assert len(store.actions(game)) == 7
    finally:
        store.close()
