"""Every exception the companion raises on purpose.

Each one is also a built-in exception, so callers may catch either (gpiozero's habit)::

    try:
        state = genial.step(state, action)
    except RuleError as err:      # or ValueError
        show(str(err))

The message is always a sentence a player or a maker can act on.
"""

from collections.abc import Callable
from enum import Enum
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


class StorageKind(Enum):
    """What went wrong with the storage, as the code decides on it (never the message,
    which is for people and translated). Set where the SQLite or OS error is first
    caught (:func:`companion.log.faults.kind_of`)."""

    #: No room left on the card (SQLITE_FULL, ENOSPC, EDQUOT).
    FULL = "full"
    #: The file or its folder may not be written (SQLITE_READONLY, EROFS, EACCES).
    READ_ONLY = "read-only"
    #: The log's folder does not exist.
    MISSING = "missing"
    #: Another program holds the log (SQLITE_BUSY, SQLITE_LOCKED).
    BUSY = "busy"
    #: SQLite could not open the file (SQLITE_CANTOPEN): its folder is missing or
    #: read-only, or a folder stands at its name.
    CANNOT_OPEN = "cannot open"
    #: The card failed a read or a write (SQLITE_IOERR).
    IO = "i/o"
    #: The file is damaged, or no SQLite file at all (SQLITE_CORRUPT, SQLITE_NOTADB).
    DAMAGED = "damaged"
    #: A file that is not a companion log (a folder at its name, another schema).
    NOT_A_LOG = "not a log"
    #: Anything else.
    OTHER = "other"


class StorageError(Translatable, CompanionError, OSError):
    """The action log cannot be read or written; :attr:`kind` says how, for the code::

        >>> err = StorageError("the storage is full", kind=StorageKind.FULL)
        >>> err.kind is StorageKind.FULL, str(err)
        (True, 'the storage is full')
    """

    #: What went wrong (a subclass may set its own default).
    kind: StorageKind = StorageKind.OTHER

    def __init__(self, template: str, /, *, kind: StorageKind | None = None,
                 **params: object) -> None:
        super().__init__(template, **params)
        if kind is not None:
            self.kind = kind


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


class AlikeName(RosterError):
    """A name alike to one on the roster ("Chloé" beside "Chloe": accents, case or width
    apart), refused unless it is said to be someone else; ``name`` is the name as it
    would be saved, ``other`` the roster's."""

    @property
    def name(self) -> str:
        return str(self.params["name"])

    @property
    def other(self) -> str:
        return str(self.params["other"])
