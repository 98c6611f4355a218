"""A join asked from the phone (:func:`join_from_phone`) against a mocked NetworkManager:
what it comes to is left for the box as news (kind and values, read back in either
language); a join from the box's own Wi-Fi ends it; a failed one gives the previous
network back, or the box's own Wi-Fi when there was none."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core import i18n
from companion.network import box_wifi, join_news
from companion.network.bus import Bus
from companion.network.errors import NetworkError
from companion.network.join_news import News, join_from_phone
from companion.network.wifi import Wifi
from tests.network.nm_mock import PrivateBus, nm_fixture, private_bus_fixture  # noqa: F401


def client(bus: PrivateBus) -> Wifi:
    return Wifi(Bus(bus.address), sleep=lambda s: None, timeout=2)


@pytest.fixture
def cafe(nm: PrivateBus) -> PrivateBus:
    dev = nm.add_wifi_device()
    nm.add_network(dev, "Home", 80)
    nm.add_network(dev, "Cafe", 40)
    nm.add_known(dev, "Home", active=True)
    nm.give_address(dev, "192.168.1.50")
    return nm


def test_a_join_leaves_the_news_with_the_new_address(tmp_path: Path, cafe: PrivateBus) -> None:
    assert join_news.stamp(tmp_path) is None
    with client(cafe) as wifi:
        joined, news = join_from_phone(wifi, tmp_path, "Cafe", "cafe-password")
    assert joined.ssid == "Cafe" and news.joined
    assert join_news.load(tmp_path) == News("joined", {"name": "Cafe"}, "192.168.1.50")
    assert join_news.stamp(tmp_path) is not None
    i18n.use("ja")
    try:
        assert news.sentence(i18n._) == "本体は Cafe につながりました。"
    finally:
        i18n.use("en")


def test_a_join_from_the_box_wifi_ends_it(tmp_path: Path, cafe: PrivateBus) -> None:
    with client(cafe) as wifi:
        box_wifi.start(wifi, tmp_path)
        assert box_wifi.load(tmp_path).previous is not None  # type: ignore[union-attr]
        join_from_phone(wifi, tmp_path, "Cafe", "cafe-password")
        now = wifi.active()
        assert now is not None and now.ssid == "Cafe"
        box_wifi.stop(wifi, tmp_path)  # later: nothing of the old network comes back
        now = wifi.active()
        assert now is not None and now.ssid == "Cafe"
    assert box_wifi.load(tmp_path).previous is None  # type: ignore[union-attr]


def test_a_wrong_password_from_the_box_wifi_gives_the_box_wifi_back(
        tmp_path: Path, cafe: PrivateBus) -> None:
    with client(cafe) as wifi:
        mine = box_wifi.start(wifi, tmp_path)
        cafe.joins_fail(7)
        with pytest.raises(NetworkError) as err:
            join_from_phone(wifi, tmp_path, "Cafe", "not-the-password")
        assert err.value.kind == "wrong_password"
        assert wifi.access_point_up(mine.name)
    news = join_news.load(tmp_path)
    assert news == News("wrong_password", {"name": "Cafe"})
    assert news.sentence(i18n._) == "The password for Cafe is wrong: nothing changed."


def test_a_failed_join_with_no_network_before_starts_the_box_wifi(
        tmp_path: Path, nm: PrivateBus) -> None:
    dev = nm.add_wifi_device()
    nm.add_network(dev, "Cafe", 40)
    nm.joins_fail(53)
    with client(nm) as wifi:
        with pytest.raises(NetworkError):
            join_from_phone(wifi, tmp_path, "Cafe", "cafe-password")
        mine = box_wifi.load(tmp_path)
        assert mine is not None and wifi.access_point_up(mine.name)
    assert join_news.load(tmp_path).kind == "out_of_range"  # type: ignore[union-attr]


def test_bad_input_is_news_too_and_nothing_changes(tmp_path: Path, cafe: PrivateBus) -> None:
    with client(cafe) as wifi:
        with pytest.raises(NetworkError):
            join_from_phone(wifi, tmp_path, "Cafe", "short")
        now = wifi.active()
        assert now is not None and now.ssid == "Home"
    news = join_news.load(tmp_path)
    assert news == News("bad_password", {"n": 5})
    assert "this one has 5." in news.sentence(i18n._)


def test_no_networkmanager_is_news(tmp_path: Path, private_bus: PrivateBus) -> None:
    with client(private_bus) as wifi, pytest.raises(NetworkError):
        join_from_phone(wifi, tmp_path, "Cafe", "cafe-password")
    assert join_news.load(tmp_path).kind == "nm_absent"  # type: ignore[union-attr]


@pytest.mark.parametrize("text", ["", "[]", '{"kind": 3}', '{"kind": "joined", "params": [1]}',
                                  '{"kind": "joined", "address": 5}'])
def test_a_file_not_ours_is_no_news(tmp_path: Path, text: str) -> None:
    (tmp_path / join_news.FILE).write_text(text)
    assert join_news.load(tmp_path) is None


def test_a_hand_edited_news_is_still_one_sentence() -> None:
    assert News("joined", {}).sentence(i18n._) == "The box joined {name}."
    assert News("strange").sentence(i18n._) == "NetworkManager refused: strange"
