"""argparse's own words ("usage:", "the following arguments are required: …") in the
language the command line speaks.

argparse looks its messages up with the ``gettext`` module's global functions, which
read compiled ``.mo`` files from one folder per domain; a source checkout compiles the
companion's catalogues in memory instead (:mod:`companion.core.i18n`). So the command line
hands argparse the core catalogue's functions, and the core catalogue carries argparse's
messages (listed here so that ``tools/translations.py`` extracts them; the ones a newer
Python adds are listed too and simply unused on an older one). Its counted messages
("expected %s arguments") need ``nargs`` counts the companion never uses, so they stay
English.

>>> from companion.core import i18n
>>> speak_argparse()
>>> i18n.use("ja"); argparse._("usage: "); i18n.use("en")
'使い方: '
"""

from __future__ import annotations

import argparse

from companion.core import i18n
from companion.core.i18n import N_

#: argparse's messages a person reads (Python 3.11 to 3.13), as argparse writes them.
WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("subcommands"),
    N_("%(heading)s:"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_(" (default: %(default)s)"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("%(prog)s: warning: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("not allowed with argument %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ignored explicit argument %r"),
    N_("can't open '%(filename)s': %(error)s"),
)


def speak_argparse() -> None:
    """From now on argparse says its words through the core catalogue, in the language
    in use when it says them."""
    argparse._ = i18n._  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]
