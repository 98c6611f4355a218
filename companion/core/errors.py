"""Every exception the companion raises on purpose.

Each one is also a built-in exception, so callers may catch either (gpiozero's habit)::

    try:
        state = genial.step(state, action)
    except RuleError as err:      # or ValueError
        show(str(err))

The message is always a sentence a player or a maker can act on.
"""

from collections.abc import Callable
from typing import Protocol, runtime_checkable


class CompanionError(Exception):
    """Base class of the companion's own errors."""


class Word(str):
    """A value inside an error message that is itself a word to translate (a device
    that holds a pin, say): ``Word(N_("the display's DC line"))``."""


@runtime_checkable
class Translates(Protocol):
    """A value that gives itself in the language of a ``_`` function: a translatable
    error, an :class:`companion.core.i18n.Notice`."""

    def translated(self, gettext: Callable[[str], str]) -> str: ...


class Translatable(Exception):
    """An error whose message is an English ``template`` with its values apart, so that
    pure code (rules, config checks) can raise it and the screen or the command line
    translates the template before filling it in::

        >>> err = RuleError("this game takes {low}–{high} players.", low=2, high=4)
        >>> str(err)
        'this game takes 2–4 players.'
        >>> err.template, err.params
        ('this game takes {low}–{high} players.', {'low': 2, 'high': 4})
    """

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params) if params else template)

    def translated(self, gettext: Callable[[str], str]) -> str:
        """The message in the language of ``gettext`` (a ``_`` function); a value that is
        itself translatable (the reason inside a config error, an ``i18n.Notice``) is
        translated too."""
        text = gettext(self.template)
        # i18n.shown in one line: the rules import this module, and i18n reads files
        params = {k: v.translated(gettext) if isinstance(v, Translates)
                  else gettext(v) if isinstance(v, Word) else v
                  for k, v in self.params.items()}
        return text.format(**params) if params else text


class RuleError(Translatable, CompanionError, ValueError):
    """A move or an entry the game's rules do not allow; the message says what is allowed."""


class ConfigError(Translatable, CompanionError, ValueError):
    """A configuration value is wrong; the message names the key and what is allowed."""


class StorageError(Translatable, CompanionError, OSError):
    """The action log cannot be read or written."""


class CommandError(Translatable, CompanionError, ValueError):
    """A command-line request that cannot be done; the message says why and what to do."""


class HardwareError(Translatable, CompanionError, OSError):
    """A display or a button could not be reached; the message names the device."""


class PanelSizeError(HardwareError):
    """A display whose size the screens are not laid out for; the message says which
    sizes they are."""


class RosterError(Translatable, CompanionError, ValueError):
    """A change to the player roster that cannot be made (an unknown name, a merge of two
    people who played each other); the message says why."""


class BadName(RosterError):
    """A player's name that cannot be saved; the message says why and what is allowed."""
