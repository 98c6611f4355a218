"""Issue 47: doctor names the table's smart dice and whether the box can hear them: a box
without Bluetooth is a line of information, never a failure; one with BlueZ and an
adapter (mocked on a private bus, reached through bleak) says it answers."""

from __future__ import annotations

from pathlib import Path

from companion.hw import dice_set
from companion.hw.dice_set import KnownDie
from companion.owner.doctor.smart_dice import smart_dice_check
from tests.hw.bluez_mock import BlueZ, bluez_fixture  # noqa: F401 (the fixture)


def test_bluetooth_answering_and_the_tables_dice(bluez: BlueZ, tmp_path: Path) -> None:
    dice_set.add(tmp_path, KnownDie(5, "d6", "red d6"))
    line = smart_dice_check(tmp_path)
    assert (line.status, line.detail) == (
        "ok", "Bluetooth answers; the table has 1 smart die (Settings > Smart dice)")


def test_no_bluetooth_is_information_not_a_failure(monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", f"unix:path={tmp_path}/no-bus")
    line = smart_dice_check(tmp_path)
    assert line.status == "info" and "Bluetooth is not running" in line.detail


def test_a_dice_file_that_cannot_be_read_is_named(tmp_path: Path) -> None:
    (tmp_path / dice_set.FILE).write_text("die = 3\n", encoding="utf-8")
    line = smart_dice_check(tmp_path)
    assert line.status == "info" and "die must be a list of [[die]] tables" in line.detail
