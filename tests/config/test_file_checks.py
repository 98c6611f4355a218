"""Guards that the config file allows only what the box can run, says what is allowed in
the file's own words (0x3C, true/false), and that README's table says the same: a wrong
value is one line and exit 2 before anything starts, never a crash at every start."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.config import file as config
from companion.owner import cli

ROOT = Path(__file__).resolve().parents[2]


def run_with(tmp_path: Path, text: str, capsys: pytest.CaptureFixture,
             *args: str) -> tuple[int, str]:
    """``companion --config FILE roll d6`` (or ``args``) with ``text`` as the file: every
    command checks the whole file first, and ``roll`` needs no hardware."""
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    code = cli.main(["--config", str(path), *(args or ("roll", "d6"))])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("turn", [1, 3])
def test_a_quarter_turn_is_refused_in_one_line(tmp_path: Path, turn: int,
                                               capsys: pytest.CaptureFixture) -> None:
    code, err = run_with(tmp_path, f'[display]\ndriver = "ssd1306"\nrotate = {turn}\n', capsys)
    assert code == 2
    assert err == f"companion: display.rotate: must be one of 0, 2, not {turn}.\n"


@pytest.mark.parametrize("bounce", [300, 400])
def test_a_bounce_window_as_long_as_a_hold_is_refused(tmp_path: Path, bounce: int,
                                                      capsys: pytest.CaptureFixture) -> None:
    """Each press would end inside its own bounce window: no button would ever work."""
    code, err = run_with(tmp_path, f"[input]\nbounce_ms = {bounce}\nhold_ms = 300\n", capsys)
    assert code == 2
    assert err == ("companion: input.bounce_ms: must be shorter than input.hold_ms (300), "
                   f"not {bounce}.\n")
    assert config.load_text("[input]\nbounce_ms = 99\nhold_ms = 100").input["bounce_ms"] == 99


def test_upside_down_is_allowed() -> None:
    assert config.load_text("[display]\nrotate = 2").display["rotate"] == 2


def _readme_allowed() -> dict[str, str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return {line.split("|")[1].strip().strip("`"): line.split("|")[3]
            for line in readme.splitlines() if line.startswith("| `")}


def test_readme_lists_exactly_the_values_the_file_allows() -> None:
    rows = _readme_allowed()
    for section, options in config.SCHEMA.items():
        for key, option in options.items():
            if option.allowed is None:
                continue
            shown = {f"0x{v:X}" if key == "address" else str(v) for v in option.allowed}
            tokens = set(re.findall(r"`([^`]+)`", rows[f"{section}.{key}"]))
            assert shown <= tokens, f"README's {section}.{key} lacks {shown - tokens}"
            if isinstance(option.default, int):
                numbers = {t for t in tokens if re.fullmatch(r"0x[0-9A-F]+|\d+", t)}
                assert numbers == shown, f"README's {section}.{key} allows {numbers}"


@pytest.fixture
def broken_plugin(monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    """An installed game whose package no longer imports."""
    from importlib.metadata import EntryPoint

    from companion.config import registry

    broken = EntryPoint("broken", "no_such_package_xyz:GAME", registry.GROUP)
    real = registry.entry_points
    monkeypatch.setattr(registry, "entry_points", lambda group: [*real(group=group), broken])
    registry.discover.cache_clear()
    yield
    registry.discover.cache_clear()


def test_house_rules_of_a_broken_game_do_not_stop_the_box(
        tmp_path: Path, broken_plugin: None, capsys: pytest.CaptureFixture) -> None:
    from companion.testing import Rig

    text = '[house_rules.broken]\nspeed = "fast"\n'
    code, err = run_with(tmp_path, text, capsys)
    assert (code, err) == (0, "")
    loaded = config.load_text('[display]\ndriver = "dummy"\n' + text)
    assert loaded.house_rules["broken"] == {"speed": "fast"}  # kept, for when it is fixed
    rig = Rig(config=loaded)
    try:
        rig.keys("ok")  # New game: the menu lists the broken game and the rest
        assert "broken (broken)" in rig.app.top.items()
    finally:
        rig.close()


def test_house_rules_of_an_unknown_game_are_still_refused(
        tmp_path: Path, broken_plugin: None, capsys: pytest.CaptureFixture) -> None:
    code, err = run_with(tmp_path, "[house_rules.brokn]\nspeed = 1\n", capsys)
    assert code == 2 and err.startswith("companion: house_rules.brokn: unknown game; allowed: ")
    code, err = run_with(tmp_path, "[house_rules]\nbroken = 3\n", capsys)
    assert (code, err) == (2, "companion: house_rules.broken: must be a table, not 3.\n")


def test_an_empty_config_path_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "companion").mkdir()
    (tmp_path / "companion" / "config.toml").write_text("language = \"ja\"\n")
    assert cli.main(["--config", "", "roll", "d6"]) == 2
    assert capsys.readouterr().err == ("companion: --config names no file; give a path such "
                                       "as /etc/companion/config.toml, or leave --config out.\n")


def test_a_config_path_that_is_a_folder_is_refused(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture) -> None:
    assert cli.main(["--config", str(tmp_path), "roll", "d6"]) == 2
    assert capsys.readouterr().err == (f"companion: config file {tmp_path} is a folder; "
                                       "--config names a file such as "
                                       "/etc/companion/config.toml.\n")


def test_a_default_config_that_is_a_folder_is_refused(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "companion" / "config.toml").mkdir(parents=True)
    assert cli.main(["roll", "d6"]) == 2
    folder = tmp_path / "companion" / "config.toml"
    assert capsys.readouterr().err == (f"companion: config file {folder} is a folder: move it "
                                       "away, or give --config PATH.\n")


def test_a_buttons_table_replaces_the_presets(tmp_path: Path,
                                              capsys: pytest.CaptureFixture) -> None:
    text = ('preset = "adafruit-oled-bonnet"\n\n[buttons]\nup = 17\ndown = 22\nleft = 27\n'
            'right = 23\nok = 4\nback = 5\n')  # the preset's roll (5) left out: back is 5
    code, err = run_with(tmp_path, text, capsys)
    assert (code, err) == (0, "")
    loaded = config.load(tmp_path / "config.toml")
    assert loaded.buttons == {"up": 17, "down": 22, "left": 27, "right": 23, "ok": 4,
                              "back": 5}
    assert loaded.display["driver"] == "ssd1306"  # the rest of the preset still counts


def test_without_a_buttons_table_the_presets_count() -> None:
    loaded = config.load_text('preset = "adafruit-oled-bonnet"\n')
    assert loaded.buttons["roll"] == 5 and loaded.buttons["back"] == 6


SPI = '[display]\ndriver = "sh1106"\nbus = "spi"\n'


@pytest.mark.parametrize(("lines", "said"), [
    ("gpio_dc = 12\ngpio_rst = 12\n",
     "display.gpio_rst: pin 12 is already used by display.gpio_dc."),
    ("gpio_dc = 10\n", "display.gpio_dc: pin 10 is taken by SPI MOSI."),
    ("gpio_rst = 11\n", "display.gpio_rst: pin 11 is taken by SPI SCLK."),
    ("gpio_dc = 8\n", "display.gpio_dc: pin 8 is taken by SPI CE0."),
])
def test_spi_display_lines_that_clash_are_refused(tmp_path: Path, lines: str, said: str,
                                                  capsys: pytest.CaptureFixture) -> None:
    code, err = run_with(tmp_path, SPI + lines + "[buttons]\nup = 5\ndown = 6\nok = 13\n"
                         "back = 19\n", capsys)
    assert (code, err) == (2, f"companion: {said}\n")


def test_spi_display_lines_of_their_own_are_fine() -> None:
    loaded = config.load_text(SPI + "gpio_dc = 12\ngpio_rst = 13\n[buttons]\nup = 5\n"
                              "down = 6\nok = 16\nback = 19\n")
    assert (loaded.display["gpio_dc"], loaded.display["gpio_rst"]) == (12, 13)
    assert config.load_text('[display]\nbus = "spi"\ngpio_dc = 10\ngpio_rst = 10\n')  # laptop


@pytest.mark.parametrize(("text", "said"), [
    ('[display]\naddress = 0x3E\n', "display.address: must be one of 0x3C, 0x3D, not 0x3E."),
    ('[display]\nport = true\n', "display.port: must be a whole number, not true."),
    ('[house_rules.brain_robbery]\nlong_game = "yes"\n',
     "house_rules.brain_robbery.long_game: house rule 'long_game' must be one of false, true, "
     "not 'yes'."),
    ('[house_rules.brikks]\nsolo_energy = true\n',
     "house_rules.brikks.solo_energy: house rule 'solo_energy' must be one of 4, 5, not true."),
    ('[house_rules.area_tiles]\nname = 5\n',
     "house_rules.area_tiles.name: house rule 'name' must be a text in quotes, not 5."),
])
def test_messages_show_values_as_the_file_writes_them(tmp_path: Path, text: str, said: str,
                                                      capsys: pytest.CaptureFixture) -> None:
    assert run_with(tmp_path, text, capsys) == (2, f"companion: {said}\n")


@pytest.mark.parametrize(("text", "key", "value"), [
    ('[[shelf]]\ntitle = "Carc\\nassonne"\n', "shelf[1].title", "'Carc\\nassonne'"),
    ('[[shelf]]\ntitle = "Azul"\n[[shelf]]\ntitle = "Tab\\there"\n', "shelf[2].title",
     "'Tab\\there'"),
    ('[[shelf]]\ntitle = "Azul"\ncategories = ["ok", "\\u001b[31mred"]\n',
     "shelf[1].categories", "'\\x1b[31mred'"),
    ('[[dice]]\nname = "fate"\nfaces = ["+", "-", "line\\u2028break"]\n', "dice[1].faces",
     "'line\\u2028break'"),
])
def test_shelf_and_dice_words_cannot_hold_control_characters(
        tmp_path: Path, text: str, key: str, value: str,
        capsys: pytest.CaptureFixture) -> None:
    assert run_with(tmp_path, text, capsys) == (
        2, f"companion: {key}: cannot hold control characters (a line break, a tab, an "
           f"escape code), not {value}.\n")


def test_shelf_and_dice_words_in_any_script_are_fine() -> None:
    loaded = config.load_text('[[shelf]]\ntitle = "カルカソンヌ"\ncategories = ["街", "道"]\n'
                              '[[dice]]\nname = "fate"\nfaces = ["+", "−", "空白 あり"]\n')
    assert loaded.shelf[0]["title"] == "カルカソンヌ" and "fate" in loaded.dice
