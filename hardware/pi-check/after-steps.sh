#!/bin/bash
# Runs inside a pi-check root as the ordinary user pi (sudo without a password, as on
# Raspberry Pi OS), after each phase of the README's steps:
#   after-steps.sh install TEST_FILE...   after the install: what it made, then smoke tests
#   after-steps.sh update                 after `git pull` and install-service --update
#   after-steps.sh read-only-boot         /boot/firmware mounted read-only: install-service
#                                         must change nothing and say what to do
#   after-steps.sh uninstall              after install-service --uninstall
# Every finding is a line starting "@@ " (hardware/pi-check/summary.py reads them); the
# exit status is 1 if any check failed.
set -u
phase=$1; shift
V=/opt/companion/venv/bin
CLONE=$HOME/companion
MARKER=companion.owner.pi_check_marker  # in version 1 only; version 2 deletes it
failed=0
seconds() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN{printf "%.1f", b-a}'; }
check() {  # check NAME COMMAND...: run it, report rc and time
    local name=$phase:$1 t0=$EPOCHREALTIME rc; shift
    echo "@@ begin $name"
    "$@"; rc=$?
    echo "@@ check $name rc=$rc seconds=$(seconds "$t0")"
    [ "$rc" = 0 ] || failed=1
}
clone_is_mine() {  # nothing in the clone belongs to root, no build leftovers
    local theirs; theirs=$(find "$CLONE" ! -user "$(id -un)" | head -5)
    echo "not mine: ${theirs:-none}; build/ or egg-info: $(ls -d "$CLONE"/build "$CLONE"/*.egg-info 2>/dev/null || echo none)"
    [ -z "$theirs" ] && [ ! -e "$CLONE/build" ] && ! ls -d "$CLONE"/*.egg-info >/dev/null 2>&1
}
imports() { $V/python -c "import $1" 2>/dev/null; }
absent() { ! "$@"; }
echo "@@ phase $phase as $(id -un) (groups $(id -nG | tr ' ' ,))"

case $phase in
install)
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
    check unit grep -x "ExecStart=$V/companion --config /etc/companion/config.toml run" \
        /etc/systemd/system/companion.service
    check enabled test -L /etc/systemd/system/multi-user.target.wants/companion.service
    check user id companion
    check dice-group sh -c 'id -nG companion | tr " " "\n" | grep -qx bluetooth'
    check page-user sh -c 'test "$(id -gn companion-web)" = companion'
    # the Wi-Fi's polkit rule: the root has polkitd, as Raspberry Pi OS Lite does, so the
    # rule must be there, name the service user and be readable by polkitd (which does not
    # run in a chroot, so its own parser is not asked here)
    check polkit-installed test -d /etc/polkit-1/rules.d
    check polkit-rule sudo grep -q '"companion"' /etc/polkit-1/rules.d/50-companion-network.rules
    check polkit-rule-readable-by-polkitd sh -c 'sudo -u polkitd cat \
        /etc/polkit-1/rules.d/50-companion-network.rules >/dev/null'
    check on-path test "$(command -v companion)" = /usr/local/bin/companion
    check clock-400khz grep -x "dtparam=i2c_arm_baudrate=400000" /boot/firmware/config.txt
    # shipped with I²C off (#dtparam=i2c_arm=on): install-service turned it on
    check i2c-turned-on grep -x "dtparam=i2c_arm=on" /boot/firmware/config.txt
    check config-txt-backup sh -c 'ls /boot/firmware/config.txt.companion-* &&
        ! grep -q i2c_arm_baudrate /boot/firmware/config.txt.companion-*'
    check version-1 imports "$MARKER"
    check clone-is-mine clone_is_mine
    mkdir -p /tmp/lg && cd /tmp/lg  # lgpio makes a FIFO in the working directory
    export RPI_LGPIO_REVISION=d04170  # rpi-lgpio reads the board from here off a Pi (a Pi 5)
    check imports $V/python -c "import lgpio, spidev, smbus2, RPi.GPIO, gpiozero, PIL
import luma.core.interface.serial as s, luma.oled.device as d
print('lgpio', lgpio.LGPIO_PY_VERSION, 'RPi.GPIO', RPi.GPIO.VERSION, 'from', RPi.GPIO.__file__)"
    cd "$CLONE"
    mkdir -p /tmp/state
    printf 'preset = "waveshare-oled-hat-1in3"\n[state]\ndir = "/tmp/state"\n' > /tmp/hat.toml
    check roll companion roll 3d6
    check doctor-service-config companion doctor
    check doctor-waveshare env GPIOZERO_PIN_FACTORY=mock companion --config /tmp/hat.toml doctor
    # The phone page (the web extra): it imports, builds its pages, prints a pairing address.
    check web-imports $V/python -c "import waitress, segno
from companion.web.site import create_app"
    check web-pair-url companion --config /tmp/hat.toml web --pair-url
    check web-unit grep -qx "ExecStart=$V/companion --config /etc/companion/config.toml web" \
        /etc/systemd/system/companion-web.service
    check dark-unit grep -qx "ExecStart=$V/companion --config /etc/companion/config.toml dark" \
        /etc/systemd/system/companion-dark.service
    check dark-not-enabled sh -c '! ls /etc/systemd/system/*.wants/companion-dark.service 2>/dev/null'
    check version sh -c "companion --version | grep -q \"^companion [0-9].* ($(git -C "$CLONE" rev-parse --short=12 HEAD))\$\""
    rm -rf /tmp/shots
    check screenshots companion screenshot --all /tmp/shots
    echo "@@ screenshots: $(ls /tmp/shots | wc -l) files"
    check test-tools sudo $V/pip install -q pytest hypothesis
    check smoke-tests env GPIOZERO_PIN_FACTORY=mock $V/python -m pytest -q -p no:cacheprovider "$@"
    check clone-is-mine-after-tests clone_is_mine
    # what the update must keep: the owner's edit to the config, and the log
    echo '# the owner was here' | sudo tee -a /etc/companion/config.toml >/dev/null
    sudo install -d -o companion -g companion -m 0700 /var/lib/companion
    echo "the games" | sudo tee /var/lib/companion/pi-check-log >/dev/null
    ;;
update)
    check version-2 sh -c "git -C '$CLONE' log -1 --format=%s | grep -q 'version 2'"
    check module-gone absent imports "$MARKER"
    check module-file-gone sh -c "! find /opt/companion/venv -name 'pi_check_marker*' | grep -q ."
    check clone-is-mine clone_is_mine
    check config-kept grep -qx '# the owner was here' /etc/companion/config.toml
    check log-kept sudo grep -qx "the games" /var/lib/companion/pi-check-log
    check unit grep -qx "ExecStart=$V/companion --config /etc/companion/config.toml run" \
        /etc/systemd/system/companion.service
    check roll $V/companion roll 2d6
    ;;
read-only-boot)
    # pi-check mounted /boot/firmware read-only (the overlay's boot protection); a new clock
    # needs config.txt written, so install-service must stop before changing anything
    files() { sudo find /etc/systemd/system /etc/companion /opt/companion /boot/firmware \
              /usr/local/bin/companion -printf '%p %s %T@\n' | sort; }
    files > /tmp/read-only-before
    check read-only-seen sh -c '! touch /boot/firmware/pi-check-probe 2>/dev/null'
    out=$(sudo companion install-service --no-start --i2c-speed 100000 2>&1); rc=$?
    echo "$out" | sed 's/^/    /'
    check refused-with-exit-2 test "$rc" = 2
    check one-sentence-what-to-do sh -c "echo \"\$1\" | tail -1 | grep -q \
        'nothing was changed: .*read-only file system.*sudo mount -o remount,rw /boot/firmware'" \
        - "$out"
    check no-step-done sh -c "! echo \"\$1\" | grep -q '^1\. '" - "$out"
    files > /tmp/read-only-after
    # what changed, if anything, is in the log (path, size, time), not only that it did
    check nothing-changed sh -c 'diff /tmp/read-only-before /tmp/read-only-after | head -40
        cmp -s /tmp/read-only-before /tmp/read-only-after'
    ;;
uninstall)
    check unit-gone test ! -e /etc/systemd/system/companion.service
    check web-unit-gone test ! -e /etc/systemd/system/companion-web.service
    check dark-unit-gone test ! -e /etc/systemd/system/companion-dark.service
    check not-enabled test ! -e /etc/systemd/system/multi-user.target.wants/companion.service
    check venv-gone test ! -e /opt/companion/venv
    check link-gone test ! -e /usr/local/bin/companion -a ! -L /usr/local/bin/companion
    check user-gone absent id companion
    check page-user-gone absent id companion-web
    check polkit-rule-gone sudo test ! -e /etc/polkit-1/rules.d/50-companion-network.rules
    check log-kept sudo grep -qx "the games" /var/lib/companion/pi-check-log
    check config-kept test -f /etc/companion/config.toml
    check log-owned-by-root test "$(sudo stat -c %U /var/lib/companion)" = root
    check clone-is-mine clone_is_mine
    # the purge after a plain uninstall: the clone's companion, as the last line says
    check purge-from-the-clone sh -c "cd '$CLONE' && sudo python3 -B -m companion \
        install-service --uninstall --purge"
    check purge-keeps-backups-only sh -c '! sudo test -e /var/lib/companion/pi-check-log &&
        ! test -e /etc/companion && ! test -e /opt/companion'
    ;;
*) echo "after-steps: unknown phase '$phase' (install, read-only-boot, update, uninstall)" >&2
   exit 2 ;;
esac
echo "@@ after-steps $phase failed=$failed"
exit "$failed"
