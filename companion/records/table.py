"""``companion history``'s table: the finished games, then the wins per player and game.

>>> from companion.records.plays import Play
>>> win_counts([Play(1, "genial", "Genial Spezial", "2026-11-27T20:00:00+00:00",
...                  "2026-11-27T20:30:00+00:00", ["Ann", "Ben"], winners=["Ann"])])
Counter({('Genial Spezial', 'Ann'): 1})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from companion.core import seat_names
from companion.core.columns import cells, left
from companion.core.i18n import _
from companion.core.localtime import local_iso
from companion.core.printable import printable
from companion.records.plays import Play


def as_table(rows: Iterable[Play]) -> str:
    rows = list(rows)
    if not rows:
        return _("No finished games yet.") + "\n"
    # the players last and never cut: a name cut to fit a column reads as another name
    table = [(local_iso(r.finished)[:10], r.game,
              _(", ").join(seat_names.shown(w) for w in r.winners
                           if not seat_names.is_nobody(w)) or "-",
              printable(_(", ").join(seat_names.shown(p) for p in r.players)))
             for r in rows]
    game_w = max(cells(_("game")), *(cells(t[1]) for t in table))
    winner_w = max(cells(_("winner")), *(cells(t[2]) for t in table))
    lines = ["  ".join((left(_("date"), 10), left(_("game"), game_w),
                        left(_("winner"), winner_w), _("players")))]
    lines += ["  ".join((left(day, 10), left(game, game_w), left(won, winner_w), players))
              for day, game, won, players in table]
    wins = win_counts(rows)
    if wins:  # the dice roller's games have no winner: no heading over nothing
        lines.append("")
        lines.append(_("Wins per player and game:"))
    name_w = max([0, *(cells(seat_names.shown(player)) for _game, player in wins)])
    for (game, player), n in sorted(wins.items()):
        lines.append(f"  {left(game, game_w)}  {left(seat_names.shown(player), name_w)}  {n}")
    return "\n".join(lines) + "\n"


def win_counts(rows: Iterable[Play]) -> Counter[tuple[str, str]]:
    """(game, player) → games won (a shared first place counts for each)."""
    counts: Counter[tuple[str, str]] = Counter()
    for r in rows:
        for name in r.winners:
            if not seat_names.is_nobody(name):  # the dice games' "Table" wins nothing
                counts[(r.game, name)] += 1
    return counts
