#!/bin/bash
# Runs as root in a fresh pi-check root, before the README's steps: what Raspberry Pi OS
# Lite has and a minbase Debian root lacks -- sudo, systemd (systemctl), the gpio, i2c and
# spi groups, the user pi (sudo without a password, as Raspberry Pi OS's first user),
# /boot/firmware/config.txt as Raspberry Pi OS ships it, with I²C off (`#dtparam=i2c_arm=on`:
# the steps skip `raspi-config nonint do_i2c 0`, and install-service must turn it on) -- and
# pip trusting the host's CA bundle for every user, sudo included.
#   as-raspberry-pi-os.sh CA_BUNDLE
set -euo pipefail
ca=$1
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# polkitd: Raspberry Pi OS Lite has it (NetworkManager asks it); install-service writes the
# Wi-Fi's rule into its /etc/polkit-1/rules.d and uninstall removes it
apt-get install -y -q --no-install-recommends sudo systemd polkitd
printf '[global]\ncert = %s\n' "$ca" > /etc/pip.conf
# bluetooth: Raspberry Pi OS Lite has BlueZ, whose group may talk to it on the D-Bus
for group in gpio i2c spi bluetooth; do groupadd -f "$group"; done
id pi >/dev/null 2>&1 || useradd --create-home --shell /bin/bash --groups sudo,gpio,i2c,spi pi
echo 'pi ALL=(ALL) NOPASSWD: ALL' > /etc/sudoers.d/010_pi-nopasswd
chmod 0440 /etc/sudoers.d/010_pi-nopasswd
grep -qw "$(hostname)" /etc/hosts || echo "127.0.1.1 $(hostname)" >> /etc/hosts
mkdir -p /boot/firmware
cat > /boot/firmware/config.txt <<'TXT'
# For more options and information see
# http://rptl.io/configtxt
# Some settings may impact device functionality. See link above for details

# Uncomment some or all of these to enable the optional hardware interfaces
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on

# Enable audio (loads snd_bcm2835)
dtparam=audio=on

# Automatically load overlays for detected cameras
camera_auto_detect=1

[cm4]
# Enable host mode on the 2711 built-in XHCI USB controller.
otg_mode=1

[all]
TXT
echo "@@ root: sudo $(dpkg-query -W -f='${Version}' sudo), systemd $(dpkg-query -W -f='${Version}' systemd), polkitd $(dpkg-query -W -f='${Version}' polkitd), user pi in $(id -nG pi | tr ' ' ,)"
