"""Guards what ``companion run`` says when the OLED is missing at start-up: one line, in
the owner's language, naming the bus and address and saying that the game goes on.

It said two: the reason, then "display failed (the display could not be opened); the game
goes on, retrying." — a second line whose reason was always the same English words.
"""

from __future__ import annotations

import pytest

from companion.config.file import from_mapping
from companion.core import i18n
from companion.hw.display import open_display
from companion.hw.guarded import open_guarded

BONNET = from_mapping({"preset": "adafruit-oled-bonnet"})


@pytest.fixture
def no_i2c_bus(monkeypatch: pytest.MonkeyPatch):
    """luma opens /dev/i2c-1 through smbus2: here the bus is not there (I²C not enabled)."""
    import smbus2

    def missing(self, bus=None, force=False):  # noqa: ANN001
        raise FileNotFoundError(2, "No such file or directory", "/dev/i2c-1")

    monkeypatch.setattr(smbus2.SMBus, "__init__", missing)


@pytest.mark.parametrize("language, words", [
    ("en", ["display not found on I²C bus 1, address 0x3c", "the game goes on"]),
    ("ja", ["I²C バス 1、アドレス 0x3c にディスプレイが見つかりません", "ゲームは続けたまま"]),
])
def test_one_line_in_the_owners_language(no_i2c_bus, language, words) -> None:
    lines: list[str] = []
    i18n.use(language)
    try:
        guard = open_guarded(lambda: open_display(BONNET), log=lines.append,
                             schedule=lambda delay, fn: None)
    finally:
        i18n.use("en")
    assert guard.device is None and not guard.healthy
    assert len(lines) == 1, lines
    assert all(w in lines[0] for w in words), lines
    assert "could not be opened" not in lines[0]
