"""Guards that the one-shot commands (history, stats, players) never move, repair, create
or rewrite a log or another file: only ``companion run`` salvages a damaged log."""

from __future__ import annotations

import gzip
import sqlite3
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.log.store import Store
from companion.owner import cli
from tests.logs import dice_game

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def damage_an_index_page(db: Path) -> None:
    """Break the b-tree header of the seats table's index (quick_check sees it; the
    app's next roll never touches that page)."""
    conn = sqlite3.connect(db.resolve().as_uri() + "?mode=ro", uri=True)
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = "
                        "'sqlite_autoindex_seats_1'").fetchone()[0]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    with open(db, "r+b") as f:
        f.seek((root - 1) * size)
        f.write(b"\x00" * 16)


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_a_command_never_moves_the_log_a_running_app_writes(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    db = tmp_path / "companion.db"
    game_id = dice_game(db)
    box = Store.open(db)  # the running app's log
    session = GameSession.resume(box, game_id)
    damage_an_index_page(db)  # the card fails while the box runs
    assert cli.main(["history", "--db", str(db)]) == 0  # the owner, over SSH
    assert "damaged" in capsys.readouterr().err
    assert not [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    session.apply({"type": "roll", "dice": [6, 6]})  # acknowledged on the screen
    box.close()
    assert len(Store.open(db).actions(game_id)) == 3, \
        "the roll the screen acknowledged is not in the log the box opens next"


COMMANDS = [["history"], ["history", "--json"], ["history", "--csv"], ["stats"],
            ["players", "list"], ["players", "add", "Ann"]]


def run(words: list[str], db: Path) -> int:
    if words[0] == "players":
        return cli.main([words[0], "--db", str(db), *words[1:]])
    return cli.main([*words, "--db", str(db)])


@pytest.mark.parametrize("words", COMMANDS)
def test_a_file_that_is_not_a_log_is_left_alone(tmp_path: Path, capsys, words: list[str]) -> None:  # noqa: ANN001
    config = tmp_path / "config.toml"
    config.write_text('[display]\ndriver = "dummy"\n')
    before = files(tmp_path)
    assert run(words, config) == 2  # --db where --config was meant
    assert files(tmp_path) == before, "the config file was moved or replaced by a log"
    assert one_line(capsys.readouterr().err).endswith("config.toml is not a companion log.")


@pytest.mark.parametrize("words", COMMANDS)
def test_another_programs_database_is_left_alone(tmp_path: Path, capsys, words: list[str]) -> None:  # noqa: ANN001
    other = tmp_path / "other_program.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("INSERT INTO notes (text) VALUES ('mine')")
    conn.commit()
    conn.close()
    before = files(tmp_path)
    assert run(words, other) == 2
    assert files(tmp_path) == before, "companion tables were added to another program's file"
    assert "is not a companion log" in one_line(capsys.readouterr().err)


@pytest.mark.parametrize("words", COMMANDS)
def test_a_mistyped_path_says_there_is_no_log(tmp_path: Path, capsys, words: list[str]) -> None:  # noqa: ANN001
    assert run(words, tmp_path / "typo" / "compnion.db") == 2
    assert not (tmp_path / "typo").exists()
    assert "there is no log at" in one_line(capsys.readouterr().err)


@pytest.mark.parametrize("words", COMMANDS)
def test_a_folder_is_not_a_log(tmp_path: Path, capsys, words: list[str]) -> None:  # noqa: ANN001
    assert run(words, tmp_path) == 2
    assert list(tmp_path.iterdir()) == []
    assert "is a folder, not a companion log" in one_line(capsys.readouterr().err)


def test_players_add_refuses_a_damaged_log_and_leaves_it(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    db = tmp_path / "companion.db"
    dice_game(db)
    damage_an_index_page(db)
    before = files(tmp_path)
    assert cli.main(["players", "--db", str(db), "add", "Ann"]) == 2
    assert "is damaged" in one_line(capsys.readouterr().err)
    assert files(tmp_path) == before


def test_players_add_writes_to_the_log(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    db = tmp_path / "companion.db"
    dice_game(db)
    assert cli.main(["players", "--db", str(db), "add", "Ann"]) == 0
    assert Store.open(db).player("Ann") is not None


def test_history_reads_an_old_log_without_changing_it(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    db = tmp_path / "companion.db"
    with gzip.open(FIXTURES / "v1-log.sqlite.gz", "rb") as src:
        db.write_bytes(src.read())
    before = files(tmp_path)
    assert cli.main(["history", "--db", str(db)]) == 0
    out = capsys.readouterr()
    assert "No finished games yet" not in out.out and out.err == ""
    assert files(tmp_path) == before, "a read-only command migrated the log"
    store = Store.open(db)  # the app still migrates it
    assert store.notice is None and store.history()
    store.close()


def test_history_of_a_damaged_log_shows_what_can_be_read(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    db = tmp_path / "companion.db"
    store = Store.open(db)
    game = GameSession.start(store, "dice_roller", {"players": ["Ann"], "count": 1})
    game.apply({"type": "roll", "dice": [3]})
    game.apply(game.end_action())
    store.close()
    cli.main(["backup", "--db", str(db)])
    capsys.readouterr()
    conn = sqlite3.connect(db.resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    with open(db, "r+b") as f:  # the games table itself is unreadable
        f.seek((root - 1) * size)
        f.write(b"\x00" * 16)
    before = files(tmp_path)
    assert cli.main(["history", "--db", str(db)]) == 0
    out, err = capsys.readouterr()
    assert "Ann" in out  # from the backup
    assert one_line(err) == ("companion: the log is damaged: showing what can still be read; "
                             "the companion repairs it when it starts")
    assert files(tmp_path) == before
    assert {p.name for p in tmp_path.iterdir()} == {*before, "backups"}  # no scratch left


def test_over_ssh_a_missing_log_points_at_the_services_log(tmp_path, monkeypatch, capsys) -> None:  # noqa: ANN001
    """On the box the service keeps its log in /var/lib/companion; the owner's own
    `companion history` looks in ~/.local/state and should say where to look."""
    from companion.log import opening as logfile
    from companion.owner import cli

    monkeypatch.setattr(logfile, "SERVICE_STATE", tmp_path / "var-lib-companion")
    (tmp_path / "var-lib-companion").mkdir()
    assert cli.main(["history", "--db", str(tmp_path / "mine.db")]) == 2
    err = capsys.readouterr().err
    assert "var-lib-companion/companion.db" in err and len(err.strip().splitlines()) == 1, err
