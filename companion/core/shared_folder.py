"""Files in a state folder the box shares with the phone page.

Installed as a service, the box (user ``companion``) and the page (its own user,
``companion-web``, in group ``companion``) share ``/var/lib/companion``: the folder is
``0770`` and what either writes must be read and written by the other through the
group. SQLite creates the log ``0644`` less the umask (``0640``: the group could not
write) and :func:`tempfile.mkstemp` makes ``0600``; so a file made in a folder whose
group may read, write and enter it gets the group's read and write too. Anywhere else (a
laptop's ``~/.local/state``) nothing changes.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp(); os.chmod(folder, 0o770)
>>> oct(file_mode(folder))
'0o660'
>>> os.chmod(folder, 0o700); oct(file_mode(folder))
'0o600'
"""

from __future__ import annotations

import os
from pathlib import Path


def shared(folder: str | Path) -> bool:
    """True when ``folder``'s group may read, write and enter it (mode ``0770``)."""
    try:
        return os.stat(folder).st_mode & 0o070 == 0o070
    except OSError:
        return False


def file_mode(folder: str | Path) -> int:
    """The mode for a new private file in ``folder``: ``0660`` if shared, else ``0600``."""
    return 0o660 if shared(folder) else 0o600


def share(path: str | Path) -> None:
    """Give ``path`` its group's read and write when its folder is shared and the file
    is ours (the page cannot change the box's files, nor the box the page's)."""
    path = Path(path)
    try:
        st = path.stat()
    except OSError:
        return
    if st.st_uid == os.geteuid() and shared(path.parent) and st.st_mode & 0o060 != 0o060:
        os.chmod(path, (st.st_mode & 0o777) | 0o060)
