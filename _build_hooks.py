"""Build step of the companion package: compile the translations (.po → .mo), and note
the git commit built from in ``companion/_commit.txt`` (:mod:`companion.version`).

setuptools runs this ``build_py`` for a wheel (``pip install .``) and for an editable
install (``pip install -e .``, where the .mo lands beside its .po in the source tree).
"""

from __future__ import annotations

from pathlib import Path

from setuptools.command.build_py import build_py


class BuildPy(build_py):
    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        source = Path(__file__).resolve().parent / "companion"
        target = source if self.editable_mode else Path(self.build_lib) / "companion"
        for po in sorted(source.glob("**/locale/*/LC_MESSAGES/*.po")):
            mo = target / po.relative_to(source).with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with open(po, "rb") as fp:
                catalog = read_po(fp)
            with open(mo, "wb") as fp:
                write_mo(fp, catalog)
        if not self.editable_mode:  # an editable install asks git when it runs
            note_commit(source, Path(self.build_lib) / "companion")


def note_commit(source: Path, target: Path) -> None:
    """``target/_commit.txt``: the one install-service put in the build copy (which has no
    ``.git``), else ``git rev-parse HEAD`` of the clone; nothing outside a clone."""
    import subprocess

    given = source / "_commit.txt"
    if given.is_file():
        commit = given.read_text(encoding="ascii").strip()
    elif not (source.parent / ".git").exists():
        return
    else:
        try:
            commit = subprocess.run(["git", "-c", f"safe.directory={source.parent}", "-C",
                                     str(source.parent), "rev-parse", "HEAD"],
                                    check=True, capture_output=True, text=True,
                                    timeout=10).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return
    if commit:
        target.mkdir(parents=True, exist_ok=True)
        (target / "_commit.txt").write_text(commit + "\n", encoding="ascii")
