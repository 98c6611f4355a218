"""Guards the doctor's state line on a box whose log sits on memory (issue 42): under the
overlay file system, or on tmpfs, "games are saved" would be a lie: the line fails and
says how to keep the log on the card or a stick."""

from __future__ import annotations

from pathlib import Path

from companion.config.file import from_mapping
from companion.owner.doctor.checks import Doctor
from companion.owner.doctor.storage import state_check


def test_a_folder_on_memory_fails_with_the_way_out(tmp_path: Path) -> None:
    line = state_check(tmp_path, "pi", memory="overlay")
    assert line.status == "fail"
    assert "overlay file system" in line.detail and "next reboot" in line.detail
    assert f"USB stick at {tmp_path}" in line.fix and "raspi-config" in line.fix
    tmpfs = state_check(tmp_path, "pi", memory="tmpfs")
    assert tmpfs.status == "fail" and "on tmpfs" in tmpfs.detail


def test_the_doctor_asks_where_the_state_folder_lives(tmp_path: Path) -> None:
    config = from_mapping({"display": {"driver": "dummy"}, "state": {"dir": str(tmp_path)}})
    asked: list[Path] = []

    def overlay(folder: Path) -> str | None:
        asked.append(folder)
        return "overlay"

    state = next(c for c in Doctor(config, on_memory=overlay).run() if c.name == "state")
    assert asked == [tmp_path] and state.status == "fail"
    on_card = next(c for c in Doctor(config, on_memory=lambda folder: None).run()
                   if c.name == "state")
    assert on_card.status == "ok" and "games are saved in" in on_card.detail
