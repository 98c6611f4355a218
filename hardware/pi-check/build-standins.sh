#!/bin/bash
# Runs inside a throwaway copy of a pi-check root (hardware/pi-check/pi-check deletes it,
# compiler and all, afterwards). Builds the stand-in for Raspberry Pi OS's python3-lgpio,
# which Debian does not have: lgpio from PyPI's source, with PYPI=1 so the lg C library is
# linked in (Raspberry Pi OS links it from liblgpio1 instead; the Python module and its
# metadata, lgpio 0.2.2.0, are the same). Writes /out/*.deb and an apt index /out/Packages.
#   build-standins.sh LGPIO_VERSION DEB_ARCH
set -euo pipefail
version=$1 arch=$2
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends gcc libc6-dev swig python3-dev \
    python3-setuptools python3-wheel python3-pip dpkg-dev
work=/tmp/standin
rm -rf "$work" /out && mkdir -p "$work/wheels" /out && cd "$work"
python3 -m pip download --no-deps --no-binary :all: "lgpio==$version"
PYPI=1 python3 -m pip wheel --no-deps --no-build-isolation -w wheels "lgpio-$version.tar.gz"
pkg=$work/pkg
mkdir -p "$pkg/DEBIAN" "$pkg/usr/lib/python3/dist-packages"
python3 -m zipfile -e wheels/lgpio-*.whl "$pkg/usr/lib/python3/dist-packages"
debver="${version%.0}-0picheck1"
cat > "$pkg/DEBIAN/control" <<CONTROL
Package: python3-lgpio
Version: $debver
Architecture: $arch
Maintainer: Table Companion pi-check <pi-check@invalid>
Depends: python3, libc6
Section: python
Priority: optional
Description: pi-check stand-in for Raspberry Pi OS's python3-lgpio
 lgpio $version built from PyPI's source with the lg library linked in.
CONTROL
dpkg-deb --root-owner-group --build "$pkg" "/out/python3-lgpio_${debver}_${arch}.deb"
cd /out && dpkg-scanpackages --multiversion . > Packages
ls -l /out
