"""Every exception the companion raises on purpose.

Each one is also a built-in exception, so callers may catch either (gpiozero's habit)::

    try:
        state = genial.step(state, action)
    except RuleError as err:      # or ValueError
        show(str(err))

The message is always a sentence a player or a maker can act on.
"""


class CompanionError(Exception):
    """Base class of the companion's own errors."""


class RuleError(CompanionError, ValueError):
    """A move or an entry the game's rules do not allow; the message says what is allowed."""


class ConfigError(CompanionError, ValueError):
    """A configuration value is wrong; the message names the key and what is allowed."""


class StorageError(CompanionError, OSError):
    """The action log cannot be read or written."""


class HardwareError(CompanionError, OSError):
    """A display or a button could not be reached; the message names the device."""


class RosterError(CompanionError, ValueError):
    """A change to the player roster that cannot be made (an unknown name, a merge of two
    people who played each other); the message says why."""


class BadName(RosterError):
    """A player's name that cannot be saved; the message says why and what is allowed."""
