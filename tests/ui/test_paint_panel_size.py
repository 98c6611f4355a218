"""The frame is the display's size, and a panel the screens are not laid out for is
refused at start-up in one sentence (not drawn on, cut or squeezed)."""

from __future__ import annotations

import pytest
from luma.core.device import dummy

import companion.ui.paint
from companion.core.errors import PanelSizeError
from companion.owner import cli
from companion.testing import Rig

SAYS = "the display is 128×32 pixels; the screens are laid out for 128×64 only."


def test_a_panel_no_layout_fits_is_refused_by_name() -> None:
    with pytest.raises(PanelSizeError) as refused:
        Rig(display=dummy(width=128, height=32, mode="1"))
    assert str(refused.value) == SAYS


def test_the_frames_and_the_screens_take_the_size_of_the_device(monkeypatch) -> None:
    monkeypatch.setattr(companion.ui.paint, "LAYOUTS", ((128, 64), (160, 64)))
    rig = Rig(display=dummy(width=160, height=64, mode="1"))
    try:
        rig.press("ok")  # the game list: a title bar across the whole width
        assert rig.frame.size == (160, 64)
        assert rig.frame.getpixel((159, 0)), "the title bar stops short of the edge"
        assert rig.faults() == []
    finally:
        rig.close()


@pytest.mark.parametrize(("language", "said"), [
    ("en", SAYS),
    ("ja", "ディスプレイは128×32ドットです。画面は128×64用にしか作られていません。"),
])
def test_companion_run_says_so_in_one_line_and_exits_2(monkeypatch, tmp_path, capsys,
                                                        language, said) -> None:
    import companion.hw.display

    config = tmp_path / "config.toml"
    config.write_text(f'language = "{language}"\n[display]\ndriver = "dummy"\n')
    monkeypatch.setattr(companion.hw.display, "open_display",
                        lambda config, **options: dummy(width=128, height=32, mode="1"))
    code = cli.main(["--config", str(config), "run", "--db", str(tmp_path / "log.db")])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err == f"companion: {said}\n"
