"""Test your own dice: key in each throw, watch the tally, get an honest verdict.

Keys on the entry screen: LEFT/RIGHT pick the face that came up (held: five faces on,
for dice of more than six faces), OK records it, DOWN shows the tally and the verdict,
hold BACK takes back the last entry.
"""

from __future__ import annotations

from typing import Any

from companion.api.screens import (
    N_,
    Choice,
    Confirm,
    Context,
    Painter,
    Screen,
    SetupScreen,
    bar_chart,
    hint,
    needs_japanese,
    number,
    playing,
    text_width,
    title_bar,
    translator,
    wrap,
    wrap_px,
)
from companion.games.dice_test import rules

_, ngettext = translator(__name__)

#: Colour faces by their initial (black is K); in Japanese by their kanji.
SHORT = {"white": N_("W"), "yellow": N_("Y"), "green": N_("G"), "red": N_("R"),
         "blue": N_("B"), "black": N_("K")}
#: The dice whose name is a word rather than "d6".
DIE_NAMES = {"colour": N_("colour")}
VERDICT_LINES = 3  # small lines between the verdict and the hint


def label(face: Any) -> str:
    """A face as one or two characters (colour faces by their initial; black is K)."""
    return _(SHORT[face]) if face in SHORT else str(face)


def die_name(die: str) -> str:
    """The die as the screens name it: "d6", "colour"."""
    return _(DIE_NAMES[die]) if die in DIE_NAMES else die


def new_game(ctx: Context) -> None:
    ctx.push(SetupScreen(
        ctx, "dice_test", low=1, high=1, names=["Table"],
        extra=[Choice("die", N_("Die"), list(rules.DICE), shown=die_name, gettext=_)],
        options=lambda players, chosen: {"players": players, "die": chosen["die"]}))


def needed(n: int) -> str:
    """The hint while the tally is too short for a verdict."""
    return ngettext("{n} more for a verdict", "{n} more for a verdict", n).format(n=number(n))


def verdict_lines(v: Any) -> tuple[str, str]:
    """The verdict's headline and its honest explanation, in the language in use."""
    if v.biased:
        return (_("Looks biased."),
                _("A fair die rolls this unevenly only {p} of the time.").format(
                    p=f"{v.p:.1%}"))
    return (_("No evidence of bias."),
            _("Not proof of fairness: {n} rolls only catch a face ~{bias} too common.").format(
                n=number(v.rolls), bias=f"{v.catchable_bias:.0%}"))


def play_screen(ctx: Context) -> Screen:
    return TallyEntry(ctx)


class TallyEntry(Screen):
    """One row of faces; the cursor stays on the last face entered."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.cursor = 0

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    def key_left(self) -> None:
        self.cursor = (self.cursor - 1) % len(self.state.faces)

    def key_right(self) -> None:
        self.cursor = (self.cursor + 1) % len(self.state.faces)

    def key_long_left(self) -> None:
        self.cursor = (self.cursor - 5) % len(self.state.faces)

    def key_long_right(self) -> None:
        self.cursor = (self.cursor + 5) % len(self.state.faces)

    def key_ok(self) -> None:
        if self.state.finished:
            self.ctx.push(TallyVerdict(self.ctx))
            return
        self.ctx.play({"type": "face", "face": self.state.faces[self.cursor], "entered": True})

    def key_down(self) -> None:
        self.ctx.push(TallyVerdict(self.ctx))

    def key_back(self) -> None:
        self.ctx.home()

    def key_long_ok(self) -> None:
        if self.state.rolls_to_verdict == 0 and not self.state.finished:
            self.ctx.push(Confirm(self.ctx, _("Finish the test and keep the verdict in history?"),
                                  lambda: self.ctx.play({"type": "finish"})))

    def render(self, p: Painter) -> None:
        s = self.state
        title_bar(p, _("Test {die}").format(die=die_name(s.die)), f"n={len(s.rolls)}")
        faces = s.faces
        if len(faces) > 6:
            self._render_many(p)
            return
        slot = p.width // len(faces)
        up = 4 if kanji() else 0  # 12 px Japanese key help below: everything a bit higher
        for i, (face, count) in enumerate(zip(faces, s.counts, strict=True)):
            x0 = i * slot
            selected = i == self.cursor
            if selected:
                p.rect((x0 + 1, 14 - (1 if up else 0), x0 + slot - 2, 41 - up), fill=1,
                       outline=None)
            text = label(face)
            if text_width(text, "large") <= slot - 2:
                p.centred(16 - 2 * (up > 0), text, "large", x0=x0, x1=x0 + slot,
                          fill=0 if selected else 1)
            else:  # a kanji colour: 24 px is wider than a sixth of the screen
                p.centred(20 - up, text, "medium", x0=x0, x1=x0 + slot,
                          fill=0 if selected else 1)
            p.centred(44 - 5 * (up > 0), str(count), "text", x0=x0, x1=x0 + slot)
        need = s.rolls_to_verdict
        hint(p, needed(need) if need else _("DOWN: verdict"))

    def _render_many(self, p: Painter) -> None:
        """A d8-d20: the face under the cursor big, its neighbours beside it, its count."""
        s = self.state
        n = len(s.faces)
        up = 3 if kanji() else 0  # 「4回」 and the keys in 12 px: everything a bit higher
        for offset, x0, x1, font in ((-1, 0, 36, "medium"), (0, 36, 92, "huge"),
                                     (1, 92, p.width, "medium")):
            i = (self.cursor + offset) % n
            p.centred((12 if offset == 0 else 20) - up, label(s.faces[i]), font, x0=x0, x1=x1)
        p.rect((38, 13, 89, 42 - 2 * up), outline=1)
        times = s.counts[self.cursor]
        p.centred(43 - 4 * (up > 0), ngettext("{n} time", "{n} times", times).format(
            n=number(times)), "text", x0=0, x1=p.width)
        need = s.rolls_to_verdict
        hint(p, needed(need) if need else _("DOWN: verdict"))


def kanji() -> bool:
    """True where the key help is kanji (Japanese): it is drawn in the 12 px face, so
    the screens above it leave it its 12 rows (8 px kanji are smudges, issue 35)."""
    return needs_japanese(_("DOWN: verdict"))


class TallyVerdict(Screen):
    """The tally against a fair die, and what it does and does not show."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.page = 0

    def key_right(self) -> None:
        self.page = 1

    def key_left(self) -> None:
        self.page = 0

    key_up = key_left

    def render(self, p: Painter) -> None:
        s = playing(self.ctx).state
        title_bar(p, _("{die} tally").format(die=die_name(s.die)), f"n={len(s.rolls)}")
        if self.page == 0 or s.rolls_to_verdict:
            expected = [len(s.rolls) / len(s.faces)] * len(s.faces)
            few = len(s.faces) <= 10  # a d12 or a d20 labels 1, 5, 10, …
            labels = [label(f) if few or i == 0 or (i + 1) % 5 == 0 else ""
                      for i, f in enumerate(s.faces)]
            bar_chart(p, labels, list(s.counts), expected, (4, 15, 124, 41 if kanji() else 46))
            if s.rolls_to_verdict:
                hint(p, needed(s.rolls_to_verdict))
            else:
                hint(p, _("RIGHT: verdict"))
            return
        v = rules.verdict(s)
        headline, why = verdict_lines(v)
        if kanji():  # the reason in 12 px (8 px kanji smudge): p moves up beside n
            title_bar(p, _("{die} tally").format(die=die_name(s.die)),
                      (f"n={len(s.rolls)} p={v.p:.3f}", f"p={v.p:.3f}"))
            p.text((2, 13), p.fit(headline, "bold", p.width - 4), "bold")
            lines = wrap_px(why, "text", p.width - 2)
            if len(lines) > 3:
                p.cut.append(why)
            for i, line in enumerate(lines[:3]):
                p.text((1, 26 + i * 13), line, "text")
            return
        p.text((2, 14), p.fit(headline, "bold", p.width - 4), "bold")
        lines = wrap(why, 25)
        if len(lines) > VERDICT_LINES:
            p.cut.append(why)
        for i, line in enumerate(lines[:VERDICT_LINES]):
            p.text((2, 28 + i * 8), line, "small")
        hint(p, f"p = {v.p:.3f}")


def _scene_tally(app: Any) -> None:
    from companion.api.screens import press

    app.start_game("dice_test", {"players": ["Table"], "die": "d6"})
    for face in (1, 4, 6, 6, 2, 3, 6, 5, 1, 6, 4, 2):
        press(app, *(["RIGHT"] * ((face - 1 - app.top.cursor) % 6)), "OK")


def _scene_verdict(app: Any) -> None:
    app.start_game("dice_test", {"players": ["Table"], "die": "d6"})
    for i in range(60):
        app.play({"type": "face", "face": (i * 7 + i // 5) % 6 + 1, "entered": True})
    from companion.api.screens import press

    press(app, "DOWN", "RIGHT")


def _scene_d20(app: Any) -> None:
    app.start_game("dice_test", {"players": ["Table"], "die": "d20"})
    for face in app.dice.roll(20, 120):
        app.play({"type": "face", "face": face, "entered": True})
    from companion.api.screens import press

    press(app, *["RIGHT"] * 16)


def _scene_d20_tally(app: Any) -> None:
    _scene_d20(app)
    from companion.api.screens import press

    press(app, "DOWN")


SCREENSHOTS = {"dice_test-tally": _scene_tally, "dice_test-verdict": _scene_verdict,
               "dice_test-d20": _scene_d20, "dice_test-d20-tally": _scene_d20_tally}
