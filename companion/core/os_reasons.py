"""Why a file could not be read or written, in words a person reads in their language.

The operating system says it in English ("No such file or directory"), and a Japanese
owner reads that inside an otherwise Japanese line. :func:`reason` names the usual
causes as translatable notices and keeps the system's words for the rest.

>>> reason(FileNotFoundError(2, "No such file or directory"))
'there is no such file or folder'
>>> reason(OSError(5, "Input/output error"))
'Input/output error'
"""

from __future__ import annotations

import errno

from companion.core.i18n import N_, Notice

_BY_ERRNO = {
    errno.ENOENT: N_("there is no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EROFS: N_("the storage is read-only"),
    errno.ENOSPC: N_("the storage is full"),
    errno.EDQUOT: N_("the storage is full"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("part of the path is a file, not a folder"),
    errno.EEXIST: N_("it exists already"),
}


def reason(err: BaseException) -> str:
    """A short reason for ``err``: a translatable :class:`~companion.core.i18n.Notice` for the
    usual causes, else the system's own words."""
    known = _BY_ERRNO.get(getattr(err, "errno", None) or -1)
    if known is not None:
        return Notice(known)
    return str(getattr(err, "strerror", None) or err)
