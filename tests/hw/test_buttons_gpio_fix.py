"""Guards the GPIO error (exit 3) naming the fix that applies (issue 42): it suggested
installing python3-lgpio and joining the gpio group when both were already true (doctor's
fix was the right one), and eight gpiozero "Falling back from …" warnings came before it.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from gpiozero.exc import BadPinFactory, PinFactoryFallback

from companion.hw.buttons import GpioAccess, gpio_access, pin_error
from companion.owner import cli

BAD = BadPinFactory("Unable to load any default pin factory!")
REASONS = ["lgpio: can not open gpiochip", "native: unable to locate Pi revision"]


def said(access: GpioAccess) -> str:
    return str(pin_error("buttons.up", 17, BAD, REASONS, access))


def test_with_lgpio_and_the_group_in_place_neither_is_suggested() -> None:
    text = said(GpioAccess(lgpio=True, gpio_group=True, chip=True))
    assert "apt install" not in text and "adduser" not in text
    assert "lgpio is installed and" in text and "is in the gpio group" in text
    assert "sudo systemctl stop companion" in text


@pytest.mark.parametrize(("access", "named", "not_named"), [
    (GpioAccess(lgpio=False, gpio_group=True, chip=True), "sudo apt install python3-lgpio",
     "adduser"),
    (GpioAccess(lgpio=True, gpio_group=False, chip=True), "gpio group: sudo adduser",
     "apt install"),
    (GpioAccess(lgpio=False, gpio_group=False, chip=True), "sudo adduser", None),
    (GpioAccess(lgpio=True, gpio_group=True, chip=False), "no GPIO chip in /dev",
     "apt install"),
])
def test_only_the_missing_piece_is_named(access: GpioAccess, named: str,
                                         not_named: str | None) -> None:
    text = said(access)
    assert named in text and "\n" not in text
    if not_named:
        assert not_named not in text
    if not access.lgpio:
        assert "sudo apt install python3-lgpio" in text


def test_the_access_is_looked_at_without_opening_anything(tmp_path: Path) -> None:
    assert gpio_access(tmp_path).chip is False
    (tmp_path / "gpiochip0").touch()
    assert gpio_access(tmp_path).chip is True


def test_fallback_warnings_are_not_printed_before_the_line() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cli.quiet_known_warnings()
        warnings.warn(PinFactoryFallback("Falling back from lgpio: No module named 'lgpio'"),
                      stacklevel=1)
        warnings.warn("something else", UserWarning, stacklevel=1)
    assert [str(w.message) for w in caught] == ["something else"]
