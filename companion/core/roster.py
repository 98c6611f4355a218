"""The rules for a player's name: what may be saved, and when two names are the same.

Pure functions, no storage: :mod:`companion.log.store` keeps the roster and asks these.
A name is 1–12 characters after NFKC normalisation (so full-width ``ＡＮＮ`` is ``ANN``, a
decomposed "é" is "é", and any Unicode space, such as the ideographic space U+3000, is a
space), any letters, digits, spaces and ordinary punctuation; two names are the same
person when their :func:`name_key` is equal (case and width ignored), and alike when
their :func:`near_key` is (accents ignored too: asked about, never added silently)::

    >>> clean_name("  Ａｎｎ ")
    'Ann'
    >>> name_key("ANN") == name_key("ａｎｎ")
    True
    >>> clean_name("Ann\\x07")
    Traceback (most recent call last):
    ...
    companion.core.errors.BadName: A name cannot hold control characters.
"""

from __future__ import annotations

import re
import unicodedata
import uuid

from companion.core.errors import BadName

#: The longest name the box shows in full.
MAX_LEN = 12
#: Names the companion itself writes for "nobody in particular" (the dice roller's
#: one seat); never a person, so never a roster entry.
NOT_PEOPLE = frozenset({"table"})
#: A guest seat's name in any language the box speaks: "Guest", "Guest 3", 「ゲスト3」.
_GUEST_RE = re.compile(r"^(?:guest|ゲスト)(?: ?(\d+))?$")
#: The namespace of the name-based UUIDs the BG Stats export of 0.1.0 gave players.
UUID_NAMESPACE = uuid.UUID("5b0e9c1e-8f6d-4c41-9d3e-7a61c0a1b2c3")



def spaces(name: str) -> str:
    """``name`` with every Unicode space (category Zs: the ideographic space U+3000 a
    Japanese keyboard types, a no-break space, the thin spaces) a plain space.

    >>> spaces("山田\u3000一郎"), spaces("Ann\u00a0Lee")
    ('山田 一郎', 'Ann Lee')
    """
    if name.isascii():
        return name
    return "".join(" " if unicodedata.category(c) == "Zs" else c for c in name)


def normalise(name: str) -> str:
    """NFKC-normalised (composed: a decomposed "é" is "é"; width ignored), every Unicode
    space a plain one (:func:`spaces`), spaces collapsed and trimmed (what is saved and
    shown).

    >>> normalise("Chloe\u0301"), normalise(" 山田\u3000\u3000一郎 ")
    ('Chloé', '山田 一郎')
    """
    return re.sub(" +", " ", spaces(unicodedata.normalize("NFKC", spaces(name)))).strip()


def near_key(name: str) -> str:
    """The form two names are alike in, though not the same (:func:`name_key`): accents
    and other marks dropped too. "Chloé" and "chloe" are alike: one person, most likely,
    which the roster asks about rather than adding a second (:func:`near`).

    >>> near_key("Chloé") == near_key("CHLOE") == near_key("ｃｈｌｏｅ")
    True
    >>> near_key("ゆうこ") == near_key("ゆうご")  # kana keep their marks: other names
    False
    """
    kept, base = [], ""
    for c in unicodedata.normalize("NFKD", name_key(name)):
        if unicodedata.combining(c) and unicodedata.name(base, "").startswith("LATIN"):
            continue  # an accent on a Latin letter; a kana's voicing mark stays
        if not unicodedata.combining(c):
            base = c
        kept.append(c)
    return unicodedata.normalize("NFC", "".join(kept))


def near(name: str, others: list[str]) -> list[str]:
    """The names of ``others`` alike to ``name`` (:func:`near_key`) but not the same
    (:func:`name_key`): what the roster asks about before a second person is added.

    >>> near("Chloé", ["Chloe", "Ann", "chloé"])
    ['Chloe']
    """
    key, alike = name_key(name), near_key(name)
    return [o for o in others if name_key(o) != key and near_key(o) == alike]


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC, case-folded, spaces collapsed."""
    return unicodedata.normalize("NFKC", normalise(name).casefold())


def is_guest(name: str) -> bool:
    """True for ``Guest``, ``Guest 3`` and 「ゲスト3」: seats nobody on the roster sits in."""
    return bool(_GUEST_RE.match(name_key(name)))


def guest_seat(name: str) -> int | None:
    """The seat number in a guest's name (3 for "Guest 3" and 「ゲスト3」), else None.

    >>> guest_seat("Guest 3"), guest_seat("ゲスト3"), guest_seat("Ann")
    (3, 3, None)
    """
    found = _GUEST_RE.match(name_key(name))
    return int(found.group(1)) if found and found.group(1) else None


def clean_name(name: str) -> str:
    """``name`` as it will be saved, or :class:`BadName` with one sentence.

    Refuses an empty name or only spaces, more than :data:`MAX_LEN` characters,
    control, format, private-use and unassigned characters, and the guest labels.
    """
    if not isinstance(name, str):
        raise BadName("A name must be text.")
    name = spaces(name)  # U+3000, a no-break space: a space as people type it
    for ch in name:
        kind = unicodedata.category(ch)
        if kind == "Cc" or ch in "\u2028\u2029":
            raise BadName("A name cannot hold control characters.")
        if kind == "Co":
            raise BadName("A name cannot hold private-use characters.")
        if kind in ("Cf", "Cs", "Cn"):
            raise BadName("A name cannot hold the invisible character {code}.",
                          code=f"U+{ord(ch):04X}")
        if ch.isspace() and ch != " ":
            raise BadName("A name may hold plain spaces only (no tabs or line breaks).")
    cleaned = normalise(name)
    if not cleaned:
        raise BadName("A name needs at least one letter (it was empty or only spaces).")
    if len(cleaned) > MAX_LEN:
        raise BadName("A name is at most {most} characters; {start}… has {n}.",
                      most=MAX_LEN, start=cleaned[:MAX_LEN], n=len(cleaned))
    if is_guest(cleaned) or name_key(cleaned) in NOT_PEOPLE:
        raise BadName("{name} is kept for seats without a player; choose another name.",
                      name=cleaned)
    return cleaned


def name_uuid(kind: str, name: str) -> str:
    """The UUID 0.1.0's BG Stats export derived from a name (``kind`` ``player``,
    ``game``, ``play``…). A player migrated from an old log keeps it, so a new export
    lands on the same BG Stats player as the old exports did.
    """
    return str(uuid.uuid5(UUID_NAMESPACE, f"{kind}:{name}")).upper()


def canonical_uuid(text: str) -> str:
    """The one form a UUID is stored, compared and exported in, however it was written
    (``{…}``, ``urn:uuid:…``, lower or upper case, without dashes): :class:`uuid.UUID`'s
    8-4-4-4-12, upper case as the box has always written it and as BG Stats writes it
    (its exports match players by the string: a UUID once sent must stay byte for byte).
    :class:`ValueError` for text that is no UUID.

    >>> canonical_uuid("{0f6c1e2a-1111-4a2b-9c3d-000000000001}")
    '0F6C1E2A-1111-4A2B-9C3D-000000000001'
    >>> canonical_uuid("urn:uuid:0F6C1E2A-1111-4A2B-9C3D-000000000001")
    '0F6C1E2A-1111-4A2B-9C3D-000000000001'
    """
    return str(uuid.UUID(text.strip())).upper()


def new_uuid() -> str:
    """A fresh UUID for a new roster entry (BG Stats' upper-case form)."""
    return str(uuid.uuid4()).upper()
