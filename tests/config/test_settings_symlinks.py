"""Guards a Settings change on the box when the owner keeps the config file or
settings.toml as a symlink (to a dotfiles checkout, say): the change is written to the
file the link points to, and the link stays a link."""

from __future__ import annotations

from pathlib import Path

from companion.config import file as cfg
from companion.testing import Rig


def change_language_on_the_box(config: cfg.Config, tmp_path: Path) -> None:
    rig = Rig(db=str(tmp_path / "companion.db"), config=config)
    rig.app.keep_settings = True
    try:
        home = rig.app.top
        labels = [label for label, _ in home.entries()]
        rig.keys(*["down"] * ((labels.index("Settings") - home.index) % len(labels)), "ok")
        assert "Language: English" in rig.text
        rig.keys("right")                                   # English → 日本語
    finally:
        rig.close()


def test_a_symlinked_config_file_is_written_through(tmp_path: Path) -> None:
    (tmp_path / "dotfiles").mkdir()
    real = tmp_path / "dotfiles" / "companion.toml"
    real.write_text(f'# mine\n[display]\ndriver = "dummy"\n[state]\ndir = "{tmp_path}/s"\n')
    link = tmp_path / "config.toml"
    link.symlink_to(real)
    change_language_on_the_box(cfg.load(link), tmp_path)
    assert link.is_symlink() and link.resolve() == real
    assert real.read_text().startswith('# mine\nlanguage = "ja"\n')
    assert cfg.load(link).language == "ja"


def test_a_symlinked_settings_file_is_written_through(tmp_path: Path) -> None:
    (tmp_path / "s").mkdir()
    (tmp_path / "dotfiles").mkdir()
    real = tmp_path / "dotfiles" / "settings.toml"
    real.write_text("# kept by me\n[display]\ncontrast = 100\n")
    (tmp_path / "s" / "settings.toml").symlink_to(real)
    path = tmp_path / "config.toml"
    path.write_text(f'[display]\ndriver = "dummy"\n[state]\ndir = "{tmp_path}/s"\n')
    change_language_on_the_box(cfg.load(path), tmp_path)
    assert (tmp_path / "s" / "settings.toml").is_symlink()
    assert real.read_text().startswith("# kept by me\n") and 'language = "ja"' in real.read_text()
    assert "language" not in path.read_text()
    assert cfg.load(path).language == "ja" and cfg.load(path).display["contrast"] == 100
