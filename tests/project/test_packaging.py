"""Guards the quiet first install: the pyproject forms that make ``make run``/``make test``
print no setuptools warning (measured with setuptools 84: the ``license`` table is
deprecated, and the default editable "finder" install warns about shadowing folders)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("project", [ROOT, ROOT / "examples" / "high_card"])
def test_pyproject_uses_the_forms_that_install_without_warnings(project: Path) -> None:
    data = tomllib.loads((project / "pyproject.toml").read_text())
    assert data["project"]["license"] == "MIT"  # the SPDX string, not {text = ...}
    assert data["tool"]["setuptools"]["package-dir"] == {"": "."}  # editable via .pth


def test_the_pages_templates_and_static_files_are_package_data() -> None:
    """A wheel without the page's templates serves nothing (issue 43): every file under
    companion/web/templates and static matches a package-data pattern."""
    from fnmatch import fnmatch

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["companion.web"]
    web = ROOT / "companion" / "web"
    files = [p.relative_to(web).as_posix() for folder in ("templates", "static")
             for p in (web / folder).iterdir()]
    assert "templates/base.html" in files
    assert [f for f in files if not any(fnmatch(f, pat) for pat in patterns)] == []
