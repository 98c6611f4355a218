"""Guards README's "Esc closes it" for the pygame window: a tap of Esc quits through the
app's own way out (as q does), not only when it happens to be held while luma draws."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("luma.emulator")

from gpiozero.pins.mock import MockFactory  # noqa: E402

from companion.config.file import from_mapping  # noqa: E402
from companion.hw.display import open_display  # noqa: E402
from companion.hw.keyboard import PinPresser  # noqa: E402
from companion.hw.pygame_keys import PygameKeys  # noqa: E402
from companion.ui.paint import Painter  # noqa: E402


def test_a_tap_of_esc_closes_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    config = from_mapping({"display": {"driver": "emulator", "emulator": "pygame"},
                           "input": {"bounce_ms": 5, "hold_ms": 150}})
    device = open_display(config)
    try:
        device.display(Painter.blank().image)
        factory = MockFactory()
        presser = PinPresser(config.buttons, factory, bounce_ms=5, hold_ms=150)
        quits: list[bool] = []
        bridge = PygameKeys(presser, lambda: quits.append(True))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="\x1b"))
        bridge.poll()
        assert quits == [True]
        presser.close()
        factory.reset()
    finally:
        pygame.quit()
