# Two commands for a new user:  make run  (start the companion)  ·  make test  (run the tests)
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin

.PHONY: run test test-clocks screenshots bench lint clean wiring translations fonts pi-check

$(VENV)/.installed: pyproject.toml examples/high_card/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,emulator]' -e examples/high_card
	touch $@

run: $(VENV)/.installed
	$(BIN)/companion $(ARGS)

# pytest exits 5 when it collected no tests: that is a failure here, never a pass.
test: $(VENV)/.installed
	@$(BIN)/python -m pytest $(PYTEST_ARGS); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected no tests" >&2; exit 1; fi; \
	exit $$rc

# The suite under moved clocks and time zones (tools/moved_clocks.py names them): no test
# may hang on today's date. CLOCKS="new-year" runs one of them (CI does).
test-clocks: $(VENV)/.installed
	$(BIN)/python tools/moved_clocks.py $(CLOCKS) -- $(PYTEST_ARGS)

screenshots: $(VENV)/.installed
	$(BIN)/companion screenshot --all docs/screens
	$(BIN)/companion screenshot --all docs/screens/ja --language ja

bench: $(VENV)/.installed
	$(BIN)/python -m benchmarks --json benchmarks/last-run.json

lint: $(VENV)/.installed
	$(BIN)/ruff check companion tests benchmarks examples tools
	$(BIN)/mypy
	$(BIN)/mypy --strict companion/api
	$(BIN)/lint-imports

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis

wiring: $(VENV)/.installed
	$(BIN)/python -m companion.owner.wiring hardware

# Rebuild companion/ui/fonts/ja/ (committed) from Debian packages; see tools/make_fonts.py.
fonts: $(VENV)/.installed
	$(BIN)/python tools/make_fonts.py

# Bring every messages.po in step with the code (then translate the new entries).
translations: $(VENV)/.installed
	$(BIN)/python tools/translations.py

# The README's Raspberry Pi steps -- install, update to a second version, uninstall -- as
# the user pi with sudo, in emulated arm64 bookworm and trixie roots with no compiler (needs
# root and 20-60 min a suite the first time; roots cached in build/pi-check/). Not part of
# .ci/run. PI_CHECK_ARGS="--dry-run" shows every step; "trixie" runs one suite; "--prepare"
# only builds the cached roots.
pi-check:
	hardware/pi-check/pi-check $(PI_CHECK_ARGS)
