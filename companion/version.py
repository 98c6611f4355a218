"""The version you can name: the package's version and the git commit it was built from.

Every commit carries the same ``version`` in ``pyproject.toml``; the commit tells two
boxes apart. It comes from ``companion/_commit.txt``, written when the package is built
from a clone (:mod:`_build_hooks`, and ``install-service``, which builds from a copy
without ``.git``), else, run straight from a clone, from ``git rev-parse HEAD``.
setuptools-scm would do the same from tags, but it is not a dependency and the project has
no version tags; this file is twenty lines and needs nothing.

>>> text("0.1.0", "0123456789abcdef")
'0.1.0 (0123456789ab)'
>>> text("0.1.0", None)
'0.1.0'
"""

from __future__ import annotations

import functools
import subprocess
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: Written at build time: the commit, one line of 40 hex digits.
COMMIT_FILE = HERE / "_commit.txt"
SHORT = 12


def version() -> str:
    """The installed package's version (``pyproject.toml``'s), or ``unknown``."""
    try:
        return metadata.version("companion")
    except metadata.PackageNotFoundError:
        return "unknown"


def git_commit(folder: Path) -> str | None:
    """``git rev-parse HEAD`` in ``folder`` (with ``+`` when files differ from it), or None
    when it is not a clone or git is missing."""
    # safe.directory: install-service runs as root in the maker's clone, which git would
    # otherwise refuse to read ("dubious ownership")
    git = ["git", "-c", f"safe.directory={folder}", "-C", str(folder)]
    try:
        head = subprocess.run([*git, "rev-parse", "HEAD"], check=True,
                              capture_output=True, text=True, timeout=5).stdout.strip()
        dirty = subprocess.run([*git, "status", "--porcelain", "--untracked-files=no"],
                               check=True, capture_output=True, text=True,
                               timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return head + ("+" if dirty else "") if head else None


@functools.cache
def commit() -> str | None:
    """The commit this package was built from, or None."""
    try:
        text = COMMIT_FILE.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        text = ""
    if text:
        return text
    return git_commit(HERE.parent) if (HERE.parent / ".git").exists() else None


def describe() -> str:
    """This package's :func:`text`: ``0.1.0 (0123456789ab)``."""
    return text(version(), commit())


def text(number: str, made: str | None) -> str:
    """The version and the commit's first twelve digits (``+``: changed since)."""
    if not made:
        return number
    return f"{number} ({made[:SHORT]}{'+' if made.endswith('+') else ''})"
