"""Where a line of text may break: at spaces, and in Japanese between phrases.

Japanese has no spaces, so a line may break between two full-width characters, but not
against the rules of Japanese line breaking (kinsoku: no line starts with "。" or a
small kana, none ends with "「"), and it reads best between phrases: 「ゲームの最初の手を
/ 取り消しますか?」 rather than 「ゲームの最初の手を取 / り消しますか?」. The phrases come
from BudouX, Google's small model for exactly this (pure Python, loaded on the first
Japanese text wrapped, so English never loads it). A text is wrapped at phrases when
that takes no more lines than breaking between characters, and forces no break that
breaking between characters avoids; the screens' layouts count their lines, so phrases
never push a line off a message box.

>>> wrap("ゲームの最初の手を取り消しますか?", 20)
['ゲームの最初の手を', '取り消しますか?']
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any
from unicodedata import east_asian_width

from companion.ui.fonts import needs_japanese

#: Characters a Japanese line may not start with (kinsoku): closing brackets, punctuation,
#: small kana and the long-vowel mark — and those it may not end with (opening brackets).
NO_START = set("、。，．・：；？！ー）」』】〕〉》…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ)]")
NO_END = set("（「『【〔〈《([")
#: Brackets whose contents read as one phrase: 「(明るい面を上)」 breaks before its "(",
#: not inside, where BudouX would cut 「明る|い」.
_BRACKETS = {"(": ")", "（": "）", "「": "」", "『": "』", "[": "]"}


def cells(text: str) -> int:
    """How many character cells ``text`` takes: kana and kanji take two.

    >>> cells("Ann"), cells("はな")
    (3, 4)
    """
    return sum(2 if east_asian_width(c) in "WF" else 0 if c == _JOIN else 1 for c in text)


def _may_break(before: str, after: str) -> bool:
    """True when a line may end after ``before`` and the next start with ``after``: never
    inside a run of half-width letters and digits ("139%"), never between a number and
    what counts it ("3点", "2個"), nor against kinsoku."""
    if _JOIN in (before, after):
        return False
    if cells(before) == 1 and (cells(after) == 1 or before.isdigit()):
        return False
    return after not in NO_START and before not in NO_END


def _glued(paragraph: str) -> list[str]:
    """The paragraph's words; in Japanese a space between half-width letters or digits
    and a number ("IQ 5", "Guest 2") joins them with :data:`_GLUE` instead of separating
    them, so a line never ends on "IQ" and starts with "5で勝利"."""
    words = paragraph.split(" ")
    if not needs_japanese(paragraph):
        return words
    out: list[str] = []
    for word in words:
        if out and out[-1] and word[:1].isdigit() and cells(word[0]) == 1 \
                and cells(out[-1][-1]) == 1 and out[-1][-1].isalnum():
            out[-1] += _GLUE + word
        else:
            out.append(word)
    return out


#: Stands for a space that must not break while a paragraph is wrapped (no-break space).
_GLUE = "\u00a0"
#: Joins the characters of a name kept whole (word joiner); it takes no cell and is gone
#: from the lines :func:`wrap` returns.
_JOIN = "\u2060"


def _kept_whole(text: str, whole: tuple[str, ...], width_chars: int) -> str:
    """``text`` with each of ``whole`` (players' names) that fits on a line joined so
    that no line breaks inside it: 「山田はなこ」 is a name, though BudouX reads 「は」
    as a particle and would break after it. A name needs room for a "、" after it too:
    no line may start with one."""
    for name in sorted(set(whole), key=len, reverse=True):
        if len(name) > 1 and cells(name) + 2 <= width_chars and name in text:
            text = text.replace(name, _JOIN.join(name.replace(" ", _GLUE)))
    return text


@cache
def _parser() -> Any:
    import budoux

    return budoux.load_default_japanese_parser()


@lru_cache(maxsize=256)  # a question is wrapped again on every frame it stays up
def phrase_starts(word: str) -> frozenset[int]:
    """The places in ``word`` where a Japanese phrase begins (BudouX), 0 excluded; a
    bracket's contents are one phrase, beginning at its opening bracket.

    >>> sorted(phrase_starts("最初の手を取り消す"))
    [3, 5]
    >>> sorted(phrase_starts("トークン24枚(明るい面を上)"))
    [7]
    """
    starts, at = set(), 0
    for phrase in _parser().parse(word)[:-1]:
        at += len(phrase)
        starts.add(at)
    for opening, closing in _bracketed(word):
        starts -= set(range(opening + 1, closing + 1))
        starts |= {opening} - {0}
        starts |= {closing + 1} - {len(word)}
    return frozenset(starts)


def _bracketed(word: str) -> list[tuple[int, int]]:
    """Where each outermost bracket in ``word`` opens and closes (an unclosed one: none).

    >>> _bracketed("a(bc)d「e」")
    [(1, 4), (6, 8)]
    """
    pairs, at = [], 0
    while at < len(word):
        closing = _BRACKETS.get(word[at])
        end = word.find(closing, at + 1) if closing else -1
        if end > 0:
            pairs.append((at, end))
            at = end
        at += 1
    return pairs


def wrap(text: str, width_chars: int, whole: tuple[str, ...] = ()) -> list[str]:
    """Split ``text`` into lines of at most ``width_chars`` cells: at spaces, and in
    Japanese between phrases (BudouX), even where that takes one more line; a phrase
    longer than a line breaks between two full-width characters the rules of Japanese
    line breaking (kinsoku, as JIS X 4051) allow (no line starts with "。", none cuts
    "139%"). No line breaks inside a name in ``whole`` that fits
    on a line, even where that takes one more line: callers pass names where the
    lines may grow.

    >>> wrap("Ann wins on the lowest colour", 12)
    ['Ann wins on', 'the lowest', 'colour']
    >>> wrap("はなこさんの勝ちです", 8)
    ['はなこさ', 'んの勝ち', 'です']
    >>> wrap("勝ちです。約139%以上", 8)
    ['勝ちで', 'す。約', '139%以上']
    >>> wrap("勝者：山田はなこ、佐藤たろう", 16)
    ['勝者：山田は', 'なこ、佐藤たろう']
    >>> wrap("勝者：山田はなこ、佐藤たろう", 16, whole=("山田はなこ",))
    ['勝者：', '山田はなこ、', '佐藤たろう']
    >>> wrap("Ann > Dev Patel > Bo", 12, whole=("Dev Patel",))
    ['Ann >', 'Dev Patel >', 'Bo']
    """
    if not needs_japanese(text):  # breaks only at spaces, and never inside a name
        for name in sorted(set(whole), key=len, reverse=True):
            if " " in name and len(name) <= width_chars:
                text = text.replace(name, name.replace(" ", _GLUE))
        return _wrap(text, width_chars, phrases=False)
    text = _kept_whole(text, whole, width_chars)
    plain = _wrap(text, width_chars, phrases=False)
    if len(plain) == 1:
        return plain
    by_phrase = _wrap(text, width_chars, phrases=True)
    # between phrases even where that takes one more line: 「手|番」「です|か」「終|了」
    # read as broken words (issue 41); the screens scroll or give the line room. Not
    # where BudouX strands a scrap on a line of its own (「は / なこさん / の」: it
    # reads a name's 「は」 as a particle): a line of phrases above the last is at
    # least half full.
    if _forced(by_phrase) and not _forced(plain) or len(by_phrase) > len(plain) + 1 \
            or len(by_phrase) > len(plain) and any(
                cells(line) * 2 <= width_chars for line in by_phrase[:-1]):
        return plain
    return by_phrase


def _forced(lines: list[str]) -> bool:
    """True when a line starts against kinsoku (a forced break: nowhere else to cut)."""
    return any(line[:1] in NO_START for line in lines[1:])


def _wrap(text: str, width_chars: int, *, phrases: bool) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in _glued(paragraph):
            if not word:
                continue
            starts = _starts(word) if phrases and needs_japanese(word) else None
            done = 0  # characters of the word already on earlier lines
            while cells(word) > width_chars:
                room = width_chars - cells(line) - (1 if line else 0)
                fits = 0
                while fits < len(word) and cells(word[:fits + 1]) <= room:
                    fits += 1
                cut = _last_break(word, fits, starts, done)
                if line and (cut == 0 or cells(word[0]) == 1):
                    lines.append(line)  # a new line for the word, then try again
                    line = ""
                    continue
                if cut == 0 and starts is not None:
                    cut = _last_break(word, fits, None, done)  # a phrase too long for a line
                if cut == 0:
                    cut = max(1, fits)  # nowhere to break: a forced break
                head, word = word[:cut], word[cut:]
                done += cut
                lines.append(f"{line} {head}" if line else head)
                line = ""
            candidate = f"{line} {word}" if line else word
            if cells(candidate) <= width_chars:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return [line.replace(_GLUE, " ").replace(_JOIN, "") for line in lines]


def _starts(word: str) -> frozenset[int]:
    """:func:`phrase_starts` of a word that may hold joined names, as places in it."""
    if _JOIN not in word:
        return phrase_starts(word)
    plain = word.replace(_JOIN, "")
    at = [i for i, c in enumerate(word) if c != _JOIN]  # where each plain character is
    return frozenset(at[k] for k in phrase_starts(plain))


def _last_break(word: str, fits: int, starts: frozenset[int] | None, done: int) -> int:
    """The last place at or before ``fits`` where ``word`` may break (0: none); with
    ``starts``, only where a phrase begins (``done`` characters of it are gone)."""
    cut = fits
    while 0 < cut < len(word) and not (_may_break(word[cut - 1], word[cut])
                                       and (starts is None or done + cut in starts)):
        cut -= 1
    return cut
