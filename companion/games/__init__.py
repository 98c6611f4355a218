"""Pure game rules: one module per game.

A rules module imports nothing from the UI, the hardware, the store or the dice, does
no I/O, reads no clock and draws no random numbers. A die roll or a shuffle arrives as
*data inside the action*, drawn by :mod:`companion.core.dice` at the edge, so a game is the
replay of its logged actions: the same actions always give the same state.

A game's name, player counts and house rules (``dict[str, HouseRule]``: every choice
the rules leave open, the **(assumed)** points of ``shared/rules/``, with its default)
are in its declaration, ``GAME = GameInfo(...)`` in the game package's ``__init__.py``
(:class:`companion.config.registry.GameInfo`). An owner overrides house rules in the config
file under ``[house_rules.<game key>]``; the chosen values arrive in
``options["house_rules"]``.

What a rules module provides (``new_game``, ``step``, ``is_over``, ``result``, and the
optional hooks) is described once, in :mod:`companion.api.game` (``Rules``), which is also
how the box reads it; docs/writing-a-game.md lists it. Every action type ``step`` accepts
is named in the game's declaration (``GameInfo.actions``), in a player's words, for
"Undone: …".

States are frozen dataclasses holding tuples, not lists, so they can be compared and
never change under a screen's feet.
"""
