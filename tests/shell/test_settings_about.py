"""Guards the box's Settings screen naming its version (issue 42): an About row with the
version and the commit it was built from, whole on the 128×64 panel in English and
Japanese, and LEFT/RIGHT on it change nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.core.i18n import _
from companion.shell.home import HomeScreen
from companion.shell.settings import SettingsScreen
from companion.testing import Rig


def settings(rig: Rig) -> None:
    rig.app.home()
    home = rig.app.top
    assert isinstance(home, HomeScreen)
    rig.keys(*["down"] * ((home.items().index(_("Settings")) - home.index)
                          % len(home.items())), "ok")
    assert isinstance(rig.app.top, SettingsScreen)


@pytest.mark.parametrize(("language", "about"), [("en", "About: 0.1.0 0123456"),
                                                 ("ja", "情報: 0.1.0 0123456")])
def test_the_about_row_names_the_version_and_commit_and_fits(
        language: str, about: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("companion.version.version", lambda: "0.1.0")
    monkeypatch.setattr("companion.version.commit", lambda: "0123456789abcdef" * 2)
    rig = Rig(config=from_mapping({"display": {"driver": "dummy"}, "language": language}))
    try:
        settings(rig)
        rig.keys("down", "down")  # the About row
        assert about in rig.app.texts, rig.app.texts
        assert rig.faults() == []  # nothing cut or past the edge
        rig.frame.resize((512, 256)).save(tmp_path / f"settings-{language}.png")
        before = (rig.config.language, rig.config.display["contrast"])
        rig.keys("right", "left", "ok")
        assert (rig.config.language, rig.config.display["contrast"]) == before
        assert about in rig.app.texts
    finally:
        rig.close()
