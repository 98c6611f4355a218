"""Blocking calls to NetworkManager over the system D-Bus, through ``dbus-fast``.

Why ``dbus-fast``: a well-kept, typed client library that speaks the D-Bus wire protocol
itself (no libdbus, no GLib), with a pure-Python fallback and wheels for 64-bit Arm; it is
what ``bleak`` (Bluetooth, issue 47) uses, so one D-Bus library serves both. Its API is
asyncio; the box's loop and the page's request threads are not, so :class:`Bus` keeps a
private event loop and runs each call to its end (a call takes milliseconds; none waits
for the network itself: :mod:`companion.network.wifi` polls).

The bus is the system bus, or the one ``DBUS_SYSTEM_BUS_ADDRESS`` names (the tests give a
private bus with a mocked NetworkManager; they never touch the machine's).

>>> from dbus_fast import Variant
>>> unwrap({"a": Variant("s", "b"), "c": [Variant("u", 1)]})
{'a': 'b', 'c': [1]}
"""

from __future__ import annotations

import asyncio
from typing import Any

from companion.network.errors import (
    FAILED,
    NM_ABSENT,
    NO_DBUS,
    NOT_ALLOWED,
    NOT_INSTALLED,
    NetworkError,
)

NM = "org.freedesktop.NetworkManager"
NM_PATH = "/org/freedesktop/NetworkManager"
SETTINGS_PATH = "/org/freedesktop/NetworkManager/Settings"
PROPERTIES = "org.freedesktop.DBus.Properties"
#: Seconds one call may take before the bus counts as not answering.
TIMEOUT = 10.0

#: D-Bus error names that mean NetworkManager is not on the bus.
ABSENT = ("org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner")
#: ... and that it refused for want of a polkit permission.
DENIED = ("org.freedesktop.NetworkManager.PermissionDenied",
          "org.freedesktop.DBus.Error.AccessDenied",
          "org.freedesktop.NetworkManager.Settings.PermissionDenied")


class CallError(NetworkError):
    """NetworkManager answered a call with a D-Bus error (``name``: the error's name)."""

    def __init__(self, template: str, /, *, error_name: str = "", **params: object) -> None:
        super().__init__(template, **params)
        self.error_name = error_name


def unwrap(value: Any) -> Any:
    """``value`` with every ``Variant`` replaced by what it holds, all the way down."""
    from dbus_fast import Variant

    if isinstance(value, Variant):
        return unwrap(value.value)
    if isinstance(value, dict):
        return {k: unwrap(v) for k, v in value.items()}
    if isinstance(value, list):
        return [unwrap(v) for v in value]
    return value


class Bus:
    """One connection to the system bus; :meth:`close` it (or use ``with``).

    :param address: a D-Bus address (``unix:path=…``); None: the system bus, or
        ``$DBUS_SYSTEM_BUS_ADDRESS``.
    :raises NetworkError: dbus-fast is not installed, or the bus does not answer.
    """

    def __init__(self, address: str | None = None, *, timeout: float = TIMEOUT) -> None:
        try:
            from dbus_fast import BusType
            from dbus_fast.aio import MessageBus
        except ImportError:
            raise NetworkError(NOT_INSTALLED) from None
        self.timeout = timeout
        self._loop = asyncio.new_event_loop()

        async def connect() -> Any:  # made inside the loop: dbus-fast binds to the running one
            return await MessageBus(bus_address=address, bus_type=BusType.SYSTEM).connect()

        try:
            self._bus = self._run(connect())
        except Exception:  # no socket, refused, auth: all mean "no D-Bus" to a person
            self._loop.close()
            raise NetworkError(NO_DBUS) from None

    def _run(self, coro: Any) -> Any:
        return self._loop.run_until_complete(asyncio.wait_for(coro, self.timeout))

    def call(self, path: str, interface: str, member: str, signature: str = "",
             body: list[Any] | None = None, *, destination: str = NM) -> list[Any]:
        """Call ``member`` and give its reply's values (Variants unwrapped).

        :raises CallError: the reply is an error (NetworkManager absent or refusing: the
            sentence says which; ``error_name`` keeps D-Bus's name).
        """
        from dbus_fast import Message, MessageType

        msg = Message(destination=destination, path=path, interface=interface, member=member,
                      signature=signature, body=body or [])
        try:
            reply = self._run(self._bus.call(msg))
        except Exception:
            raise NetworkError(NO_DBUS) from None
        if reply.message_type == MessageType.ERROR:
            name = reply.error_name or ""
            if name in ABSENT:
                raise CallError(NM_ABSENT, error_name=name)
            if name in DENIED:
                raise CallError(NOT_ALLOWED, error_name=name)
            why = str(reply.body[0]) if reply.body else name
            raise CallError(FAILED, error_name=name, why=why)
        return [unwrap(v) for v in reply.body]

    def get(self, path: str, interface: str, name: str) -> Any:
        """One property of the object at ``path``."""
        return self.call(path, PROPERTIES, "Get", "ss", [interface, name])[0]

    def close(self) -> None:
        try:
            self._bus.disconnect()
            self._run(self._bus.wait_for_disconnect())
        except Exception:
            pass  # already gone
        self._loop.close()

    def __enter__(self) -> Bus:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
