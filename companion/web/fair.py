"""Waitress, shared fairly: no one caller on the table's Wi-Fi can use up the connections
the table's phones need.

Waitress serves at most ``connection_limit`` connections (100) and closes one only after
``channel_timeout`` seconds *without any byte*: a caller that opens a hundred
connections and trickles a header line into each every few seconds keeps the page from
answering anyone for as long as it likes. Here each caller (an IPv4 address, or an IPv6
/64: link-local addressing gives one host any number of addresses in it) keeps at most
:data:`PER_CALLER` connections — one more is closed as soon as it is accepted — and a
request whose headers have not all arrived :data:`HEADER_SECONDS` after its first byte
is closed.

>>> caller(("192.168.1.20", 51000))
'192.168.1.20'
>>> caller(("fe80::1c2b:3aff:fe4d:5e6f", 51000, 0, 2))
'fe80::/64'
"""

from __future__ import annotations

import ipaddress
import time
import types
from typing import Any

from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server

#: Connections one caller may hold at once (a phone's browser opens about six).
PER_CALLER = 12
#: Seconds a request may take to send its headers, from its first byte.
HEADER_SECONDS = 10.0
#: Seconds between two looks for connections to close.
CLEANUP_SECONDS = 1.0
#: Seconds an idle connection is kept (waitress's default is 120).
IDLE_SECONDS = 30


def caller(addr: Any) -> str:
    """Who holds a connection: its IPv4 address, or its IPv6 address's /64."""
    host = str(addr[0]) if isinstance(addr, tuple) and addr else str(addr)
    try:
        ip = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip.ipv4_mapped or ip) if isinstance(ip, ipaddress.IPv6Address) else str(ip)


class FairChannel(HTTPChannel):
    """A waitress connection counted against its caller (:data:`PER_CALLER`), whose
    request must send its headers in time (:data:`HEADER_SECONDS`)."""

    who = ""
    counted = False
    begun = 0.0

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map)
        self.who = caller(addr)
        held = server.fair_held
        if held.get(self.who, 0) >= server.fair_per_caller:
            self.handle_close()  # this caller holds its share already
            return
        held[self.who] = held.get(self.who, 0) + 1
        self.counted = True
        self.begun = time.monotonic()

    def received(self, data: bytes) -> bool:
        if self.request is None:
            self.begun = time.monotonic()  # a new request's first byte
        return bool(super().received(data))

    def del_channel(self, map: Any = None) -> None:
        if self.counted:
            self.counted = False
            held = self.server.fair_held
            held[self.who] -= 1
            if held[self.who] <= 0:
                del held[self.who]
        super().del_channel(map)


def _maintenance(server: Any, now: float) -> None:
    """Waitress's (idle connections go), then requests too slow to send their headers."""
    BaseWSGIServer.maintenance(server, now)
    cutoff = time.monotonic() - server.fair_header_seconds
    for channel in list(server.active_channels.values()):
        request = channel.request
        if request is not None and not request.headers_finished and channel.begun < cutoff:
            channel.will_close = True


def make_server(app: Any, *, per_caller: int = PER_CALLER,
                header_seconds: float = HEADER_SECONDS, **adjustments: Any) -> Any:
    """A waitress server for ``app`` (bound and listening; :meth:`run` serves), with
    waitress's ``adjustments`` (``host``/``port`` or ``listen``, ``threads``, …), each of
    its listening sockets shared fairly between callers."""
    adjustments.setdefault("cleanup_interval", CLEANUP_SECONDS)
    adjustments.setdefault("channel_timeout", IDLE_SECONDS)
    server = create_server(app, **adjustments)
    held: dict[str, int] = {}
    sockets = getattr(server, "map", None) or server._map  # several listening sockets, or one
    for each in list(sockets.values()) + [server]:
        if isinstance(each, BaseWSGIServer):
            each.channel_class = FairChannel
            each.fair_held = held
            each.fair_per_caller = per_caller
            each.fair_header_seconds = header_seconds
            each.maintenance = types.MethodType(_maintenance, each)
    return server
