#!/usr/bin/env bash
# Checks what make release wrote into DIST for VERSION: each binary is an
# executable of its architecture, statically linked on Linux (file says
# so), the checksums hold, the units and nginx config are beside them,
# and the linux/amd64 build says the stamped version.
set -euo pipefail
dist=${1:-dist}
version=${2:?usage: release-check.sh DIST VERSION}
fail=0
check() { # name, what file must say (a grep -E pattern)
  local f="$dist/$1" desc
  if [ ! -f "$f" ]; then echo "release-check: $f is missing" >&2; fail=1; return; fi
  desc=$(file -b "$f")
  if ! grep -Eq "$2" <<<"$desc"; then
    echo "release-check: $1: file says \"$desc\", want /$2/" >&2; fail=1; return
  fi
  echo "release-check: $1: $desc" | cut -c1-160
}
check abfahrt-linux-amd64 '^ELF 64-bit LSB executable, x86-64, .*statically linked'
check abfahrt-linux-arm64 '^ELF 64-bit LSB executable, ARM aarch64, .*statically linked'
check abfahrt-linux-armv7 '^ELF 32-bit LSB executable, ARM, EABI5 .*statically linked'
check abfahrt-darwin-arm64 '^Mach-O 64-bit arm64 executable'
(cd "$dist" && sha256sum --quiet --check SHA256SUMS) || { echo "release-check: SHA256SUMS does not hold" >&2; fail=1; }
for f in deploy/systemd/abfahrt-hub.service 'deploy/systemd/abfahrt-kiosk@.service' deploy/nginx/abfahrt.conf; do
  [ -f "$dist/$f" ] || { echo "release-check: $dist/$f is missing" >&2; fail=1; }
done
if [ "$(uname -m)" = x86_64 ] && [ "$(uname -s)" = Linux ]; then
  got=$("$dist/abfahrt-linux-amd64" version)
  if [ "$got" != "abfahrt $version" ]; then
    echo "release-check: abfahrt-linux-amd64 version says \"$got\", want \"abfahrt $version\"" >&2; fail=1
  else
    echo "release-check: abfahrt-linux-amd64 version: $got"
  fi
fi
exit $fail
