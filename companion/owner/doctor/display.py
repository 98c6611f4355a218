"""``companion doctor``'s lines about the display: its bus device exists and can be
opened, and something answers at its I²C address (SPI cannot answer back).

All the places it looks are parameters, so the tests run it on fakes.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from companion.config.file import Config
from companion.core.i18n import N_, _
from companion.owner.doctor.report import Check

I2C_SLAVE = 0x0703  # ioctl: address the next transfer to this device
I2C_SMBUS = 0x0720  # ioctl: one SMBus transfer


def probe_i2c(device: Path, address: int) -> None:
    """Ask whether anything acknowledges ``address`` on the bus ``device``; raises OSError
    if nothing does.

    An SMBus "quick write" (the address and a stop, no data), as ``i2cdetect`` does at
    these addresses: the SSD1306 is write-only on I²C ("no data read is provided in serial
    mode"), so a read may go unanswered by a display that works. Through smbus2 when
    installed (luma needs it), else the raw ``/dev/i2c-N`` ioctl.
    """
    try:
        from smbus2 import SMBus
    except ImportError:
        import ctypes
        import fcntl

        class Transfer(ctypes.Structure):  # struct i2c_smbus_ioctl_data
            _fields_ = [("read_write", ctypes.c_uint8), ("command", ctypes.c_uint8),
                        ("size", ctypes.c_uint32), ("data", ctypes.c_void_p)]

        fd = os.open(device, os.O_RDWR)
        try:
            fcntl.ioctl(fd, I2C_SLAVE, address)
            fcntl.ioctl(fd, I2C_SMBUS, Transfer(0, 0, 0, None))  # write, quick
        finally:
            os.close(fd)
        return
    with SMBus(str(device)) as bus:
        bus.write_quick(address)


def bus_device(config: Config, dev: Path = Path("/dev")) -> Path:
    """The device node of the display's bus: ``/dev/i2c-N`` or ``/dev/spidevN.M``."""
    d = config.display
    if d["bus"] == "i2c":
        return dev / f"i2c-{d['port']}"
    return dev / f"spidev{d['port']}.{d['spi_device']}"


def bus_check(config: Config, dev: Path, user: str) -> Check:
    """The bus device exists and ``user`` may open it."""
    path = bus_device(config, dev)
    kind = "I2C" if config.display["bus"] == "i2c" else "SPI"
    if not path.exists():
        opt = "do_i2c" if kind == "I2C" else "do_spi"
        return Check(
            N_("bus"),
            "fail",
            _("{path} does not exist").format(path=path),
            _(
                "turn {kind} on: sudo raspi-config nonint {opt} 0 (or raspi-config →"
                " Interface Options → {kind}), then reboot"
            ).format(kind=kind, opt=opt),
        )
    if not os.access(path, os.R_OK | os.W_OK):
        group = kind.lower()
        return Check(
            N_("bus"),
            "fail",
            _("{path} exists but {self_user} may not open it").format(
                path=path, self_user=user
            ),
            _("sudo usermod -aG {group} {self_user}, then log out and back in").format(
                group=group, self_user=user
            ),
        )
    return Check(N_("bus"), "ok", _("{path}").format(path=path))


#: Chips that answer alike at the same address: a working picture tells them apart.
LOOK_ALIKES = {"ssd1306": "sh1106", "sh1106": "ssd1306", "ssd1309": "ssd1306"}


def display_check(config: Config, dev: Path,
                  probe: Callable[[Path, int], None] = probe_i2c) -> Check:
    """Something answers at the display's I²C address (on SPI: what to check)."""
    d = config.display
    path = bus_device(config, dev)
    if d["bus"] != "i2c":
        return Check(
            N_("display"),
            "info",
            _(
                "SPI cannot answer back; if the screen stays dark"
                " check DC=GPIO{d_gpio_dc} and "
                "RST=GPIO{d_gpio_rst}"
            ).format(d_gpio_dc=d["gpio_dc"], d_gpio_rst=d["gpio_rst"]),
        )
    try:
        probe(path, d["address"])
    except OSError as err:
        other = 0x3D if d["address"] == 0x3C else 0x3C
        return Check(
            N_("display"),
            "fail",
            _("nothing answers at {d_address:#04x} on {path} ({err_strerror_or_err})").format(
                d_address=d["address"], path=path, err_strerror_or_err=err.strerror or err
            ),
            _(
                "check SDA→GPIO2, SCL→GPIO3, 3V3 and GND; run i2cdetect -y {d_port} "
                "— if it shows {other:#04x}, set display.address = {other:#04x}"
            ).format(d_port=d["port"], other=other),
        )
    # An acknowledged address says nothing about the chip: SSD1306 and SH1106 answer
    # alike, and 1.3" modules sold as "SSD1306" are often SH1106.
    chip = LOOK_ALIKES.get(d["driver"], "ssd1306")
    return Check(
        N_("display"),
        "ok",
        _("a device answers at {d_address:#04x}, driven as {d_driver} (a garbled or "
          "sideways-shifted picture means the other chip: display.driver = \"{other}\")"
          ).format(
            d_driver=d["driver"], d_address=d["address"], other=chip
        ),
    )
