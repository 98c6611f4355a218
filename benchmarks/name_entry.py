"""Name entry: button presses per character to type 50 names on the box's keyboard.

``python -m benchmarks.name_entry [--json PATH]``. Each name is typed on a fresh
:class:`~companion.ui.keyboard.Keyboard` by a typist who knows the layout: for every
character the shortest run of presses (UP/DOWN/LEFT/RIGHT/OK/ROLL, found by a
breadth-first search over the keyboard's real ``press``) from where the cursor is, then
one hold of OK to finish. Presses per character = all presses for the name, the
finishing one included, divided by its length; the figures are the median and the 95th
percentile over the names (nearest rank), overall and per group. Goal: median ≤ 3.5.
Also reported: the share of presses that are holds, and a rough time per name
(:func:`seconds`), because a hold saves presses but not time.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import sys
from collections import deque
from pathlib import Path
from statistics import median
from typing import Any

from companion.ui.keyboard import Keyboard, first_page

#: The fixed list: English given names, romanised Japanese, and kana (dakuten,
#: handakuten, small kana, the long-vowel mark, katakana).
NAMES: dict[str, tuple[str, ...]] = {
    "english": ("Ann", "Ben", "Charlotte", "Daniel", "Emma", "Finn", "Grace", "Henry",
                "Isabel", "Jack", "Kate", "Liam", "Mia", "Noah", "Olivia", "Peter", "Quinn",
                "Ruby", "Sam", "Thomas"),
    "romaji": ("Haruto", "Yuki", "Sakura", "Kenta", "Aoi", "Ren", "Hina", "Sota", "Yui",
               "Takeshi", "Mei", "Riku", "Emi", "Daiki", "Kaito"),
    "kana": ("はると", "さくら", "けんた", "あおい", "ひな", "たけし", "だいき", "りょう",
             "しょうた", "きょうこ", "ケンジ", "ユーキ", "ジュン", "ペンタ", "まっちゃん"),
}
TAP_S, HOLD_S = 0.3, 0.8
KEYS = tuple((k, False) for k in ("UP", "DOWN", "LEFT", "RIGHT", "OK", "ROLL")) + tuple(
    (k, True) for k in ("UP", "DOWN", "LEFT", "RIGHT"))


def path_to(target: str, kb: Keyboard) -> list[tuple[str, bool]]:
    """The fewest presses, as ``(key, long)``, that make ``kb.text`` equal ``target``, one
    character more than it holds now; ``kb`` is left where they end."""
    done = len(kb.text)
    start = copy.copy(kb)
    seen = {start.state()}
    queue: deque[tuple[Keyboard, tuple[tuple[str, bool], ...]]] = deque([(start, ())])
    while queue:
        here, path = queue.popleft()
        for key, long in KEYS:
            nxt = copy.copy(here)
            nxt.press(key, long)
            if nxt.text == target:
                kb.__dict__.update(nxt.__dict__)
                return [*path, (key, long)]
            typed_ok = (nxt.text == target[:done] or
                        (len(nxt.text) == done + 1 and nxt.text[:done] == target[:done]))
            if typed_ok and nxt.state() not in seen:
                seen.add(nxt.state())
                queue.append((nxt, (*path, (key, long))))
    raise ValueError(f"{target!r} cannot be typed on this keyboard")


def keys_for(name: str, language: str = "en") -> list[tuple[str, bool]]:
    """Every press, as ``(key, long)``, that types ``name`` on a fresh keyboard of a box
    speaking ``language`` and finishes it (the last is the hold of OK). A Japanese box's
    keyboard opens on the kana page."""
    kb = Keyboard(page=first_page(language))
    keys = [k for i in range(len(name)) for k in path_to(name[: i + 1], kb)]
    return [*keys, ("OK", True)]


def type_name(name: str, language: str = "en") -> tuple[int, int]:
    """Presses (and holds among them) to type ``name`` and finish."""
    keys = keys_for(name, language)
    return len(keys), sum(long for _, long in keys)


def seconds(presses: int, holds: int) -> float:
    """A rough time: :data:`TAP_S` a tap, :data:`HOLD_S` a hold (the default 700 ms
    hold time and the release). Holds save presses, not time."""
    return (presses - holds) * TAP_S + holds * HOLD_S


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def measure() -> dict[str, Any]:
    """Presses per character for every name, with median and p95 per group and overall."""
    rows = []
    for group, names in NAMES.items():
        for name in names:
            # kana names are typed on a box speaking Japanese: it opens on the kana page
            presses, holds = type_name(name, "ja" if group == "kana" else "en")
            rows.append({"group": group, "name": name, "chars": len(name), "presses": presses,
                         "holds": holds, "per_char": round(presses / len(name), 3),
                         "seconds": round(seconds(presses, holds), 1)})

    def summary(selected: list[dict[str, Any]]) -> dict[str, float]:
        per = [r["per_char"] for r in selected]
        return {"names": len(per), "median": round(median(per), 2), "p95": round(pct(per, 95), 2),
                "holds_share": round(sum(r["holds"] for r in selected) /
                                     sum(r["presses"] for r in selected), 2),
                "median_seconds": round(median(r["seconds"] for r in selected), 1)}

    out: dict[str, Any] = {"all": summary(rows)}
    for group in NAMES:
        out[group] = summary([r for r in rows if r["group"] == group])
    out["goal_median"] = 3.5
    out["names"] = rows
    return out


def table(result: dict[str, Any]) -> str:
    lines = ["name entry: presses per character (finishing hold of OK included)",
             f"  {'group':8} {'names':>5} {'median':>7} {'p95':>6} {'holds':>6} "
             f"{'s/name':>7}"]
    for group in ("all", *NAMES):
        s = result[group]
        lines.append(f"  {group:8} {s['names']:>5} {s['median']:>7.2f} {s['p95']:>6.2f} "
                     f"{s['holds_share']:>6.0%} {s['median_seconds']:>7.1f}")
    verdict = "met" if result["all"]["median"] <= result["goal_median"] else "MISSED"
    lines.append(f"  goal: median <= {result['goal_median']} ({verdict})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.name_entry",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", metavar="PATH", help="also write the results here")
    args = parser.parse_args(argv)
    result = measure()
    print(table(result))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n",
                                   encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
