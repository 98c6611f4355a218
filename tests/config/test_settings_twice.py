"""Guards that a setting changed on the box a second time is saved again: a file that
already holds the top-level key (language) took the new value (once a StopIteration
in tomlkit's key lookup, "Sorry, that screen went wrong", and the change lost)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import file as cfg
from companion.testing import Rig


def open_settings(rig: Rig) -> None:
    home = rig.app.top
    labels = [label for label, _ in home.entries()]
    target = labels.index("Settings")
    rig.keys(*["down"] * ((target - home.index) % len(home.items())), "ok")


@pytest.mark.parametrize("first", ["", 'language = "en"\n'])
def test_the_language_changes_back_and_forth_and_each_change_is_kept(
        tmp_path: Path, first: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(f'{first}[display]\ndriver = "dummy"\n[state]\ndir = "{tmp_path}"\n',
                    encoding="utf-8")
    rig = Rig(db=str(tmp_path / "companion.db"), config=cfg.load(path))
    rig.app.keep_settings = True
    try:
        open_settings(rig)
        rig.keys("right")                                   # English → 日本語
        assert "言語: 日本語" in rig.text
        rig.keys("right")                                   # 日本語 → English
        assert "Language: English" in rig.text
        rig.keys("right")
        assert "言語: 日本語" in rig.text
    finally:
        rig.close()
    assert cfg.load(path).language == "ja"
    assert path.read_text(encoding="utf-8").count("language =") == 1
