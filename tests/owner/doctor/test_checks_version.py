"""Guards ``companion doctor`` naming the version (issue 42): its last line before the
verdict is the version and the commit, what to name when asking for help."""

from __future__ import annotations

import pytest

from companion.config.file import from_mapping
from companion.owner.doctor.checks import main


def test_doctor_names_the_version_and_commit(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setattr("companion.version.describe", lambda: "0.1.0 (0123456789ab)")
    said: list[str] = []
    main(from_mapping({"state": {"dir": str(tmp_path)}}), out=said.append,
         model=tmp_path / "no-model")
    assert said[-2] == "info  version: 0.1.0 (0123456789ab)"
