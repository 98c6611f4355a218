"""Guards issue 44 ("names as people write them") on the page: Add takes 佐々木　真理子
(U+3000, a phone's Japanese keyboard) and a decomposed "é" through the same roster
function as the box and the command line; a name alike to one on the roster is one
sentence, nothing saved."""

from __future__ import annotations

from companion.log.store import Store
from tests.web.conftest import pair


def test_the_page_adds_names_as_phones_type_them(client, folder, clock) -> None:
    token = pair(client, folder, clock)
    for typed in ("佐々木\u3000真理子", "Chloe\u0301"):
        assert client.post("/players/add", data={"name": typed, "csrf": token}
                           ).status_code == 303, typed
    page = client.post("/players/add", data={"name": "Ánn", "csrf": token})
    assert page.status_code == 400 and "looks like Ann" in page.get_data(as_text=True)
    store = Store.open_existing(folder / "companion.db")
    try:
        assert [p.name for p in store.players(hidden=True)] == \
            ["Ann", "Ben", "佐々木 真理子", "Chloé"]
    finally:
        store.close()


def _upload(client, token, data: bytes):  # type: ignore[no-untyped-def]
    import io

    return client.post("/players/import", data={
        "csrf": token, "file": (io.BytesIO(data), "BGStatsExport.json")},
        content_type="multipart/form-data")


def test_the_pages_import_takes_the_group_and_leaves_out_only_the_long_name(
        client, folder, clock) -> None:
    import json

    token = pair(client, folder, clock)
    group = json.dumps({"players": [
        {"uuid": "{a7c1d3e5-0000-4000-8000-000000000001}", "name": "山田\u3000一郎"},
        {"uuid": "A7C1D3E5-0000-4000-8000-000000000002", "name": "Sebastian Müller"},
        {"uuid": "A7C1D3E5-0000-4000-8000-000000000003", "name": "Ánn"}]}).encode()
    page = _upload(client, token, group)
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and "山田 一郎" in text and "Sebastian M." in text, text
    assert client.post("/players/import/confirm", data={"csrf": token}).status_code == 303
    store = Store.open_existing(folder / "companion.db")
    try:
        assert {p.name: p.uuid for p in store.players(hidden=True)} == {
            "Ann": "A7C1D3E5-0000-4000-8000-000000000003", "Ben": store.player("Ben").uuid,
            "山田 一郎": "A7C1D3E5-0000-4000-8000-000000000001"}
    finally:
        store.close()


def test_deeply_nested_json_on_the_page_is_one_sentence(client, folder, clock) -> None:
    token = pair(client, folder, clock)
    page = _upload(client, token, b'{"players": ' + b"[" * 200_000 + b"]" * 200_000 + b"}")
    assert page.status_code == 400 and "nests its data too deeply" in page.get_data(as_text=True)
