"""Guards the box's word when its log sits on memory a reboot empties (issue 42): the
first frame says why, in a sentence, and every frame after it carries the mark of a box
whose games are not kept; the panel then stays lit (a warning about saving)."""

from __future__ import annotations

from companion.testing import Clock, Rig


def mark_lit(rig: Rig) -> bool:
    """The crossed-out square in the top right corner (overlays.draw_unsaved)."""
    frame = rig.frame
    return bool(frame.getpixel((127, 0))) and not frame.getpixel((125, 2))


def test_on_the_overlay_every_frame_says_games_are_not_kept() -> None:
    rig = Rig(on_memory="overlay", clock=Clock())
    try:
        assert "a reboot | loses them." in rig.text and "(overlay)" in rig.text
        assert rig.faults() == []
        rig.press("ok")                      # the message goes; the mark stays
        for key in ("ok", "down", "back", "down"):
            rig.press(key)
            assert "loses them" not in rig.text and mark_lit(rig)
        rig.later(3600)
        assert rig.app.saver.state == "awake"
    finally:
        rig.close()


def test_on_the_card_no_mark() -> None:
    rig = Rig()
    try:
        rig.press("ok")
        assert not mark_lit(rig)
    finally:
        rig.close()
