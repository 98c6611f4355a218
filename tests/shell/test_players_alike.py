"""Guards issue 44: on the box, a new player whose name is alike to one on the roster
("Chloé" beside "Chloe") is asked about first ("Add Chloé as someone else?") and joins
only when OK answers; the roster's own add refuses it unasked."""

from __future__ import annotations

import pytest

from companion.core.errors import AlikeName
from companion.log.store import Store
from companion.shell.players import ask_alike


def test_a_name_alike_is_asked_about_then_added_as_someone_else() -> None:
    store = Store.open(":memory:")
    store.add_player("Chloe")
    with pytest.raises(AlikeName):
        store.add_player("Chloé")
    question = ask_alike(store, "Chloé")
    assert question == "Chloé looks like Chloe, who is on the roster already. Add Chloé as " \
                       "someone else?"
    assert ask_alike(store, "Dev") == "Add Dev to the players?"
    store.add_player("Chloé", someone_else=True)
    assert [p.name for p in store.players()] == ["Chloe", "Chloé"]
