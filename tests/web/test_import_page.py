"""Issue 44's done-when on the phone: the same generated two-year BG Stats export comes in
through the page (preview, then "Import them" with long names shortened and Frank left
out) and through ``companion import`` into another log: the same roster, the same plays;
``companion stats --json`` on the page's log counts what the test counts from the
generated data; reading the file again shows nothing new. Before, the page brought the
players only (Ann's card said 2 plays where BG Stats had 225)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from benchmarks.group_export import group_export
from companion.config.file import from_mapping
from companion.log.store import Store
from companion.pairing import codes
from companion.records.plays import plays
from companion.web.site import create_app
from tests.owner.test_import_command import box_log, expected_counts, run, stats_counts
from tests.web.conftest import Clock


@pytest.fixture
def page(tmp_path: Path):  # type: ignore[no-untyped-def]
    folder = tmp_path / "page"
    folder.mkdir()
    box_log(folder / "companion.db")
    clock = Clock()
    app = create_app(folder / "companion.db", from_mapping({"state": {"dir": str(folder)}}),
                     clock=clock)
    client = app.test_client()
    code = codes.new_code(folder, now=clock())
    assert client.get(f"/P/{code}").status_code == 303
    cookie = client.get_cookie("companion_phone").value
    token = codes.csrf(folder, codes.paired(folder, cookie, now=clock()))
    yield client, token, folder / "companion.db"
    app.extensions["companion"].close()


def _upload(client, token: str, data: bytes):  # type: ignore[no-untyped-def]
    return client.post("/players/import", data={
        "csrf": token, "file": (io.BytesIO(data), "BGStatsExport.json")},
        content_type="multipart/form-data")


def _seen(db: Path) -> tuple[dict[str, str], list[tuple]]:
    store = Store.open_existing(db)
    try:
        people = {p.name: p.uuid for p in store.players(hidden=True)}
        rows = [(r.game, r.started, r.finished, tuple(r.players), sorted(r.scores.items()),
                 tuple(r.winners), r.start_player, r.imported, r.game_uuid)
                for r in plays(store)]
    finally:
        store.close()
    return people, rows


def test_the_page_and_the_command_line_bring_in_the_same_history(
        page, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:  # type: ignore[no-untyped-def]
    client, token, page_db = page
    export = group_export()
    data = json.dumps(export.data, ensure_ascii=False).encode()
    shown = _upload(client, token, data)
    text = shown.get_data(as_text=True)
    assert shown.status_code == 200
    assert "410 plays would be added, 0 already on the box." in text
    assert "2 games are the box&#39;s own: Genial as Genial Spezial, Brikks." in text
    assert "Chloe takes" in text and "as Chloé in BG Stats: a name alike" in text
    assert 'name="someone_else" value="Chloé"' in text and 'name="shorten"' in text
    assert "Sebastian Müller is left out" in text and "Sebastian M." in text
    assert _seen(page_db)[1][0][7] is False and len(_seen(page_db)[1]) == 1  # shown, not done
    done = client.post("/players/import/confirm", data={
        "csrf": token, "shorten": "1", "leave_out": ["Frank"]})
    assert done.status_code == 303

    cli_db = tmp_path / "companion.db"
    path = tmp_path / "BGStatsExport.json"
    path.write_bytes(data)
    box_log(cli_db)
    assert run(tmp_path, capsys, "import", str(path), "--shorten", "--leave-out", "Frank",
               "--db", str(cli_db))[0] == 0
    on_page, on_cli = _seen(page_db), _seen(cli_db)
    assert on_page == on_cli
    assert len(on_page[1]) == 411 and sum(1 for r in on_page[1] if r[7]) == 410
    assert stats_counts(tmp_path, capsys, page_db) == expected_counts(export)

    again = _upload(client, token, data).get_data(as_text=True)
    assert "0 plays would be added, 410 already on the box." in again
    assert client.post("/players/import/confirm", data={
        "csrf": token, "shorten": "1", "leave_out": ["Frank"]}).status_code == 303
    assert _seen(page_db) == on_cli


def test_a_bad_play_on_the_page_is_one_sentence_and_changes_nothing(page) -> None:  # type: ignore[no-untyped-def]
    client, token, db = page
    export = group_export(5)
    del export.data["plays"][2]["playDate"]
    shown = _upload(client, token, json.dumps(export.data).encode())
    text = shown.get_data(as_text=True)
    assert shown.status_code == 400 and text.count("<p class=said>") == 1
    assert "play 3 in the file has no date as BG Stats writes one" in text
    assert client.post("/players/import/confirm", data={"csrf": token}).status_code == 400
    assert len(_seen(db)[1]) == 1


def test_in_a_real_browser_the_import_gives_what_the_command_line_gives(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """The same in chromium at a phone's 390 px, the choices ticked as a person would;
    with COMPANION_WEB_SHOTS set, the preview is saved in English and Japanese."""
    import threading

    from tests.web import test_site_browser as real

    waitress = pytest.importorskip("waitress")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    folder = tmp_path / "page"
    folder.mkdir()
    box_log(folder / "companion.db")
    app = create_app(folder / "companion.db", from_mapping({"state": {"dir": str(folder)}}))
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=4)
    base = f"http://127.0.0.1:{server.socket.getsockname()[1]}"
    threading.Thread(target=server.run, daemon=True).start()
    export = group_export()
    path = tmp_path / "BGStatsExport.json"
    path.write_text(json.dumps(export.data, ensure_ascii=False), encoding="utf-8")
    phone = real.browser(tmp_path / "downloads")
    try:
        phone.get(base + f"/P/{codes.new_code(folder)}")
        wait = WebDriverWait(phone, 10, poll_frequency=0.05)
        for lang in ("ja", "en"):  # English last: the import itself runs in English
            phone.get(base + f"/players?lang={lang}")
            upload = phone.find_element(By.NAME, "file")
            upload.send_keys(str(path))
            upload.submit()
            wait.until(lambda d: "410" in real.text_of(d))
            real.shoot(phone, f"players_import_preview_{lang}")
            phone.execute_script("document.querySelector('p.plays').scrollIntoView(); "
                                 "window.scrollBy(0, -140)")
            real.shoot(phone, f"players_import_plays_{lang}")
        phone.find_element(By.CSS_SELECTOR, "input[name='shorten']").click()
        phone.find_element(By.CSS_SELECTOR, "input[name='leave_out'][value='Frank']").click()
        phone.find_element(By.CSS_SELECTOR, "form[action='/players/import/confirm'] button"
                           ).click()
        wait.until(lambda d: d.current_url == base + "/players")
        real.shoot(phone, "players_after_import_en")
    finally:
        phone.quit()
        server.close()
        app.extensions["companion"].close()
    cli_db = tmp_path / "companion.db"
    box_log(cli_db)
    assert run(tmp_path, capsys, "import", str(path), "--shorten", "--leave-out", "Frank",
               "--db", str(cli_db))[0] == 0
    assert _seen(folder / "companion.db") == _seen(cli_db)
    assert stats_counts(tmp_path, capsys, folder / "companion.db") == expected_counts(export)


def test_the_phones_player_cards_count_the_imported_plays(page) -> None:  # type: ignore[no-untyped-def]
    client, token, _db = page
    export = group_export()
    assert "Ann" in client.get("/players").get_data(as_text=True)  # counted before: 1 play
    _upload(client, token, json.dumps(export.data, ensure_ascii=False).encode())
    assert client.post("/players/import/confirm", data={
        "csrf": token, "shorten": "1"}).status_code == 303
    text = client.get("/players").get_data(as_text=True)
    assert f"{export.plays['Ann'] + 1} plays, {export.wins['Ann'] + 1} wins" in text


def test_the_stats_page_counts_the_groups_history_as_counted_here(page) -> None:  # type: ignore[no-untyped-def]
    """Issue 44's done-when: after the page's import, the phone's Stats page gives each
    person the plays and wins counted here from the generated file (and the box's own
    Genial), not with the box's counting."""
    import html
    import re

    client, token, _db = page
    export = group_export()
    _upload(client, token, json.dumps(export.data, ensure_ascii=False).encode())
    assert client.post("/players/import/confirm", data={
        "csrf": token, "shorten": "1", "leave_out": ["Frank"]}).status_code == 303
    text = client.get("/stats").get_data(as_text=True)
    shown = {html.unescape(name): (int(plays), int(wins)) for name, plays, wins in re.findall(
        r'<tr><td><a href="/stats/player/[^"]+">([^<]+)</a></td><td>(\d+)</td><td>(\d+)</td>',
        text)}
    assert shown == expected_counts(export)
