"""What a game provides, in one typed description: :class:`Rules` (its rules module) and
:class:`Screens` (its screens module), every function a game may give documented once.
``python -m companion.api.game`` prints the list docs/writing-a-game.md carries.

>>> from companion.api.game import Rules
>>> [name for name in Rules.missing(object())][:2]
['new_game', 'step']
"""

from companion.config.game_modules import Rules, Screens, reference

__all__ = ["Rules", "Screens", "reference"]

if __name__ == "__main__":
    print(reference(), end="")
