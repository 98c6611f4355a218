"""Guards roll expressions with numbers too long for ``int()`` (4,300 digits and more):
``companion roll`` and a ``[[dice]]`` set in the config refuse them in one line, exit 2,
as any other roll of too many dice or sides."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.owner import cli

HUGE = "1" * 5000


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert cli.main(list(args)) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize(("spec", "says"), [
    (f"{HUGE}d6", "at most 100 dice in one roll."),
    (f"d6+{HUGE}d6", "at most 100 dice in one roll."),
    (f"{HUGE} colour", "at most 100 dice in one roll."),
    (f"d{HUGE}", "a die has 2 to 1000 sides, not 111111111…."),
])
def test_a_number_too_long_for_int_is_too_many(capsys, spec: str, says: str) -> None:  # noqa: ANN001
    assert refused(capsys, "roll", spec).rstrip().endswith(says)


def test_a_config_set_of_too_many_dice_is_a_config_mistake(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    (tmp_path / "config.toml").write_text(f'[[dice]]\nname = "big"\nroll = "{HUGE}d6"\n')
    err = refused(capsys, "--config", str(tmp_path / "config.toml"), "roll", "d6")
    assert err == "companion: dice[1].roll: at most 100 dice in one roll.\n"


def test_leading_zeros_are_still_the_number(capsys) -> None:  # noqa: ANN001
    assert cli.main(["roll", "0000000002d0000000006"]) == 0
    assert capsys.readouterr().out.startswith("0000000002d0000000006: ")
