"""The game makers' API: everything a game package imports from the companion.

A game imports only from these modules (``docs/writing-a-game.md`` walks through a
whole game, ``examples/high_card`` is one), the built-in games too: an import contract
checks it. Every other module of the companion may change without notice. Names come and
go with :data:`API_VERSION` ("major.minor"): a new minor version only adds, and the box
refuses, as "(broken)", a game declared for a newer major version than its own.

``companion.api.declaration``, for the package's ``__init__.py``:
    ``GameInfo`` (the declaration), ``HouseRule``, and ``N_``/``NC_`` to mark its words.
``companion.api.rules``, for the rules module, pure (no screen, clock, file or dice):
    ``Result``, ``RuleError``, ``require``, ``players_from``, ``HouseRule``,
    ``house_rule``, ``check_house_rules``, ``pinned``, ``ranked``, ``ranked_by_totals``;
    ``said``/``said_n``/``listed``/``word`` for sentences shown in any language;
    ``GameDice``, ``Die``, ``standard``, ``STANDARD``, ``parse``, ``describe``,
    ``distribution`` for dice (``DICE``, rolled by ``companion roll``), ``fairness`` (is a
    die fair), ``numbered`` (places as 1., 2., …).
``companion.api.screens``, for the screens module:
    ``Screen``, ``PagedScreen``, ``Context``, ``Painter``, ``WIDTH``, ``HEIGHT``, ``Key``;
    the shared screens ``SetupScreen``/``Choice``, ``Confirm``, ``ListScreen``,
    ``NameEntry``, ``DiceEntry``, ``Tumble``; the widgets (``title_bar``, ``hint``,
    ``menu_list``, ``page_list``, ``grid_text``, ``winner_page``, …) and fonts
    (``text_width``, ``fitted``, ``needs_japanese``); words (``translator``,
    ``package_translator``, ``N_``, ``number``, ``game_title``, ``seat_names``,
    ``table_names``); ``playing(ctx)`` (the game being played); ``from_mapping`` and
    ``shelf_games`` for scenes; and ``open_game``/``press`` for ``SCREENSHOTS``.
``companion.api.game``, what a game provides, described once:
    ``Rules`` (the rules module's four functions and every optional hook, and the replay
    of a logged game) and ``Screens`` (the screens module's), each hook documented once
    there and listed by ``reference`` for docs/writing-a-game.md; the box reads a game's
    modules through them.
``companion.testing``, for the game's tests:
    ``Rig`` (the box on mock pins: keys → screen → log → display) and ``walk``.

>>> from companion.api import API_VERSION
>>> API_VERSION.count(".")
1
"""

from companion.config.registry import API_VERSION

__all__ = ["API_VERSION"]
