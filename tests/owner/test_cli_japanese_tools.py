"""The owner's tools speak Japanese too: ``doctor``'s lines and fixes, ``install-service``'s
steps and notes, and the errors and journal lines of the display, the buzzer and the backups.

Each test drives the real code on fakes with the box speaking Japanese and fails on an
English sentence left in what a person reads. Commands (``sudo apt install …``), paths
and module names stay as they are: they are typed, not read.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import registry
from companion.config.file import from_mapping
from companion.core import i18n
from companion.core.errors import HardwareError
from companion.hw import busclock
from companion.owner import bootconfig
from companion.owner.doctor.bus_clock import bus_speed_checks
from companion.owner.doctor.checks import Check, Doctor
from companion.owner.doctor.libraries import Probe, library_checks
from companion.owner.doctor.storage import state_fix as _state_fix
from companion.owner.install import clock_steps, execute, plan
from companion.ui.widgets import wrap
from tests.owner.test_bootconfig import BOOKWORM, boot, device_tree

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")

BONNET = from_mapping({"preset": "adafruit-oled-bonnet", "state": {"dir": "/tmp"}})
HAT = from_mapping({"preset": "waveshare-oled-hat-1in3", "state": {"dir": "/tmp"}})

#: Words of an English sentence; none of them is part of a command printed here.
ENGLISH = re.compile(r"\b(the|is|are|not|cannot|installed|missing|runs|needs|through|folder|"
                     r"then|and|add|make|write|reload|failed|answer|found|wiring|hours?|"
                     r"days?|library|game|group|lines?|changes|nothing|done)\b", re.IGNORECASE)
#: What is typed rather than read: commands up to the next bracket or sentence mark.
COMMAND = re.compile(r"(sudo|pip|python3|systemctl|journalctl|raspi-config|companion "
                     r"install-service|cp)\b[^()（）、。:：]*")


def english_in(text: str) -> list[str]:
    return ENGLISH.findall(COMMAND.sub("", text))


def test_the_words_test_catches_what_it_should() -> None:
    assert english_in("/proc is on the kernel's proc file system, where no folder can be made")
    assert not english_in("保存先: sudo chown -R pi /var/lib/companion(サービスは …)")


def test_a_state_folder_that_cannot_be_one_says_so_in_japanese(japanese, tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("")
    mounts = tmp_path / "mounts"
    mounts.write_text(f"proc {tmp_path} proc rw 0 0\n")
    for fix in (_state_fix(a_file / "companion", a_file),
                _state_fix(tmp_path / "c", tmp_path, str(mounts))):
        assert fix and not english_in(fix), fix
    mounts.write_text(f"/dev/sda1 {tmp_path} ext4 ro 0 0\n")
    fix = _state_fix(tmp_path / "c", tmp_path, str(mounts))
    assert fix and "読み取り専用" in fix and not english_in(fix)


def test_the_state_and_backup_lines_read_in_japanese(japanese, tmp_path: Path) -> None:
    from companion.log.store import Store

    state = tmp_path / "state"
    state.mkdir()
    store = Store.open(state / "companion.db")
    store.close()
    (state / "backups").mkdir()
    month_ago = time.gmtime(time.time() - 30 * 86400)  # backups are named by when, in UTC
    (state / "backups" / time.strftime("companion-%Y%m%d-%H%M%S.db", month_ago)).write_bytes(b"")
    config = from_mapping({"state": {"dir": str(state)}})
    doctor = Doctor(config, dev=tmp_path, model=tmp_path / "model", groups=set,
                    user=lambda: "pi", is_root=lambda: False, pin_factory=MockFactory())
    lines = [str(check) for check in doctor.run()]
    assert any("30日前" in line for line in lines), lines
    assert not [line for line in lines if english_in(line)], lines


def test_the_bus_clock_line_reads_in_japanese(japanese, tmp_path: Path) -> None:
    sys_root, tree = device_tree(tmp_path, 100_000)
    clock, rate = bus_speed_checks(
        BONNET, read=lambda port: busclock.read_clock(port, sys_root=sys_root, tree=tree),
        timer=lambda: 0.1)
    assert "100 kHz" in clock.detail and "93.1 ms" in clock.detail
    for check in (clock, rate):
        assert not english_in(str(check)), str(check)


@pytest.mark.parametrize("config, present, missing", [
    (BONNET, (), {}),                                          # smbus2 not there
    (HAT, ("spidev",), {}),                                     # RPi.GPIO not there
    (HAT, ("RPi.GPIO",), {"spidev": "spidev_core"}),           # a dependency missing
    (BONNET, ("smbus2",), {}),                                  # all well
])
def test_library_lines_read_in_japanese(japanese, config, present, missing) -> None:
    def import_module(name: str):
        if name in missing:
            raise ModuleNotFoundError(name=missing[name])
        if name not in present:
            raise ModuleNotFoundError(name=name)
        return object()

    probe = Probe(environ={}, import_module=import_module, distribution=lambda m: None,
                  venv="/opt/companion/venv", sees_apt=lambda: False)
    for on_pi in (True, False):
        for line in library_checks(config, probe, on_pi=on_pi, board="Raspberry Pi 4"):
            text = str(Check(*line))
            assert not english_in(text), text


def test_a_game_that_does_not_load_says_why_in_japanese(japanese) -> None:
    broken = registry.Unavailable("broken", i18n.Notice("its package does not load ({error}).",
                                                         error="ImportError: x"))
    assert broken.why() == "パッケージを読み込めません(ImportError: x)。"
    odd = registry.Unavailable(
        "odd", i18n.Notice("its entry point is not a companion.config.registry.GameInfo."))
    assert not english_in(odd.why().replace("companion.config.registry.GameInfo", ""))


def test_install_service_says_its_steps_in_japanese(japanese, tmp_path: Path) -> None:
    unit = tmp_path / "companion.service"
    unit.write_text("[Service]\nExecStart=x\nUser=x\nGroup=x\n")
    (tmp_path / "systemd").mkdir()
    for name in ("companion-web.service", "companion-dark.service"):
        (tmp_path / "systemd" / name).write_text(unit.read_text())
    (tmp_path / "pyproject.toml").write_text("")
    steps = plan(preset="adafruit-oled-bonnet", venv="/opt/companion/venv", source=tmp_path,
                 template=unit, etc_dir=tmp_path / "etc", group_exists=lambda g: g != "spi",
                 user_exists=lambda u: False)
    firmware, paths = boot(tmp_path, BOOKWORM)
    more, note = clock_steps(400_000, paths, stamp="1")
    said: list[str] = []
    execute(steps + more, dry_run=True, out=said.append)
    said.append(note)
    for text in said:
        first = text.splitlines()[0]  # the step; its command or file line follows
        assert not english_in(first), first
    assert "ドライラン" in said[-2] and "sudo reboot" in note and not english_in(note)
    already = bootconfig.plan(400_000, (firmware,), "2")  # the file is unchanged: a change
    assert already[0] is not None


@pytest.mark.parametrize("raised", ["DevicePermissionError", "DeviceNotFoundError", "OSError"])
def test_a_display_that_cannot_be_opened_says_so_in_japanese(japanese, monkeypatch,
                                                             raised) -> None:
    import luma.core.error
    import luma.core.interface.serial as serial

    from companion.hw.display import open_display

    error = getattr(luma.core.error, raised, OSError)

    def no_display(**kwargs):
        raise error("x")

    monkeypatch.setattr(serial, "i2c", no_display)
    config = from_mapping({"preset": "adafruit-oled-bonnet"})
    with pytest.raises(HardwareError) as caught:
        open_display(config)
    said = caught.value.translated(i18n._)
    assert "I²C バス 1、アドレス 0x3c" in said and not english_in(said), said


def test_a_log_that_cannot_be_written_says_so_on_the_screen_in_japanese(
        tmp_path: Path, full_card) -> None:
    """The store knows its state before the box knows its language: the screen still
    says it in the language the box speaks (mock pins → store notice → message → frame)."""
    from companion.testing import Rig

    full_card()
    config = from_mapping({"display": {"driver": "dummy"}, "language": "ja"})
    rig = Rig(db=str(tmp_path / "c.db"), config=config)
    try:
        rig.app.start()
        assert rig.store.notice == "Not saving games: the storage is full."  # kept in English
        assert rig.app.message == "ゲームを保存していません: 記憶領域がいっぱいです。"
        assert "ゲームを保存していません" in "".join(rig.app.texts)
    finally:
        rig.close()
        i18n.use("en")


def test_a_rebuilt_log_says_what_came_back_in_japanese(japanese) -> None:
    from companion.log.salvage import Report

    report = Report(backup=Path("companion-20261122-140500.db"), backup_games=3,
                    backup_actions=40, games=4, actions=57)
    line = report.line()
    assert line.startswith("Log damaged: 4 games back from the ")  # the English, kept
    shown = i18n.shown(line)
    assert shown.startswith("記録が破損。") and "4ゲーム" in shown
    assert "その後の17手" in shown and not english_in(shown), shown
    alone = i18n.shown(Report(games=2, actions=1).line())
    assert len(wrap(shown, 20)) <= 5  # the message box holds five lines
    assert alone == "記録が破損。2ゲーム、1手を読み戻しました。"


def test_the_last_frame_says_stopped_in_japanese() -> None:
    from companion.app.runtime import show_stopped
    from companion.testing import Rig

    rig = Rig(config=from_mapping({"display": {"driver": "dummy"}, "language": "ja"}))
    try:
        rig.app.start()
        show_stopped(rig.app)
        assert rig.app.texts == ["停止しました", "ゲームは保存済みです"]
    finally:
        rig.close()
        i18n.use("en")


def test_every_help_line_of_the_command_line_reads_in_japanese(japanese) -> None:
    """Our own words in ``--help`` (argparse's "usage:" and "options:" are its own)."""
    import argparse

    from companion.owner.cli import _parser

    def helps(parser: argparse.ArgumentParser) -> list[str]:
        out = [parser.description or ""]
        for action in parser._actions:
            out.append(action.help or "")
            if isinstance(action, argparse._SubParsersAction):
                out += [choice.help or "" for choice in action._choices_actions]
                for sub in action.choices.values():
                    out += helps(sub)
        return [text for text in out if text and text != argparse.SUPPRESS
                and "show this help message" not in text]

    found = helps(_parser())
    assert len(found) > 40 and "ダイスを1回振って表示: 3d6, 2d6+d20, brikks, …" in found
    assert not [text for text in found if english_in(text)], found


def test_a_command_line_mistake_is_one_line_in_japanese(monkeypatch, capsys) -> None:
    """argparse's own words too: "usage:", "error:", what is missing or not allowed."""
    from companion.owner import cli

    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    try:
        for argv, said in ((["players"],
                            "エラー: 次の引数が必要です: {list,add,rename,merge,hide,import}"),
                           (["screenshot", "--language", "fr"],
                            "'fr' は選べません(選べるのは 'en', 'ja')")):
            with pytest.raises(SystemExit) as stop:
                cli.main(argv)
            assert stop.value.code == 2
            err = capsys.readouterr().err
            assert err.startswith("使い方: companion ") and said in err, err
            words = re.sub(r"\{[^}]*\}|\[[^]]*\]", "", err.splitlines()[-1])  # not the choices
            assert not english_in(words), err
    finally:
        i18n.use("en")


def test_a_file_the_system_refuses_is_explained_in_japanese(monkeypatch, capsys,  # noqa: ANN001
                                                            tmp_path) -> None:
    """「…に書き込めません: No such file or directory。」 was the system's English."""
    from companion.owner import cli

    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    monkeypatch.setenv("HOME", str(tmp_path))
    db = tmp_path / "c.db"
    from companion.log.store import Store

    Store.open(db).close()
    try:
        code = cli.main(["history", "--db", str(db), "--bgstats",
                         str(tmp_path / "gone" / "p.bgsplay")])
        assert code == 2
        err = capsys.readouterr().err.strip()
        assert err.endswith("そのファイルもフォルダもありません。"), err
        assert len(err.splitlines()) == 1, err
    finally:
        i18n.use("en")
