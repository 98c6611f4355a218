"""Seeded fuzz of salvage and its page walker (issue 36): random bytes written over 1–3
random pages of a real log (half of them dressed as b-tree pages: a type byte, a cell
count and cell offsets, the kind that crashed the walker with ``struct.error``), then
the app's start-up (:meth:`Store.open`, which salvages). No traceback, ever; and every
acknowledged action still held by a readable page comes back (when its game's row is
readable too, and, in the unfinished game, up to its first lost action: salvage's
promise, docs/reliability.md).

CI runs :data:`CASES` cases; ``COMPANION_SOAK=full`` runs :data:`FULL_CASES`.
``COMPANION_FUZZ_SEED=<n>`` starts from another seed.
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.log import sqlite_pages
from companion.log.store import Store

CASES = 40
FULL_CASES = 3000
FULL = os.environ.get("COMPANION_SOAK") == "full"
SEED = int(os.environ.get("COMPANION_FUZZ_SEED", "36"))
PAGE = 4096


def night(db: Path) -> None:
    """Three finished games of 150 rolls and one unfinished game of 400: the actions
    table spans dozens of pages under an interior root."""
    store = Store.open(db)
    store._db.execute("PRAGMA synchronous=OFF")  # a fixture: no fsync needed
    for rolls, finish in ((150, True), (150, True), (150, True), (400, False)):
        game = store.new_game("dice_roller", {"players": ["Ann", "Bo"], "count": 2})
        for n in range(rolls):
            store.append(game, {"type": "roll", "dice": [1 + n % 6, 1 + n % 5]})
        if finish:
            store.finish(game, {"winners": ["Ann"]})
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()


def leaves(db: Path, table: str) -> dict[int, list[tuple[int, list[object]]]]:
    """page number → the (rowid, values) on each leaf page of ``table``'s tree."""
    conn = sqlite3.connect(db)
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                        (table,)).fetchone()[0]
    conn.close()
    pages = sqlite_pages.PageFile(db)
    seen: set[int] = set()
    assert pages.walk(root, seen)
    return {n: list(pages.cells(n)) for n in sorted(seen)
            if pages.page(n)[0][pages.page(n)[1]] == sqlite_pages.TABLE_LEAF}


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict, dict]:
    db = tmp_path_factory.mktemp("fuzz") / "companion.db"
    night(db)
    return db, leaves(db, "games"), leaves(db, "actions")


def damage(data: bytearray, rng: random.Random, pages: int) -> list[int]:
    """Garbage over 1–3 pages (never page 1: without the schema nothing can be named);
    half of them made to look like b-tree pages."""
    hit = rng.sample(range(2, pages + 1), k=min(pages - 1, rng.randint(1, 3)))
    for number in hit:
        junk = bytearray(rng.randbytes(PAGE))
        if rng.random() < 0.5:
            junk[0] = rng.choice((0x02, 0x05, 0x0A, 0x0D))
            junk[3:5] = rng.choice((rng.randint(0, 65535), rng.randint(0, 40))).to_bytes(2, "big")
        data[(number - 1) * PAGE: number * PAGE] = junk
    return hit


def expected(games: dict, actions: dict, hit: list[int]) -> set[tuple[int, int]]:
    """(game, seq) of the actions salvage must bring back."""
    alive = {rowid: values for n, rows in games.items() if n not in hit
             for rowid, values in rows}
    held = {(v[0], v[1]) for n, rows in actions.items() if n not in hit for _r, v in rows}
    every = {(v[0], v[1]) for rows in actions.values() for _r, v in rows}
    out = set()
    for game, values in alive.items():
        seqs = sorted(s for g, s in every if g == game)
        finished = values[4] is not None
        for seq in seqs:
            if (game, seq) not in held:
                if finished:
                    continue
                break  # an unfinished game replays up to its first lost action
            out.add((game, seq))
    return out


@pytest.mark.soak
def test_salvage_never_crashes_and_keeps_every_readable_action(
        original: tuple[Path, dict, dict], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    db, games, actions = original
    pristine = db.read_bytes()
    count = len(pristine) // PAGE
    rng = random.Random(SEED)
    failures = []
    for case in range(FULL_CASES if FULL else CASES):
        data = bytearray(pristine)
        hit = damage(data, rng, count)
        folder = tmp_path / f"case{case}"
        folder.mkdir()
        log = folder / "companion.db"
        log.write_bytes(bytes(data))
        store = Store.open(log)  # any exception fails the test with its traceback
        try:
            got = {(g, s) for g, s in store._db.execute("SELECT game_id, seq FROM actions")}
            for record in store.unfinished_games() + store.history():
                store.actions(record.id)  # replays read every action
        finally:
            store.close()
        missing = expected(games, actions, hit) - got
        if missing:
            failures.append((case, hit, len(missing)))
        capsys.readouterr()
        shutil.rmtree(folder)
    assert failures == [], f"seed {SEED}: (case, pages hit, actions missing) {failures[:10]}"


@pytest.mark.parametrize("kind", [0x02, 0x05, 0x0A, 0x0D])
def test_the_page_walker_reads_any_bytes(original: tuple[Path, dict, dict], tmp_path: Path,
                                         kind: int) -> None:
    """The page that crashed the walker: a type byte, a huge cell count, offsets past
    the page; and the same with cell counts from 0 to 2100."""
    db = tmp_path / "companion.db"
    shutil.copyfile(original[0], db)
    conn = sqlite3.connect(db)
    roots = dict(conn.execute("SELECT name, rootpage FROM sqlite_master WHERE type = 'table'"))
    conn.close()
    data = bytearray(db.read_bytes())
    rng = random.Random(kind)
    root = roots["actions"]
    for cells in (*range(0, 2100, 37), 65535):
        page = bytearray(rng.randbytes(PAGE))
        page[0], page[3:5] = kind, cells.to_bytes(2, "big")
        data[(root - 1) * PAGE: root * PAGE] = page
        db.write_bytes(bytes(data))
        sqlite_pages.orphan_rows(db, roots, {t: 4 for t in roots})
