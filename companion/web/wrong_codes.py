"""Wrong pairing codes, remembered per caller: guessers are slowed down, and the code on
the box's screen still pairs the owner's phone.

A caller (an IPv4 address, or an IPv6 /64: link-local addressing gives one host any
number of addresses in it) that sent :data:`PER_CALLER` wrong codes in the last minute
is refused before its code is even checked. When all callers together sent
:data:`IN_ALL`, so is every caller that sent a wrong one itself; a caller that sent none
— the owner's phone that just scanned the box's code — is always checked. The table
keeps at most :data:`MAX_CALLERS` callers, the one heard from longest ago going first,
so a flood of addresses costs a bounded few hundred kilobytes.

>>> tries = WrongCodes(clock=lambda: 100.0)
>>> for n in range(5):
...     tries.wrong("192.168.1.66")
>>> tries.refused("192.168.1.66"), tries.refused("192.168.1.20")
(True, False)
>>> tries.refused("fe80::1:2:3:4"), tries.caller("fe80::99")
(False, 'fe80::/64')
"""

from __future__ import annotations

import ipaddress
import threading
from collections import OrderedDict, deque
from collections.abc import Callable

#: Wrong codes one caller may send in a minute, and all callers together.
PER_CALLER = 5
IN_ALL = 20
#: Callers remembered at once.
MAX_CALLERS = 1024
#: Seconds a wrong code is remembered.
WINDOW = 60.0


class WrongCodes:
    """The wrong codes of the last minute, per caller and in all (thread-safe)."""

    def __init__(self, clock: Callable[[], float], *, max_callers: int = MAX_CALLERS) -> None:
        self.clock = clock
        self.max_callers = max_callers
        self._lock = threading.Lock()
        self._by_caller: OrderedDict[str, deque[float]] = OrderedDict()
        self._all: deque[float] = deque(maxlen=IN_ALL)

    @staticmethod
    def caller(remote: str | None) -> str:
        """Who a request comes from: its IPv4 address, or its IPv6 address's /64."""
        host = (remote or "?").split("%")[0]
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return host
        if isinstance(ip, ipaddress.IPv6Address):
            if ip.ipv4_mapped is not None:
                return str(ip.ipv4_mapped)
            return str(ipaddress.ip_network(f"{ip}/64", strict=False))
        return str(ip)

    def _recent(self, queue: deque[float], now: float) -> int:
        while queue and now - queue[0] > WINDOW:
            queue.popleft()
        return len(queue)

    def refused(self, remote: str | None) -> bool:
        """Whether a code from ``remote`` is refused before it is checked."""
        who, now = self.caller(remote), self.clock()
        with self._lock:
            mine = self._by_caller.get(who)
            sent = self._recent(mine, now) if mine is not None else 0
            if mine is not None and not sent:
                del self._by_caller[who]
            return sent >= PER_CALLER or (sent > 0 and self._recent(self._all, now) >= IN_ALL)

    def wrong(self, remote: str | None) -> None:
        """Remember a wrong code from ``remote``."""
        who, now = self.caller(remote), self.clock()
        with self._lock:
            mine = self._by_caller.pop(who, None)
            if mine is None:
                mine = deque(maxlen=PER_CALLER)
            mine.append(now)
            self._by_caller[who] = mine  # the newest heard from last
            while len(self._by_caller) > self.max_callers:
                self._by_caller.popitem(last=False)
            self._all.append(now)

    def __len__(self) -> int:
        return len(self._by_caller)
