"""The box's settings changed from the phone: through the same check and the same file
as the box's own Settings screen, taken up by the running box at its next key or timer;
a bad value is one sentence and nothing is saved; every write needs pairing and CSRF."""

from __future__ import annotations

from companion.config import registry
from companion.config.file import from_mapping
from companion.config.settings import OVERRIDES
from companion.testing import Clock, Rig
from tests.web.conftest import pair


def _form(token: str, *, language: str = "en", contrast: str = "255",
          hide: tuple[str, ...] = ()) -> dict:
    return {"csrf": token, "language": language, "contrast": contrast,
            "shown": [k for k in registry.discover() if k not in hide]}


def _rig(folder, **kw) -> Rig:  # type: ignore[no-untyped-def]
    return Rig(db=str(folder / "companion.db"), config=from_mapping({
        "display": {"driver": "dummy"}, "input": {"bounce_ms": 20, "hold_ms": 100},
        "state": {"dir": str(folder)}}), **kw)


def test_a_change_on_the_page_reaches_the_running_box_at_its_next_key(client, folder,
                                                                      clock) -> None:
    token = pair(client, folder, clock)
    rig = _rig(folder)
    try:
        assert "New game" in rig.text
        said = client.post("/settings/box", data=_form(token, language="ja", contrast="100",
                                                        hide=("brikks",)))
        assert said.status_code == 303
        rig.keys("down")
        assert rig.app.config.language == "ja"
        assert "新しいゲーム" in rig.text
        assert rig.app.config.display["contrast"] == 100
        assert rig.app.config.games["hide"] == ("brikks",)
        page = client.get("/settings").get_data(as_text=True)
        assert '<option value="ja" selected>' in page and 'value="100"' in page
        assert 'value="brikks">' in page and 'value="genial" checked>' in page
    finally:
        rig.close()


def test_the_idle_box_takes_the_change_up_on_its_timer(client, folder, clock) -> None:
    token = pair(client, folder, clock)
    rig = _rig(folder, clock=Clock())
    try:
        client.post("/settings/box", data=_form(token, language="ja"))
        rig.later(1)
        assert "新しいゲーム" in rig.text
    finally:
        rig.close()


def test_a_bad_value_is_one_sentence_and_nothing_is_saved(client, folder, clock) -> None:
    token = pair(client, folder, clock)
    every_game = tuple(registry.discover())
    for form, words in ((_form(token, contrast="bright"), "whole number"),
                        (_form(token, contrast="300"), "from 0 to 255, not &#39;300&#39;"),
                        (_form(token, hide=every_game), "leave at least one"),
                        (_form(token, language="fr"), "not &#39;fr&#39;")):
        said = client.post("/settings/box", data=form)
        assert said.status_code == 400, form
        text = said.get_data(as_text=True)
        assert words in text and "Traceback" not in text
        assert not (folder / OVERRIDES).exists()


def test_a_change_needs_the_pairing_and_the_form_token(client, folder, clock) -> None:
    assert client.post("/settings/box", data=_form("x", language="ja")).status_code == 401
    pair(client, folder, clock)
    assert client.post("/settings/box", data=_form("wrong", language="ja")).status_code == 403
    assert not (folder / OVERRIDES).exists()


def test_a_hand_edited_bad_value_is_one_notice_and_the_box_keeps_its_own(folder) -> None:
    rig = _rig(folder)
    try:
        (folder / OVERRIDES).write_text("[display]\ncontrast = 999\n")
        rig.keys("down")
        assert "must be between 0" in rig.text and "999" in rig.text
        assert rig.app.config.display["contrast"] == 255
    finally:
        rig.close()
