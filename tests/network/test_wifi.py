"""The Wi-Fi client against a mocked NetworkManager on a private D-Bus: what the box sees
and knows, joining a network, a wrong password and a network out of range (each one
sentence, the previous network given back), forgetting one, no Wi-Fi device."""

from __future__ import annotations

import pytest

from companion.core import i18n
from companion.network.bus import Bus
from companion.network.errors import NetworkError
from companion.network.wifi import Wifi, check_password
from tests.network.nm_mock import PrivateBus, nm_fixture, private_bus_fixture  # noqa: F401


def client(bus: PrivateBus) -> Wifi:
    return Wifi(Bus(bus.address), sleep=lambda s: None, timeout=2)


@pytest.fixture
def table(nm: PrivateBus):  # type: ignore[no-untyped-def]
    """A box on its home network, with a café's network and an open one in range."""
    dev = nm.add_wifi_device()
    nm.add_network(dev, "Home", 80)
    nm.add_network(dev, "Cafe", 40)
    nm.add_network(dev, "Free", 20, secured=False)
    nm.add_known(dev, "Home", active=True)
    with client(nm) as wifi:
        yield wifi, nm


def test_the_networks_seen_known_and_in_use(table) -> None:  # type: ignore[no-untyped-def]
    wifi, _bus = table
    assert [(n.ssid, n.strength, n.secured) for n in wifi.networks()] == [
        ("Home", 80, True), ("Cafe", 40, True), ("Free", 20, False)]
    assert [k.ssid for k in wifi.known()] == ["Home"]
    active = wifi.active()
    assert active is not None and active.ssid == "Home"
    assert wifi.version() == "0.9.6.0"


def test_joining_a_network_makes_it_the_one_in_use(table) -> None:  # type: ignore[no-untyped-def]
    wifi, _bus = table
    joined = wifi.join("Cafe", "cafe-password")
    assert joined.ssid == "Cafe"
    active = wifi.active()
    assert active is not None and active.ssid == "Cafe"
    assert {k.ssid for k in wifi.known()} == {"Home", "Cafe"}


def test_a_wrong_password_gives_the_previous_network_back(table) -> None:  # type: ignore[no-untyped-def]
    wifi, mock = table
    mock.joins_fail(7)  # NM_DEVICE_STATE_REASON_NO_SECRETS
    with pytest.raises(NetworkError) as err:
        wifi.join("Cafe", "not-the-password")
    assert err.value.kind == "wrong_password"
    assert str(err.value) == "The password for Cafe is wrong: nothing changed."
    active = wifi.active()
    assert active is not None and active.ssid == "Home"
    assert [k.ssid for k in wifi.known()] == ["Home"]  # the wrong password is not kept


def test_a_failed_join_with_no_network_before_starts_the_fallback(nm: PrivateBus) -> None:
    dev = nm.add_wifi_device()
    nm.add_network(dev, "Cafe", 40)
    nm.joins_fail(53)  # NM_DEVICE_STATE_REASON_SSID_NOT_FOUND
    called = []
    with client(nm) as wifi, pytest.raises(NetworkError) as err:
        wifi.join("Cafe", "cafe-password", fallback=lambda: called.append("box wifi"))
    assert err.value.kind == "out_of_range" and called == ["box wifi"]


def test_a_network_not_seen_is_refused_before_asking(table) -> None:  # type: ignore[no-untyped-def]
    wifi, _bus = table
    with pytest.raises(NetworkError) as err:
        wifi.join("Elsewhere", "some-password")
    assert err.value.kind == "out_of_range"
    active = wifi.active()
    assert active is not None and active.ssid == "Home"


@pytest.mark.parametrize("password", ["short", "x" * 64, "é" * 10])
def test_a_password_of_the_wrong_length_is_refused_before_asking(table, password) -> None:  # type: ignore[no-untyped-def]
    wifi, _bus = table
    with pytest.raises(NetworkError) as err:
        wifi.join("Cafe", password)
    assert err.value.kind == "bad_password" and f"this one has {len(password)}" in str(err.value)
    assert [k.ssid for k in wifi.known()] == ["Home"]


def test_a_secured_network_with_no_password_typed_is_one_sentence(table) -> None:  # type: ignore[no-untyped-def]
    wifi, _bus = table
    with pytest.raises(NetworkError) as err:
        wifi.join("Cafe", "")
    assert err.value.kind == "no_password"
    assert str(err.value) == "Cafe has a password: type it to join."


def test_a_known_network_is_joined_with_its_saved_password(table) -> None:  # type: ignore[no-untyped-def]
    wifi, mock = table
    mock.add_known(wifi.device(), "Cafe")
    joined = wifi.join("Cafe", "")
    assert joined.ssid == "Cafe"
    active = wifi.active()
    assert active is not None and active.ssid == "Cafe"
    assert sorted(k.ssid for k in wifi.known()) == ["Cafe", "Home"]  # nothing new saved


def test_a_known_network_that_fails_gives_the_previous_one_back(table) -> None:  # type: ignore[no-untyped-def]
    wifi, mock = table
    cafe = mock.add_known(wifi.device(), "Cafe")
    mock.activations_fail(cafe, 7)  # its password changed since it was saved
    with pytest.raises(NetworkError) as err:
        wifi.join("Cafe", "")
    assert err.value.kind == "wrong_password"
    active = wifi.active()
    assert active is not None and active.ssid == "Home"
    assert sorted(k.ssid for k in wifi.known()) == ["Cafe", "Home"]  # kept, to forget


def test_a_hidden_network_is_joined_by_its_name(table) -> None:  # type: ignore[no-untyped-def]
    wifi, mock = table
    mock.hidden_network(wifi.device(), "Attic")
    assert "Attic" not in {n.ssid for n in wifi.networks()}
    with pytest.raises(NetworkError) as err:
        wifi.join("Attic", "attic-password")  # not seen, and not said to be hidden
    assert err.value.kind == "out_of_range"
    assert wifi.join("Attic", "attic-password", hidden=True).ssid == "Attic"
    active = wifi.active()
    assert active is not None and active.ssid == "Attic"


@pytest.mark.parametrize("name", ["", "x" * 33, "喫茶店の無線ＬＡＮです"])
def test_a_name_of_the_wrong_length_is_refused_before_asking(table, name) -> None:  # type: ignore[no-untyped-def]
    wifi, _bus = table
    with pytest.raises(NetworkError) as err:
        wifi.join(name, "some-password", hidden=True)
    size = len(name.encode())
    assert err.value.kind == "bad_name" and f"this one has {size}." in str(err.value)
    assert [k.ssid for k in wifi.known()] == ["Home"]


def test_an_open_network_needs_no_password(table) -> None:  # type: ignore[no-untyped-def]
    wifi, _bus = table
    assert wifi.join("Free").ssid == "Free"


def test_the_password_rules() -> None:
    for good in ("12345678", "x" * 63, "0123456789ABCDEF" * 4):
        check_password(good)
    for bad in ("1234567", "x" * 64, "g" * 64, "pass\nword"):
        with pytest.raises(ValueError):
            check_password(bad)


def test_forgetting_a_known_network(table) -> None:  # type: ignore[no-untyped-def]
    wifi, _bus = table
    wifi.join("Cafe", "cafe-password")
    wifi.forget("Home")
    assert [k.ssid for k in wifi.known()] == ["Cafe"]
    with pytest.raises(NetworkError) as err:
        wifi.forget("Nowhere")
    assert err.value.kind == "not_known"


def test_no_wifi_device_is_one_sentence(nm: PrivateBus) -> None:
    with client(nm) as wifi, pytest.raises(NetworkError) as err:
        wifi.networks()
    assert err.value.kind == "no_device"
    assert str(err.value) == "This box has no Wi-Fi device that NetworkManager manages."


def test_networkmanager_absent_is_one_sentence(private_bus: PrivateBus) -> None:
    with client(private_bus) as wifi, pytest.raises(NetworkError) as err:
        wifi.version()
    assert err.value.kind == "nm_absent" and "dhcpcd" in str(err.value)


def test_no_dbus_and_no_library_are_one_sentence(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(NetworkError) as err:
        Bus(f"unix:path={tmp_path}/no-bus")
    assert err.value.kind == "no_dbus"
    import builtins

    real = builtins.__import__

    def no_dbus_fast(name, *args, **kwargs):  # type: ignore[no-untyped-def]
        if name.startswith("dbus_fast"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_dbus_fast)
    with pytest.raises(NetworkError) as err:
        Bus()
    assert err.value.kind == "not_installed"


def test_every_sentence_is_in_japanese() -> None:
    from companion.network import errors

    i18n.use("ja")
    try:
        for template in errors.KINDS:
            assert i18n._(template) != template, template
    finally:
        i18n.use("en")


def test_the_address_is_networkmanagers(table) -> None:  # type: ignore[no-untyped-def]
    wifi, mock = table
    assert wifi.address() is None  # the mock's device holds none yet
    mock.give_address(wifi.device(), "192.168.1.50")
    assert wifi.address() == "192.168.1.50"
