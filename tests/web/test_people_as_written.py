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
