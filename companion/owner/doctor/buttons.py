"""``companion doctor``'s lines about the buttons: each configured pin can be opened and
reads released (high with the pull-ups) while nobody touches it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from companion.config.file import Config
from companion.core.i18n import _
from companion.owner.doctor.report import Check


def button_checks(config: Config, pin_factory: Any) -> Iterator[Check]:
    """One line per button, read through gpiozero with ``pin_factory``."""
    from gpiozero import Button

    from companion.hw.buttons import pin_error

    pull_up = config.input["pull_up"]
    for name, pin in config.buttons.items():
        label = _("button {name}").format(name=name)
        try:
            button = Button(pin, pull_up=pull_up, pin_factory=pin_factory)
        except Exception as err:  # noqa: BLE001 - any gpiozero error is a finding
            yield Check(
                label,
                "fail",
                _("GPIO{pin} cannot be read: {err}").format(pin=pin, err=err),
                _(
                    "if the companion service runs, stop it first (sudo systemctl stop "
                    "companion); else: {why}"
                ).format(why=pin_error(f"buttons.{name}", pin, err).translated(_)),
            )  # what `companion run` says too (1-Wire on GPIO4, the gpio group …)
            continue
        try:
            pressed = button.is_pressed
        finally:
            button.close()
        if pressed:
            level = "low" if pull_up else "high"
            yield Check(
                label,
                "fail",
                _("GPIO{pin} reads {level} (pressed) with nobody touching it").format(
                    pin=pin, level=level
                ),
                _(
                    "a stuck button or a short: check the wire on GPIO{pin} (buttons.{name})"
                ).format(pin=pin, name=name),
            )
        else:
            yield Check(
                label,
                "ok",
                _("GPIO{pin} reads {high_if_pull_up_else} (released)").format(
                    pin=pin, high_if_pull_up_else="high" if pull_up else "low"
                ),
            )
