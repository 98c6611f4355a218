"""Guards the phone page naming the box's version (issue 42): every page's footer says the
version and the commit it was built from, as ``companion --version`` does."""

from __future__ import annotations

import pytest

from tests.web.conftest import pair


def test_every_page_says_the_version_in_its_footer(client, folder, clock,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.web.html.describe", lambda: "0.1.0 (0123456789ab)")
    pair(client, folder, clock)
    for path in ("/", "/history", "/players", "/settings"):
        page = client.get(path).get_data(as_text=True)
        assert "<footer>Table Companion 0.1.0 (0123456789ab)</footer>" in page, path
