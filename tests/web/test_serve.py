"""``companion web`` as a maker runs it: it serves the page, ``--pair-url`` prints an
address that pairs, ``--forget-phones`` unpairs, and a mistake is one line with exit 2."""

from __future__ import annotations

import http.cookiejar
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

from companion.log.store import Store
from tests.web.serving import start


def companion(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "web", "--db", str(db), *args],
                          capture_output=True, text=True, timeout=60)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_command_serves_pairs_and_forgets(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    store = Store.open(db)
    store.add_player("Ann")
    store.close()
    port = free_port()
    server, base = start(db, port, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert (tmp_path / "web-port").read_text().split() == [str(port), "127.0.0.1"]
        url = companion("--pair-url", db=db).stdout.strip()
        # the address the page listens on (--host 127.0.0.1), not the box's on the network
        assert url.startswith(f"HTTP://127.0.0.1:{port}/P/")
        phone = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        phone.open(base + "/P/" + url.rsplit("/", 1)[1])
        assert "Ann" in phone.open(base + "/players").read().decode()
        done = companion("--forget-phones", db=db)
        assert done.returncode == 0 and "pair again" in done.stdout
        assert "Ann" not in phone.open(base + "/players").read().decode()
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert "Traceback" not in server.stderr.read()


def test_a_port_out_of_range_is_one_line(tmp_path: Path) -> None:
    done = companion("--port", "70000", db=tmp_path / "companion.db")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "1 to 65535" in done.stderr


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = companion("--host", "127.0.0.1", "--port", str(port), db=tmp_path / "c.db")
    assert done.returncode == 2 and "cannot listen" in done.stderr
    assert done.stdout == "" and done.stderr.count("\n") == 1, (done.stdout, done.stderr)
    assert not (tmp_path / "web-port").exists()


def test_a_db_that_is_not_a_log_is_one_sentence_and_nothing_is_written(
        tmp_path: Path) -> None:
    """``--db /dev/null`` wrote /dev/web-pairing.json, and a missing folder was made
    (issue 43): a --db whose folder is missing, or that is not a log, is one sentence
    with exit 2, and nothing is written anywhere."""
    text = tmp_path / "notes.txt"
    text.write_text("not a log\n")
    for db, said in ((Path("/dev/null"), "not a log file"), (tmp_path, "not a log file"),
                     (text, "not a log file"),
                     (tmp_path / "no" / "such" / "companion.db", "does not exist")):
        for args in (["--pair-url"], ["--forget-phones"], ["--port", "1"]):
            done = companion(*args, db=db)
            assert done.returncode == 2 and done.stdout == "", (db, args, done.stdout)
            assert said in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert not (tmp_path / "no").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    assert not Path("/dev/web-pairing.json").exists()


def test_a_body_over_the_limit_gets_the_too_big_page(folder: Path) -> None:
    """A body over the upload limit got a connection reset (issue 43): through the
    server ``companion web`` runs, it gets the "too big" page with 413."""
    import http.client
    import threading

    from companion.config.file import from_mapping
    from companion.pairing import codes
    from companion.web import serve
    from companion.web.app import MAX_BODY
    from companion.web.site import create_app

    app = create_app(folder / "companion.db", from_mapping({"state": {"dir": str(folder)}}))
    server = serve.make_server(app, listen="127.0.0.1:0")
    threading.Thread(target=server.run, daemon=True).start()
    try:
        port = server.effective_port
        cookie = "companion_phone=" + codes.sign(folder, "phone-1")
        body = b"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"g.json\"" \
               b"\r\n\r\n" + b" " * (MAX_BODY + 512 * 1024) + b"\r\n--b--\r\n"
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("POST", "/players/import", body=body, headers={
            "Host": f"127.0.0.1:{port}", "Cookie": cookie,
            "Content-Type": "multipart/form-data; boundary=b"})
        answer = conn.getresponse()
        text = answer.read().decode()
        assert answer.status == 413 and "too big for the box" in text
        assert text.count("<p class=said>") == 1
    finally:
        server.close()
        server.task_dispatcher.shutdown()
        app.extensions["companion"].close()
