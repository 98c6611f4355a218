"""The *Wi-Fi* page through Flask's test client, against a mocked NetworkManager on a
private D-Bus: the networks seen, known and in use; joining one (the news left for the
box); a wrong password, bad input, a hidden network, no Wi-Fi device, no NetworkManager
(one sentence each, nothing changed); forgetting asks first; every write needs the
pairing and the form's token."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.network import join_news
from companion.network.bus import Bus
from companion.network.wifi import Wifi
from tests.network.nm_mock import PrivateBus, nm_fixture, private_bus_fixture  # noqa: F401
from tests.web.conftest import Clock, pair


def in_use(bus: PrivateBus) -> str | None:
    with Wifi(Bus(bus.address)) as wifi:
        now = wifi.active()
    return None if now is None else now.ssid


@pytest.fixture
def cafe(nm: PrivateBus) -> PrivateBus:
    """A box at home, a café's network and an open one in range."""
    dev = nm.add_wifi_device()
    nm.add_network(dev, "Home", 80)
    nm.add_network(dev, "Cafe <b>", 40)
    nm.add_network(dev, "Free", 10, secured=False)
    nm.add_known(dev, "Home", active=True)
    nm.give_address(dev, "192.168.1.50")
    return nm


def text(answer) -> str:  # type: ignore[no-untyped-def]
    return answer.get_data(as_text=True)


def test_the_page_lists_what_the_box_sees_knows_and_uses(client, folder: Path, clock: Clock,
                                                         cafe: PrivateBus) -> None:
    pair(client, folder, clock)
    page = text(client.get("/wifi"))
    in_use_card = page.split('id="in-use"')[1].split("</div>")[0]
    assert "Home" in in_use_card
    seen = page.split('id="seen"')[1].split('id="hidden"')[0]
    assert seen.index("Home") < seen.index("Cafe &lt;b&gt;") < seen.index("Free")
    assert "<b>Cafe <b>" not in page  # the name is shown as typed, never as markup
    # the café's asks for a password; the open network and the one in use ask none
    assert seen.count('type="password"') == 1 and seen.count('<button>') == 2
    known = page.split('id="known"')[1]
    assert 'href="/wifi/forget?name=Home"' in known
    assert 'href="/wifi"' in text(client.get("/settings"))  # reached from Settings


def test_joining_a_network_moves_the_box_and_leaves_the_news(client, folder: Path,
                                                           clock: Clock,
                                                           cafe: PrivateBus) -> None:
    token = pair(client, folder, clock)
    answer = client.post("/wifi/join", data={"csrf": token, "ssid": "Cafe <b>",
                                             "password": "cafe-password"})
    assert answer.status_code == 200
    assert "The box joined Cafe &lt;b&gt;." in text(answer)
    assert 'href="http://192.168.1.50:8080/"' in text(answer)
    assert in_use(cafe) == "Cafe <b>"
    news = join_news.load(folder)
    assert news is not None and news.joined and news.address == "192.168.1.50"


def test_a_wrong_password_is_one_sentence_and_home_comes_back(client, folder: Path,
                                                             clock: Clock,
                                                             cafe: PrivateBus) -> None:
    token = pair(client, folder, clock)
    cafe.joins_fail(7)
    answer = client.post("/wifi/join", data={"csrf": token, "ssid": "Cafe <b>",
                                             "password": "not-the-password"})
    assert answer.status_code == 409
    said = re.search(r'id="said">([^<]*)<', text(answer))
    assert said is not None
    assert said.group(1) == "The password for Cafe &lt;b&gt; is wrong: nothing changed."
    assert "Traceback" not in text(answer) and 'href="/wifi"' in text(answer)
    assert in_use(cafe) == "Home"
    assert join_news.load(folder).kind == "wrong_password"  # type: ignore[union-attr]


@pytest.mark.parametrize(("form", "words"), [
    ({"ssid": "Cafe <b>", "password": "short"}, "8 to 63 characters"),
    ({"ssid": "Cafe <b>", "password": ""}, "has a password: type it"),
    ({"ssid": "", "password": "some-password", "hidden": "1"}, "1 to 32 bytes"),
    ({"ssid": "Elsewhere", "password": "some-password"}, "out of range or hidden"),
])
def test_bad_input_is_one_sentence_and_nothing_changes(client, folder: Path, clock: Clock,
                                                       cafe: PrivateBus, form: dict,
                                                       words: str) -> None:
    token = pair(client, folder, clock)
    answer = client.post("/wifi/join", data={"csrf": token, **form})
    assert answer.status_code in (400, 409)
    assert words in text(answer) and "Traceback" not in text(answer)
    assert in_use(cafe) == "Home"


def test_a_hidden_network_is_joined_by_the_name_typed(client, folder: Path, clock: Clock,
                                                    cafe: PrivateBus) -> None:
    token = pair(client, folder, clock)
    with Wifi(Bus(cafe.address)) as wifi:
        cafe.hidden_network(wifi.device(), "Attic")
    assert "Attic" not in text(client.get("/wifi"))
    answer = client.post("/wifi/join", data={"csrf": token, "ssid": "Attic",
                                             "password": "attic-password", "hidden": "1"})
    assert answer.status_code == 200 and "The box joined Attic." in text(answer)
    assert in_use(cafe) == "Attic"


def test_a_known_network_is_joined_without_typing_its_password(client, folder: Path,
                                                               clock: Clock,
                                                               cafe: PrivateBus) -> None:
    token = pair(client, folder, clock)
    with Wifi(Bus(cafe.address)) as wifi:
        cafe.add_known(wifi.device(), "Free")  # known, not in use, and open: no field
        cafe.add_known(wifi.device(), "Cafe <b>")
    page = text(client.get("/wifi"))
    assert 'placeholder="saved: leave empty"' in page
    answer = client.post("/wifi/join", data={"csrf": token, "ssid": "Cafe <b>",
                                             "password": ""})
    assert answer.status_code == 200 and "The box joined Cafe &lt;b&gt;." in text(answer)
    assert in_use(cafe) == "Cafe <b>"


def test_forgetting_asks_first(client, folder: Path, clock: Clock, cafe: PrivateBus) -> None:
    token = pair(client, folder, clock)
    asked = text(client.get("/wifi/forget?name=Home"))
    assert "Forget Home?" in asked and "it stays on it" in asked  # Home is in use
    with Wifi(Bus(cafe.address)) as wifi:
        assert [k.ssid for k in wifi.known()] == ["Home"]  # asking changed nothing
    answer = client.post("/wifi/forget", data={"csrf": token, "name": "Home"})
    assert answer.status_code == 303
    with Wifi(Bus(cafe.address)) as wifi:
        assert wifi.known() == []
    assert client.get("/wifi/forget?name=Home").status_code == 404
    gone = client.post("/wifi/forget", data={"csrf": token, "name": "Home"})
    assert gone.status_code == 400 and "does not know a network called Home" in text(gone)


def test_no_wifi_device_is_one_sentence(client, folder: Path, clock: Clock,
                                        nm: PrivateBus) -> None:
    token = pair(client, folder, clock)
    page = client.get("/wifi")
    assert page.status_code == 503
    assert "This box has no Wi-Fi device that NetworkManager manages." in text(page)
    answer = client.post("/wifi/join", data={"csrf": token, "ssid": "Cafe",
                                             "password": "cafe-password"})
    assert answer.status_code == 503 and "no Wi-Fi device" in text(answer)


def test_networkmanager_absent_is_one_sentence(client, folder: Path, clock: Clock,
                                               private_bus: PrivateBus) -> None:
    token = pair(client, folder, clock)
    page = client.get("/wifi")
    assert page.status_code == 503 and "NetworkManager is not running" in text(page)
    answer = client.post("/wifi/join", data={"csrf": token, "ssid": "Cafe",
                                             "password": "cafe-password"})
    assert answer.status_code == 503 and "dhcpcd" in text(answer)
    assert "Traceback" not in text(answer)


def test_every_write_needs_the_pairing_and_the_token(client, folder: Path, clock: Clock,
                                                     cafe: PrivateBus) -> None:
    form = {"ssid": "Cafe <b>", "password": "cafe-password"}
    assert client.post("/wifi/join", data={"csrf": "x", **form}).status_code == 401
    assert "not paired" in text(client.get("/wifi"))
    pair(client, folder, clock)
    assert client.post("/wifi/join", data={"csrf": "wrong", **form}).status_code == 403
    assert client.post("/wifi/forget", data={"csrf": "wrong", "name": "Home"}).status_code == 403
    assert in_use(cafe) == "Home" and join_news.load(folder) is None


def test_the_page_in_japanese(client, folder: Path, clock: Clock, cafe: PrivateBus) -> None:
    token = pair(client, folder, clock)
    page = text(client.get("/wifi?lang=ja"))
    assert "本体から見えるネットワーク" in page and "Networks the box" not in page
    answer = client.post("/wifi/join", data={"csrf": token, "ssid": "Cafe <b>",
                                             "password": "short"})
    assert "Wi-Fi のパスワードは 8〜63 文字" in text(answer)
