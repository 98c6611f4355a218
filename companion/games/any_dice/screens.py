"""Any dice: choose a set, ROLL, see every die and the total, and a histogram per set.

Keys on the roll screen: ROLL or OK rolls · hold ROLL keys in what your own dice show ·
RIGHT the histogram · hold OK ends the session · BACK the start menu · hold BACK undoes.
"""

from __future__ import annotations

from typing import Any

from companion.api.rules import STANDARD, Die, describe, standard
from companion.api.screens import (
    N_,
    Choice,
    Confirm,
    Context,
    DiceEntry,
    ListScreen,
    PagedScreen,
    Painter,
    Screen,
    SetupScreen,
    bar_chart,
    hint,
    needs_japanese,
    playing,
    text_width,
    title_bar,
    translator,
    wrap,
)
from companion.games.any_dice import rules

#: Sets offered on every box, after the config's own.
COMMON = ("d6", "2d6", "3d6", "d20", "2d6+d20", "d4", "d8", "d10", "d12", "d100")
BUILD = N_("Build a set...")
MAX_BARS = 62

_, ngettext = translator(__name__)


def new_game(ctx: Context) -> None:
    ctx.push(SetPicker(ctx))


def play_screen(ctx: Context) -> Screen:
    return RollScreen(ctx)


def start(ctx: Context, name: str, dice: tuple[Die, ...]) -> None:
    ctx.start_game("any_dice", rules.options_for(name, dice))


class SetPicker(ListScreen):
    """The config's dice and sets (``[[dice]]``), the common sets, and a set builder."""

    def heading(self) -> str:
        return _("Which dice?")

    def sets(self) -> list[tuple[str, tuple[Die, ...]]]:
        from companion.api.rules import parse

        own = list(self.ctx.config.dice.items())
        return own + [(name, parse(name)) for name in COMMON]

    def items(self) -> list[str]:
        out = []
        for name, dice in self.sets():
            notation = describe(dice)
            out.append(name if notation == name else f"{name}: {notation}")
        return out + [_(BUILD)]

    def choose(self, index: int) -> None:
        sets = self.sets()
        if index < len(sets):
            start(self.ctx, *sets[index])
        else:
            self.ctx.push(builder(self.ctx))


def builder(ctx: Context) -> SetupScreen:
    """So many of each die: a row per standard die and per custom die of the config."""
    kinds = [standard(n) for n in STANDARD] + [
        dice[0] for dice in ctx.config.dice.values() if len(dice) == 1]
    rows = [Choice(die.label, die.label, list(range(10)), 2 if die.label == "d6" else 0,
                   shown=lambda n: _("x {n}").format(n=n)) for die in kinds]

    def options(players: list[str], chosen: dict[str, Any]) -> dict[str, Any]:
        dice = tuple(d for d in kinds for _ in range(chosen[d.label]))
        return rules.options_for(describe(dice) if dice else "no dice", dice)

    return SetupScreen(ctx, "any_dice", low=1, high=1, names=["Table"], extra=rows,
                       options=options)


class RollScreen(Screen):
    """Every die of the set and the total of the number dice."""

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    def key_roll(self) -> None:
        faces = [self.ctx.dice.pick(d.faces) for d in self.state.dice]
        self.ctx.play({"type": "roll", "faces": faces})

    key_ok = key_roll

    def key_long_roll(self) -> None:
        s = self.state
        self.ctx.push(DiceEntry(
            self.ctx, [d.faces for d in s.dice],
            lambda faces: self.ctx.play({"type": "roll", "faces": faces, "entered": True}),
            labels=[d.label for d in s.dice], title=_("Your dice")))

    def key_right(self) -> None:
        self.ctx.push(HistogramScreen(self.ctx))

    def key_back(self) -> None:
        self.ctx.home()

    def key_long_ok(self) -> None:
        self.ctx.push(Confirm(self.ctx, _("End this dice session and keep it in history?"),
                              lambda: self.ctx.play({"type": "finish"})))

    def render(self, p: Painter) -> None:
        s = self.state
        yours = s.entered and s.entered[-1]
        title_bar(p, _("{dice} (yours)").format(dice=s.name) if yours else s.name,
                  f"#{len(s.rolls)}")
        if s.finished:
            p.centred(20, _("Session over"), "medium")
            p.centred(40, ngettext("{n} roll", "{n} rolls", len(s.rolls)).format(
                n=len(s.rolls)), "text")
            return
        total = rules.total(s, s.last) if s.last else None
        right = 84 if total is not None and len(rules.numeric(s)) > 1 else p.width
        if s.last is None:
            p.centred(22, "ROLL", "large")
        else:
            draw_faces(p, s.dice, s.last, x1=right)
            if total is not None and right < p.width:
                p.line((right, 14, right, 49 if kanji() else 54))
                p.centred(22, str(total), "large" if total < 1000 else "medium", x0=right)
        hint(p, _("ROLL  hold: yours  >chart"))


def kanji() -> bool:
    """True where the key help is kanji (Japanese), drawn in the 12 px face."""
    return needs_japanese(_("ROLL  hold: yours  >chart"))


def _font_for(text: str, width: int, fonts: tuple[str, ...]) -> str:
    for name in fonts:
        if text_width(text, name) <= width - 8:
            return name
    return fonts[-1]


def draw_faces(p: Painter, dice: tuple[Die, ...], faces: tuple[Any, ...], *, x1: int) -> None:
    """The faces side by side in boxes, labelled; two rows from five dice; a list from nine."""
    n = len(dice)
    if n > 8:
        for i, line in enumerate(wrap(" ".join(str(f) for f in faces), x1 // 6 - 1)[:3]):
            p.text((2, 14 + i * 13), line, "text")
        return
    rows = 1 if n <= 4 else 2
    per_row = -(-n // rows)
    slot = x1 // per_row
    fonts = ("large", "medium", "text") if rows == 1 else ("medium", "text")
    for i, (die, face) in enumerate(zip(dice, faces, strict=True)):
        row, col = divmod(i, per_row)
        x0 = col * slot
        text = str(face)
        font = _font_for(text, slot, fonts)
        # where the key help is kanji it is 12 px (8 px kanji smudge): the boxes end higher
        low = 4 if kanji() else 0
        if rows == 1:
            p.centred(14, p.fit(die.label, "small", slot - 2), "small", x0=x0, x1=x0 + slot)
            p.rect((x0 + 1, 22, x0 + slot - 2, 53 - low), outline=1)
            p.centred((26 if font == "large" else 30) - low // 2, p.fit(text, font, slot - 4),
                      font, x0=x0, x1=x0 + slot)
        else:
            y = 14 + row * (21 - low // 2)
            p.rect((x0 + 1, y, x0 + slot - 2, y + 19 - low // 2), outline=1)
            p.centred(y + 2 if font == "medium" else y + 4, p.fit(text, font, slot - 4), font,
                      x0=x0, x1=x0 + slot)


def binned(values: dict[int, float], limit: int = MAX_BARS) -> list[tuple[int, float]]:
    """Totals grouped into at most ``limit`` bars of equal width: (first total, sum)."""
    keys = sorted(values)
    if not keys:
        return []
    width = -(-(keys[-1] - keys[0] + 1) // limit)
    out: dict[int, float] = {}
    for k in range(keys[0], keys[-1] + 1):
        start = keys[0] + (k - keys[0]) // width * width
        out[start] = out.get(start, 0.0) + values.get(k, 0.0)
    return list(out.items())


class HistogramScreen(PagedScreen):
    """The totals against fair dice, then a page per kind of word-faced die (colours)."""

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    def charts(self) -> list[Die | None]:
        """None: the totals chart; a die: the faces chart of that kind."""
        s = self.state
        return ([None] if rules.numeric(s) else []) + rules.kinds(s)

    def pages(self) -> int:
        return len(self.charts())

    def render(self, p: Painter) -> None:
        s = self.state
        self.page %= self.pages()
        chart = self.charts()[self.page]
        n = len(s.rolls)
        more = f" {self.page + 1}/{self.pages()}" if self.pages() > 1 else ""
        if chart is None:
            title_bar(p, _("{dice} totals").format(dice=describe(rules.numeric(s))),
                      f"n={n}{more}")
            seen = rules.histogram(s)
            fair = binned(rules.expected(s))
            got = dict(binned({k: float(v) for k, v in seen.items()} or {0: 0.0}))
            labels = [str(k) for k, _ in fair]
            observed = [round(got.get(k, 0)) for k, _ in fair]
            expected = [n * share for _, share in fair]
        else:
            title_bar(p, _("{die} faces").format(die=chart.label), f"n={n}{more}")
            faces = list(dict.fromkeys(chart.faces))
            counts = rules.face_counts(s, chart)
            copies = sum(1 for d in s.dice if d == chart)
            # two letters under each bar ("wh", "ye"); the 4x6 font has no kana or
            # kanji, so a face written in Japanese is numbered in the order of its faces
            labels = [str(i + 1) if needs_japanese(str(f)) else str(f)[:2]
                      for i, f in enumerate(faces)]
            observed = [counts[i] for i in range(len(faces))]
            expected = [n * copies * chart.faces.count(f) / len(chart.faces) for f in faces]
        step = max(1, -(-len(labels) * 9 // (p.width - 4)))
        sparse = [label if i % step == 0 else "" for i, label in enumerate(labels)]
        bar_chart(p, sparse, observed, expected, (2, 15, 126, 55))
        if not s.rolls:
            p.centred(26, _("no rolls yet"), "text")

    def key_back(self) -> None:
        self.ctx.pop()


def _scene(app: Any, name: str, rolls: int) -> None:
    from companion.api.rules import parse
    from companion.api.screens import press

    start(app, name, parse(name, app.config.dice))
    for _ in range(rolls):
        press(app, "ROLL")


def _scene_roll(app: Any) -> None:
    _scene(app, "3d6+d20", 3)


def _with_example_dice(app: Any) -> str:
    """Give ``app`` the example ``[[dice]]`` of the language it speaks; the colour die's
    name."""
    from companion.api.screens import from_mapping

    dice = EXAMPLE_DICE_JA if app.language() == "ja" else EXAMPLE_DICE
    app.config = from_mapping({"display": {"driver": "dummy"}, "dice": dice,
                               "language": app.language()})
    return str(dice[0]["name"])


def _scene_colour(app: Any) -> None:
    _scene(app, f"d4+{_with_example_dice(app)}", 2)


def _scene_histogram(app: Any) -> None:
    from companion.api.screens import press

    _scene(app, "2d6+d20", 150)
    press(app, "RIGHT")


def _scene_picker(app: Any) -> None:
    from companion.api.screens import open_game

    _with_example_dice(app)
    open_game(app, "any_dice")


#: The ``[[dice]]`` the screenshots (and the docs) use.
EXAMPLE_DICE: list[dict[str, Any]] = [
    {"name": "colour", "faces": ["white", "yellow", "green", "red", "blue", "black"]},
    {"name": "attack", "roll": "3d6+d20"},
]
#: The same in a Japanese owner's config: the faces in Japanese; the names stay in Latin
#: letters (a name is also typed after ``companion roll``), here in romaji.
EXAMPLE_DICE_JA: list[dict[str, Any]] = [
    {"name": "iro", "faces": ["白", "黄", "緑", "赤", "青", "黒"]},
    {"name": "kougeki", "roll": "3d6+d20"},
]

SCREENSHOTS = {"any_dice-sets": _scene_picker, "any_dice-roll": _scene_roll,
               "any_dice-colour": _scene_colour, "any_dice-histogram": _scene_histogram}
