"""Guards companion.log.memory (issue 42): a state folder on tmpfs, or under Raspberry Pi
OS's overlay file system (writes in RAM, gone at the next boot), is told apart from one on
the card or a USB stick, from /proc's own words."""

from __future__ import annotations

import pytest

from companion.log.memory import on_memory

CARD = ("27 1 179:2 / / rw,noatime - ext4 /dev/mmcblk0p2 rw\n"
        "28 27 0:25 / /run rw - tmpfs tmpfs rw,size=100k\n"
        "30 27 8:1 / /media/usb rw - vfat /dev/sda1 rw\n")
#: raspi-config's overlay: the root an overlay over the card, its upper layer in RAM.
OVERLAY = ("27 1 0:30 / / rw - overlay overlay rw,lowerdir=/lower,upperdir=/upper/data,"
           "workdir=/upper/work\n"
           "29 27 0:31 / /upper rw - tmpfs tmpfs rw\n"
           "30 27 8:1 / /media/usb rw - vfat /dev/sda1 rw\n")


@pytest.mark.parametrize(("mounts", "cmdline", "folder", "expected"), [
    (CARD, "console=tty1", "/var/lib/companion", None),
    (CARD, "console=tty1", "/run/companion", "tmpfs"),
    (OVERLAY, "console=tty1", "/var/lib/companion", "overlay"),    # the upper layer: tmpfs
    (OVERLAY.replace("29 27 0:31 / /upper rw - tmpfs tmpfs rw\n", ""), "boot=overlay",
     "/var/lib/companion", "overlay"),                              # told by the switch
    (OVERLAY, "boot=overlay", "/media/usb/companion", None),        # the owner's way out
    ("27 1 0:30 / / rw - overlay overlay rw,lowerdir=/a,upperdir=/b/u\n"
     "28 27 8:2 / /b rw - ext4 /dev/sdb1 rw\n", "", "/srv/x", None),  # an overlay on disk
])
def test_which_folders_a_reboot_empties(mounts: str, cmdline: str, folder: str,
                                        expected: str | None) -> None:
    assert on_memory(folder, mountinfo=mounts, cmdline=cmdline) == expected


def test_a_machine_without_proc_says_nothing(tmp_path) -> None:
    assert on_memory(tmp_path, mountinfo="", cmdline="") is None
