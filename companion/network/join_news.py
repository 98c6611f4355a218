"""What the last join asked from the phone came to, for the box to say on its screen.

The page and the box are two programs: the page joins the network
(:func:`join_from_phone`) and writes what happened to ``wifi-news.json`` in the state
folder, and the box, which watches the file's time (:func:`stamp`, one ``stat``), says
it in one sentence in its own language (:meth:`News.sentence`), with the page's new
address as a QR code after a join. The file holds the sentence's kind and values, never
its English words.

>>> from companion.core.i18n import _
>>> News("joined", {"name": "Cafe"}, "192.168.1.50").sentence(_)
'The box joined Cafe.'
>>> News("wrong_password", {"name": "Cafe"}).sentence(_)
'The password for Cafe is wrong: nothing changed.'
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from companion.core.i18n import N_
from companion.network import box_wifi
from companion.network.errors import FAILED, KINDS, NetworkError
from companion.network.wifi import Known, Wifi

FILE = "wifi-news.json"
JOINED = N_("The box joined {name}.")
#: ... as the box says it, beside the code (61 pixels a line).
JOINED_SHORT = N_("Joined {name}.")
#: kind → the sentence's template.
TEMPLATES = {**{kind: template for template, kind in KINDS.items()}, "joined": JOINED}


@dataclass(frozen=True)
class News:
    """``kind``: ``"joined"`` or a :class:`NetworkError`'s kind; ``params``: the
    sentence's values; ``address``: the box's address after a join (None: unknown)."""

    kind: str
    params: dict[str, str | int] = field(default_factory=dict)
    address: str | None = None

    @property
    def joined(self) -> bool:
        return self.kind == "joined"

    def sentence(self, gettext: Callable[[str], str], *, short: bool = False) -> str:
        """What happened, in the language of ``gettext`` (``short``: a join as the box
        says it, beside the code)."""
        template = JOINED_SHORT if short and self.joined else TEMPLATES.get(self.kind, FAILED)
        params = self.params if template != FAILED or "why" in self.params else \
            {"why": self.kind}
        try:
            return gettext(template).format(**params)
        except (KeyError, IndexError, ValueError):  # a hand-edited file
            return gettext(template)


def save(folder: Path, news: News) -> None:
    """Write ``news`` whole (a temporary file renamed over the old one)."""
    path = Path(folder) / FILE
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps({"kind": news.kind, "params": news.params,
                               "address": news.address}), encoding="utf-8")
    os.replace(tmp, path)


def load(folder: Path) -> News | None:
    """The last news (None: none, or the file is not ours)."""
    try:
        data = json.loads((Path(folder) / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        return None
    params, address = data.get("params", {}), data.get("address")
    if not isinstance(params, dict) or not all(
            isinstance(k, str) and isinstance(v, str | int) for k, v in params.items()):
        return None
    if not (address is None or isinstance(address, str)):
        return None
    return News(data["kind"], params, address)


def stamp(folder: Path) -> int | None:
    """When the news last changed (None: there is none)."""
    try:
        return (Path(folder) / FILE).stat().st_mtime_ns
    except OSError:
        return None


def join_from_phone(wifi: Wifi, folder: Path, ssid: str, password: str = "", *,
                    hidden: bool = False) -> tuple[Known, News]:
    """Join ``ssid`` as the page asks, and leave the news for the box either way.

    A failed join gives the previous network back, or starts the box's own Wi-Fi when
    there was none (:func:`companion.network.box_wifi.start`). After a join the box's own
    Wi-Fi is no longer running: it forgets the network it replaced.

    :raises NetworkError: one sentence (saved as news too).
    """
    try:
        joined = wifi.join(ssid, password, hidden=hidden,
                           fallback=lambda: box_wifi.start(wifi, folder))
    except NetworkError as err:
        params = {k: v if isinstance(v, int) else str(v) for k, v in err.params.items()}
        save(folder, News(err.kind, params))
        raise
    mine = box_wifi.load(folder)
    if mine is not None and mine.previous is not None:
        box_wifi.save(folder, replace(mine, previous=None))
    news = News("joined", {"name": ssid}, wifi.address())
    save(folder, news)
    return joined, news
