"""Merging and hiding on the phone ask first, say what happens to the games and to each
UUID, and the last one can be undone (issue 44: merge was one tap, with no undo); the
cards open when tapped, so the page stays short on a phone."""

from __future__ import annotations

import re
from pathlib import Path

from companion.log.store import Store
from tests.web.conftest import pair


def _seated(folder: Path) -> Store:
    store = Store.open(folder / "companion.db")
    store.add_player("Chloé")
    store.add_player("Chloe", someone_else=True)
    store.new_game("genial", {"players": ["Chloé", "Ann"]})
    store.new_game("genial", {"players": ["Chloé", "Ben"]})
    return store


def test_a_merge_asks_first_and_says_whose_games_and_uuid(
        client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    token = pair(client, folder, clock)
    store = _seated(folder)
    accented, plain = store.player("Chloé"), store.player("Chloe")
    asked = client.post("/players/merge", data={"name": "Chloé", "into": "Chloe",
                                                "csrf": token})
    text = asked.get_data(as_text=True)
    assert asked.status_code == 200 and store.player("Chloé") is not None  # nothing yet
    assert "Chloé&#39;s 2 games become Chloe&#39;s" in text
    assert plain.uuid in text and accented.uuid in text
    assert 'href="/players"' in text and 'name="sure"' in text
    # Either way round: the person chooses whose UUID stays.
    assert 'name="name" value="Chloe"' in text and 'name="into" value="Chloé"' in text
    done = client.post("/players/merge", data={"name": "Chloé", "into": "Chloe",
                                               "csrf": token, "sure": "1"})
    assert done.status_code == 303 and store.player("Chloé") is None
    assert store.player("Chloe").uuid == plain.uuid
    page = client.get("/players").get_data(as_text=True)
    assert "You merged Chloé into Chloe." in page and 'action="/players/undo"' in page
    assert client.post("/players/undo", data={"csrf": token}).status_code == 303
    assert store.player("Chloé").uuid == accented.uuid
    assert [p.name for s in store.seat_players().values() for p in s.values()
            if p.name.startswith("Chlo")] == ["Chloé", "Chloé"]
    assert "/players/undo" not in client.get("/players").get_data(as_text=True)
    again = client.post("/players/undo", data={"csrf": token})
    assert again.status_code == 400 and "nothing was changed" in again.get_data(as_text=True)


def test_hiding_asks_first_and_can_be_undone(
        client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    token = pair(client, folder, clock)
    store = Store.open(folder / "companion.db")
    asked = client.post("/players/hide", data={"name": "Ann", "csrf": token})
    assert asked.status_code == 200 and not store.player("Ann").hidden
    assert store.player("Ann").uuid in asked.get_data(as_text=True)
    client.post("/players/hide", data={"name": "Ann", "csrf": token, "sure": "1"})
    assert store.player("Ann").hidden
    assert "You hid Ann." in client.get("/players").get_data(as_text=True)
    client.post("/players/undo", data={"csrf": token})
    assert not store.player("Ann").hidden


def test_no_card_chooses_whom_to_merge_into_and_each_opens_when_tapped(
        client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, folder, clock)
    _seated(folder)
    text = client.get("/players").get_data(as_text=True)
    cards = re.findall(r'<details class="card player">.*?</details>', text, re.S)
    assert len(cards) == 4
    for card in cards:
        into = re.search(r'<input name="into"[^>]*>', card)
        assert into and 'value=""' in into.group(0) and "selected" not in card


def test_undo_outlives_the_pages_process(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    """The page restarted (a power cut) between the merge and the Undo: the merge is
    split all the same; a file that is not ours is nothing to undo, not an error."""
    from companion.config.file import from_mapping
    from companion.web import people
    from companion.web.site import create_app

    token = pair(client, folder, clock)
    store = _seated(folder)
    accented = store.player("Chloé")
    client.post("/players/merge", data={"name": "Chloé", "into": "Chloe", "csrf": token,
                                        "sure": "1"})
    again = create_app(folder / "companion.db",
                       from_mapping({"state": {"dir": str(folder)}}), clock=clock)
    fresh = again.test_client()
    fresh.set_cookie("companion_phone", client.get_cookie("companion_phone").value)
    assert "You merged Chloé into Chloe." in fresh.get("/players").get_data(as_text=True)
    assert fresh.post("/players/undo", data={"csrf": token}).status_code == 303
    assert store.player("Chloé").uuid == accented.uuid
    again.extensions["companion"].close()
    for junk in ("[1, 2]", '{"x": {"merge": {"gone": [1]}}}', "\udcff", "{"):
        (folder / people.UNDO_FILE).write_text(junk, encoding="utf-8", errors="surrogateescape")
        assert client.post("/players/undo", data={"csrf": token}).status_code == 400
