"""Guards salvage: a log damaged on the card comes back from the newest good backup plus
every row still readable, says so on screen, and never loses a game the backup held.

A night of three finished games and one unfinished (with an hourly backup in the middle
of it) is damaged in 16 ways — truncated at several offsets, a page of garbage, the
header overwritten, the WAL file lost, torn or scribbled on — and the app restarted on
each. ``pytest -s`` prints the figures quoted in docs/reliability.md.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.log import opening, salvage
from companion.log.backups import Backups, listing
from companion.log.salvage import Report, read_rows
from companion.log.store import SCHEMA_VERSION, Store
from companion.testing import Rig
from companion.ui.widgets import wrap

PAGE = 4096
UNFINISHED_ROLLS = 250
HOURLY_AT = 100  # the unfinished game's hourly backup falls after this many rolls


@dataclass(frozen=True)
class Night:
    """Snapshots of the log after the night: ``clean`` (closed), ``crash`` (the files
    as a power cut leaves them: main file up to game 2, the WAL with the rest)."""

    clean: Path
    crash: Path
    games: dict[int, tuple[str | None, str | None]]  # id -> (finished, result)
    actions: dict[int, list[str]]


def play(app, clock: list[float], backups: Backups) -> None:  # noqa: ANN001
    app.start_game("dice_roller", {"players": ["Table"], "count": 2})
    for n in range(120):
        app.play({"type": "roll", "dice": [n % 6 + 1, n // 6 % 6 + 1]})
    app.play({"type": "finish"})
    assert backups.wait()
    app.start_game("brain_crush", {"players": ["Ann", "Bob", "Cy"]})
    for _round in range(3):
        for colour in "YGRB":
            app.play({"type": "take", "colour": colour, "kind": "5"})
            app.play({"type": "miss"})
        app.play({"type": "end_round"})
    assert app.session.over and backups.wait()
    app.store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # games 1-2 in the main file
    app.start_game("dice_roller", {"players": ["Ann", "Bob"], "count": 3})
    for n in range(120):
        app.play({"type": "roll", "dice": [n % 6 + 1, 2, 3]})
    app.play({"type": "finish"})
    assert backups.wait()
    app.start_game("dice_roller", {"players": ["Table"], "count": 1})
    for n in range(UNFINISHED_ROLLS):
        if n == HOURLY_AT:
            clock[0] += 3601
        app.play({"type": "roll", "dice": [n % 6 + 1]})
        assert backups.wait()


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Night:
    base = tmp_path_factory.mktemp("night")
    db = base / "live" / "companion.db"
    rig = Rig(db=str(db))
    rig.store._db.execute("PRAGMA wal_autocheckpoint=0")  # the WAL keeps games 3 and 4
    rig.store._db.execute("PRAGMA synchronous=OFF")  # building the night: no fsync needed
    clock = [1_800_000_000.0]
    backups = Backups(db, clock=lambda: clock[0]).start(rig.store)
    play(rig.app, clock, backups)
    backups.stop()
    store = rig.store
    games = {r[0]: (r[1], r[2]) for r in store._db.execute(
        "SELECT id, finished, result FROM games")}
    actions = {g: [r[0] for r in store._db.execute(
        "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (g,))] for g in games}
    crash = base / "crash"
    crash.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{db}{suffix}", crash / f"companion.db{suffix}")
    rig.close()
    clean = base / "clean"
    clean.mkdir()
    shutil.copyfile(db, clean / "companion.db")
    for folder in (crash, clean):
        shutil.copytree(db.parent / "backups", folder / "backups")
    return Night(clean, crash, games, actions)


def truncate(fraction: float, extra: int = 0) -> Callable[[Path], None]:
    def damage(db: Path) -> None:
        data = db.read_bytes()
        db.write_bytes(data[: int(len(data) * fraction) + extra])
    return damage


def garbage(fraction: float, wal: bool = False) -> Callable[[Path], None]:
    def damage(db: Path) -> None:
        target = Path(f"{db}-wal") if wal else db
        data = bytearray(target.read_bytes())
        at = int(len(data) * fraction) // PAGE * PAGE + (32 if wal else 0)
        data[at: at + PAGE] = random.Random(int(fraction * 100)).randbytes(PAGE)
        target.write_bytes(bytes(data))
    return damage


def actions_root(db: Path) -> None:
    """Garbage on the root page of the actions table: every action below it is out of
    reach through the table's tree (only the backup can give them back)."""
    conn = sqlite3.connect(listing(db.parent / "backups")[-1])
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'actions'").fetchone()
    conn.close()
    data = bytearray(db.read_bytes())
    data[(root[0] - 1) * PAGE: root[0] * PAGE] = random.Random(3).randbytes(PAGE)
    db.write_bytes(bytes(data))


def header(db: Path) -> None:
    data = bytearray(db.read_bytes())
    data[:100] = random.Random(7).randbytes(100)
    db.write_bytes(bytes(data))


def wal_lost(db: Path) -> None:
    Path(f"{db}-wal").unlink()


def wal_torn(db: Path) -> None:
    wal = Path(f"{db}-wal")
    wal.write_bytes(wal.read_bytes()[: wal.stat().st_size // 2 + 17])


CASES: dict[str, tuple[str, Callable[[Path], None]]] = {
    "truncated to 0 bytes": ("clean", truncate(0)),
    "truncated inside page 1": ("clean", truncate(0, 1000)),
    "truncated at 25 %": ("clean", truncate(0.25, 123)),
    "truncated at 50 %": ("clean", truncate(0.5, 123)),
    "truncated at 75 %": ("clean", truncate(0.75, 123)),
    "truncated at 95 %": ("clean", truncate(0.95, 123)),
    "garbage page at 30 %": ("clean", garbage(0.3)),
    "garbage page at 50 %": ("clean", garbage(0.5)),
    "garbage page at 80 %": ("clean", garbage(0.8)),
    "garbage on the actions table's root page": ("clean", actions_root),
    "header overwritten": ("clean", header),
    "WAL lost": ("crash", wal_lost),
    "WAL torn at 50 %": ("crash", wal_torn),
    "garbage page in the WAL": ("crash", garbage(0.5, wal=True)),
    "main file truncated at 50 %, WAL whole": ("crash", truncate(0.5, 123)),
    "garbage page in the main file, WAL whole": ("crash", garbage(0.5)),
}
FIGURES: dict[str, tuple[int, int, int, int]] = {}


@pytest.mark.parametrize("case", list(CASES))
def test_a_damaged_log_comes_back_from_backup_and_what_is_readable(
        case: str, night: Night, tmp_path: Path) -> None:
    which, damage = CASES[case]
    shutil.copytree(getattr(night, which), tmp_path, dirs_exist_ok=True)
    db = tmp_path / "companion.db"
    damage(db)
    damaged = db.read_bytes()
    newest = listing(tmp_path / "backups")[-1]
    conn = sqlite3.connect(newest)
    in_backup = dict(conn.execute("SELECT id, result FROM games WHERE finished IS NOT NULL"))
    conn.close()
    assert len(in_backup) == 3

    rig = Rig(db=str(db))
    try:
        store = rig.store
        assert not store.read_only
        history = {r.id: r.result for r in store.history()}
        for game_id, result in in_backup.items():
            assert history[game_id] == json.loads(result)  # every finished game is back
        actions = {g: [r[0] for r in store._db.execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (g,))]
            for g in night.games}
        for game_id, got in actions.items():
            assert got == night.actions[game_id][: len(got)]  # never a wrong action
        unfinished = actions[4]
        assert len(unfinished) >= HOURLY_AT  # at least what the hourly backup held
        assert rig.app.session is not None and rig.app.session.game_id == 4
        assert len(rig.app.session.state.rolls) == len(unfinished)  # resumed that far
        kept = [p for p in tmp_path.iterdir() if p.name.startswith("companion.db.")
                and not p.name.endswith(("-wal", "-shm"))]
        if kept:  # set aside, never deleted, and the screen says what came back …
            assert len(kept) == 1 and "Log damaged" in rig.text.replace(" | ", " ")
        else:  # … or the damage cost nothing the log needed
            assert actions == night.actions and len(history) == 3
        if ".corrupt-" in "".join(p.name for p in kept):
            assert kept[0].read_bytes() == damaged  # … byte for byte when it failed to open
        FIGURES[case] = (len([g for g in actions if actions[g] or g in history]),
                         len(history), len(unfinished), sum(map(len, actions.values())))
    finally:
        rig.close()


def test_the_figures(night: Night) -> None:
    """Prints the table for docs/reliability.md (``pytest -s``); runs after the cases."""
    total = sum(map(len, night.actions.values()))
    print(f"\n| damage | games back (of 4) | finished (of 3) | unfinished game's actions "
          f"(of {UNFINISHED_ROLLS}) | all actions (of {total}) |")
    for case, (games, finished, unfinished, actions) in FIGURES.items():
        print(f"| {case} | {games} | {finished} | {unfinished} | {actions} |")
    assert len(FIGURES) in (0, len(CASES))  # all ran (or this test was run alone)


def seed(db: Path, games: int = 3, rolls: int = 150) -> Store:
    store = Store.open(db)
    store._db.execute("PRAGMA synchronous=OFF")  # a fixture: no fsync needed
    for _ in range(games):
        game = GameSession.start(store, "dice_roller", {"players": ["Table"], "count": 1})
        for n in range(rolls):
            game.apply({"type": "roll", "dice": [n % 6 + 1]})
        game.apply({"type": "finish"})
    return store


def test_without_a_backup_every_readable_row_comes_back(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    seed(db).close()
    data = bytearray(db.read_bytes())
    leaves = [n for n in range(len(data) // PAGE) if data[n * PAGE] == 0x0D
              and b'"roll"' in data[n * PAGE: (n + 1) * PAGE]]
    middle = leaves[len(leaves) // 2]  # a leaf page of the actions table, zeroed
    data[middle * PAGE: (middle + 1) * PAGE] = bytes(PAGE)
    db.write_bytes(bytes(data))
    store = Store.open(db)
    assert store.notice.startswith("Log damaged: 3 games,")
    assert len(store.history()) == 3
    kept = store._db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    assert 300 < kept < 453  # one page of actions lost, every other one read
    store.close()


def test_a_damaged_newest_backup_is_passed_over(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    store = seed(db, games=1)
    backups = Backups(db, clock=iter(range(1_800_000_000, 1_900_000_000)).__next__)
    older = backups.make()
    GameSession.start(store, "dice_roller", {"players": ["Table"]})
    newest = backups.make()
    store.close()
    data = bytearray(newest.read_bytes())
    data[-PAGE:] = b"\xa5" * PAGE  # its header still says how far it counted
    newest.write_bytes(bytes(data))
    gone = db.with_name("gone.db")
    gone.write_bytes(b"\x00" * 100 + db.read_bytes()[100:200])  # nothing readable left
    db.unlink()
    report = salvage.rebuild(db, gone, migrate=opening._migrate, schema=SCHEMA_VERSION)
    assert report.backup == older and report.games == 1
    assert any("fails its integrity check" in n or "unreadable" in n for n in report.notes)
    again = Store.open(db)  # counted past the damaged newest backup: no salvage loop
    assert again.notice is None and len(again.history()) == 1
    again.close()


def test_an_undone_finish_is_not_mistaken_for_a_lost_log(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    store = seed(db, games=1, rolls=3)
    Backups(db).make()
    game = GameSession.resume(store, 1)
    game.undo()  # the finish taken back: the log now differs from its backup
    store.close()
    again = Store.open(db)
    assert again.notice is None and again.unfinished().id == 1
    again.close()


def test_read_rows_steps_over_a_damaged_stretch(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE t (x TEXT)")
    conn.executemany("INSERT INTO t VALUES (?)", [(f"row {n:04d} " + "x" * 200,)
                                                 for n in range(400)])
    conn.commit()
    conn.close()
    data = bytearray(db.read_bytes())
    data[10 * PAGE: 11 * PAGE] = b"\xff" * PAGE  # one leaf page in the middle
    db.write_bytes(bytes(data))
    conn = sqlite3.connect(db)
    rows, stretches = read_rows(conn, "t", ["x"])
    conn.close()
    numbers = [int(r[0][4:8]) for r in rows]
    assert stretches == 1 and numbers == sorted(numbers)
    assert numbers[0] == 0 and numbers[-1] == 399 and 370 < len(numbers) < 400


def test_the_screen_line_fits_the_message_box() -> None:
    big = Report(backup=Path("companion-20261122-140500.db"), backup_games=998,
                 backup_actions=99_000, games=1000, actions=100_500)
    assert len(wrap(big.line(), 20)) <= 4
    assert len(wrap(Report(games=1000, actions=100_500).line(), 20)) <= 4


def test_the_real_app_backs_up_and_says_what_came_back(tmp_path: Path) -> None:
    """``python -m companion``: a roll makes the first backup (finished before SIGTERM
    returns); after the card garbles the log, the restart shows what came back."""
    from tests.apprun import AppProcess

    db = tmp_path / "c.db"
    seed(db, games=2, rolls=20).close()
    with AppProcess(tmp_path / "run1", db) as app:
        app.wait_for("New game")
        app.keys(b"\r\r ")  # New game, Dice roller, roll
        app.wait_for("Dice 2d6 #1")
        code, err = app.terminate()
        assert code == 0 and "Traceback" not in err
    assert len(listing(tmp_path / "backups")) == 1
    header(db)
    with AppProcess(tmp_path / "run2", db) as app:
        app.wait_for("Log damaged: 3 games back")
        app.keys(b"\r")  # the notice closes; the game is back where it was
        app.wait_for("Dice 2d6 #1")
        code, err = app.terminate()
    assert code == 0 and "salvage: backup used" in err
