"""Guards that only one app writes a log: a second ``companion run`` on the same log
stops in one line (exit 2) instead of undoing the first one's acknowledged rolls, and
the lock never outlives the app (kill -9 included)."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

from companion.log.store import Store
from companion.owner import cli
from tests.apprun import AppProcess
from tests.logs import dice_game


def test_a_second_app_on_the_same_log_does_not_lose_the_first_ones_rolls(
        tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    dice_game(db)
    with AppProcess(tmp_path / "a", db) as first:
        first.wait_for("Dice 2d6 #2")
        with AppProcess(tmp_path / "b", tmp_path / "." / "companion.db") as second:
            code = second.proc.wait(20)
            err = second.proc.stderr.read().decode()
        assert code == 2, err
        assert err.count("\n") == 1 and "another companion is already running on" in err, err
        assert "Traceback" not in err
        first.keys(b" ")
        first.wait_for("Dice 2d6 #3")
        first.keys(b" ")
        first.wait_for("Dice 2d6 #4")
        code, err = first.terminate()
        assert code == 0, err
    after = Store.open(db)
    assert len(after.actions(1)) == 4, "the first box's acknowledged rolls are all in the log"
    after.close()


def test_the_lock_goes_with_an_app_that_was_killed(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    dice_game(db)
    with AppProcess(tmp_path / "a", db) as first:
        first.wait_for("Dice 2d6 #2")
        first.proc.send_signal(signal.SIGKILL)
        first.proc.wait(10)
    with AppProcess(tmp_path / "b", db) as second:  # the next boot: no stale lock
        second.wait_for("Dice 2d6 #2")
        second.keys(b" ")
        second.wait_for("Dice 2d6 #3")
        code, err = second.terminate()
    assert code == 0, err


def test_a_second_run_through_main_says_so_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same through cli.main in this process, while an app in another holds the log."""
    db = tmp_path / "companion.db"
    dice_game(db)
    config = tmp_path / "config.toml"
    config.write_text('[display]\ndriver = "dummy"\n')
    monkeypatch.setattr(sys, "stdin", open("/dev/null"))  # noqa: SIM115
    with AppProcess(tmp_path / "a", db) as first:
        first.wait_for("Dice 2d6 #2")
        assert cli.main(["--config", str(config), "run", "--db", str(db)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("companion: another companion is already running on ")
        assert err.count("\n") == 1
    sys.stdin.close()
