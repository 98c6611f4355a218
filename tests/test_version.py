"""Guards the version you can name (issue 42): ``companion --version`` prints the version
and the commit; the commit comes from ``_commit.txt`` (written at build time, since a box
installed by install-service has no ``.git``), else from git in a clone; the build step
writes that file into the wheel.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from companion import version
from companion.owner import cli

ROOT = Path(__file__).resolve().parents[1]


def test_companion_version_prints_the_version_and_the_commit(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(version, "version", lambda: "0.1.0")
    monkeypatch.setattr(version, "commit", lambda: "0123456789abcdef0123")
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == "companion 0.1.0 (0123456789ab)\n"


def test_the_commit_file_wins_and_a_clone_asks_git(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "companion"
    package.mkdir()
    monkeypatch.setattr(version, "HERE", package)
    monkeypatch.setattr(version, "COMMIT_FILE", package / "_commit.txt")
    version.commit.cache_clear()
    try:
        assert version.commit() is None  # not a clone, no file
        subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
        (package / "a.py").write_text("")
        subprocess.run(["git", "-C", str(tmp_path), "add", "-A"], check=True)
        subprocess.run(["git", "-C", str(tmp_path), "-c", "user.name=t", "-c",
                        "user.email=t@invalid", "commit", "-qm", "one"], check=True)
        head = subprocess.run(["git", "-C", str(tmp_path), "rev-parse", "HEAD"], check=True,
                              capture_output=True, text=True).stdout.strip()
        version.commit.cache_clear()
        assert version.commit() == head
        (package / "a.py").write_text("changed")
        assert version.git_commit(tmp_path) == head + "+"
        assert version.text("0.1.0", head + "+").endswith("+)")
        (package / "_commit.txt").write_text("f" * 40 + "\n")
        version.commit.cache_clear()
        assert version.commit() == "f" * 40
    finally:
        version.commit.cache_clear()


def test_the_build_step_notes_the_commit_given_or_the_clones(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("build_hooks", ROOT / "_build_hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    sys.modules["build_hooks"] = hooks
    spec.loader.exec_module(hooks)
    source, target = tmp_path / "copy" / "companion", tmp_path / "wheel" / "companion"
    source.mkdir(parents=True)
    hooks.note_commit(source, target)  # a copy without .git and no note: nothing
    assert not (target / "_commit.txt").exists()
    (source / "_commit.txt").write_text("a" * 40 + "\n")  # install-service's note
    hooks.note_commit(source, target)
    assert (target / "_commit.txt").read_text() == "a" * 40 + "\n"


def test_root_reads_the_commit_of_a_clone_it_does_not_own(tmp_path: Path) -> None:
    """install-service runs as root (sudo) in the maker's clone: git refuses a repository
    another user owns ("dubious ownership") unless told it is safe."""
    import os

    if os.geteuid() != 0:
        pytest.skip("needs root to hand the clone to another user")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "-c", "user.name=t", "-c",
                    "user.email=t@invalid", "commit", "-q", "--allow-empty", "-m", "one"],
                   check=True)
    for path in [tmp_path, *tmp_path.rglob("*")]:
        os.lchown(path, 1000, 1000)  # pi's
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SUDO_", "GIT_"))}
    plain = subprocess.run(["git", "-C", str(tmp_path), "rev-parse", "HEAD"], env=env,
                           capture_output=True, text=True)
    assert plain.returncode != 0 and "dubious ownership" in plain.stderr  # what we work around
    assert version.git_commit(tmp_path) is not None
