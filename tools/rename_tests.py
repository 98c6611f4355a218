"""Apply tools/rename_tests.tsv: move test files to the names of what they test (issue 46).

Each line of the TSV is ``old/path.py<TAB>new/path.py``. For every line whose source is
still there and whose target is not, the file is moved with ``git mv`` (a new test folder
gets its ``__init__.py``) and, where it moved to another depth, its
``Path(__file__).parents[N]`` are counted from the new place. Lines whose source is gone
or whose target exists are skipped, and said.

Then every tracked Python file is brought up to date for every line whose target exists
(moved now or before): ``from tests.a.test_b import x`` and the path
``tests/a/test_b.py`` become the new ones. ``--docs`` does the same for the paths named
in the other tracked text files (docs, READMEs, scripts), for a commit of their own.

Run it from anywhere in a checkout; running it again changes nothing::

    python tools/rename_tests.py            # moves and code
    python tools/rename_tests.py --docs     # then the paths the docs name
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

TSV = Path(__file__).with_name("rename_tests.tsv")
# the text files that may name a test: docs, READMEs, CI and shell scripts (no suffix)
TEXT_SUFFIXES = {".md", ".txt", ".rst", ".toml", ".cfg", ".ini", ".yml", ".yaml", ".sh", ""}
PARENTS = re.compile(r"(Path\(__file__\)(?:\.resolve\(\))?\.parents\[)(\d+)(\])")


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True,
                          text=True).stdout


def read_plan(path: Path) -> list[tuple[str, str]]:
    plan = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 2 or not all(p.endswith(".py") for p in parts):
            sys.exit(f"{path}:{number}: expected old/path.py<TAB>new/path.py, got {line!r}")
        plan.append((parts[0].strip(), parts[1].strip()))
    return plan


def module(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def make_package(root: Path, folder: Path) -> None:
    """Every folder from tests/ down to ``folder`` is a package, as the others are."""
    rel = folder.relative_to(root)
    for depth in range(1, len(rel.parts) + 1):
        init = root.joinpath(*rel.parts[:depth]) / "__init__.py"
        if not init.exists():
            init.parent.mkdir(parents=True, exist_ok=True)
            init.write_text("", encoding="utf-8")
            git(root, "add", str(init.relative_to(root)))
            print(f"  new package  {init.relative_to(root)}")


def recount_parents(file: Path, shift: int) -> None:
    """``Path(__file__).parents[N]`` keeps naming the same folder after a move."""
    text = file.read_text(encoding="utf-8")
    new = PARENTS.sub(lambda m: f"{m[1]}{int(m[2]) + shift}{m[3]}", text)
    if new != text:
        file.write_text(new, encoding="utf-8")


def rewriters(done: list[tuple[str, str]], *, code: bool):
    """(pattern, replacement) pairs for the moves in ``done``: paths always, modules in
    code only."""
    subs = []
    for old, new in done:
        subs.append((re.compile(r"(?<![\w/.])" + re.escape(old) + r"(?![\w])"), new))
        if not code:
            continue
        old_mod, new_mod = module(old), module(new)
        subs.append((re.compile(r"(?<![\w.])" + re.escape(old_mod) + r"(?![\w])"), new_mod))
        # from tests.a import test_b [as c]
        old_pkg, _, old_name = old_mod.rpartition(".")
        new_pkg, _, new_name = new_mod.rpartition(".")
        subs.append((re.compile(r"\bfrom " + re.escape(old_pkg) + r" import "
                                + re.escape(old_name) + r"\b(?!\s*,)( as \w+)?"),
                     lambda m, p=new_pkg, n=new_name, o=old_name:
                         f"from {p} import {n}{m[1] or ' as ' + o}"))
    return subs


RELATIVE = re.compile(r"^(\s*from )(\.+)([\w.]*)( import )", re.MULTILINE)


def absolute_imports(text: str, where: str, done: list[tuple[str, str]]) -> str:
    """Relative imports that name a moved test, or that sit in a moved test (and so would
    now be read from its new folder), become absolute, as the suite's others are."""
    moved_to = {n: o for o, n in done}
    renamed = {module(o): module(n) for o, n in done}
    package = module(moved_to.get(where, where)).split(".")[:-1]
    stayed = package == module(where).split(".")[:-1]  # in the same folder as before

    def one(m: re.Match[str]) -> str:
        up = len(m[2]) - 1
        if up > len(package):
            return m[0]
        base = package[:len(package) - up] if up else package
        target = ".".join([*base, *([m[3]] if m[3] else [])])
        if stayed and target not in renamed:
            return m[0]
        new = renamed.get(target, target)
        prefix = ".".join(base) + "."
        if stayed and new.startswith(prefix):  # still beside it: relative
            return f"{m[1]}{m[2]}{new.removeprefix(prefix)}{m[4]}"
        return f"{m[1]}{new}{m[4]}"

    return RELATIVE.sub(one, text)


def rewrite(root: Path, files: list[str], subs, done=()) -> list[str]:
    changed = []
    for name in files:
        path = root / name
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        new = absolute_imports(text, name, list(done)) if name.endswith(".py") else text
        for pattern, replacement in subs:
            new = pattern.sub(replacement, new)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(name)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plan", type=Path, default=TSV)
    parser.add_argument("--docs", action="store_true",
                        help="rewrite the test paths named in tracked text files other "
                             "than Python (docs, READMEs, scripts) instead of moving")
    args = parser.parse_args(argv)
    root = Path(git(Path.cwd(), "rev-parse", "--show-toplevel").strip())
    plan = read_plan(args.plan)
    tracked = git(root, "ls-files").splitlines()

    if args.docs:
        done = [(o, n) for o, n in plan if (root / n).exists() and not (root / o).exists()]
        texts = [f for f in tracked if Path(f).suffix in TEXT_SUFFIXES]
        changed = rewrite(root, texts, rewriters(done, code=False))
        for name in changed:
            print(f"  paths        {name}")
        print(f"{len(changed)} text files name the moved tests by their new paths "
              f"({len(done)} moves known)")
        return 0

    moved, already, gone, taken = [], [], [], []
    for old, new in plan:
        source, target = root / old, root / new
        if not source.exists():
            (already if target.exists() else gone).append((old, new))
            print(f"  skip (no {old})" + ("  already moved" if target.exists() else ""))
            continue
        if target.exists():
            taken.append((old, new))
            print(f"  skip ({new} exists)  {old} stays")
            continue
        make_package(root, target.parent)
        git(root, "mv", old, new)
        shift = len(Path(new).parts) - len(Path(old).parts)
        if shift:
            recount_parents(target, shift)
        moved.append((old, new))
        print(f"  moved        {old} -> {new}")

    done = [(o, n) for o, n in plan if (root / n).exists() and not (root / o).exists()]
    code = [f for f in git(root, "ls-files").splitlines() if f.endswith(".py")]
    changed = rewrite(root, code, rewriters(done, code=True), done)
    for name in changed:
        print(f"  references   {name}")
    print(f"{len(plan)} lines: {len(moved)} moved, {len(already)} already moved, "
          f"{len(gone)} skipped (source gone), "
          f"{len(taken)} skipped (target exists); {len(changed)} Python files "
          f"updated to the new names")
    return 0


if __name__ == "__main__":
    sys.exit(main())
