"""``make fonts``: rebuild the Japanese bitmap fonts in ``companion/ui/fonts/ja/``.

The converted fonts and their licence texts are committed, so a fresh clone never runs
this; it needs the Debian packages below (``apt-get install xfonts-shinonome fonts-misaki
pcf2bdf xfonts-utils``) and Pillow (``make fonts`` runs it in the project's ``.venv``).

==================  ===============================  ========  ===========================
output (``ja/``)    source file (Debian package)     size      licence
==================  ===============================  ========  ===========================
``k12.pcf``         ``shnmk12.pcf.gz``               12 px     public domain
                    (``xfonts-shinonome``)
``k16b.pcf``        ``shnmk16b.pcf.gz`` (same)       16 px     public domain
``k8.pcf``          ``misaki_gothic_2nd.ttf``        8 px      Misaki's own free licence
                    (``fonts-misaki``)                         (use, copy, modify, sell)
==================  ===============================  ========  ===========================

Every output holds the full-width glyphs of JIS X 0208 (kana, kanji, symbols: 6,879
characters) encoded by Unicode (``ISO10646-1``), so FreeType maps text to them:

- Shinonome: ``pcf2bdf`` gives text BDF encoded by JIS row/cell; each ``ENCODING`` becomes
  the code point Python's ``euc_jp`` codec gives the two bytes ``(hi | 0x80, lo | 0x80)``;
  ``bdftopcf`` makes it a PCF again.
- Misaki: the TrueType font is drawn on an 8×8 pixel grid; each JIS X 0208 character is
  rendered at 8 px with Pillow and written as an 8×8 BDF glyph, then ``bdftopcf``.

Latin letters, digits and the half-width space are not in these fonts: the companion
draws them with its own Latin fonts (see ``companion/ui/fonts/japanese.py``).

Why these: Shinonome's 12 px bold (``shnmk12b``) fills dense kanji such as 頭 or 調 solid
at 12 px, so bold text uses the regular 12 px kanji; at 16 px the bold reads well and
matches the bold Latin font of that size. Misaki's "2nd" variant draws kana 7 px wide
instead of 6, clearer on the panel than the first Misaki Gothic.

The outputs are not gzipped: FreeType reads a gzipped PCF by unpacking it again from the
start for every glyph it seeks back to (18 ms a line), and unpacking it in memory first
costs the file's size in RAM; an uncompressed PCF is read glyph by glyph from disk (git
and wheels compress it anyway). A rebuild from the same packages gives the same bytes.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

X11 = Path("/usr/share/fonts/X11/misc")
MISAKI = Path("/usr/share/fonts/truetype/misaki/misaki_gothic_2nd.ttf")
DOCS = Path("/usr/share/doc")
OUT = Path(__file__).resolve().parent.parent / "companion" / "ui" / "fonts" / "ja"

#: output name -> Shinonome source file
SHINONOME = {"k12": "shnmk12.pcf.gz", "k16b": "shnmk16b.pcf.gz"}
LICENCES = {"LICENSE-shinonome.txt": DOCS / "xfonts-shinonome" / "copyright",
            "LICENSE-misaki.txt": DOCS / "fonts-misaki" / "copyright"}
README = """\
Japanese bitmap fonts for the companion, made by tools/make_fonts.py (`make fonts`)
from Debian packages; all JIS X 0208 characters, re-encoded by Unicode (ISO10646-1).

k12.pcf      shnmk12.pcf.gz of xfonts-shinonome (Shinonome Gothic 12)   public domain,
k16b.pcf     shnmk16b.pcf.gz of xfonts-shinonome (Shinonome Gothic 16 bold)  see
                                                              LICENSE-shinonome.txt
k8.pcf       misaki_gothic_2nd.ttf of fonts-misaki (Misaki Gothic 2nd, 8x8 px)
             free licence (use, copy, modify, redistribute), see LICENSE-misaki.txt
"""
TOOLS = {"pcf2bdf": "pcf2bdf", "bdftopcf": "xfonts-utils"}
PACKAGES = "xfonts-shinonome fonts-misaki pcf2bdf xfonts-utils"


def jis_to_unicode(code: int) -> str | None:
    """The character of JIS X 0208 code ``code`` (row/cell bytes), or None.

    >>> jis_to_unicode(0x2422), jis_to_unicode(0x3441)
    ('あ', '漢')
    """
    hi, lo = code >> 8, code & 0xFF
    try:
        text = bytes((hi | 0x80, lo | 0x80)).decode("euc_jp")
    except UnicodeDecodeError:
        return None
    return text if len(text) == 1 else None


def jis_characters() -> list[str]:
    """Every character of JIS X 0208, in JIS order."""
    found = (jis_to_unicode((row << 8) | cell) for row in range(0x21, 0x7F)
             for cell in range(0x21, 0x7F))
    return [ch for ch in found if ch is not None]


def reencode_bdf(text: str) -> str:
    """A JIS X 0208 BDF font (pcf2bdf's output) re-encoded by Unicode."""
    out: list[str] = []
    for line in text.splitlines():
        key, _, value = line.partition(" ")
        if key == "FONT":
            line = "FONT " + "-".join(value.split("-")[:-2] + ["ISO10646", "1"])
        elif key == "CHARSET_REGISTRY":
            line = 'CHARSET_REGISTRY "ISO10646"'
        elif key == "CHARSET_ENCODING":
            line = 'CHARSET_ENCODING "1"'
        elif key == "DEFAULT_CHAR":
            line = "DEFAULT_CHAR 12288"  # U+3000, the JIS 0x2121 it named
        elif key == "ENCODING":
            ch = jis_to_unicode(int(value))
            if ch is None:
                raise ValueError(f"JIS code {int(value):#06x} has no Unicode character")
            line = f"ENCODING {ord(ch)}"
        out.append(line)
    return "\n".join(out) + "\n"


def _mask_bytes(font, ch: str) -> bytes:
    return bytes(font.getmask(ch, mode="1"))


def misaki_bdf(path: Path) -> str:
    """Misaki Gothic as an 8×8 BDF font of the JIS X 0208 characters it draws."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(str(path), 8)
    ascent = font.getmetrics()[0]  # the 8×8 grid decides the descent, not the outline
    notdef = _mask_bytes(font, "\uffff")
    glyphs: list[str] = []
    missing: list[str] = []
    for ch in jis_characters():
        if ch != "\u3000" and _mask_bytes(font, ch) == notdef:
            missing.append(ch)
            continue
        cell = Image.new("1", (8, 8), 0)
        draw = ImageDraw.Draw(cell)
        draw.fontmode = "1"
        draw.text((0, 0), ch, font=font, fill=1)
        rows = [sum(cell.getpixel((x, y)) and 0x80 >> x for x in range(8)) for y in range(8)]
        glyphs.append(f"STARTCHAR U+{ord(ch):04X}\nENCODING {ord(ch)}\nSWIDTH 1000 0\n"
                      f"DWIDTH 8 0\nBBX 8 8 0 -{8 - ascent}\nBITMAP\n"
                      + "".join(f"{r:02X}\n" for r in rows) + "ENDCHAR")
    if missing:
        print(f"misaki lacks {len(missing)} JIS X 0208 characters: {''.join(missing)}",
              file=sys.stderr)
    head = ["STARTFONT 2.1", "FONT -Misaki-Gothic2nd-Medium-R-Normal--8-80-75-75-C-80-ISO10646-1",
            "SIZE 8 75 75", f"FONTBOUNDINGBOX 8 8 0 -{8 - ascent}", "STARTPROPERTIES 6",
            "PIXEL_SIZE 8", f"FONT_ASCENT {ascent}", f"FONT_DESCENT {8 - ascent}",
            'CHARSET_REGISTRY "ISO10646"', 'CHARSET_ENCODING "1"', "DEFAULT_CHAR 12288",
            "ENDPROPERTIES", f"CHARS {len(glyphs)}"]
    return "\n".join(head + glyphs + ["ENDFONT"]) + "\n"


def bdf_to_pcf(bdf: str, target: Path, work: Path) -> None:
    """Compile ``bdf`` with bdftopcf into ``target``."""
    src = work / (target.stem + ".bdf")
    src.write_text(bdf, encoding="ascii")
    # byte-padded rows: a third smaller than bdftopcf's default 4-byte padding
    subprocess.run(["bdftopcf", "-p1", "-u1", "-o", str(target), str(src)], check=True)


def check_sources() -> str | None:
    """One sentence naming what is missing, or None when everything is installed."""
    for tool, package in TOOLS.items():
        if shutil.which(tool) is None:
            return f"{tool} is not installed (Debian package {package}); run: " \
                   f"apt-get install {PACKAGES}"
    needed = [X11 / name for name in SHINONOME.values()] + [MISAKI, *LICENCES.values()]
    absent = [str(p) for p in needed if not p.exists()]
    if absent:
        return f"{absent[0]} is missing; run: apt-get install {PACKAGES}"
    return None


def build(out: Path = OUT) -> list[Path]:
    """Convert every font into ``out``; the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name, source in SHINONOME.items():
            bdf = subprocess.run(["pcf2bdf", str(X11 / source)], check=True,
                                 capture_output=True).stdout.decode("ascii")
            written.append(out / f"{name}.pcf")
            bdf_to_pcf(reencode_bdf(bdf), written[-1], work)
        written.append(out / "k8.pcf")
        bdf_to_pcf(misaki_bdf(MISAKI), written[-1], work)
    for name, source in LICENCES.items():
        shutil.copyfile(source, out / name)
        written.append(out / name)
    written.append(out / "README.txt")
    written[-1].write_text(README, encoding="utf-8")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/make_fonts.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write (default {OUT})")
    args = parser.parse_args(argv)
    problem = check_sources()
    if problem:
        print(f"make fonts: {problem}", file=sys.stderr)
        return 2
    for path in build(args.out):
        print(f"{path.stat().st_size:>8}  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
