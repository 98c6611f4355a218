#!/bin/bash
# Runs inside a pi-check root, in the clone, after the README's steps:
#   after-steps.sh TEST_FILE...
# Every finding is a line starting "@@ " (hardware/pi-check/summary.py reads them); the
# exit status is 1 if any check failed.
set -u
V=/opt/companion/venv/bin
failed=0
seconds() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN{printf "%.1f", b-a}'; }
check() {  # check NAME COMMAND...: run it, report rc and time
    local name=$1 t0=$EPOCHREALTIME rc; shift
    echo "@@ begin $name"
    "$@"; rc=$?
    echo "@@ check $name rc=$rc seconds=$(seconds "$t0")"
    [ "$rc" = 0 ] || failed=1
}

compilers=$(for c in gcc cc c++ g++ clang swig; do command -v "$c"; done | tr '\n' ' ')
headers=$(ls /usr/include/python3*/Python.h 2>/dev/null | tr '\n' ' ')
echo "@@ compilers: ${compilers:-none}"
echo "@@ python headers: ${headers:-none}"
[ -z "$compilers$headers" ] || failed=1

$V/python - <<'PY'
import importlib.metadata as m
import platform
print(f"@@ python {platform.python_version()} {platform.machine()}")
for name in ("companion", "gpiozero", "lgpio", "rpi-lgpio", "spidev", "smbus2", "luma.core",
             "luma.oled", "pillow", "cbor2", "colorzero", "sdnotify", "flask", "waitress",
             "werkzeug", "jinja2", "markupsafe", "itsdangerous", "segno"):
    try:
        dist = m.distribution(name)
    except m.PackageNotFoundError:
        print(f"@@ version {name} MISSING")
        continue
    where = "apt" if "/usr/lib/python3/dist-packages" in str(dist.locate_file("")) else "venv"
    print(f"@@ version {name} {dist.version} {where}")
PY

mkdir -p /tmp/lg && cd /tmp/lg  # lgpio makes a FIFO in the working directory
export RPI_LGPIO_REVISION=d04170  # rpi-lgpio reads the board from here off a Pi (a Pi 5)
check imports $V/python -c "import lgpio, spidev, smbus2, RPi.GPIO, gpiozero, PIL
import luma.core.interface.serial as s, luma.oled.device as d
print('lgpio', lgpio.LGPIO_PY_VERSION, 'RPi.GPIO', RPi.GPIO.VERSION, 'from', RPi.GPIO.__file__)"
cd - >/dev/null

mkdir -p /tmp/state
printf 'preset = "adafruit-oled-bonnet"\n[state]\ndir = "/tmp/state"\n' > /tmp/bonnet.toml
printf 'preset = "waveshare-oled-hat-1in3"\n[state]\ndir = "/tmp/state"\n' > /tmp/hat.toml
check roll $V/companion roll 3d6
check doctor-laptop $V/companion doctor
check doctor-bonnet $V/companion --config /tmp/bonnet.toml doctor
check doctor-waveshare env GPIOZERO_PIN_FACTORY=mock $V/companion --config /tmp/hat.toml doctor
check install-service-dry-run $V/companion install-service --dry-run \
    --venv /opt/companion/venv --preset waveshare-oled-hat-1in3
# The phone page (the web extra): it imports, builds its pages, and prints a pairing address.
check web-imports $V/python -c "import waitress, segno
from companion.web.site import create_app"
check web-pair-url $V/companion --config /tmp/bonnet.toml web --pair-url
rm -rf /tmp/shots
check screenshots $V/companion screenshot --all /tmp/shots
echo "@@ screenshots: $(ls /tmp/shots | wc -l) files"

check test-tools $V/pip install -q pytest hypothesis
check smoke-tests env GPIOZERO_PIN_FACTORY=mock $V/python -m pytest -q -p no:cacheprovider "$@"
echo "@@ after-steps failed=$failed"
exit "$failed"
