"""Guards the Settings screen: a language or contrast change applies at once, is saved
to the config file the box runs from (comments kept) or, where that cannot be written,
to settings.toml in the state directory, survives a restart, and a game carries on."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.config import file as cfg
from companion.config import settings
from companion.testing import Rig


def box(tmp_path: Path, text: str) -> tuple[Path, cfg.Config]:
    path = tmp_path / "config.toml"
    path.write_text(text + f'\n[state]\ndir = "{tmp_path / "state"}"\n', encoding="utf-8")
    return path, cfg.load(path)


def settings_rig(config: cfg.Config, tmp_path: Path) -> Rig:
    rig = Rig(db=str(tmp_path / "companion.db"), config=config, players=("Ann", "Ben"))
    rig.app.keep_settings = True
    return rig


def open_settings(rig: Rig) -> None:
    rig.app.home()
    home = rig.app.top
    target = [label for label, _ in home.entries()].index(
        next(label for label, _ in home.entries() if label in ("Settings", "設定")))
    rig.keys(*["down"] * ((target - home.index) % len(home.items())), "ok")


def test_switching_language_mid_game_applies_at_once_and_survives_a_restart(
        tmp_path: Path) -> None:
    path, config = box(tmp_path, "# my box\n[display]\ndriver = \"dummy\"\n")
    rig = settings_rig(config, tmp_path)
    try:
        rig.open_game("dice_roller")
        rig.keys("roll", "roll")
        game_id, rolls = rig.app.session.game_id, rig.app.session.state.rolls
        open_settings(rig)
        assert "Language: English" in rig.text
        rig.keys("right")                                  # English → 日本語
        assert "言語: 日本語" in rig.text and "設定" in rig.text
        rig.keys("back")
        assert "ダイスへ" in rig.text  # one phrase for a waiting game (issues 35, 44)
        rig.keys("ok", "roll")                             # back to the game: it carries on
        assert rig.app.session.game_id == game_id
        assert rig.app.session.state.rolls[:2] == rolls and len(rig.app.session.state.rolls) == 3
    finally:
        rig.close()
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# my box\n") and 'language = "ja"' in text
    assert text.index("language") < text.index("[display]")  # a top-level key, before tables
    again = settings_rig(cfg.load(path), tmp_path)
    try:
        assert again.app.language() == "ja"
        assert again.app.session is not None and again.app.session.game_id == game_id
    finally:
        again.close()


def test_a_read_only_config_file_sends_the_change_to_the_state_dir(tmp_path: Path) -> None:
    path, config = box(tmp_path, "[display]\ndriver = \"dummy\"\ncontrast = 128\n")
    os.chmod(path, 0o444)
    os.chmod(tmp_path, 0o555)  # not even a temporary file beside it
    try:
        if os.access(path, os.W_OK):
            pytest.skip("running as a user who can write anything (root)")
        rig = settings_rig(config, tmp_path)
        try:
            open_settings(rig)
            rig.keys("down", "right")                      # contrast one step up
        finally:
            rig.close()
    finally:
        os.chmod(tmp_path, 0o755)
    saved = tmp_path / "state" / "settings.toml"
    assert saved.is_file() and "contrast = 143" in saved.read_text()
    assert cfg.load(path).display["contrast"] == 143


def test_saving_falls_back_to_the_state_dir_when_the_file_cannot_be_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, config = box(tmp_path, "[display]\ndriver = \"dummy\"\n")

    def refuse(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    real = settings._write_toml
    monkeypatch.setattr(settings, "_write_toml",
                        lambda p, k, v: refuse() if Path(p) == path else real(p, k, v))
    where = settings.save(path, config.state_dir(), "language", "ja")
    assert where == config.state_dir() / "settings.toml"
    assert cfg.load(path).language == "ja"
    assert "language" not in path.read_text()


def test_contrast_reaches_the_display(tmp_path: Path) -> None:
    _, config = box(tmp_path, "[display]\ndriver = \"dummy\"\n")
    rig = settings_rig(config, tmp_path)
    seen: list[int] = []
    rig.app.display.contrast = seen.append
    try:
        open_settings(rig)
        rig.keys("down", "left", "left")
        assert seen == [239, 207] and rig.app.config.display["contrast"] == 207
        assert "Contrast: 7/9" in rig.text
    finally:
        rig.close()
