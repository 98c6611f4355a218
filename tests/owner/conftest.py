"""The install tests' box: a clone to install from and an empty root where systemd runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.owner.install import Places
from tests.owner.test_system_steps import FakeSystem, install_box


@pytest.fixture
def box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Places, Path, FakeSystem]:
    return install_box(tmp_path, monkeypatch, FakeSystem())
