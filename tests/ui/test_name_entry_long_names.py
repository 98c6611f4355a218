"""Guards the name keyboard with names as long as it takes: twelve kana (a roster name at
its longest) or a 24-letter "Other game" title are typed without the typed line running
past the screen or over the n/12 counter — the line keeps its end (where the cursor is)
in sight, in 12 px, and every character is still in the name that is saved."""

from __future__ import annotations

from companion.testing import Rig

ROSTER = ("Ann",)


def typed_line(rig: Rig):
    """The typed name as drawn (the top row, 12 px), and the counter beside it."""
    drawn = rig.app.painter.drawn
    line = next(d for d in drawn if d.xy[1] == 0 and d.font == "text")
    counter = next(d for d in drawn if d.text.endswith(("/12", "/24")))
    return line, counter


def clear_of_each_other(rig: Rig) -> None:
    line, counter = typed_line(rig)
    assert not line.overflows(), line.text
    assert line.ink()[2] < counter.ink()[0], (line.text, line.ink(), counter.ink())


def test_twelve_kana_stay_on_screen_and_clear_of_the_counter(rig: Rig) -> None:
    rig.app.change_setting("language", "ja")
    rig.keys("down", "down", "ok", "down", "ok")  # Players → + New player
    assert "0/12" in rig.app.texts
    # a Japanese box opens the keyboard on the kana page
    for _ in range(12):
        rig.keys("ok")
    assert "12/12" in rig.app.texts
    clear_of_each_other(rig)
    line, _counter = typed_line(rig)
    assert line.text.endswith("あ_") and line.font == "text"
    rig.keys("long ok", "ok")  # done, yes: the whole name joins the roster
    assert rig.store.player("あ" * 12) is not None


def test_a_24_letter_game_title_keeps_its_end_in_sight(rig: Rig) -> None:
    rig.open_game("score_pad")
    rig.keys("up", "ok")  # the shelf's last row: Other game
    assert "0/24" in rig.app.texts
    for _ in range(24):
        rig.keys("ok")  # "Aaaa…": the keyboard goes on in small letters
    assert "24/24" in rig.app.texts
    clear_of_each_other(rig)
    line, _counter = typed_line(rig)
    assert line.text.startswith("…") and line.text.endswith("aaa_")
    rig.keys("long ok", "up", "ok")  # done, then Start on its setup
    assert rig.app.session.options["shelf"]["title"] == "A" + "a" * 23  # all 24 letters
