"""Guards a read-only ``/boot/firmware`` (the overlay file system's boot protection, a
write-protected card) on install (issue 42). It used to leave half an install: user, venv,
link, units and config made, then ``step 10 (back up …config.txt) failed: Command '['cp',
…]' returned non-zero exit status 1.``, and ``systemctl enable`` never ran. Now every folder
the steps write in is checked before anything is changed, the config.txt steps come after
``enable``, and a step that fails halfway removes the build copy and says what to do.
"""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

import pytest

from companion.core.errors import CommandError
from companion.owner import install
from companion.owner.install import Places
from companion.owner.system_steps import Step, execute, mount_point, preflight, writable
from tests.owner.test_install_i2c_clock import CONFIG_TXT, args, fake_root


def read_only(places: Places):
    boot = places.at("/boot/firmware")

    def check(folder: Path) -> OSError | None:
        if folder == boot:
            return OSError(errno.EROFS, "Read-only file system")
        return None
    return check


def test_a_read_only_boot_partition_changes_nothing_and_says_what_to_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    places = fake_root(tmp_path)
    monkeypatch.setattr("os.geteuid", lambda: 0)
    ran: list[list[str]] = []
    said: list[str] = []
    with pytest.raises(CommandError) as caught:
        install.main(args("--preset", "breadboard", "--venv", "/opt/companion/venv"),
                     places=places, runner=lambda cmd, check: ran.append(cmd),
                     out=said.append, group_exists=lambda g: True,
                     user_exists=lambda u: False, check=read_only(places))
    message = str(caught.value)
    assert message.startswith("nothing was changed: step ")
    assert "(back up " in message and "read-only file system" in message
    # on the Pi /boot/firmware is its own mount; here the nearest one above the fake root
    mount = mount_point(places.at("/boot/firmware"))
    assert f"(sudo mount -o remount,rw {mount}, or turn off" in message
    assert "run the same command again" in message
    assert ran == [] and said == []  # not one step said or done
    assert sorted(p.name for p in places.root.iterdir()) == ["boot", "run"]
    assert (places.at("/boot/firmware") / "config.txt").read_text() == CONFIG_TXT


def test_the_service_is_enabled_before_config_txt_is_touched(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    places = fake_root(tmp_path)
    monkeypatch.setattr("os.geteuid", lambda: 0)
    said: list[str] = []
    install.main(args("--dry-run", "--preset", "breadboard"), places=places, out=said.append)
    names = [line.split("\n")[0] for line in said if line[:1].isdigit()]
    enable = next(i for i, n in enumerate(names) if "start at every boot" in n)
    backup = next(i for i, n in enumerate(names) if "back up" in n)
    assert enable < backup


def test_a_step_failing_halfway_removes_the_build_copy_and_says_what_to_do(
        tmp_path: Path) -> None:
    source = tmp_path / "clone"
    source.mkdir()
    (source / "pyproject.toml").write_text("")
    build = tmp_path / "build"

    def pip_fails(cmd: list[str], check: bool) -> None:
        raise subprocess.CalledProcessError(1, cmd)

    steps = [Step("copy", path=build, copy_from=source), Step("pip", ("pip", "install")),
             Step("remove the copy", path=build, remove=True)]
    with pytest.raises(CommandError) as caught:
        execute(steps, runner=pip_fails, out=lambda line: None)
    assert not build.exists()
    assert str(caught.value).startswith("step 2 (pip) failed: Command '['pip', 'install']' "
                                        "returned non-zero exit status 1.")
    assert str(caught.value).endswith("fix this, then run the same command again.")


def test_a_folder_that_cannot_be_written_for_another_reason_is_named(tmp_path: Path) -> None:
    steps = [Step("write", path=tmp_path / "etc" / "x" / "config.toml", text="")]
    with pytest.raises(CommandError, match="permission denied"):
        preflight(steps, check=lambda folder: OSError(errno.EACCES, "Permission denied"))
    preflight(steps)  # a real probe: tmp_path can be written, and nothing is left in it
    assert list(tmp_path.iterdir()) == []


def test_the_mount_to_make_writable_is_the_boot_partitions_own(tmp_path: Path) -> None:
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/root / ext4 ro 0 0\n"
                      "/dev/mmcblk0p1 /boot/firmware vfat ro,relatime 0 0\n"
                      "tmpfs /run tmpfs rw 0 0\n")
    assert mount_point(Path("/boot/firmware"), mounts) == Path("/boot/firmware")
    assert mount_point(Path("/boot/firmware/overlays"), mounts) == Path("/boot/firmware")
    assert mount_point(Path("/etc/companion"), mounts) == Path("/")


def test_the_check_before_the_steps_writes_nothing(tmp_path: Path) -> None:
    """pi-check's read-only boot found every folder's time moved: the check made and
    removed a probe file in each, so "nothing was changed" was not quite true."""
    folder = tmp_path / "etc"
    folder.mkdir()
    os.utime(folder, ns=(1_000_000_000, 1_000_000_000))
    assert writable(folder) is None
    assert writable(folder / "companion" / "config.toml") is None  # judged by etc/
    assert folder.stat().st_mtime_ns == 1_000_000_000 and list(folder.iterdir()) == []


def test_a_read_only_file_system_is_told_by_its_mount(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.statvfs

    def statvfs(path):  # type: ignore[no-untyped-def]
        got = real(path)
        return os.statvfs_result((*got[:8], got.f_flag | os.ST_RDONLY, got.f_namemax))

    monkeypatch.setattr(os, "statvfs", statvfs)
    err = writable(tmp_path)
    assert err is not None and err.errno == errno.EROFS
