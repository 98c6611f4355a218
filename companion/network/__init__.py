"""The box's Wi-Fi, through NetworkManager's D-Bus API: the networks it sees and knows,
joining one, and the box's own access point when it is carried to a table with no known
network (issue 45).

- :mod:`~companion.network.bus`: the D-Bus connection (``dbus-fast``), blocking calls;
- :mod:`~companion.network.wifi`: NetworkManager's Wi-Fi device, access points, known
  connections, joining one;
- :mod:`~companion.network.box_wifi`: the box's own Wi-Fi (name, password kept in the state
  folder, start and stop);
- :mod:`~companion.network.wifi_code`: the ``WIFI:`` text a phone camera joins with;
- :mod:`~companion.network.join_news`: a join asked from the phone's page, and what it
  came to, left for the box's screen;
- :mod:`~companion.network.fallback`: at start, the box's own Wi-Fi when no known network
  comes up;
- :mod:`~companion.network.polkit`: the polkit rule that lets the service user ask;
- :mod:`~companion.network.errors`: every failure as one sentence.

Nothing here shells out to ``nmcli`` or reads its text.
"""
