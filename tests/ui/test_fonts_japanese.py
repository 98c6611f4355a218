"""Guards the Japanese fonts: every kana and JIS X 0208 character draws at every size,
mixed Latin/Japanese text is measured exactly, and English never loads them."""

from __future__ import annotations

import subprocess
import sys

import pytest
from PIL import Image, ImageChops, ImageDraw

from companion.ui.fonts import CELLS, font
from companion.ui.fonts import japanese as ja
from companion.ui.paint import HEIGHT, WIDTH, Painter

#: JIS X 0208 straight from Python's codec (rows 0x21-0x7E, cells 0x21-0x7E), not from
#: the module under test.
JIS = [ch for hi in range(0xA1, 0xFF) for lo in range(0xA1, 0xFF)
       for ch in [bytes((hi, lo)).decode("euc_jp", "ignore")] if len(ch) == 1]
HIRAGANA = [chr(c) for c in range(0x3041, 0x3094)]  # ぁ..ん, small kana and dakuten
KATAKANA = [chr(c) for c in range(0x30A1, 0x30F7)]  # ァ..ヶ, small kana, ヴ ヵ ヶ
KANA_MARKS = list("ー・ゝゞヽヾ゛゜")
FILES = sorted({(face.file, face.pixels) for face in ja.FACES.values()})


def ink(image: Image.Image) -> tuple[int, int, int, int] | None:
    return image.getbbox()


def drawn(text: str, name: str, *, x: int = 0, size: tuple[int, int] = (WIDTH * 3, 40)
          ) -> Image.Image:
    image = Image.new("1", size, 0)
    ja.draw(ImageDraw.Draw(image), (x, 0), text, name)
    return image


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is None


def test_jis_x_0208_is_the_whole_set() -> None:
    assert len(JIS) == 6879
    assert set(HIRAGANA + KATAKANA + KANA_MARKS) <= set(JIS)
    assert len(HIRAGANA) == 83 and len(KATAKANA) == 86


@pytest.mark.parametrize(("file", "pixels"), FILES)
def test_every_jis_character_has_its_own_full_width_glyph(file: str, pixels: int) -> None:
    glyphs = ja.glyph_font(file)
    blank, wrong_width, masks = [], [], set()
    for ch in JIS:
        mask = glyphs.getmask(ch, mode="1")
        if ch != "\u3000" and mask.getbbox() is None:
            blank.append(ch)
        if glyphs.getlength(ch) != pixels:
            wrong_width.append(ch)
        masks.add((mask.size, bytes(mask)))
    assert not blank, f"{file}: {len(blank)} characters draw nothing: {''.join(blank[:40])}"
    assert not wrong_width, f"{file}: not {pixels} px wide: {''.join(wrong_width[:40])}"
    # a font that drew one box for everything would pass the two checks above
    assert len(masks) > 6800, f"{file}: only {len(masks)} different glyphs"


@pytest.mark.parametrize("name", sorted(ja.FACES))
def test_every_kana_draws_full_width_in_every_font(name: str) -> None:
    advance = ja.FACES[name].advance
    for ch in HIRAGANA + KATAKANA + KANA_MARKS:
        assert ja.has_glyph(ch) and ja.text_width(ch, name) == advance, ch
        image = drawn(ch, name, x=advance)
        box = ink(image)
        assert box is not None, f"{ch!r} draws nothing in {name}"
        assert advance <= box[0] and box[2] <= 2 * advance, f"{ch!r} outside its cell"
        assert box[3] <= ja.line_height(name)


def test_every_jis_character_is_drawn_as_itself() -> None:
    assert not ja.missing("".join(JIS))
    half = {ch: ja.runs(ch) for ch in JIS if ja.runs(ch) != [(True, ch)]}
    # Latin-1 (×, °, ¢ …) and the curly quotes and minus keep their English half-width
    # look, the Angstrom sign is the letter Å
    assert half == {**{ch: [(False, ch)] for ch in JIS if ord(ch) <= 0xFF},
                    "‘": [(False, "'")], "’": [(False, "'")], "“": [(False, '"')],
                    "”": [(False, '"')], "−": [(False, "-")], "\u212b": [(False, "\u00c5")]}


@pytest.mark.parametrize("name", sorted(ja.FACES))
def test_mixed_text_is_measured_exactly(name: str) -> None:
    text = "Ann 12点"
    half, full = CELLS[name][0], ja.FACES[name].advance
    width = ja.text_width(text, name)
    assert width == 6 * half + full
    image = drawn(text, name, x=3)
    box = ink(image)
    assert box is not None and 3 <= box[0] and box[2] <= 3 + width
    # the kanji's ink is inside its own cell, after the six Latin cells
    kanji = image.crop((3 + 6 * half, 0, 3 + width, image.height))
    assert ink(kanji) is not None
    assert ink(image.crop((3 + width, 0, image.width, image.height))) is None
    assert ja.draw(ImageDraw.Draw(image), (0, 0), text, name) == width


@pytest.mark.parametrize("name", sorted(ja.FACES))
def test_latin_in_japanese_text_looks_as_in_english_and_stays_in_the_line(name: str) -> None:
    drop = ja.FACES[name].latin_drop
    english = Image.new("1", (WIDTH * 3, 40), 0)
    ImageDraw.Draw(english).text((0, drop), "Ann 12", font=font(name), fill=1)
    mixed = drawn("Ann 12点", name)
    latin = (0, 0, 6 * CELLS[name][0], 40)
    assert same(mixed.crop(latin), english.crop(latin))
    latin1 = "".join(chr(c) for c in [*range(0x20, 0x7F), *range(0xA0, 0x100)])
    box = ink(drawn(latin1, name, size=(len(latin1) * CELLS[name][0], 40)))
    assert box is not None and box[1] >= 0 and box[3] <= ja.line_height(name)


def test_large_and_huge_are_the_smaller_faces_doubled() -> None:
    for big, small in (("large", "text"), ("huge", "medium")):
        assert ja.face_font(big) is ja.face_font(small)
        doubled = drawn("点数", small, size=(64, 20)).resize((128, 40),
                                                             Image.Resampling.NEAREST)
        assert same(drawn("点数", big, size=(128, 40)), doubled)


def test_characters_are_read_as_the_ones_the_fonts_hold() -> None:
    assert same(drawn("～", "text"), drawn("〜", "text"))  # Windows' wave dash
    assert same(drawn("ｶﾞｲﾄﾞ", "text"), drawn("ガイド", "text"))  # half-width kana
    assert same(drawn("か\u3099", "text"), drawn("が", "text"))  # decomposed (macOS)
    assert same(drawn("①", "text"), drawn("1", "text"))
    assert same(drawn("70\u201379", "text"), drawn("70-79", "text"))
    assert ja.text_width("ｶﾞｲﾄﾞ", "text") == 36


def test_a_character_no_font_has_is_named_and_drawn_as_a_question_mark() -> None:
    assert ja.missing("得点 ก ok ก") == "ก"
    assert ja.has_glyph("?") and not ja.has_glyph("\U0001f600")
    assert same(drawn("点ก", "text"), drawn("点?", "text"))
    assert ja.text_width("点ก", "text") == 18


def test_reverse_video_draws_the_japanese_in_black() -> None:
    p = Painter.blank()
    p.rect((0, 0, WIDTH - 1, 11), fill=1, outline=None)
    for name, y in (("bold", 0), ("large", 12)):
        if name == "large":
            p.rect((0, 12, WIDTH - 1, 12 + 23), fill=1, outline=None)
        width = ja.draw(p.draw, (1, y), "得点Ann", name, fill=0)
        bar = p.image.crop((1, y, 1 + width, y + ja.line_height(name))).convert("L")
        assert bar.getextrema() == (0, 255), name  # black glyphs on the white bar


def test_unknown_font_names_are_one_clear_sentence() -> None:
    with pytest.raises(ValueError, match="unknown font 'headline'; fonts are tiny, small"):
        ja.text_width("点", "headline")
    with pytest.raises(ValueError, match="unknown Japanese font 'k99'"):
        ja.glyph_font("k99")


def sample_frames() -> dict[str, Image.Image]:
    """Two screens of sample Japanese, as a person would see them on the panel."""
    text = Painter.blank()
    text.rect((0, 0, WIDTH - 1, 11), fill=1, outline=None)
    ja.draw(text.draw, (1, 0), "頭脳絶好調スペシャル", "bold", fill=0)
    ja.draw(text.draw, (0, 13), "Ann 12点 ペグ20 手番", "text")
    ja.draw(text.draw, (0, 26), "ラウンド3 太郎", "medium")
    ja.draw(text.draw, (0, 44), "ROLLでサイコロを振る 6/6", "small")
    ja.draw(text.draw, (0, 54), "ｶﾞｲﾄﾞ～ 漢字かなカナ①", "small")
    big = Painter.blank()
    ja.draw(big.draw, (0, 0), "勝者 Ann", "large")
    ja.draw(big.draw, (0, 30), "12点", "huge")
    return {"ja-fonts-text": text.image, "ja-fonts-large": big.image}


@pytest.mark.golden
def test_golden_sample_screens(golden) -> None:
    for name, image in sample_frames().items():
        assert image.size == (WIDTH, HEIGHT)
        golden(name, image)


def run_python(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True).stdout.strip()


def test_english_never_imports_the_japanese_fonts() -> None:
    out = run_python(
        "import sys\n"
        "import companion.app.loop, companion.owner.cli\n"
        "from companion.ui.paint import Painter\n"
        "p = Painter.blank(); p.text((0, 0), 'Roll!', 'bold'); p.centred(20, 'x', 'large')\n"
        "print(sorted(m for m in sys.modules if 'japanese' in m))")
    assert out == "[]"


def test_fonts_are_loaded_only_when_first_drawn() -> None:
    out = run_python(
        "from PIL import Image, ImageDraw\n"
        "from companion.ui.fonts import japanese as ja\n"
        "before = ja.glyph_font.cache_info().currsize\n"
        "ja.draw(ImageDraw.Draw(Image.new('1', (128, 64))), (0, 0), '点', 'large')\n"
        "ja.text_width('点', 'medium')\n"
        "print(before, ja.glyph_font.cache_info().currsize)")
    assert out == "0 1"  # large is the 12 px face doubled; measuring loads nothing


def test_the_font_benchmark_still_runs() -> None:
    from benchmarks import japanese_fonts

    result = japanese_fonts.measure(runs=1)
    assert result["rss_after"] >= result["rss_before"] > 0
    assert all(result[f"load_{face}_ms"] > 0 for face in ("k12", "k16b", "k8"))
