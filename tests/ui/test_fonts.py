"""Guards companion.ui.fonts and its latin module: the package dispatches to the Latin or
the Japanese fonts, and neither font module imports the package back (no cycle, not even
a deferred import); nor does any other module of the companion import a package that
imports it."""

from __future__ import annotations

import grimp

from companion.ui import fonts
from companion.ui.fonts import latin


def test_the_package_gives_the_latin_fonts() -> None:
    assert fonts.font is latin.font and fonts.CELLS is latin.CELLS
    assert fonts.FILES is latin.FILES and fonts.LOOKALIKES is latin.LOOKALIKES


def test_widths_follow_the_cells() -> None:
    assert fonts.text_width("Ann", "text") == 3 * latin.CELLS["text"][0]
    assert fonts.text_width("はな", "text") == 2 * 12  # two full-width cells each
    assert fonts.fitted("Alexandra", "text", 30) == "Alexa"


def test_no_module_imports_a_package_that_imports_it() -> None:
    graph = grimp.build_graph("companion")
    cycles = []
    for package in sorted(graph.modules):
        for inner in sorted(graph.find_descendants(package)):
            back = graph.find_shortest_chain(importer=inner, imported=package)
            if back and graph.find_shortest_chain(importer=package, imported=inner):
                cycles.append(" -> ".join(back))
    assert cycles == []
