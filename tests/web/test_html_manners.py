"""The page's manners (issue 44): a refusal keeps the menu and says what to do next; what
only a script or a download fetches is refused to an unpaired phone with 401, not a
200; an expired pairing code says it expired; Settings says "Saved" and refuses an
out-of-range contrast in its own words, with the range."""

from __future__ import annotations

from pathlib import Path

from companion.pairing import codes
from tests.web.conftest import pair


def test_an_unpaired_fetch_or_download_is_refused_with_its_status(client, folder: Path) -> None:  # type: ignore[no-untyped-def]
    for path in ("/tonight/now", "/history/download?range=all&fmt=json",
                 "/history/download?range=all&fmt=bgsplay"):
        page = client.get(path)
        assert page.status_code == 401, path
        text = page.get_data(as_text=True)
        assert "scan the code" in text and "Ann" not in text
    assert client.get("/").status_code == 200  # a person's page says how to pair


def test_refusals_keep_the_menu(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    token = pair(client, folder, clock)
    for page in (client.get("/no-such-page"),
                 client.post("/players/add", data={"name": "ann", "csrf": token}),
                 client.post("/players/add", data={"name": "Cleo", "csrf": "stale"})):
        assert page.status_code >= 400
        text = page.get_data(as_text=True)
        assert '<nav><a href="/"' in text and 'href="/players"' in text, text
        assert "choose a page from the menu" in text


def test_an_expired_code_says_it_expired(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    code = codes.new_code(folder, now=clock())
    clock.now += codes.CODE_LIFE + 1
    page = client.get(f"/P/{code}")
    text = page.get_data(as_text=True)
    assert page.status_code == 403 and "expired" in text and "used up" not in text
    assert "new one" in text
    wrong = client.get("/P/ZZZZZZZZ").get_data(as_text=True)
    assert "expired" not in wrong


def test_settings_say_saved_and_refuse_a_contrast_out_of_range(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    token = pair(client, folder, clock)
    form = {"csrf": token, "language": "en", "contrast": "300", "shown": ["genial"]}
    refused = client.post("/settings/box", data=form)
    text = refused.get_data(as_text=True)
    assert refused.status_code == 400 and "from 0 to 255" in text
    assert "display.contrast" not in text and '<nav><a href="/"' in text
    saved = client.post("/settings/box", data={**form, "contrast": "120"})
    assert saved.status_code == 303
    page = client.get(saved.headers["Location"]).get_data(as_text=True)
    assert "Saved." in page
    assert "Saved." not in client.get("/settings").get_data(as_text=True)
