"""Monte Carlo of the rolling fairness test (issue 47, :mod:`companion.core.dice_watch`):
how often it calls a fair die unfair over a long life, and how many rolls it needs to
call dice biased like known trick and badly made dice.

Each "life" is a die rolled up to ``horizon`` times, the test asked after every roll.
Fair dice give the false-alarm rate (it must stay at or below 1 %); each biased die
gives the share called within the horizon and the median and 90th-percentile rolls
needed. Seeded: the same figures every run.

    python -m benchmarks.dice_watch                # the table for docs/any_dice.md
    python -m benchmarks.dice_watch --priors 1,4,8,16 --lives 300   # choosing PRIOR

>>> rows = measure(lives=20, horizon=300, dice=("loaded d6",))
>>> rows[0]["die"], 0 <= rows[0]["called"] <= 1
('loaded d6', True)
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

from companion.core.dice_watch import ALPHA, PRIOR, Watch

D6 = [1, 2, 3, 4, 5, 6]
D20 = list(range(1, 21))

#: (name, faces, chances). Trick and flawed dice as they are sold or found: a loaded d6
#: (weight behind the 1: the 6 up a quarter of the time), a shaved d6 (1 and 6 a little
#: more likely, 0.2 each), a d6 with pips drilled deep (the 6 side lighter: 6 at 0.18,
#: 1 at 0.153), and a d20 with one face twice as likely (a bubble in the resin).
DICE: dict[str, tuple[list[int], list[float]]] = {
    "fair d6": (D6, [1 / 6] * 6),
    "fair d20": (D20, [1 / 20] * 20),
    "loaded d6": (D6, [0.15, 0.15, 0.15, 0.15, 0.15, 0.25]),
    "shaved d6": (D6, [0.2, 0.15, 0.15, 0.15, 0.15, 0.2]),
    "drilled-pip d6": (D6, [0.153, 0.167, 0.167, 0.167, 0.166, 0.18]),
    "bubbled d20": (D20, [2 / 21] + [1 / 21] * 19),
}


def life(faces: list[int], weights: list[float], horizon: int, rng: random.Random,
         prior: float) -> int | None:
    """Roll one die until it is called or ``horizon`` rolls pass; the roll it was called
    at, or None."""
    watch = Watch(faces=faces, prior=prior)
    for face in rng.choices(faces, weights, k=horizon):
        watch.add(face)
        if watch.called:
            return watch.called_after
    return None


def measure(*, lives: int = 400, horizon: int = 5000, prior: float = PRIOR,
            dice: tuple[str, ...] = tuple(DICE), seed: int = 47) -> list[dict[str, Any]]:
    """One row per die: share of lives called, median and 90th-percentile rolls needed."""
    rows = []
    for name in dice:
        faces, weights = DICE[name]
        rng = random.Random(f"{seed}:{name}")
        found = [life(faces, weights, horizon, rng, prior) for _ in range(lives)]
        called = sorted(n for n in found if n is not None)
        # over every life, a die not called counting as "later than the horizon"
        every = called + [None] * (lives - len(called))
        rows.append({
            "die": name, "lives": lives, "horizon": horizon, "prior": prior,
            "called": len(called) / lives,
            "median": every[(lives - 1) // 2],
            "p90": every[math.ceil(0.9 * lives) - 1],
        })
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as the Markdown table of docs/any_dice.md."""
    out = ["| die | lives | called within | median rolls | 90 % within |",
           "|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r['die']} | {r['lives']} | {r['called']:.1%} of {r['horizon']} rolls "
                   f"| {r['median'] or '–'} | {r['p90'] or '–'} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lives", type=int, default=400)
    parser.add_argument("--horizon", type=int, default=5000)
    parser.add_argument("--priors", default=str(PRIOR),
                        help="comma-separated forecast priors to compare")
    args = parser.parse_args(argv)
    for prior in (float(p) for p in args.priors.split(",")):
        print(f"prior {prior:g}, false-alarm bound {ALPHA:.0%}:")
        print(table(measure(lives=args.lives, horizon=args.horizon, prior=prior)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
