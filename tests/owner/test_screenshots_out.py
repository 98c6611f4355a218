"""Guards ``companion screenshot --out``/``--all``: a place the picture cannot be written
(a folder, a path under a file, an unknown type, a full or read-only disk) is one line on
stderr and exit 2, never a traceback."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from PIL import Image

from companion.owner import cli


def shot(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = cli.main(["screenshot", *args])
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    return code, err


@pytest.mark.parametrize(("out", "says"), [
    ("afile/x.png", "afile is a file, not a folder."),
    ("afile/deeper/x.png", "afile is a file, not a folder."),
    ("folder", "it is a folder; --out names the picture, such as"),
    ("folder.png", "it is a folder; --out names the picture"),
    ("m.txt", "a picture's name must end in .png"),
    ("m", "a picture's name must end in .png"),
])
def test_a_place_no_picture_can_go_is_one_line(tmp_path: Path, capsys, out: str,  # noqa: ANN001
                                               says: str) -> None:
    (tmp_path / "afile").write_text("mine")
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder.png").mkdir()
    code, err = shot(capsys, "menu", "--out", str(tmp_path / out))
    assert code == 2 and err.startswith(f"companion: cannot write {tmp_path / out}: ")
    assert says in err
    assert (tmp_path / "afile").read_text() == "mine"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_full_disk_is_one_line(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    (tmp_path / "full.png").symlink_to("/dev/full")  # every write: ENOSPC
    code, err = shot(capsys, "menu", "--out", str(tmp_path / "full.png"))
    assert code == 2 and "the storage is full" in err


def test_a_read_only_disk_is_one_line(tmp_path: Path, capsys,  # noqa: ANN001
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def read_only(self: Image.Image, fp: object, *args: object, **kw: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(fp))

    monkeypatch.setattr(Image.Image, "save", read_only)  # root writes through chmod
    code, err = shot(capsys, "menu", "--out", str(tmp_path / "m.png"))
    assert code == 2 and err.strip().endswith("the storage is read-only.")


def test_all_into_a_path_under_a_file_is_one_line(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    (tmp_path / "afile").write_text("mine")
    code, err = shot(capsys, "--all", str(tmp_path / "afile" / "shots"))
    assert code == 2 and "afile is a file, not a folder." in err


def test_a_good_name_still_writes_the_picture(tmp_path: Path) -> None:
    for name in ("m.png", "sub/m.PNG", "m.gif"):
        assert cli.main(["screenshot", "menu", "--out", str(tmp_path / name)]) == 0
        assert Image.open(tmp_path / name).size == (512, 256)
