"""The few Markdown forms a game's rules text uses, as HTML with every character of the
text escaped: headings, paragraphs, ``-`` lists, ``|`` tables, fenced code, and inline
**bold**, *italics*, `code` and links (shown as their text: the pages they point to are
the project's own files, not on the box).

Written here rather than taken from the ``markdown`` package: these forms are all the
rules text has, and nothing of the text can become markup (Python-Markdown passes raw
HTML through).

>>> str(render("# Title\\n\\nA **bold** <b>move</b>."))
'<h2>Title</h2><p>A <b>bold</b> &lt;b&gt;move&lt;/b&gt;.</p>'
>>> str(render("- one\\n- `two`"))
'<ul><li>one</li><li><code>two</code></li></ul>'
>>> str(render("| a | b |\\n|---|---|\\n| 1 | 2 |"))
'<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>'
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

_INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*|\*([^*\s][^*]*?)\*|!?\[([^\]]*)\]\([^)]*\)")


def inline(text: str) -> Markup:
    """One line's inline forms; everything else escaped."""
    out, at = [], 0
    for m in _INLINE.finditer(text):
        out.append(escape(text[at:m.start()]))
        code, bold, em, link = m.groups()
        if code is not None:
            out.append(Markup("<code>{}</code>").format(code))
        elif bold is not None:
            out.append(Markup("<b>{}</b>").format(inline(bold)))
        elif em is not None:
            out.append(Markup("<i>{}</i>").format(inline(em)))
        elif not m.group(0).startswith("!"):  # a picture of the panel: not on the phone
            out.append(inline(link))
        at = m.end()
    out.append(escape(text[at:]))
    return Markup("").join(out)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def render(text: str) -> Markup:
    """``text`` as HTML; ``#`` and ``##`` are both ``<h2>`` (the page has its own
    ``<h1>``), ``###`` is ``<h3>``."""
    out: list[Markup] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip() or line.lstrip().startswith("!["):
            i += 1
        elif line.startswith("```"):
            end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("```")),
                       len(lines))
            out.append(Markup("<pre>{}</pre>").format("\n".join(lines[i + 1:end])))
            i = end + 1
        elif m := re.match(r"(#{1,4})\s+(.*)", line):
            level = min(max(len(m.group(1)), 2), 4)
            out.append(Markup("<h{0}>{1}</h{0}>").format(level, inline(m.group(2))))
            i += 1
        elif line.lstrip().startswith("|"):
            rows = []
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                if not re.fullmatch(r"[\s|:\-]+", lines[i]):
                    rows.append(_cells(lines[i]))
                i += 1
            head = Markup("").join(Markup("<th>{}</th>").format(inline(c)) for c in rows[0])
            body = Markup("").join(
                Markup("<tr>{}</tr>").format(Markup("").join(
                    Markup("<td>{}</td>").format(inline(c)) for c in row)) for row in rows[1:])
            out.append(Markup("<table><tr>{}</tr>{}</table>").format(head, body))
        elif re.match(r"\s*[-*]\s+", line):
            items: list[list[str]] = []
            while i < len(lines) and lines[i].strip() and not lines[i].startswith("#"):
                if re.match(r"\s*[-*]\s+", lines[i]):
                    items.append([re.sub(r"^\s*[-*]\s+", "", lines[i])])
                else:  # a list item's next line
                    items[-1].append(lines[i].strip())
                i += 1
            out.append(Markup("<ul>{}</ul>").format(Markup("").join(
                Markup("<li>{}</li>").format(inline(_joined(item))) for item in items)))
        else:
            para = []
            while i < len(lines) and lines[i].strip() and not re.match(
                    r"(#{1,4}\s|\s*[-*]\s+|\s*\||```|\s*!\[)", lines[i]):
                para.append(lines[i].strip())
                i += 1
            out.append(Markup("<p>{}</p>").format(inline(_joined(para))))
    return Markup("").join(out)


def _joined(lines: list[str]) -> str:
    """Lines of one paragraph: a space between words, none where a line ends or starts
    in Japanese (a Japanese sentence broken across lines has no space in it).

    >>> _joined(["と比べ、", "4色とも", "OK", "で"]), _joined(["two", "words"])
    ('と比べ、4色ともOKで', 'two words')
    """
    text = ""
    for line in lines:
        if text and not (_wide(text[-1]) or _wide(line[0])):
            text += " "
        text += line
    return text


def _wide(ch: str) -> bool:
    return ord(ch) >= 0x2E80
