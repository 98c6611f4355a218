"""Guards install-service's word on a box whose state folder is on memory (issue 42): the
service is installed, and before the last line the owner reads that its games would be
gone at every reboot, and where the README says what to do."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.owner import install
from tests.owner.test_install_i2c_clock import args, fake_root


def installed(places: install.Places, memory, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr("os.geteuid", lambda: 0)
    said: list[str] = []
    assert install.main(args("--preset", "breadboard"), places=places,
                        runner=lambda cmd, check: None, out=said.append,
                        group_exists=lambda g: True, user_exists=lambda u: True,
                        memory=memory) == 0
    return said


def test_the_overlay_is_named_before_the_last_line(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    places = fake_root(tmp_path)
    asked: list[Path] = []
    said = installed(places, lambda folder: asked.append(folder) or "overlay", monkeypatch)
    warning = [line for line in said if line.startswith("Warning:")]
    assert asked == [places.state] and len(warning) == 1
    assert "(overlay)" in warning[0] and "The log and the overlay file system" in warning[0]
    assert not said[-1].startswith("Warning:")  # the last line is still what to do next


def test_on_the_card_nothing_more_is_said(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    said = installed(fake_root(tmp_path), lambda folder: None, monkeypatch)
    assert not any(line.startswith("Warning:") for line in said)
