"""Guards what a problem with the box's saved settings is blamed on: a state folder that
is a file is named as the state folder (not as settings.toml), a bad value in
settings.toml names that file (not only the key, which sends the owner to the config
file), and each message is a translatable template."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import settings
from companion.owner import cli


def said(capsys: pytest.CaptureFixture[str], config: Path) -> str:
    assert cli.main(["--config", str(config), "roll", "d6"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    return err.strip()


def config_with_state(tmp_path: Path, folder: Path) -> Path:
    (tmp_path / "config.toml").write_text(f'[state]\ndir = "{folder}"\n')
    return tmp_path / "config.toml"


def test_a_state_folder_that_is_a_file_is_named_as_such(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    (tmp_path / "afile").write_text("mine")
    err = said(capsys, config_with_state(tmp_path, tmp_path / "afile"))
    assert err == (f"companion: the state folder {tmp_path / 'afile'} is a file; set [state] "
                   "dir to a folder (the log and the settings changed on the box are kept "
                   "there).")
    assert (tmp_path / "afile").read_text() == "mine"


def test_a_state_folder_under_a_file_names_the_file(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    (tmp_path / "afile").write_text("mine")
    err = said(capsys, config_with_state(tmp_path, tmp_path / "afile" / "state"))
    assert err.startswith(f"companion: the state folder {tmp_path / 'afile' / 'state'} cannot "
                          f"be made: {tmp_path / 'afile'} is a file; set [state] dir")


def test_a_bad_value_saved_on_the_box_names_its_file(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    """Named in the notice; the file is set aside and the box starts (issue 36)."""
    (tmp_path / "state").mkdir()
    (tmp_path / "state" / "settings.toml").write_text("[display]\ncontrast = 999\n")
    assert cli.main(["--config", str(config_with_state(tmp_path, tmp_path / "state")), "roll",
                     "d6"]) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"companion: {tmp_path / 'state' / 'settings.toml'} (the settings "
                          "changed on the box): display.contrast: must be between 0 and 255, "
                          "not 999. Change it on the box, or fix or delete that file. The "
                          "settings changed on the box are not used (kept as settings.toml."
                          "damaged-"), err


def test_an_unreadable_settings_file_is_a_translatable_sentence(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    (tmp_path / "settings.toml").write_text("language = \n")
    assert settings.overrides(tmp_path) == {}
    err = capsys.readouterr().err
    assert err.startswith(f"companion: {tmp_path / 'settings.toml'} cannot be read (Invalid "
                          "value (at line 1, column 12)); fix or delete it. The settings "
                          "changed on the box are not used"), err
