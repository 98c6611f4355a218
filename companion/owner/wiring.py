"""Wiring pictures drawn from the preset files, so they can never drift from them.

``python -m companion.owner.wiring hardware/`` (or ``make wiring``) writes one SVG per preset:
the Pi's 40-pin header with every pin the build uses, and what it connects to.
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

from companion.config.file import Config, from_mapping, preset_names

#: Physical header pin → BCM GPIO number (None: power or ground).
HEADER: dict[int, int | None] = {
    1: None, 2: None, 3: 2, 4: None, 5: 3, 6: None, 7: 4, 8: 14, 9: None, 10: 15,
    11: 17, 12: 18, 13: 27, 14: None, 15: 22, 16: 23, 17: None, 18: 24, 19: 10, 20: None,
    21: 9, 22: 25, 23: 11, 24: 8, 25: None, 26: 7, 27: 0, 28: 1, 29: 5, 30: None,
    31: 6, 32: 12, 33: 13, 34: None, 35: 19, 36: 16, 37: 26, 38: 20, 39: None, 40: 21,
}
POWER = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V"}
GROUND = {6, 9, 14, 20, 25, 30, 34, 39}


def connections(config: Config) -> dict[int, str]:
    """Physical pin → what the build connects there."""
    by_bcm = {bcm: pin for pin, bcm in HEADER.items() if bcm is not None}
    used: dict[int, str] = {}
    d = config.display
    chip = d["driver"].upper()
    if d["bus"] == "i2c":
        used.update({1: f"{chip} VCC", 3: f"{chip} SDA", 5: f"{chip} SCL", 9: f"{chip} GND"})
        if d["driver"] == "ssd1309":  # 7 pins: RES (pulsed, or held high), DC the address
            high = d["address"] == 0x3D
            if d["reset_pin"] >= 0:
                used[by_bcm[d["reset_pin"]]] = f"{chip} RES (pulsed at start)"
                if high:
                    used[17] = f"{chip} DC (0x3d)"
            else:
                used[17] = f"{chip} RES" + (", DC (0x3d)" if high else " (held high)")
            used[6] = f"{chip} CS" + ("" if high else ", DC (0x3c)")
    else:
        cs = 24 if d["spi_device"] == 0 else 26
        used.update({1: f"{chip} VCC", 19: f"{chip} DIN/MOSI", 23: f"{chip} CLK",
                     cs: f"{chip} CS", by_bcm[d["gpio_dc"]]: f"{chip} DC",
                     by_bcm[d["gpio_rst"]]: f"{chip} RST", 9: f"{chip} GND"})
    for key, bcm in config.buttons.items():
        used[by_bcm[bcm]] = f"{key.upper()} button"
    if config.sound["pin"] != "":
        used[by_bcm[config.sound["pin"]]] = "piezo + (optional)"
        used.setdefault(14, "piezo -")
    used.setdefault(39, "buttons' common GND")
    return used


def svg(name: str) -> str:
    """The wiring picture of preset ``name`` as SVG text."""
    config = from_mapping({"preset": name})
    used = connections(config)
    row_h, top, width = 18, 70, 640
    height = top + 20 * row_h + 70
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="monospace" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="20" y="24" font-size="16" font-weight="bold">{escape(name)}</text>',
           '<text x="20" y="40">Raspberry Pi 40-pin header, seen from above, pin 1 top left.'
           '</text>',
           '<text x="20" y="54">Each button: one leg to its pin, the other to GND.</text>',
           f'<rect x="280" y="{top - 6}" width="80" height="{20 * row_h + 6}" fill="#222"/>']
    for pin in range(1, 41):
        row, right = (pin - 1) // 2, pin % 2 == 0
        x = 340 if right else 300
        y = top + row * row_h + 6
        bcm = HEADER[pin]
        label = POWER.get(pin) or ("GND" if pin in GROUND else f"GPIO{bcm}")
        colour = "#d22" if pin in POWER else "#444" if pin in GROUND else "#ccc"
        hit = pin in used
        out.append(f'<circle cx="{x}" cy="{y}" r="6" fill="{"#2a2" if hit else colour}"/>')
        text_x = 370 if right else 270
        anchor = "start" if right else "end"
        desc = f"{pin:>2} {label}" if right else f"{label} {pin:>2}"
        if hit:
            desc = (f"{desc}  ← {used[pin]}" if right else f"{used[pin]} →  {desc}")
        weight = ' font-weight="bold"' if hit else ""
        out.append(f'<text x="{text_x}" y="{y + 4}" text-anchor="{anchor}"{weight}>'
                   f'{escape(desc)}</text>')
    out.append(f'<text x="20" y="{height - 36}">Generated from companion/config/presets/{name}.toml'
               '</text>')
    out.append(f'<text x="20" y="{height - 20}">by companion/owner/wiring.py; do not edit by hand.'
               '</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_all(folder: Path) -> list[Path]:
    """Write ``<preset>.svg`` for every preset into ``folder``."""
    paths = []
    for name in preset_names():
        path = folder / f"{name}.svg"
        path.write_text(svg(name), encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":
    for p in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "hardware")):
        print(p)
