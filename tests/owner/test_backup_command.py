"""Guards ``companion backup`` / ``companion restore``: the round trip, the refusals (one
line, exit 2, nothing touched), the current log kept aside, and doctor's backup lines.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.config.file import from_mapping
from companion.log.backups import Backups
from companion.log.store import Store
from companion.owner.cli import main
from companion.owner.doctor.checks import Doctor


def games(db: Path, count: int) -> None:
    store = Store.open(db)
    store._db.execute("PRAGMA synchronous=OFF")  # a fixture: no fsync needed
    for _ in range(count):
        game = GameSession.start(store, "dice_roller", {"players": ["Table"], "count": 1})
        game.apply({"type": "roll", "dice": [4]})
        game.apply({"type": "finish"})
    store.close()


def history(db: Path) -> int:
    store = Store.open(db)
    try:
        return len(store.history())
    finally:
        store.close()


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_backup_and_restore_round_trip(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    db = tmp_path / "state" / "companion.db"
    games(db, 2)
    stick = tmp_path / "usb"
    stick.mkdir()
    code, out, _ = cli(capsys, "backup", str(stick / "night.db"), "--db", str(db))
    assert code == 0 and out.startswith("Backed up 2 games (4 actions) to ")
    code, out, _ = cli(capsys, "backup", str(stick), "--db", str(db))  # a folder: dated name
    assert code == 0 and len(list(stick.glob("companion-*.db"))) == 1
    code, out, _ = cli(capsys, "backup", "--db", str(db))  # the rotating backups
    assert code == 0 and len(Backups(db).all()) == 1

    games(db, 1)  # a third game, then the night is restored
    code, out, err = cli(capsys, "restore", str(stick / "night.db"), "--db", str(db))
    assert code == 0, err
    assert out.startswith("Restored 2 games (4 actions) from ")
    assert "the previous log is kept as companion.db.before-restore-" in out
    assert history(db) == 2
    aside = next(db.parent.glob("companion.db.before-restore-*"))
    assert history(aside) == 3  # nothing lost: the replaced log is kept whole
    # the restored log is the newest backup now, so it is not mistaken for a lost WAL
    store = Store.open(db)
    assert store.notice is None
    store.close()


@pytest.mark.parametrize("bad, words", [
    (b"these are not the games you are looking for\n" * 50, "it is not a companion log"),
    (b"", "it is not a companion log"),
    ("other", "it is not a companion log"),
    ("truncated", "fails its integrity check"),
    ("newer", "written by a newer companion"),
])
def test_restore_refuses_a_bad_file_in_one_line_and_touches_nothing(
        tmp_path: Path, capsys, bad: bytes | str, words: str) -> None:  # noqa: ANN001
    db = tmp_path / "companion.db"
    games(db, 1)
    before = db.read_bytes()
    source = tmp_path / "bad.db"
    if bad == "other":  # a SQLite file, but someone else's
        conn = sqlite3.connect(source)
        conn.execute("CREATE TABLE photos (name TEXT)")
        conn.commit()
        conn.close()
    elif bad == "truncated":
        games(source, 40)
        source.write_bytes(source.read_bytes()[:9000])
    elif bad == "newer":
        games(source, 1)
        conn = sqlite3.connect(source)
        conn.execute("UPDATE schema_version SET version = 99")
        conn.commit()
        conn.close()
    else:
        source.write_bytes(bad)
    code, out, err = cli(capsys, "restore", str(source), "--db", str(db))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err
    assert db.read_bytes() == before
    assert not list(tmp_path.glob("companion.db.before-restore-*"))


def test_restore_refuses_while_the_companion_runs(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    db = tmp_path / "companion.db"
    games(db, 1)
    copy = tmp_path / "copy.db"
    assert cli(capsys, "backup", str(copy), "--db", str(db))[0] == 0
    running = Store.open(db)
    try:
        code, _, err = cli(capsys, "restore", str(copy), "--db", str(db))
        assert code == 2 and "stop both first" in err
    finally:
        running.close()
    assert cli(capsys, "restore", str(copy), "--db", str(db))[0] == 0


def test_restore_while_only_the_page_holds_the_log_names_its_unit(
        tmp_path: Path, capsys) -> None:  # noqa: ANN001
    """The refusal said to stop ``companion`` alone, which does not free a log the phone
    page holds (issue 43): it names the page's unit too."""
    db = tmp_path / "companion.db"
    games(db, 1)
    copy = tmp_path / "copy.db"
    assert cli(capsys, "backup", str(copy), "--db", str(db))[0] == 0
    page = Store.open_existing(db, write=True)  # as `companion web` holds it
    try:
        page.players()
        code, _, err = cli(capsys, "restore", str(copy), "--db", str(db))
        assert code == 2 and err.count("\n") == 1
        assert "companion-web" in err and "phone page" in err
    finally:
        page.close()


def test_backup_of_a_missing_log_is_one_line(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    code, _, err = cli(capsys, "backup", "--db", str(tmp_path / "none.db"))
    assert code == 2 and "there is no log there yet" in err and err.count("\n") == 1


def test_doctor_reports_the_newest_backup_and_free_space(tmp_path: Path) -> None:
    config = from_mapping({"state": {"dir": str(tmp_path)}})
    lines = {c.name: c for c in Doctor(config, model=tmp_path / "no-model").run()}
    assert lines["backups"].status == "info" and "none yet" in lines["backups"].detail
    assert lines["disk"].status in ("ok", "fail") and "MB free" in lines["disk"].detail
    games(tmp_path / "companion.db", 1)
    Backups(tmp_path / "companion.db").make()
    lines = {c.name: c for c in Doctor(config, model=tmp_path / "no-model").run()}
    assert lines["backups"].status == "ok"
    assert lines["backups"].detail == "newest under an hour old, 1 kept"
