"""Guards that what README.md, README.ja.md and the game pages tell an owner to type or
write exists: every `companion …` command and option in their code blocks is one the
command line takes, and README's configuration table names exactly the keys the config
file accepts (a documented key the file refuses, or an accepted key nobody documents,
fails here)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from companion.config import file as config
from companion.config import settings
from companion.config import shelf as shelfconfig
from companion.owner import cli

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", ROOT / "README.ja.md", *sorted((ROOT / "docs").glob("*.md"))]
INLINE = re.compile(r"`(?:sudo )?(?:\S*/)?companion (?P<rest>[^`]+)`")


def _shell_blocks(text: str) -> list[str]:
    blocks, lines, shell = [], None, False
    for line in text.splitlines():
        if line.startswith("```") and lines is None:
            lines, shell = [], line[3:].strip() in ("", "sh", "bash", "console")
        elif line.startswith("```"):
            if shell:
                blocks.append("\n".join(lines))
            lines = None
        elif lines is not None:
            lines.append(line)
    return blocks


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _options(parser: argparse.ArgumentParser) -> set[str]:
    return {o for a in parser._actions for o in a.option_strings}


def _commands(page: Path) -> list[str]:
    """Each `companion …` command in the page's shell blocks (continuations joined,
    comments and `sudo`/paths before it dropped) and in its inline code."""
    text = page.read_text(encoding="utf-8")
    out = [m["rest"].strip() for m in INLINE.finditer(text)]
    for block in _shell_blocks(text):
        for line in block.replace("\\\n", " ").splitlines():
            code = line.split("#", 1)[0]
            found = re.search(r"(?:^|[\s/])companion(\s.*|$)", code)
            if found and not code.lstrip().startswith(("git ", "cd ")):
                out.append(found.group(1).strip())
    return out


def _check(words: list[str], parser: argparse.ArgumentParser, where: str) -> None:
    subs = _subparsers(parser)
    takes_value = {o for a in parser._actions for o in a.option_strings if a.nargs != 0}
    i = 0
    while i < len(words):
        word = words[i].strip("[]")
        if word.startswith("--"):
            for option in word.split("|"):
                option = option.strip("[]").split("=", 1)[0]
                if option.startswith("--"):
                    assert option in _options(parser), f"{where}: no option {option}"
            i += 2 if word in takes_value and "=" not in word else 1
            continue
        if subs and word and not word.startswith(("-", "<", "'", '"')) and word != "|":
            names = word.split("|")
            for name in names:
                assert name in subs, f"{where}: no command {name!r}; there are {sorted(subs)}"
            if len(names) == 1:
                _check(words[i + 1:], subs[name], f"{where} {name}")
            return
        i += 1


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_command_a_page_shows_is_one_the_command_line_takes(page: Path) -> None:
    for command in _commands(page):
        _check(command.split(), cli._parser(), f"{page.name}: companion {command}")


def test_readme_names_every_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in _subparsers(cli._parser()):
        assert name == "run" or f"companion {name}" in readme, f"README lacks companion {name}"


def _table_keys() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("Every key (", 1)[1].split("\n\n", 2)[1]
    return [line.split("|")[1].strip() for line in table.splitlines()[2:]]


def _accepted(cell: str) -> bool:
    entry = re.fullmatch(r"`\[\[(shelf|dice)\]\]` `(\w+)`", cell)
    if entry:
        keys = shelfconfig.SHELF_KEYS if entry[1] == "shelf" else ("name", "faces", "roll")
        return entry[2] in keys
    key = cell.strip("`")
    if key in ("preset", "language", "name", "games.order", "games.hide",
               "house_rules.<game>.<rule>"):
        return True
    if cell.startswith("`buttons."):
        return all(k in config.KEY_NAMES for k in re.findall(r"`buttons\.(\w+)`", cell))
    section, _dot, name = key.partition(".")
    return name in config.SCHEMA.get(section, {})


def test_every_key_readme_documents_is_one_the_file_accepts() -> None:
    keys = _table_keys()
    assert len(keys) > 20
    wrong = [k for k in keys if not _accepted(k)]
    assert wrong == [], f"README documents keys the config file refuses: {wrong}"


def test_every_key_the_file_accepts_is_documented() -> None:
    keys = " ".join(_table_keys())
    entries = [f"`[[shelf]]` `{k}`" for k in shelfconfig.SHELF_KEYS]
    entries += [f"`[[dice]]` `{k}`" for k in ("name", "faces", "roll")]
    entries += ["`language`", "`name`", "`games.order`", "`games.hide`", "`preset`"]
    entries += [f"`{k}`" for k in settings.EDITABLE]
    missing = [e for e in entries if e not in keys]
    assert missing == [], f"README's configuration table lacks {missing}"
    for entry in ("shelf", "dice"):  # the file's own check names the same keys
        with pytest.raises(config.ConfigError, match="allowed: " + (
                ", ".join(shelfconfig.SHELF_KEYS) if entry == "shelf" else "name, faces, roll")):
            config.from_mapping({entry: [{"title": "X", "name": "x", "nope": 1}]})
    with pytest.raises(config.ConfigError) as err:
        config.from_mapping({"nope": 1})
    sections = set(str(err.value).split("allowed: ", 1)[1].rstrip(".").split(", "))
    documented = {k.strip("`").split(".", 1)[0].split("`", 1)[0] for k in _table_keys()}
    documented |= {"shelf", "dice"}
    assert sections <= documented | {"[[shelf]]", "[[dice]]"}, sections - documented


def _setup_rows(key: str) -> set[str]:
    from companion.testing import Rig

    rig = Rig(players=("Ann", "Ben"))
    try:
        rig.open_game(key)
        seen = set()
        for _ in range(16):
            seen |= set(rig.text.split(" | "))
            rig.keys("down")
        return seen
    finally:
        rig.close()


def test_the_games_readme_gives_a_starts_row_have_one() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    claim = " ".join(readme.split("**Who starts.**", 1)[1].split("\n- ", 1)[0].split())
    titles = {"genial": "Genial Spezial", "brikks": "Brikks",
              "brain_robbery": "The Great Brain Robbery", "brain_crush": "Brain Crush",
              "area_tiles": "Area Tiles", "four_stones": "Four-Colour Stones",
              "turn_timer": "turn timer"}
    for key, title in titles.items():
        rows = _setup_rows(key)
        starts = [r for r in rows if r.startswith("Starts:")]
        assert title in claim, f"README's Who starts does not speak of {title}"
        if key == "turn_timer":
            assert starts == [] and "start with seat 1" in claim
        elif key == "four_stones":
            assert len(starts) == 1 and "keeps to its rule" in claim
        else:
            assert starts, f"{title} has no Starts row"


def test_four_stones_page_shows_the_pass_notes_the_turn_screen_writes() -> None:
    from companion.core import i18n
    from companion.games.four_stones import rules
    from companion.games.four_stones.screens import turn

    page = " ".join((ROOT / "docs" / "four_stones.md").read_text(encoding="utf-8").split())
    i18n.use("en")
    room = turn.POINTS_X1 - turn.points_width() - 2 - turn.NOTE_X0
    for passed in (("B",), ("Y", "G"), ("Y", "G", "R")):
        note = turn.pass_note(rules.State(players=("A", "B", "C", "D"), passed=passed), room)
        assert f"`{note}`" in page, f"docs/four_stones.md does not show the note {note!r}"


@pytest.mark.parametrize(("lang", "done"), [("C.UTF-8", "Dry run: nothing was changed."),
                                            ("ja_JP.UTF-8", "ドライラン")])
def test_install_service_speaks_the_locale_as_readme_says(
        tmp_path: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch,
        lang: str, done: str) -> None:
    """README puts install-service with --help: LANG's language, whatever a config says."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)
    other = tmp_path / "config.toml"
    other.write_text('language = "en"\n' if lang.startswith("ja") else 'language = "ja"\n',
                     encoding="utf-8")
    try:
        assert cli.main(["--config", str(other), "install-service", "--dry-run"]) == 0
    finally:
        from companion.core import i18n
        i18n.use("en")
    assert done in capsys.readouterr().out
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "`--help`, `install-service`" in readme and "locale (`LANG`)" in readme


def test_score_pad_page_says_other_game_is_named_on_the_keyboard() -> None:
    from companion.testing import Rig
    from companion.ui.name_entry import NameEntry

    rig = Rig()
    try:
        rig.open_game("score_pad")
        rig.keys("ok")                                       # Other game
        assert isinstance(rig.app.top, NameEntry)
    finally:
        rig.close()
    page = " ".join((ROOT / "docs" / "score_pad.md").read_text(encoding="utf-8").split())
    assert "opens the name keyboard" in page and "for now" not in page


def test_every_game_page_readme_ja_links_ends_with_a_japanese_summary() -> None:
    readme = (ROOT / "README.ja.md").read_text(encoding="utf-8")
    assert "各ゲームのページの最後に、日本語の要約があります。" in readme
    pages = set(re.findall(r"\]\((docs/[a-z_]+\.md)\)", readme))
    assert len(pages) >= 8
    for page in sorted(pages):
        headings = re.findall(r"^## (.*)$", (ROOT / page).read_text(encoding="utf-8"), re.M)
        assert headings[-1].startswith("日本語の要約"), f"{page} ends with ## {headings[-1]}"


@pytest.mark.parametrize("page", [ROOT / "README.md", ROOT / "README.ja.md"],
                         ids=lambda p: p.name)
def test_every_make_target_a_readme_names_is_in_the_makefile(page: Path) -> None:
    targets = set(re.findall(r"^([a-z][a-z-]*):", (ROOT / "Makefile").read_text(), re.M))
    named = set(re.findall(r"(?:^|`)make ([a-z][a-z-]*)", page.read_text(encoding="utf-8"),
                           re.M))
    assert named and named <= targets, f"{page.name} names make {named - targets}"


def test_readme_lists_every_make_target() -> None:
    targets = set(re.findall(r"^([a-z][a-z-]*):", (ROOT / "Makefile").read_text(), re.M))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = {t for t in targets - {"clean"} if f"make {t}" not in readme}
    assert missing == set(), f"README does not name make {missing}"


def test_any_dice_page_says_which_rolls_have_labels() -> None:
    from companion.testing import Rig

    page = " ".join((ROOT / "docs" / "any_dice.md").read_text(encoding="utf-8").split())
    assert "with its label up to four dice" in page and "two rows (no labels)" in page
    sets = [{"name": "four", "roll": "4d6"}, {"name": "five", "roll": "5d6"}]
    rig = Rig(config=config.from_mapping({"display": {"driver": "dummy"}, "dice": sets}))
    try:
        rig.open_game("any_dice")
        rig.keys("ok", "roll")                               # four
        assert rig.text.split(" | ").count("d6") == 4, rig.text
        rig.app.home()
        rig.open_game("any_dice")
        rig.keys("down", "ok", "roll")                       # five
        assert "five" in rig.text and "d6" not in rig.text.split(" | "), rig.text
    finally:
        rig.close()


def _toml_blocks(page: str) -> list[str]:
    text = (ROOT / page).read_text(encoding="utf-8")
    return re.findall(r"^```toml\n(.*?)^```", text, re.M | re.S)


@pytest.mark.parametrize("page", ["README.md", "README.ja.md", "docs/brain_robbery.md",
                                  "docs/score_pad.md"])
def test_the_config_examples_load(page: str) -> None:
    blocks = _toml_blocks(page)
    assert blocks
    for block in blocks:
        config.load_text(block, page)


def test_the_any_dice_example_refuses_only_the_entry_it_says_is_refused() -> None:
    (block,) = _toml_blocks("docs/any_dice.md")
    entries = block.split("[[dice]]")
    assert "not allowed" in entries[-1]
    loaded = config.load_text("[[dice]]".join(entries[:-1]))
    assert {"colour", "fudge", "attack"} <= set(loaded.dice)
    with pytest.raises(config.ConfigError, match=r"dice\[4\]\.name"):
        config.load_text(block)
    page = (ROOT / "docs" / "any_dice.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in shelfconfig.RESERVED:
        assert f"`{name}`" in page and f"`{name}`" in readme, name


def test_readme_names_every_option_of_every_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = []

    def walk(parser: argparse.ArgumentParser, path: str) -> None:
        for name, sub in _subparsers(parser).items():
            walk(sub, f"{path} {name}")
        missing.extend(f"{path} {o}" for o in _options(parser)
                       if o.startswith("--") and o != "--help" and o not in readme)

    walk(cli._parser(), "companion")
    assert missing == [], f"README's Command line does not name {missing}"


def test_readme_quotes_notices_the_box_writes() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    bullet = readme.split("**Messages do not eat keys.**", 1)[1].split(" - **", 1)[0]
    quoted = re.findall(r'\("([^"]+)", "([^"]+)", "([^"]+)"\)', bullet)[0]
    sources = {"Undone: {what}": ROOT / "companion" / "app" / "table.py",
               "Cap: {name} lost {n}": ROOT / "companion/games/genial/screens/score.py",
               "Resumed {game}.": ROOT / "companion" / "app" / "game_start.py"}
    for template, source in sources.items():
        assert f'"{template}"' in source.read_text(encoding="utf-8"), template
    for text, template in zip(quoted, sources, strict=True):
        pattern = re.sub(r"\\\{\w+\\\}", ".+", re.escape(template))
        assert re.fullmatch(pattern, text), f"README quotes {text!r}; the box writes {template}"


def test_readme_ja_lists_the_same_keys_with_the_same_defaults() -> None:
    def rows(page: str, start: str) -> dict[str, str]:
        text = (ROOT / page).read_text(encoding="utf-8").split(start, 1)[1]
        table = [line for line in text.split("\n\n", 2)[1].splitlines()[2:]]
        return {line.split("|")[1].strip(): line.split("|")[2].strip() for line in table}

    english = rows("README.md", "Every key (")
    japanese = rows("README.ja.md", "すべてのキー(")
    assert list(japanese) == list(english)
    words = {"none": "なし", "required": "必須", "from the preset": "プリセットのもの",
             "per game": "ゲームごと"}
    assert {k: words.get(v, v) for k, v in english.items()} == japanese


def test_every_house_rule_default_on_a_game_page_is_the_code_s() -> None:
    import json

    from companion.config import registry
    from companion.config.registry import find

    checked = 0
    for key in registry.built_in():
        rules = find(key).house_rules
        if not rules:
            continue
        name = {"brain_crush": "four_stones"}.get(key, key)
        page = (ROOT / "docs" / f"{name}.md").read_text(encoding="utf-8")
        for rule, spec in rules.items():
            row = re.search(rf"^\| `{rule}` \| `([^`]+)` \|", page, re.M)
            line = re.search(rf"^{rule} = (\S+)\s+# the default", page, re.M)
            shown = row[1] if row else line[1] if line else None
            if shown is None:
                continue
            assert json.loads(shown) == spec.default, f"{key}.{rule}: page {shown}"
            checked += 1
    assert checked >= 10
