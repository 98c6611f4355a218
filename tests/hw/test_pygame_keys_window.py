"""Guards the pygame window emulator: it opens headless and its keys drive the mock pins."""

from __future__ import annotations

import os
import queue

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("luma.emulator")

from gpiozero.pins.mock import MockFactory  # noqa: E402

from companion.config.file import from_mapping  # noqa: E402
from companion.core.keys import Key  # noqa: E402
from companion.hw.buttons import KeyPad  # noqa: E402
from companion.hw.display import open_display  # noqa: E402
from companion.hw.keyboard import PinPresser  # noqa: E402
from companion.hw.pygame_keys import PygameKeys  # noqa: E402
from companion.ui.paint import Painter  # noqa: E402


@pytest.fixture
def window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    config = from_mapping({"display": {"driver": "emulator", "emulator": "pygame"},
                           "input": {"bounce_ms": 5, "hold_ms": 150}})
    device = open_display(config)
    yield config, device
    pygame.quit()


def test_window_shows_frames_scaled_up(window) -> None:
    _, device = window
    p = Painter.blank()
    p.centred(20, "8", "huge")
    device.display(p.image)
    surface = pygame.display.get_surface()
    assert surface.get_size() == (128 * 4, 64 * 4)


def test_window_keys_press_the_mock_pins(window) -> None:
    config, device = window
    device.display(Painter.blank().image)
    factory = MockFactory()
    keys: queue.Queue = queue.Queue()
    quits = []
    pad = KeyPad(config.buttons, keys.put, pin_factory=factory, bounce_ms=5, hold_ms=150)
    presser = PinPresser(config.buttons, factory, bounce_ms=5, hold_ms=150)
    bridge = PygameKeys(presser, lambda: quits.append(True))
    for key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_u):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    bridge.poll()
    got = [keys.get(timeout=3) for _ in range(3)]
    assert got == [Key("OK"), Key("ROLL"), Key("BACK", long=True)]
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    bridge.poll()
    assert quits == [True]
    presser.close()
    pad.close()
    factory.reset()
    assert os.environ["SDL_VIDEODRIVER"] == "dummy"


def test_the_app_loop_reads_the_window_keys(window) -> None:
    from companion.app.loop import App
    from companion.app.runtime import KEYBOARD_BOUNCE_MS, laptop_keys
    from companion.log.store import Store

    config, device = window
    app = App(config=config, store=Store.open(":memory:"), display=device)
    factory = MockFactory()
    pad = KeyPad(config.buttons, app.keys.put, pin_factory=factory,
                 bounce_ms=KEYBOARD_BOUNCE_MS, hold_ms=150)  # as the runtime builds it
    keys = laptop_keys(config, app, factory, window=True)
    assert app.heartbeat == keys.poll and app.heartbeat_every == keys.EVERY
    app.start()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r"))

    def quit_after_menu() -> None:  # once the OK has reached the screen, press q
        keys.poll()
        if "New game" in app.screen_text() and "Dice roller" in app.screen_text():
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0,
                                                 unicode="q"))

    app.heartbeat = quit_after_menu
    app.run()  # returns when q arrives through the window
    assert "Dice roller" in app.screen_text()
    keys.stop()
    pad.close()
    factory.reset()
