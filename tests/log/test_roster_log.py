"""Guards companion.log.roster_log's Roster as a part of the store, not a base class: the
store keeps one (store.roster), answers for it (store.add_player …), and the roster's
writes are the store's (counted, announced, refused on a read-only log)."""

from __future__ import annotations

import inspect

import pytest

from companion.core.errors import RosterError
from companion.log.roster_log import Roster
from companion.log.store import Store


def test_the_store_is_one_class_that_keeps_a_roster() -> None:
    assert Store.__bases__ == (object,)
    store = Store.open(":memory:")
    assert isinstance(store.roster, Roster)


def test_the_store_answers_for_its_roster() -> None:
    store = Store.open(":memory:")
    ann = store.add_player("Ann", "red")
    assert store.roster.player("ann") == store.player("ANN") == ann
    assert store.rename_player("Ann", "Anna").name == "Anna"
    assert store.hide_player("Anna").hidden and store.players() == []
    assert [p.name for p in store.players(hidden=True)] == ["Anna"]
    store.add_player("Anne")
    assert store.merge_players("Anne", "Anna").name == "Anna" and store.player("Anne") is None
    assert store.seat_players() == {}
    store.add_player("Bo")
    store.delete_player("Bo")
    with pytest.raises(RosterError):
        store.delete_player("Bo")


def test_every_public_roster_method_is_asked_through_the_store() -> None:
    public = {name for name, _f in inspect.getmembers(Roster, inspect.isfunction)
              if not name.startswith("_")}
    assert public and all(callable(getattr(Store, name, None)) for name in public)


def test_a_roster_write_is_a_write_of_the_log() -> None:
    store = Store.open(":memory:")
    saved: list[str] = []
    store.on_saved = saved.append
    before = store.generation
    store.add_player("Cy")
    store.roster.take_uuids([("Di", "0E984725-C51C-4BF4-9960-E1C80E27ABA0")])
    assert saved == ["player", "player"] and store.generation == before + 2


def test_the_roster_follows_the_store_s_connection() -> None:
    store = Store.open(":memory:")
    store.add_player("Ed")
    other = Store.open(":memory:")
    store._db = other._db
    assert store.player("Ed") is None  # asked of the connection the store has now


def test_take_uuids_keeps_one_form_however_written() -> None:
    """Issue 43: a UUID handed to the roster in braces or lower case is stored in its one
    form, so the roster's own check finds it taken however it is spelled next."""
    store = Store.open(":memory:")
    store.take_uuids([("Ann", "{0f6c1e2a-1111-4a2b-9c3d-000000000001}")])
    assert store.player("Ann").uuid == "0F6C1E2A-1111-4A2B-9C3D-000000000001"
    with pytest.raises(RosterError, match="already belongs to Ann"):
        store.take_uuids([("Ben", "urn:uuid:0f6c1e2a-1111-4a2b-9c3d-000000000001")])


def test_a_merge_is_split_again_with_each_entry_as_it_was() -> None:
    """Merging had no way back (issue 44): the entry merged away comes back with its
    UUID and its seats; the kept one keeps its own games and UUID."""
    store = Store.open(":memory:", clock=lambda: 1_800_000_000.0)
    ann, anne = store.add_player("Ann"), store.add_player("Anne", "red")
    store.add_player("Ben")
    first = store.new_game("genial", {"players": ["Ann", "Ben"]})
    second = store.new_game("genial", {"players": ["Ben", "Anne"]})
    before = store.hide_player("Ann")
    assert store.games_of("Anne") == 1 and store.games_of("Ann") == 1
    done = store.merge("Anne", "Ann")
    assert done.seats == ((second, 1),) and store.player("Anne") is None
    assert store.seat_players()[second][1].name == "Ann" and not store.player("Ann").hidden
    back = store.unmerge(done)
    assert (back.name, back.uuid, back.colour) == ("Anne", anne.uuid, "red")
    seated = store.seat_players()
    assert seated[second][1].uuid == anne.uuid and seated[first][0].uuid == ann.uuid
    assert store.player("Ann") == before


def test_a_merge_is_not_split_when_its_name_is_taken_again() -> None:
    store = Store.open(":memory:")
    store.add_player("Ann")
    store.add_player("Anne")
    done = store.merge("Anne", "Ann")
    store.add_player("Anne")
    with pytest.raises(RosterError):
        store.unmerge(done)
    assert [p.name for p in store.players(hidden=True)] == ["Ann", "Anne"]
