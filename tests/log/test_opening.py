"""Guards companion.log.opening (log_path): the one place that knows where the log lives in
a state folder; no other module builds the path itself."""

from __future__ import annotations

import ast
from pathlib import Path

import companion
from companion.config.file import from_mapping
from companion.log.opening import log_path


def test_the_log_is_companion_db_in_the_state_folder(tmp_path: Path) -> None:
    assert log_path(tmp_path) == tmp_path / "companion.db"
    assert log_path(str(tmp_path)) == tmp_path / "companion.db"


def test_the_configured_state_folder_holds_the_log(tmp_path: Path) -> None:
    config = from_mapping({"state": {"dir": str(tmp_path)}})
    assert log_path(config.state_dir()) == tmp_path / "companion.db"


def test_no_other_module_names_the_log_file() -> None:
    package = Path(companion.__file__).parent
    spelled = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
                      and node.body and isinstance(node.body[0], ast.Expr)}
        spelled += [str(path.relative_to(package)) for node in ast.walk(tree)
                    if isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and "companion.db" in node.value and id(node) not in docstrings]
    assert spelled == ["log/opening.py"]  # in log_path
