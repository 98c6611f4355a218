"""Issue 47: Settings → Smart dice on mock pins: the dice in range are listed with their
type and battery, OK adds one to the table's set (kept in dice.toml), its record opens
with what the rolling test says, LEFT takes it out (asked first); a box that cannot hear
dice says why in one sentence."""

from __future__ import annotations

from pathlib import Path

from companion.core.i18n import Notice
from companion.hw import dice_set
from companion.hw.pixels_messages import Advertisement
from companion.hw.pixels_radio import InRange
from companion.shell.settings import SettingsScreen
from companion.testing import Rig


class FakeRadio:
    """The dice a radio would hear: what the screen asks of one."""

    def __init__(self, *dice: tuple[int, str, str, int]) -> None:
        self.dice = [InRange(Advertisement(pid, kind, 0, 6, "on_face", 1, battery, False, 0),
                             name, "F0:00", -50, 0.0) for pid, kind, name, battery in dice]

    def in_range(self) -> list[InRange]:
        return self.dice

    def stop(self) -> None:
        pass


def open_smart_dice(rig: Rig) -> None:
    rig.app.push(SettingsScreen(rig.app))
    rig.keys("down", "down", "down", "ok")
    rig.pump()


def test_a_die_in_range_is_added_and_its_record_opens(rig: Rig, tmp_path: Path) -> None:
    radio = FakeRadio((0x77, "d20", "Blue d20", 73), (0x88, "d6", "", 40))
    rig.app.use_smart_dice([], open_radio=lambda: (radio, None))
    open_smart_dice(rig)
    assert "+ Blue d20 d20 73%" in rig.text and "+ d6 d6 40%" in rig.text
    rig.keys("ok")                                   # the first die heard: added
    assert [d.label for d in dice_set.load(tmp_path)] == ["Blue d20"]
    assert "Blue d20: 0 rolls" in rig.text and "+ Blue d20" not in rig.text
    rig.keys("ok")                                   # its record
    assert "Nothing unusual | after 0 rolls" in rig.text
    rig.keys("left", "ok")                           # taken out, asked first
    assert dice_set.load(tmp_path) == []


def test_a_box_that_cannot_hear_dice_says_why(rig: Rig) -> None:
    why = Notice("This box has no Bluetooth adapter for smart dice; they can be keyed in "
                 "as any dice.")
    rig.app.use_smart_dice([], open_radio=lambda: (None, why))
    open_smart_dice(rig)
    assert "no Bluetooth adapter" in rig.text.replace(" | ", " ")
