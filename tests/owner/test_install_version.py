"""Guards the version you can name on update (issue 42): every commit was 0.1.0, and
``--update`` said "Updated" without naming what from and to — even when ``git pull`` had
failed — and ``--update --dry-run`` said "Dry run: nothing was changed." then "Updated: …".
Now install-service notes the clone's commit in the build copy (which has no ``.git``), and
``--update`` names both versions, says when nothing is new, and a dry run says "Would".
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from companion.owner import install
from companion.owner.install import Places
from tests.owner.test_system_steps import FakeSystem, companion

GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@invalid", "-c", "commit.gpgsign=false"]


def commit_all(src: Path, message: str) -> str:
    subprocess.run([*GIT, "-C", str(src), "add", "-A"], check=True)
    subprocess.run([*GIT, "-C", str(src), "commit", "-qm", message], check=True)
    return subprocess.run(["git", "-C", str(src), "rev-parse", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()


def site(places: Places) -> Path:
    return places.at("/opt/companion/venv/lib/python3.11/site-packages/companion")


def test_update_names_both_commits_and_a_dry_run_says_would(
        box: tuple[Places, Path, FakeSystem], monkeypatch: pytest.MonkeyPatch) -> None:
    places, src, system = box
    subprocess.run(["git", "init", "-q", str(src)], check=True)
    first = commit_all(src, "one")
    companion(places, system, monkeypatch=monkeypatch)
    assert (site(places) / "_commit.txt").read_text() == first + "\n"
    assert install.installed_version(places.at("/opt/companion/venv")) == f"0.1.0 ({first[:12]})"

    (src / "companion" / "new.py").write_text("")
    second = commit_all(src, "two")  # git pull brought it
    dry = companion(places, system, "--update", "--dry-run", monkeypatch=monkeypatch)
    assert not any(line.startswith("Updated") for line in dry)
    assert dry[-2:] == ["Dry run: nothing was changed.",
                        f"Would update from 0.1.0 ({first[:12]}) to 0.1.0 ({second[:12]})."]
    said = companion(places, system, "--update", monkeypatch=monkeypatch)
    assert said[-1] == (f"Updated from 0.1.0 ({first[:12]}) to 0.1.0 ({second[:12]}): config "
                        "and log kept as they were.")
    assert (site(places) / "_commit.txt").read_text() == second + "\n"

    again = companion(places, system, "--update", monkeypatch=monkeypatch)  # git pull failed
    assert again[-1].startswith(f"Nothing new: the clone is still at 0.1.0 ({second[:12]}), "
                                "as installed (did `git pull` fail?")
    assert not any(line.startswith("Updated") for line in again)


def test_a_clone_stuck_in_a_merge_is_refused_before_anything(
        box: tuple[Places, Path, FakeSystem], monkeypatch: pytest.MonkeyPatch) -> None:
    places, src, system = box
    subprocess.run(["git", "init", "-q", str(src)], check=True)
    commit_all(src, "one")
    companion(places, system, monkeypatch=monkeypatch)
    (src / ".git" / "MERGE_HEAD").write_text("0" * 40 + "\n")  # git pull hit a conflict
    system.ran.clear()
    with pytest.raises(install.CommandError, match="in the middle of a merge"):
        companion(places, system, "--update", monkeypatch=monkeypatch)
    assert system.ran == []
