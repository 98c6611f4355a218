"""Guards install-service over an existing /etc/companion/config.toml: the file is kept,
and the steps say so — a ``--preset`` for another board (the maker changed boards) was
otherwise ignored without a word, and the box went on driving the old display."""

from __future__ import annotations

from pathlib import Path

from companion.owner.install import execute, plan


def test_an_existing_config_is_kept_and_the_steps_say_so(tmp_path: Path) -> None:
    etc = tmp_path / "etc"
    etc.mkdir()
    (etc / "config.toml").write_text('preset = "adafruit-oled-bonnet"\n')
    steps = plan(preset="waveshare-oled-hat-1in3", current="/opt/x/bin/companion",
                 unit_dir=tmp_path / "systemd", etc_dir=etc,
                 group_exists=lambda g: True, user_exists=lambda u: True)
    printed: list[str] = []
    ran: list[list[str]] = []
    execute(steps, runner=lambda cmd, check: ran.append(cmd), out=printed.append)
    said = [line for line in printed if "config.toml" in line and "keep" in line]
    assert said == [f"5. keep {etc / 'config.toml'} as it is (--force-config writes preset "
                    "waveshare-oled-hat-1in3 over it)"], printed
    assert (etc / "config.toml").read_text() == 'preset = "adafruit-oled-bonnet"\n'
    assert all("config" not in " ".join(cmd) for cmd in ran)
