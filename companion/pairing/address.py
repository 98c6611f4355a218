"""Where phones find the page: the box's address on the table's network, the port the page
listens on, and which callers are let in.

The web process writes its port to ``web-port`` in the state folder when it starts, so
the box's *Phone* screen shows the address it really serves.

>>> pair_url("192.168.1.23", 8080, "ABCDEFGHJKLMNPQR")
'HTTP://192.168.1.23:8080/P/ABCDEFGHJKLMNPQR'
>>> allowed("192.168.1.40"), allowed("127.0.0.1"), allowed("8.8.8.8"), allowed("::ffff:10.0.0.2")
(True, True, False, True)
>>> [host_allowed(h, ("tablebox",)) for h in ("192.168.1.23:8080", "TableBox.local",
...     "localhost:8080", "[::1]:8080", "evil.example", "8.8.8.8", None)]
[True, True, True, True, False, False, False]
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from pathlib import Path

DEFAULT_PORT = 8080
PORT_FILE = "web-port"


def pair_url(host: str, port: int, code: str) -> str:
    """The pairing address, in capitals: a QR code's alphanumeric mode holds it in a
    version 2 code (25×25 modules), big enough to scan off a 128×64 panel."""
    return f"HTTP://{host}:{port}/P/{code}".upper()


def lan_address() -> str | None:
    """The box's IPv4 address on the local network, or None without one.

    Connecting a UDP socket sends nothing; it only asks the kernel which address the
    route to a private network would leave from.
    """
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                found = s.getsockname()[0]
        except OSError:
            continue
        if found and not found.startswith("127.") and found != "0.0.0.0":
            return str(found)
    return None


def save_port(folder: Path, port: int, host: str = "0.0.0.0") -> None:
    """Keep the port the page listens on, and the address it listens on (its second
    line), for the Phone screen and ``--pair-url``."""
    try:
        (Path(folder) / PORT_FILE).write_text(f"{port}\n{host}\n", encoding="ascii")
    except (OSError, UnicodeEncodeError):
        pass  # the Phone screen then shows the default port


#: The addresses that mean "every address of the box".
ANY = ("", "0.0.0.0", "::", "[::]")


def listens_on(folder: Path) -> str:
    """The address the page was last started on ("0.0.0.0": every address of the box)."""
    try:
        lines = (Path(folder) / PORT_FILE).read_text(encoding="ascii").split()
    except (OSError, UnicodeDecodeError):
        return "0.0.0.0"
    return lines[1] if len(lines) > 1 else "0.0.0.0"


def page_host(folder: Path) -> str | None:
    """The address to put in the pairing code: the one the page listens on, or, where it
    listens on every address, the box's address on the local network (None: none yet).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp()); save_port(folder, 8080, "127.0.0.1")
    >>> page_host(folder), port(folder)
    ('127.0.0.1', 8080)
    """
    host = listens_on(folder)
    if host in ANY:
        return lan_address()
    return "127.0.0.1" if host == "localhost" else host.strip("[]")


def port(folder: Path) -> int:
    """The port the page was last started on (the default if it never was)."""
    try:
        value = int((Path(folder) / PORT_FILE).read_text(encoding="ascii").split()[0])
    except (OSError, ValueError, UnicodeDecodeError, IndexError):
        return DEFAULT_PORT
    return value if 0 < value < 65536 else DEFAULT_PORT


def allowed(remote: str | None) -> bool:
    """Whether a caller at ``remote`` may be answered: loopback and the private ranges
    (10/8, 172.16/12, 192.168/16, link-local, IPv6 unique-local) only."""
    try:
        ip = ipaddress.ip_address((remote or "").split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback or ip.is_link_local:
        return True
    if isinstance(ip, ipaddress.IPv4Address):
        return any(ip in net for net in _PRIVATE4)
    return ip in ipaddress.ip_network("fc00::/7")


_PRIVATE4 = tuple(ipaddress.ip_network(n) for n in
                  ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"))


def own_names() -> tuple[str, ...]:
    """The names the box answers to: its hostname (and so ``<hostname>.local``) and its
    address on the table's network."""
    names = [socket.gethostname().lower()]
    found = lan_address()
    if found:
        names.append(found)
    return tuple(n for n in names if n)


def host_allowed(host: str | None, own: Iterable[str]) -> bool:
    """Whether a request's ``Host`` names this box: an address in the ranges
    :func:`allowed` lets in, ``localhost``, or one of ``own`` (:func:`own_names`), with
    or without ``.local``. Anything else is a page someone else's name points here (DNS
    rebinding): a web site on the internet could otherwise read the page through the
    phone's browser."""
    name = (host or "").strip().lower()
    if name.startswith("["):  # [IPv6]:port
        name = name[1:].partition("]")[0]
    elif name.count(":") == 1:
        name = name.partition(":")[0]
    name = name.rstrip(".")
    if not name:
        return False
    try:
        ipaddress.ip_address(name.split("%")[0])
    except ValueError:
        pass
    else:
        return allowed(name) or name in own
    bare = name.removesuffix(".local")
    return name in ("localhost", *own) or name.endswith(".localhost") or bare in own
