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

Every rules module provides (see :mod:`companion.games.dice_roller.rules` for the smallest one):

``new_game(options) -> State``
    ``options`` is a JSON-able mapping: ``{"players": ["Ann", "Bob"], "house_rules":
    {...}, ...game-specific keys}``. Raises :class:`RuleError` for options the game
    does not allow.
``step(state, action) -> State``
    ``action`` is a JSON-able dict with a ``"type"`` key (``{"type": "roll", "dice":
    [3, 5]}``). Returns a new state; never mutates. Raises :class:`RuleError` with a
    sentence a player understands when the action is not allowed.
``is_over(state) -> bool``
``result(state) -> Result``
    Places, scores and winners once the game is over (used by history and exports).

Every action type ``step`` accepts is named in the game's declaration
(``GameInfo.actions``), in a player's words, for "Undone: …".

Optional:

``round_of(state) -> int``
    The round being played (1 for the first). Holding BACK asks once before an undo
    takes a round back (and always before it takes back a game's first action).
``player_of(state, action) -> str | None``
    Whose ``action`` is, from the state before it: the undo band names them ("Undone:
    Ann's turn"). None for an action that is nobody's (the end of a round).
``end_action(state) -> dict | None``
    The action that ends the game now and records a result (the Genial standings, the
    dice roller's rolls), or None when the game cannot end without more from the table.
    *New game* offers "end it and record the result" for an unfinished game only when
    this gives an action.

States are frozen dataclasses holding tuples, not lists, so they can be compared and
never change under a screen's feet.
"""
