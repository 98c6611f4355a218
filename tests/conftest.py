"""Shared fixtures: a whole app on mock pins (``rig``), golden-image comparison."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from companion.core import i18n
from companion.log import opening
from companion.testing import Rig

GOLDEN = Path(__file__).parent / "golden"

# The box speaks the user's locale's language when the config names none: the tests
# speak English unless they say otherwise, whatever the machine's locale is.
for _name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"


def pytest_configure(config: pytest.Config) -> None:
    """``COMPANION_TEST_CLOCK="2027-01-01T00:05 Pacific/Kiritimati"`` runs the whole suite
    on that day, at that time (the clock ticks on from there), in that zone: the suite
    must pass on any date, in any zone (``make test-clocks``; tools/moved_clocks.py)."""
    moved = os.environ.get("COMPANION_TEST_CLOCK")
    if moved:
        from tests.moved_clock import travel

        config.add_cleanup(travel(moved))


def pytest_report_header(config: pytest.Config) -> str | None:
    moved = os.environ.get("COMPANION_TEST_CLOCK")
    return f"moved clock: {moved}" if moved else None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-goldens", action="store_true",
                     help="rewrite tests/golden/*.png from the current renderer")


@pytest.fixture
def rig(tmp_path: Path, request: pytest.FixtureRequest):
    """The app on mock pins and a dummy display, with its log in a temporary file; a test
    module's ``ROSTER`` (names) is put on the roster first, so setups offer those seats."""
    r = Rig(db=str(tmp_path / "companion.db"), players=getattr(request.module, "ROSTER", ()))
    yield r
    r.close()


@pytest.fixture
def japanese():
    """The box speaks Japanese for the test, English again after it."""
    i18n.use("ja")
    yield
    i18n.use("en")


@pytest.fixture
def full_card(monkeypatch: pytest.MonkeyPatch):
    """``full_card()``: from then on, opening a log's file fails as on a full card (a log
    in memory still opens)."""
    real = opening._migrate

    def full(conn: sqlite3.Connection) -> int:
        if conn.execute("PRAGMA database_list").fetchone()[2]:  # the file, not memory
            raise sqlite3.OperationalError("database or disk is full")
        return real(conn)

    return lambda: monkeypatch.setattr(opening, "_migrate", full)


@pytest.fixture
def golden(request: pytest.FixtureRequest):
    """``golden("name", image)`` compares with tests/golden/name.png (or rewrites it)."""
    update = request.config.getoption("--update-goldens")

    def check(name: str, image: Image.Image) -> None:
        path = GOLDEN / f"{name}.png"
        frame = image.convert("1")
        if update:
            path.parent.mkdir(exist_ok=True)
            frame.save(path)
            return
        assert path.exists(), f"no golden {path.name}; run pytest --update-goldens"
        expected = Image.open(path).convert("1")
        diff = ImageChops.difference(frame.convert("L"), expected.convert("L")).getbbox()
        assert diff is None, f"{name}: pixels differ inside {diff} (see --update-goldens)"

    return check


@pytest.fixture(autouse=True)
def _english_again():
    """A test that switched the box to Japanese leaves the next one in English."""
    yield
    from companion.core import i18n

    i18n.use("en")


@pytest.fixture(autouse=True)
def _no_system_bus(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory):
    """No test reaches the machine's NetworkManager (a walk pressing UP on Phone would
    start the box's Wi-Fi on a developer's laptop): the system bus is a socket that is
    not there, unless a test puts a private bus with a mocked NetworkManager in its place
    (tests/network/nm_mock.py)."""
    gone = tmp_path_factory.getbasetemp() / "no-system-bus"
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", f"unix:path={gone}")
    # a test run started by systemd (a CI unit) is still not the box's service
    monkeypatch.delenv("INVOCATION_ID", raising=False)
