"""The log missing, damaged or busy: each a page with one sentence, nothing changed, and the
page goes on once the log is back."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.config.file import from_mapping
from companion.log.store import Store
from companion.web.site import create_app
from tests.web.conftest import Clock, pair


def said(page) -> str:  # type: ignore[no-untyped-def]
    text = page.get_data(as_text=True)
    assert "Traceback" not in text and text.count("<p class=said>") == 1, text
    return text.split("<p class=said>")[1].split("</p>")[0]


def test_no_log_yet_then_the_box_starts(tmp_path: Path) -> None:
    clock = Clock()
    client = create_app(tmp_path / "companion.db", from_mapping({}), clock=clock).test_client()
    pair(client, tmp_path, clock)
    page = client.get("/players")
    assert page.status_code == 503 and "start the box once" in said(page)
    Store.open(tmp_path / "companion.db").close()  # the box's first start
    assert client.get("/players").status_code == 200


def test_a_file_that_is_not_a_log_is_said_and_left_alone(tmp_path: Path) -> None:
    clock = Clock()
    (tmp_path / "companion.db").write_bytes(b"not a database at all" * 100)
    client = create_app(tmp_path / "companion.db", from_mapping({}), clock=clock).test_client()
    pair(client, tmp_path, clock)
    for page in (client.get("/"), client.get("/history")):
        assert page.status_code == 503 and "not a companion log" in said(page)
    assert (tmp_path / "companion.db").read_bytes() == b"not a database at all" * 100


def test_a_busy_log_refuses_the_write_in_one_sentence(client, folder, clock) -> None:
    token = pair(client, folder, clock)
    assert client.get("/players").status_code == 200  # the page has the log open
    other = sqlite3.connect(folder / "companion.db", timeout=0)
    other.execute("BEGIN EXCLUSIVE")
    try:
        page = client.post("/players/add", data={"name": "Cat", "csrf": token})
        assert page.status_code == 503 and "in use by another program" in said(page)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert client.post("/players/add", data={"name": "Cat", "csrf": token}).status_code == 303


BOX_RESTARTS = """
import json, sys
from companion.log.store import Store
store = Store.open(sys.argv[1])
said = {"read_only": store.read_only, "notice": str(store.notice),
        "actions": len(store.actions(int(sys.argv[2])))}
store.append(int(sys.argv[2]), {"type": "roll", "dice": [3, 3]})  # played after the start
store.add_player("Dee")
store.close()
print(json.dumps(said))
"""


def test_the_box_repairs_the_log_the_page_holds_and_the_page_follows(tmp_path: Path) -> None:
    """Issue 43: the box restarted (a crash, the watchdog) finds its log damaged while
    ``companion web`` has it open: it repairs it all the same, and the page shows and
    writes the repaired log without a restart."""
    import json
    import subprocess
    import sys

    from tests.logs import dice_game
    from tests.owner.test_command_log import damage_an_index_page

    db = tmp_path / "companion.db"
    game_id = dice_game(db, rolls=5)
    clock = Clock()
    app = create_app(db, from_mapping({"state": {"dir": str(tmp_path)}}), clock=clock)
    client = app.test_client()
    try:
        token = pair(client, tmp_path, clock)
        assert client.post("/players/add", data={"name": "Ann", "csrf": token}).status_code == 303
        assert client.get("/players").status_code == 200  # the page holds the log open
        damage_an_index_page(db)
        box = subprocess.run([sys.executable, "-c", BOX_RESTARTS, str(db), str(game_id)],
                             capture_output=True, text=True, timeout=120, check=True)
        said = json.loads(box.stdout)
        assert not said["read_only"], said["notice"]
        assert said["actions"] == 5
        assert [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
        page = client.get("/players")  # no restart of the page
        assert page.status_code == 200 and "Dee" in page.get_data(as_text=True)
        assert "Ann" in page.get_data(as_text=True)
        token = pair(client, tmp_path, clock)
        assert client.post("/players/add", data={"name": "Cat", "csrf": token}).status_code == 303
    finally:
        app.extensions["companion"].close()
    again = Store.open_existing(db)
    assert len(again.actions(game_id)) == 6, "an acknowledged roll is gone"
    assert {p.name for p in again.players()} >= {"Ann", "Cat", "Dee"}
    again.close()
