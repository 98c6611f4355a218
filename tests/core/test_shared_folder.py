"""Guards the files the box and the phone page share (issue 43): in a state folder whose
group may read and write it (the service's, 0770), the log SQLite made ``0640`` and the
settings file ``tempfile`` made ``0600`` get the group's read and write, so the page's own
user (in the box's group) can use them; anywhere else nothing changes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.app.runtime import open_store
from companion.config import settings
from companion.config.file import from_mapping
from companion.core.shared_folder import share


@pytest.fixture(autouse=True)
def umask():  # type: ignore[no-untyped-def]
    before = os.umask(0o007)  # the units' UMask=
    yield
    os.umask(before)


def mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def test_the_log_in_a_shared_folder_is_the_groups_to_write(tmp_path: Path) -> None:
    tmp_path.chmod(0o770)
    store = open_store(from_mapping({"state": {"dir": str(tmp_path)}}))
    try:
        log = Path(store.path)
        assert mode(log) & 0o060 == 0o060
    finally:
        store.close()


def test_a_folder_of_ones_own_stays_private(tmp_path: Path) -> None:
    tmp_path.chmod(0o700)
    (tmp_path / "x").write_text("")
    (tmp_path / "x").chmod(0o600)
    share(tmp_path / "x")
    assert mode(tmp_path / "x") == 0o600


def test_settings_written_in_a_shared_folder_are_the_groups_too(tmp_path: Path) -> None:
    tmp_path.chmod(0o770)
    written = settings.save(None, tmp_path, "language", "ja")
    assert mode(written) == 0o660


def test_the_pairing_file_in_a_shared_folder_is_the_groups_too(tmp_path: Path) -> None:
    from companion.pairing import codes as pairing

    tmp_path.chmod(0o770)
    pairing.new_code(tmp_path, now=1_800_000_000.0)  # the box's Phone screen writes it
    assert mode(tmp_path / pairing.CODE_FILE) & 0o060 == 0o060  # the page reads it
