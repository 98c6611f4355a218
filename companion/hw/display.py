"""Build the display named in the configuration: a luma OLED, an emulator, or a dummy.

>>> from companion.config.file import from_mapping
>>> device = open_display(from_mapping({"display": {"driver": "dummy"}}))
>>> device.size
(128, 64)
>>> open_display(from_mapping({"display": {"driver": "dummy", "height": 32}})).size
(128, 32)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from companion.config.file import Config
from companion.core.errors import HardwareError
from companion.core.i18n import _

#: The panel size when the configuration names none (the screens ask the device its size).
WIDTH, HEIGHT = 128, 64


def panel_size(display: Mapping[str, Any]) -> tuple[int, int]:
    """(width, height) of the panel ``display`` (a config's ``[display]``, its preset's
    first) describes: ``display.width`` and ``display.height``, else 128×64."""
    return display.get("width", WIDTH), display.get("height", HEIGHT)


def open_display(config: Config, *, emulator: str | None = None,
                 footer: str | Callable[[], str] = "") -> Any:
    """A luma device for ``config.display``. ``emulator`` overrides the emulator kind;
    ``footer`` is the line under the terminal emulator's screen (or a function giving it).

    Raises :class:`HardwareError` naming the device when it cannot be reached or driven
    (a library missing too: never a traceback, and under systemd never a crash loop).
    """
    d = config.display
    driver = d["driver"]
    width, height = panel_size(d)
    if driver == "dummy":
        from luma.core.device import dummy

        return dummy(width=width, height=height, mode="1")
    if driver == "emulator":
        kind = emulator or d["emulator"]
        if kind == "pygame":
            return _pygame_device(width, height)
        from companion.hw.terminal import TerminalDisplay

        return TerminalDisplay(width, height, footer=footer)
    return _oled(d)


def _pygame_device(width: int, height: int) -> Any:
    try:
        from luma.emulator.device import pygame as pygame_device
    except ImportError:
        raise HardwareError("the pygame window needs the emulator extra: "
                            "pip install '{extra}'.", extra="companion[emulator]") from None
    device = pygame_device(width=width, height=height, mode="1", scale=4,
                           transform="identity")
    device._pygame.display.set_caption("Table Companion")
    return device


#: RES held low this long at power-on: the SSD1309 datasheet's minimum is 3 µs (tRW);
#: a millisecond is well above it, and above what sleep() can promise.
RESET_LOW = 0.001
#: After RES goes high, before the first command (the controller's reset takes ~2 µs).
RESET_SETTLE = 0.001


_RESET_LINES: dict[int, Any] = {}


def pulse_reset(pin: int, *, pin_factory: Any = None,
                sleep: Callable[[float], None] = time.sleep) -> Any:
    """Pulse the panel's RES line: low for :data:`RESET_LOW`, then high, held high by the
    gpiozero device returned (keep it: a released pin would float). SPI boards do this
    through luma's ``gpio_RST``; an I²C module wired with RES to a GPIO needs it here,
    before the first command. SSD1309 2.42" modules with RES tied to 3V3 come up garbled
    or black (HARDWARE-NOTES)."""
    from gpiozero import DigitalOutputDevice

    line = _RESET_LINES.get(pin)
    if line is None or line.closed or line.pin_factory is not (pin_factory or line.pin_factory):
        line = DigitalOutputDevice(pin, initial_value=False, pin_factory=pin_factory)
        _RESET_LINES[pin] = line  # a display opened again (a loose ribbon) pulses it again
    else:
        line.off()
    sleep(RESET_LOW)
    line.on()
    sleep(RESET_SETTLE)
    return line


def _oled(d: dict[str, Any] | Any, *, pin_factory: Any = None,
          sleep: Callable[[float], None] = time.sleep) -> Any:
    from luma.core.error import DeviceNotFoundError, DevicePermissionError
    from luma.core.interface.serial import i2c, spi
    from luma.oled.device import sh1106, ssd1306, ssd1309

    where = (_("I²C bus {port}, address {address}").format(
                 port=d["port"], address=f"{d['address']:#04x}") if d["bus"] == "i2c"
             else f"SPI {d['port']}.{d['spi_device']}")
    reset = None
    try:
        if d["bus"] == "i2c":
            if d.get("reset_pin", -1) >= 0:
                reset = pulse_reset(d["reset_pin"], pin_factory=pin_factory, sleep=sleep)
            serial = i2c(port=d["port"], address=d["address"])
        else:
            serial = spi(port=d["port"], device=d["spi_device"], gpio_DC=d["gpio_dc"],
                         gpio_RST=d["gpio_rst"])
        try:
            driver = {"ssd1306": ssd1306, "sh1106": sh1106, "ssd1309": ssd1309}[d["driver"]]
            width, height = panel_size(d)
            device = driver(serial, width=width, height=height, rotate=d["rotate"])
            device.contrast(d["contrast"])
        except BaseException:
            _let_go(serial)
            raise
    except DevicePermissionError as err:
        raise HardwareError("no permission for the display on {where}: add the user to the "
                            "{group} group ({why}).", where=where, why=err,
                            group=d["bus"]) from None
    except DeviceNotFoundError as err:
        raise HardwareError("display not found on {where}: enable I²C/SPI with raspi-config "
                            "and check the wiring ({why}).", where=where, why=err) from None
    except OSError as err:
        raise HardwareError("display on {where} did not answer: {why}.", where=where,
                            why=err) from None
    except ImportError as err:  # SPI: spidev, and RPi.GPIO for DC/RST (rpi-lgpio)
        raise HardwareError("the display on {where} cannot be driven: the Python module "
                            "{module} is missing; companion doctor says how to install it.",
                            where=where, module=err.name or err) from None
    except Exception as err:  # noqa: BLE001 - lgpio and RPi.GPIO raise their own kinds
        raise HardwareError("display on {where} did not answer: {why}.", where=where,
                            why=f"{type(err).__name__}: {err}") from None
    device.persist = True  # we draw our own "stopped" frame or blank on exit
    device.reset_line = reset  # held high for as long as the panel is driven
    from companion.hw.partial import PartialDisplay

    return PartialDisplay(device)  # sends only the changed pages and columns


def _let_go(serial: Any) -> None:
    """Close the bus of a display whose set-up failed. luma registered the half-made
    device's exit hook before the panel failed to answer, and that hook keeps ``serial``:
    left open it would hold a file descriptor for good (one more every retry, the service
    out of them within hours of a loose ribbon) and, at exit, blank the panel over the
    "Stopped" frame once the display is back. Closed, the hook can do neither."""
    try:
        serial.cleanup()
    except Exception:  # noqa: BLE001 - a bus that will not even close is let go anyway
        pass
