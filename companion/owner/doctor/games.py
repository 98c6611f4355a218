"""``companion doctor``'s lines about the installed games: which load, which do not."""

from __future__ import annotations

from collections.abc import Iterator

from companion.core.i18n import N_, _
from companion.owner.doctor.report import Check


def games_report() -> Iterator[Check]:
    """One line for the installed games, and one for each game package that fails to load
    or whose rules or screens module does not import."""
    from companion.config import registry

    found = registry.discover()
    broken = {k: registry.import_problem(k) for k, g in found.items()
              if isinstance(g, registry.GameInfo)}
    good = [k for k, why in broken.items() if why is None]
    yield Check(
        N_("games"),
        "ok",
        _("{len_good} installed: {join_good}").format(
            len_good=len(good), join_good=", ".join(good)
        ),
    )
    for key, game in found.items():
        problem = game.problem if isinstance(game, registry.Unavailable) else broken[key]
        if problem is not None:
            yield Check(
                _("game {key}").format(key=key),
                "fail",
                problem.translated(),
                _("reinstall or remove the package that registers it"),
            )
