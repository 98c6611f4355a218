"""The BG Stats file's JSON Schema (``tests/schemas/bgsplay.schema.json``, its sources
named in it) and the links between its parts that a schema cannot say."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from jsonschema import Draft202012Validator

SCHEMA = json.loads((Path(__file__).parent / "schemas" / "bgsplay.schema.json")
                    .read_text(encoding="utf-8"))
FILE = Draft202012Validator(SCHEMA)
LINK = Draft202012Validator({"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"],
                             "$ref": "#/$defs/link"})


def check_file(data: Any) -> None:
    """Raise unless ``data`` is a BG Stats file as the schema describes it, every id
    unique and every reference pointing at something in the file."""
    FILE.validate(data)
    ids = {kind: [item["id"] for item in data[kind]] for kind in ("games", "players",
                                                                 "locations")}
    for kind, found in ids.items():
        assert len(found) == len(set(found)), f"{kind}: ids repeat"
        uuids = [item["uuid"] for item in data[kind]]
        assert len(uuids) == len(set(uuids)), f"{kind}: uuids repeat"
    for play in data["plays"]:
        assert play["gameRefId"] in ids["games"] and play["locationRefId"] in ids["locations"]
        assert all(s["playerRefId"] in ids["players"] for s in play["playerScores"])
    me = data["userInfo"]["meRefId"]
    assert me == 0 or me in ids["players"]


def link_data(url: str) -> dict[str, Any]:
    """The JSON inside a createPlay link, checked against the schema's ``link``."""
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "app.bgstatsapp.com",
                                                        "/createPlay.html")
    (text,) = parse_qs(parts.query)["data"]
    data = json.loads(text)
    LINK.validate(data)
    return data
