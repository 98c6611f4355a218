"""Guards ``make fonts``: JIS codes become the right Unicode characters, and the committed
Japanese fonts are exactly what the script builds from the Debian packages."""

from __future__ import annotations

import hashlib
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("make_fonts", ROOT / "tools" / "make_fonts.py")
make_fonts = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_fonts)

BDF = """STARTFONT 2.1
FONT -Shinonome-Gothic-Medium-R-Normal--12-110-75-75-C-120-JISX0208.1990-0
STARTPROPERTIES 3
CHARSET_REGISTRY "JISX0208.1990"
CHARSET_ENCODING "0"
DEFAULT_CHAR 8481
ENDPROPERTIES
CHARS 2
STARTCHAR 2422
ENCODING 9250
ENDCHAR
STARTCHAR 3441
ENCODING 13377
ENDCHAR
ENDFONT
"""


def test_jis_codes_are_read_through_euc_jp() -> None:
    assert make_fonts.jis_to_unicode(0x2121) == "\u3000"
    assert make_fonts.jis_to_unicode(0x2422) == "あ"
    assert make_fonts.jis_to_unicode(0x7426) == "熙"  # the last JIS X 0208:1990 kanji
    assert make_fonts.jis_to_unicode(0x2F21) is None  # an empty row
    assert len(make_fonts.jis_characters()) == 6879


def test_a_jis_bdf_is_re_encoded_by_unicode() -> None:
    out = make_fonts.reencode_bdf(BDF).splitlines()
    assert out[1] == "FONT -Shinonome-Gothic-Medium-R-Normal--12-110-75-75-C-120-ISO10646-1"
    assert 'CHARSET_REGISTRY "ISO10646"' in out and 'CHARSET_ENCODING "1"' in out
    assert "DEFAULT_CHAR 12288" in out
    assert [line for line in out if line.startswith("ENCODING")] == [
        f"ENCODING {ord('あ')}", f"ENCODING {ord('漢')}"]


def test_a_code_outside_jis_stops_the_conversion() -> None:
    with pytest.raises(ValueError, match="JIS code 0x2f21 has no Unicode character"):
        make_fonts.reencode_bdf(BDF.replace("ENCODING 9250", "ENCODING 12065"))


@pytest.mark.skipif(make_fonts.check_sources() is not None,
                    reason="needs xfonts-shinonome fonts-misaki pcf2bdf xfonts-utils")
def test_the_committed_fonts_are_what_make_fonts_builds(tmp_path: Path) -> None:
    built = {p.name: p for p in make_fonts.build(tmp_path)}
    committed = sorted(p.name for p in make_fonts.OUT.iterdir())
    assert sorted(built) == committed
    for name, path in built.items():
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        assert digest == hashlib.sha256((make_fonts.OUT / name).read_bytes()).hexdigest(), name
