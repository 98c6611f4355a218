"""A log in a folder of its own and the phone page on it, through Flask's test client."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.core import i18n
from companion.log.store import Store
from companion.pairing import codes
from companion.web.site import create_app


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    store = Store.open(tmp_path / "companion.db")
    store.add_player("Ann")
    store.add_player("Ben")
    store.close()
    return tmp_path


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def client(folder: Path, clock: Clock):  # type: ignore[no-untyped-def]
    before = i18n.language()
    app = create_app(folder / "companion.db",
                     from_mapping({"state": {"dir": str(folder)}}), clock=clock)
    yield app.test_client()
    app.extensions["companion"].close()
    i18n.use(before)


def pair(client, folder: Path, clock: Clock) -> str:  # type: ignore[no-untyped-def]
    """Pair the test client; returns its CSRF token."""
    code = codes.new_code(folder, now=clock())
    assert client.get(f"/P/{code}").status_code == 303
    cookie = client.get_cookie("companion_phone").value
    return codes.csrf(folder, codes.paired(folder, cookie, now=clock()))
