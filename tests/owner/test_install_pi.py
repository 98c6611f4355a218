"""Guards the Raspberry Pi install path: the README's steps as ``make pi-check`` runs them,
the ``[pi]`` extra (nothing that compiles), install-service's ``[pi]`` install, and that
``pi-check --dry-run`` still works without root.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from companion.owner import install
from companion.owner.install import plan

ROOT = Path(__file__).resolve().parents[2]
PI_CHECK = ROOT / "hardware" / "pi-check"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"pi_check_{name}", PI_CHECK / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


readme_steps = load("readme_steps")
summary = load("summary")


def test_readme_steps_are_what_a_maker_types_as_pi_with_sudo() -> None:
    readme = (ROOT / "README.md").read_text()
    steps = readme_steps.steps(readme, repository="/srv/companion.git")
    commands = [s.command for s in steps if s.command]
    apt = next(c for c in commands if "apt-get install" in c)
    assert apt.startswith("sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive "
                          "apt-get install -y")
    assert {"git", "python3-venv", "python3-lgpio", "python3-spidev"} <= set(apt.split())
    assert any(c.startswith("git clone /srv/companion.git ~/companion") for c in commands)
    install_step = next(c for c in commands if c.startswith("sudo python3"))
    assert install_step.startswith("sudo python3 -B -m companion install-service --preset ")
    assert "companion doctor" in commands  # the link on the PATH, as the maker types it
    skipped = [s.readme.split()[1] for s in steps if s.command is None]
    assert skipped == ["raspi-config", "reboot"]
    update = [s.command for s in readme_steps.steps(readme, "/r", "update")]
    assert update == ["cd ~/companion && git pull", "sudo companion install-service --update"]
    uninstall = [s.command for s in readme_steps.steps(readme, "/r", "uninstall")]
    assert uninstall == ["sudo companion install-service --uninstall"]


def test_translation_keeps_the_shell_meaning() -> None:
    step = readme_steps.translate("sudo apt update && sudo apt install x   # why", "/r")
    assert step.command == ("sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive "
                            "apt-get install -y x")
    with pytest.raises(ValueError, match="no '## Installing on a Raspberry Pi'"):
        readme_steps.steps("# nothing here\n", "/r")


def test_the_script_stops_at_the_first_failing_step(tmp_path: Path) -> None:
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash")
    steps = [readme_steps.Step("one", "true"), readme_steps.Step("two", "false"),
             readme_steps.Step("three", "echo never")]
    script = tmp_path / "steps.sh"
    script.write_text(readme_steps.script(steps))
    run = subprocess.run([bash, str(script)], capture_output=True, text=True)
    assert run.returncode == 1
    assert "@@ step 2: two" in run.stdout and "never" not in run.stdout


def test_pi_extra_is_apt_or_pure_python_only() -> None:
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["pi"]
    names = {req.split(">=")[0].split(";")[0].strip().lower() for req in extra}
    assert names == {"lgpio", "rpi-lgpio", "spidev"}  # RPi.GPIO compiles; never again
    readme = (ROOT / "README.md").read_text()
    for apt in ("python3-lgpio", "python3-spidev"):  # the compiled ones come from apt
        assert f"| `{apt}` |" in readme


def test_install_service_installs_the_pi_extra(tmp_path: Path) -> None:
    steps = plan(preset="waveshare-oled-hat-1in3", venv="/opt/companion/venv",
                 unit_dir=tmp_path, etc_dir=tmp_path, group_exists=lambda g: True,
                 user_exists=lambda u: True)
    pip = next(s.command for s in steps if s.command and s.command[0].endswith("/pip"))
    assert pip[-1].endswith("[pi,web]")


def test_install_service_finds_the_clone_after_a_plain_pip_install(tmp_path: Path,
                                                                   monkeypatch) -> None:
    assert install.checkout(cwd=tmp_path) == ROOT  # run from a checkout: that one
    monkeypatch.setattr(install, "ROOT", tmp_path / "site-packages")
    clone = tmp_path / "companion"
    (clone / "systemd").mkdir(parents=True)
    (clone / "pyproject.toml").touch()
    (clone / "systemd" / "companion.service").touch()
    (clone / "systemd" / "companion-web.service").touch()
    assert install.checkout(cwd=clone) == clone  # installed into a venv: the clone
    assert install.checkout(cwd=tmp_path) == tmp_path / "site-packages"  # neither


def test_summary_flags_anything_compiled() -> None:
    log = ("@@ step 1: pip install\n@@ rc=0 seconds=3.0\n"
           "  Created wheel for spidev: filename=spidev-3.8-cp313-cp313-linux_aarch64.whl x\n")
    text = summary.render("trixie", "arm64", summary.parse(log), {})
    assert "FAILED" in text and "compiled: spidev-3.8" in text


@pytest.mark.skipif(sys.platform != "linux", reason="pi-check runs on Linux (debootstrap)")
def test_dry_run_needs_no_root_and_shows_every_stage() -> None:
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash")
    path = f"{Path(sys.executable).parent}:/usr/bin:/bin"  # python3: this venv's
    run = subprocess.run([bash, str(PI_CHECK / "pi-check"), "--dry-run", "trixie"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60,
                         env={"PATH": path, "PI_CHECK_BUILD": "/nonexistent"})
    assert run.returncode == 0, run.stderr
    out = run.stdout
    for expected in ("debootstrap --arch=arm64 --variant=minbase", "build-standins.sh",
                     "apt-get install -y git python3-venv python3-lgpio python3-spidev",
                     "as-raspberry-pi-os.sh", "runuser -u pi",
                     "sudo python3 -B -m companion install-service",
                     "sudo companion install-service --update",
                     "sudo companion install-service --uninstall",
                     "after-steps.sh uninstall", "Dry run: nothing was run or changed."):
        assert expected in out, out
    assert "bookworm" not in out
