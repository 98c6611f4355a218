"""Guards issue 36's config inputs: deeply nested TOML, ``state.dir = "~nosuchuser/x"``,
a NUL in ``state.dir``, an unreadable ``~/.config``, a FIFO or ``/dev/zero`` as
``--config``: one line, exit 2, no traceback, no hang. A damaged ``settings.toml`` (a
file the box writes itself) never stops the box: it is set aside with a notice and the
config file's settings are used."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import file as config_file
from companion.owner import cli

ROOT = Path(__file__).resolve().parents[2]


def one_line(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert cli.main(list(args)) == 2
    out, err = capsys.readouterr()
    assert not out and len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


def test_deeply_nested_toml_is_one_line(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    config = tmp_path / "config.toml"
    config.write_text("x = " + "[" * 100000 + "]" * 100000 + "\n")
    assert "is not valid TOML" in one_line(capsys, "--config", str(config), "roll", "d6")


@pytest.mark.parametrize("folder", ["~nosuchuser36/x", "/tmp/a\\u0000b"])
def test_a_state_dir_no_system_can_make_is_one_line(tmp_path: Path, capsys,  # noqa: ANN001
                                                   folder: str) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[state]\ndir = "{folder}"\n')
    assert "state.dir" in one_line(capsys, "--config", str(config), "roll", "d6")


def test_an_unreadable_config_folder_is_one_line(monkeypatch, capsys) -> None:  # noqa: ANN001
    def refused(self: Path) -> bool:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "is_file", refused)
    assert "cannot be read" in one_line(capsys, "roll", "d6")


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "/dev/urandom", "big"])
def test_a_config_that_is_not_a_plain_small_file_does_not_hang(tmp_path: Path,
                                                                kind: str) -> None:
    if kind == "fifo":
        path = tmp_path / "config.toml"
        os.mkfifo(path)
    elif kind == "big":
        path = tmp_path / "config.toml"
        path.write_text("# " + "x" * (config_file.MAX_CONFIG_BYTES + 10) + "\n")
    else:
        path = Path(kind)
    done = subprocess.run([sys.executable, "-m", "companion", "--config", str(path), "roll",
                           "d6"], capture_output=True, text=True, timeout=30, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr and str(path) in done.stderr


@pytest.mark.parametrize("text", ["language = \n", "[display]\ncontrast = 999\n",
                                  "a = " + "[" * 100000 + "]" * 100000 + "\n"])
def test_a_damaged_settings_file_is_set_aside_and_the_box_starts(
        tmp_path: Path, capsys, text: str) -> None:  # noqa: ANN001
    state = tmp_path / "state"
    state.mkdir()
    (state / "settings.toml").write_text(text)
    config = tmp_path / "config.toml"
    config.write_text(f'[state]\ndir = "{state}"\n[display]\ncontrast = 7\n')
    loaded = config_file.load(config)
    assert loaded.display["contrast"] == 7
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "settings.toml" in err and "kept as" in err, err
    kept = [p for p in state.iterdir() if p.name.startswith("settings.toml.damaged-")]
    assert [p.read_text() for p in kept] == [text] and not (state / "settings.toml").exists()
    assert cli.main(["--config", str(config), "roll", "d6"]) == 0  # and again: nothing to say
    assert capsys.readouterr().err == ""
