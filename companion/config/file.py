"""The configuration file: one TOML file, optional presets, every value checked.

Look-up order for the file: ``--config PATH``; else ``$XDG_CONFIG_HOME/companion/
config.toml`` (``~/.config/...``); else ``/etc/companion/config.toml``; else the
built-in laptop default (terminal screen, keyboard buttons). A file may start from a
board preset (``preset = "adafruit-oled-bonnet"``, files in ``hardware/presets/``) and
override any key.

A wrong value stops start-up with :class:`ConfigError`, whose message names the key and
what is allowed::

    >>> try:
    ...     load_text('[display]\\ndriver = "ssd1307"')
    ... except ConfigError as err:
    ...     print(err)  # doctest: +NORMALIZE_WHITESPACE
    display.driver: must be one of 'ssd1306', 'sh1106', 'ssd1309', 'emulator', 'dummy', not
    'ssd1307'.
"""

from __future__ import annotations

import os
import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

from companion.config import shelf as shelfconfig
from companion.config.reading import MAX_CONFIG_BYTES as MAX_CONFIG_BYTES
from companion.config.reading import in_language, parse_toml, read_config
from companion.core.errors import ConfigError, Word
from companion.core.i18n import N_

KEY_NAMES = ("up", "down", "left", "right", "ok", "back", "roll")
DRIVERS = ("ssd1306", "sh1106", "ssd1309", "emulator", "dummy")
EMULATORS = ("terminal", "pygame")
BCM_PINS = range(0, 28)


@dataclass(frozen=True)
class Option:
    """One key of the file: its type, default, allowed values and meaning."""

    default: Any
    help: str
    allowed: tuple[Any, ...] | None = None
    low: int | None = None
    high: int | None = None
    kind: type | tuple[type, ...] | None = None
    #: Numbers are written in hex in the file (an I²C address), and so in messages.
    hex: bool = False

    def check(self, key: str, value: Any) -> Any:
        kind = self.kind or type(self.default)
        if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
            raise ConfigError(_kind_template(kind), key=key, value=self.written(value))
        if self.allowed is not None and value not in self.allowed:
            choices = ", ".join(repr(self.written(a)) for a in self.allowed)
            raise ConfigError("{key}: must be one of {choices}, not {value!r}.",
                              key=key, choices=choices, value=self.written(value))
        if isinstance(value, int | float) and (self.low is not None and value < self.low
                                               or self.high is not None and value > self.high):
            raise ConfigError("{key}: must be between {low} and {high}, not {value!r}.",
                              key=key, low=self.low, high=self.high, value=value)
        return value

    def written(self, value: Any) -> Any:
        """``value`` whose repr is as the file writes it: ``0x3C``, ``true``, ``'ssd1306'``."""
        if isinstance(value, bool):
            return AsWritten(str(value).lower())
        if self.hex and isinstance(value, int):
            return AsWritten(f"0x{value:X}")
        return value


class AsWritten(str):
    """A value shown in a message as the config file writes it (its repr has no quotes)."""

    def __repr__(self) -> str:
        return str(self)


#: What a key of each type must be, one whole sentence each (so each translates whole).
KIND_TEMPLATES = {
    bool: N_("{key}: must be true or false, not {value!r}."),
    int: N_("{key}: must be a whole number, not {value!r}."),
    str: N_("{key}: must be a text in quotes, not {value!r}."),
    float: N_("{key}: must be a number, not {value!r}."),
    (int, str): N_("{key}: must be a whole number or a text in quotes, not {value!r}."),
}


def _kind_template(kind: type | tuple[type, ...]) -> str:
    return KIND_TEMPLATES.get(kind, N_("{key}: has the wrong type: {value!r}."))


#: Every key of the file except ``[buttons]`` and ``[house_rules.*]`` (documented below).
SCHEMA: dict[str, dict[str, Option]] = {
    "display": {
        "driver": Option("emulator", "the OLED's controller chip, or a screen on the laptop",
                         DRIVERS),
        "emulator": Option("terminal", "where the laptop screen is drawn (driver = emulator)",
                           EMULATORS),
        "width": Option(128, "the panel's width in pixels", (128, 96, 64)),
        "height": Option(64, "the panel's height in pixels", (64, 48, 32, 16)),
        "bus": Option("i2c", "how the OLED is wired", ("i2c", "spi")),
        "port": Option(1, "I²C bus number (/dev/i2c-N) or SPI port", low=0, high=10),
        "address": Option(0x3C, "I²C address of the OLED (0x3C or 0x3D)", (0x3C, 0x3D),
                          hex=True),
        "spi_device": Option(0, "SPI chip select (CE0 = 0, CE1 = 1)", (0, 1)),
        "gpio_dc": Option(24, "SPI data/command pin (BCM)", low=0, high=27),
        "gpio_rst": Option(25, "SPI reset pin (BCM)", low=0, high=27),
        "reset_pin": Option(-1, "I²C: the GPIO (BCM) the panel's RES is wired to, pulsed low "
                            "then high at start (SSD1309 modules want it); -1 = none, RES "
                            "held at 3V3", low=-1, high=27),
        # Quarter turns would make the panel 64×128 while every screen is 128×64.
        "rotate": Option(0, "turn the picture: 0 = none, 2 = 180° (a panel mounted upside "
                         "down)", (0, 2)),
        "contrast": Option(255, "brightness 0-255", low=0, high=255),
        "dim_after": Option(120, "seconds without a key before the panel dims to its lowest "
                            "contrast (0 = never)", low=0, high=86400),
        "off_after": Option(900, "seconds without a key before the panel goes off (0 = "
                            "never); the key that wakes it does nothing else", low=0,
                            high=86400),
        "on_stop": Option("message", "what the screen shows after the companion stops",
                          ("message", "blank")),
    },
    "input": {
        "bounce_ms": Option(20, "edges closer than this after a press/release are ignored",
                            low=0, high=500),
        "hold_ms": Option(700, "a press this long is a long press", low=100, high=5000),
        "pull_up": Option(True, "buttons connect the pin to ground (true) or to 3.3 V (false)"),
    },
    "state": {
        "dir": Option("", "where the action log lives ('' = $XDG_STATE_HOME/companion, or "
                      "$STATE_DIRECTORY under systemd)"),
    },
    "sound": {
        "pin": Option("", "BCM pin of a piezo or buzzer ('' = none: the box is silent)",
                      kind=(int, str)),
        "buzzer": Option("tonal", "a passive piezo (tonal) or an active buzzer module (plain)",
                         ("tonal", "plain")),
        "mode": Option("on", "beeps (on), soft clicks (quiet) or silence (off)",
                       ("on", "quiet", "off")),
    },
    "records": {
        "location": Option("Table Companion", "where the plays happened, as BG Stats "
                           "exports name it (a place of 1-40 characters)"),
        "ratings": Option(False, "show each player's skill rating per game (openskill) on "
                          "the phone's stats pages"),
    },
    "smart_dice": {
        "confirm": Option(True, "a smart die's landing waits for OK (true), or the entry "
                          "closes by itself once every die is read (false)"),
    },
    "network": {
        "fallback": Option("hotspot", "when no known Wi-Fi comes up soon after start, the box "
                           "starts its own (hotspot) or stays off the network (off)",
                           ("hotspot", "off")),
    },
}

#: The longest ``[records] location`` (BG Stats shows it on one line).
LOCATION_MAX = 40

DEFAULT_BUTTONS = {"up": 17, "down": 27, "left": 22, "right": 23, "ok": 24, "back": 25,
                   "roll": 5}


@dataclass(frozen=True)
class Config:
    """The checked configuration. ``house_rules`` maps a game key to its chosen values."""

    display: Mapping[str, Any]
    input: Mapping[str, Any]
    state: Mapping[str, Any]
    buttons: Mapping[str, int]
    house_rules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    source: str = N_("built-in default")
    #: ``order`` and ``hide``: tuples of game keys for the game menu.
    games: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: ``"en"``, ``"ja"``, or ``""``: the language of the user's locale.
    language: str = ""
    #: The file this was read from (None: the built-in default); settings go back there.
    path: Path | None = None
    #: ``pin``, ``buzzer``, ``mode``: the optional buzzer (``[sound]``).
    sound: Mapping[str, Any] = field(default_factory=lambda: {"pin": "", "buzzer": "tonal",
                                                              "mode": "on"})
    #: The score pad's games, ``[[shelf]]`` (see :func:`companion.config.shelf.shelf_games`).
    shelf: tuple[dict[str, Any], ...] = ()
    #: Custom dice and named sets, ``[[dice]]``: name → its dice.
    dice: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    #: ``location``: where the plays happened, for BG Stats exports; ``ratings``: the
    #: stats pages show skill ratings (``[records]``).
    records: Mapping[str, Any] = field(
        default_factory=lambda: {k: o.default for k, o in SCHEMA["records"].items()})
    #: ``fallback``: the box's own Wi-Fi at start when no known network comes up (``[network]``).
    network: Mapping[str, Any] = field(
        default_factory=lambda: {"fallback": SCHEMA["network"]["fallback"].default})
    #: ``confirm``: a smart die's landing waits for OK (``[smart_dice]``).
    smart_dice: Mapping[str, Any] = field(
        default_factory=lambda: {"confirm": SCHEMA["smart_dice"]["confirm"].default})

    @property
    def uses_keyboard(self) -> bool:
        """True when the screen is emulated: buttons then come from the laptop keyboard."""
        return self.display["driver"] in ("emulator", "dummy")

    def state_dir(self) -> Path:
        if self.state["dir"]:
            return Path(self.state["dir"]).expanduser()
        if os.environ.get("STATE_DIRECTORY"):
            return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
        base = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
        return Path(base) / "companion"


def default_path() -> Path | None:
    """The config file the companion reads when none is given, or None for the default.

    A folder in the place of one is :class:`ConfigError`: skipping it would run the box
    on another config without a word.
    """
    try:
        xdg = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    except RuntimeError:  # no home folder: only /etc can hold one
        xdg = None
    places = [Path(xdg) / "companion" / "config.toml"] if xdg else []
    for candidate in (*places, Path("/etc/companion/config.toml")):
        try:
            if candidate.is_file():
                return candidate
            if candidate.is_dir():
                raise ConfigError("config file {path} is a folder: move it away, or give "
                                  "--config PATH.", path=candidate)
        except OSError as err:  # a folder on the way that may not be read
            from companion.core.os_reasons import reason

            raise ConfigError("config file {path} cannot be read: {why}.",
                              path=candidate, why=reason(err)) from None
    return None


def preset_names() -> list[str]:
    """The names of the board presets shipped with the companion."""
    return sorted(p.name[:-5] for p in resources.files("companion.config.presets").iterdir()
                  if p.name.endswith(".toml"))


def _preset(name: Any) -> dict[str, Any]:
    if not isinstance(name, str) or name not in preset_names():
        raise ConfigError("preset: must be one of {names}, not {name!r}.",
                          names=", ".join(preset_names()), name=name)
    text = resources.files("companion.config.presets").joinpath(f"{name}.toml").read_text()
    return tomllib.loads(text)


def load(path: str | Path | None) -> Config:
    """Read and check the file at ``path`` (``None``: the built-in default), with the
    settings changed on the box (:mod:`companion.config.settings`) laid over it."""
    from companion.config import settings

    if path is None:
        config = from_mapping({})
        data: dict[str, Any] = {}
    else:
        text = read_config(path)
        data = parse_toml(text, path)
        try:
            config = from_mapping(data, source=str(path))
        except ConfigError as err:
            raise in_language(err, text) from None
    saved = settings.overrides(config.state_dir())
    if saved:
        try:
            config = from_mapping(settings.apply(data, saved), source=f"{config.source} + "
                                  f"{config.state_dir() / 'settings.toml'}")
        except ConfigError as err:  # a value saved on the box: set aside, the file's used
            settings.set_aside(config.state_dir(), settings.blamed(err, config.state_dir()))
    return replace(config, path=Path(path) if path is not None else None)


def load_text(text: str, source: str = "<text>") -> Config:
    """Check a configuration given as TOML text."""
    data = parse_toml(text, source)
    try:
        return from_mapping(data, source)
    except ConfigError as err:
        raise in_language(err, text) from None


def _merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = _merge(dict(out[key]), value)
        else:
            out[key] = value
    return out


def from_mapping(data: Mapping[str, Any], source: str = "built-in default") -> Config:
    """Check an already-parsed configuration (presets applied first)."""
    data = dict(data)
    if "preset" in data:
        preset = _preset(data.pop("preset"))
        if "buttons" in data:  # a file's [buttons] replaces the preset's wholesale
            preset.pop("buttons", None)  # (merged, a preset's roll could not be dropped)
        data = _merge(preset, data)
    known = set(SCHEMA) | {"buttons", "house_rules", "games", "name", "shelf", "dice",
             "language"}
    for key in data:
        if key not in known:
            raise ConfigError("{key}: unknown section; allowed: {allowed}.",
                              key=key, allowed=", ".join(sorted(known)))
    sections = {}
    for name, options in SCHEMA.items():
        given = data.get(name, {})
        if not isinstance(given, Mapping):
            raise ConfigError("{key}: must be a table ([{key}]), not {value!r}.",
                              key=name, value=given)
        for key in given:
            if key not in options:
                raise ConfigError("{key}: unknown key; allowed: {allowed}.",
                                  key=f"{name}.{key}", allowed=", ".join(options))
        sections[name] = {k: opt.check(f"{name}.{k}", given.get(k, opt.default))
                          for k, opt in options.items()}
    _spi_lines(sections["display"])
    _state_dir(sections["state"]["dir"])
    if sections["input"]["bounce_ms"] >= sections["input"]["hold_ms"]:
        # every press would end inside its own bounce window and never become a key
        raise ConfigError("input.bounce_ms: must be shorter than input.hold_ms ({hold}), "
                          "not {value}.", hold=sections["input"]["hold_ms"],
                          value=sections["input"]["bounce_ms"])
    buttons = _buttons(data.get("buttons", DEFAULT_BUTTONS), sections["display"])
    house_rules = _house_rules(data.get("house_rules", {}))
    games = _games(data.get("games", {}))
    language = data.get("language", "")
    if language not in ("", "en", "ja"):
        raise ConfigError("language: must be one of 'en', 'ja' (or \"\" for the "
                          "locale's), not {value!r}.", value=language)
    _plain_texts(data)
    _location(sections["records"]["location"])
    taken = {pin: f"buttons.{name}" for name, pin in buttons.items()}
    shelfconfig.sound_pin(sections["sound"], {**_reserved(sections["display"]), **taken})
    return Config(sections["display"], sections["input"], sections["state"], buttons,
                  house_rules, source, games, language, sound=sections["sound"],
                  shelf=shelfconfig.shelf_games(data.get("shelf", [])),
                  dice=shelfconfig.dice_sets(data.get("dice", [])),
                  records=sections["records"], network=sections["network"],
                  smart_dice=sections["smart_dice"])


def _location(value: str) -> None:
    """``[records] location`` names a place: 1-40 characters, no control characters."""
    if not value.strip() or len(value) > LOCATION_MAX or any(
            unicodedata.category(ch) in ("Cc", "Cf") or ch in "\u2028\u2029" for ch in value):
        raise ConfigError("records.location: must name a place in 1 to {most} characters "
                          "without control characters, not {value!r}.", most=LOCATION_MAX,
                          value=value)


def _state_dir(folder: str) -> None:
    """``state.dir`` names a folder this system can make: no NUL, no ``~user`` of a user
    it does not have."""
    if "\0" in folder:
        raise ConfigError("state.dir: must be a folder's path without a NUL character.")
    try:
        Path(folder).expanduser()
    except RuntimeError:  # ~nosuchuser, or ~ with no home folder
        raise ConfigError("state.dir: {value!r} starts with the home folder of a user this "
                          "system does not have; give the folder's full path.",
                          value=folder) from None


#: The SPI bus's own pins (BCM), which an SPI display's DC and RST lines may not use.
SPI_BUS = {9: Word(N_("SPI MISO")), 10: Word(N_("SPI MOSI")), 11: Word(N_("SPI SCLK")),
           8: Word(N_("SPI CE0")), 7: Word(N_("SPI CE1"))}


def _plain_texts(data: Mapping[str, Any]) -> None:
    """The words of ``[[shelf]]`` and ``[[dice]]`` that screens show hold no control
    characters (a line break, a tab, an escape code), as players' names do not."""
    for section, keys in (("shelf", ("title", "categories")), ("dice", ("faces",))):
        entries = data.get(section)
        for n, entry in enumerate(entries if isinstance(entries, list) else [], start=1):
            for key in keys:
                value = entry.get(key) if isinstance(entry, Mapping) else None
                for text in value if isinstance(value, list) else [value]:
                    if isinstance(text, str) and any(
                            unicodedata.category(ch) == "Cc" or ch in "\u2028\u2029"
                            for ch in text):
                        raise ConfigError("{key}: cannot hold control characters (a line "
                                          "break, a tab, an escape code), not {value!r}.",
                                          key=f"{section}[{n}].{key}", value=text)


def _reserved(display: Mapping[str, Any]) -> dict[int, str]:
    """The pins the display's bus takes (none for a laptop screen)."""
    if display["driver"] in ("emulator", "dummy"):
        return {}
    if display["bus"] == "i2c":
        pins: dict[int, str] = {2: Word(N_("I²C SDA")), 3: Word(N_("I²C SCL"))}
        if display.get("reset_pin", -1) >= 0:
            pins[display["reset_pin"]] = Word(N_("the display's RES line"))
        return pins
    return {**SPI_BUS,
            display["gpio_dc"]: Word(N_("the display's DC line")),
            display["gpio_rst"]: Word(N_("the display's RST line"))}


def _spi_lines(display: Mapping[str, Any]) -> None:
    """An SPI display's DC and RST lines: two pins of their own, off the SPI bus."""
    if display["driver"] in ("emulator", "dummy") or display["bus"] != "spi":
        return
    for key in ("gpio_dc", "gpio_rst"):
        pin = display[key]
        if pin in SPI_BUS:
            raise ConfigError("{key}: pin {pin} is taken by {other}.",
                              key=f"display.{key}", pin=pin, other=SPI_BUS[pin])
    if display["gpio_dc"] == display["gpio_rst"]:
        raise ConfigError("{key}: pin {pin} is already used by {other}.", key="display.gpio_rst",
                          pin=display["gpio_rst"], other="display.gpio_dc")


def _buttons(given: Any, display: Mapping[str, Any]) -> dict[str, int]:
    if not isinstance(given, Mapping):
        raise ConfigError("buttons: must be a table of key = BCM pin, not {value!r}.",
                          value=given)
    used: dict[int, str] = {}
    reserved = _reserved(display)
    out = {}
    for name, pin in given.items():
        if name not in KEY_NAMES:
            raise ConfigError("{key}: unknown key; allowed: {allowed}.",
                              key=f"buttons.{name}", allowed=", ".join(KEY_NAMES))
        if isinstance(pin, bool) or not isinstance(pin, int) or pin not in BCM_PINS:
            raise ConfigError("{key}: must be a BCM pin number 0-27, not {value!r}.",
                              key=f"buttons.{name}", value=pin)
        if pin in used:
            raise ConfigError("{key}: pin {pin} is already used by {other}.",
                              key=f"buttons.{name}", pin=pin, other=f"buttons.{used[pin]}")
        if pin in reserved:
            raise ConfigError("{key}: pin {pin} is taken by {other}.",
                              key=f"buttons.{name}", pin=pin, other=reserved[pin])
        used[pin] = name
        out[name] = pin
    for needed in ("up", "down", "ok", "back"):
        if needed not in out:
            raise ConfigError("{key}: missing; the companion needs at least up, down, ok "
                              "and back.", key=f"buttons.{needed}")
    return out


def _games(given: Any) -> dict[str, tuple[str, ...]]:
    """``[games] order = [...]`` and ``hide = [...]``: lists of installed game keys."""
    from companion.config import registry

    if not isinstance(given, Mapping):
        raise ConfigError("{key}: must be a table ([{key}]), not {value!r}.",
                          key="games", value=given)
    known = list(registry.discover())
    out: dict[str, tuple[str, ...]] = {}
    for key, value in given.items():
        if key not in ("order", "hide"):
            raise ConfigError("{key}: unknown key; allowed: {allowed}.",
                              key=f"games.{key}", allowed="order, hide")
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError("{key}: must be a list of game names in quotes, not {value!r}.",
                              key=f"games.{key}", value=value)
        for name in value:
            if name not in known:
                raise ConfigError("{key}: unknown game {name!r}; allowed: {allowed}.",
                                  key=f"games.{key}", name=name, allowed=", ".join(known))
        if len(set(value)) != len(value):
            raise ConfigError("{key}: names a game twice.", key=f"games.{key}")
        out[key] = tuple(value)
    if set(out.get("hide", ())) >= set(known):
        raise ConfigError("games.hide: hides every game; leave at least one.")
    return out


def _house_rules(given: Any) -> dict[str, dict[str, Any]]:
    from companion.config import registry

    if not isinstance(given, Mapping):
        raise ConfigError("{key}: must be a table, not {value!r}.", key="house_rules",
                          value=given)
    out: dict[str, dict[str, Any]] = {}
    for game, chosen in given.items():
        info = registry.find(game)
        # An installed game that does not load (a plugin broken by an upgrade) keeps its
        # rules unchecked: the menu and companion doctor say what is wrong with it, and
        # the rest of the box must still start.
        broken = isinstance(registry.discover().get(game), registry.Unavailable)
        if info is None and not broken:
            known = ", ".join(k for k, g in registry.discover().items()
                              if isinstance(g, registry.GameInfo))
            raise ConfigError("{key}: unknown game; allowed: {allowed}.",
                              key=f"house_rules.{game}", allowed=known)
        if not isinstance(chosen, Mapping):
            raise ConfigError("{key}: must be a table, not {value!r}.",
                              key=f"house_rules.{game}", value=chosen)
        if info is None:
            out[game] = dict(chosen)
            continue
        for rule, value in chosen.items():
            spec = info.house_rules.get(rule)
            if spec is None and not info.house_rules:
                raise ConfigError("{key}: unknown rule; this game has no house rules.",
                                  key=f"house_rules.{game}.{rule}")
            if spec is None:
                known = ", ".join(info.house_rules)
                raise ConfigError("{key}: unknown rule; allowed: {allowed}.",
                                  key=f"house_rules.{game}.{rule}", allowed=known)
            try:
                spec.check(rule, value)
            except ValueError as err:
                raise ConfigError("{key}: {why}", key=f"house_rules.{game}.{rule}",
                                  why=err) from None
        out[game] = dict(chosen)
    return out
