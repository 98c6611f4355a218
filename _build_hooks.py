"""Build step of the companion package: compile the translations (.po → .mo).

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
