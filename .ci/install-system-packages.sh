#!/usr/bin/env bash
# The Debian packages the validator needs at run time, listed in .ci/debian-packages.txt: gcc
# (preprocessing, replays), libc6-dev (C library headers and start files), gcc-multilib (32-bit,
# ILP32, builds).  Nothing is installed when gcc already builds and links a 64-bit and a 32-bit
# program; otherwise the list is installed with apt-get (through sudo when not root).  Without
# apt-get the script says what to install and fails.
# One script for every place: .ci/setup.sh (run-tests.sh, run-sample.sh, so CI) and the
# Dockerfile.  --clean-apt-lists (the Dockerfile): after installing, remove apt's package lists.
set -euo pipefail
list="$(cd "$(dirname "$0")" && pwd)/debian-packages.txt"
clean=false
for argument in "$@"; do
  case "$argument" in
    --clean-apt-lists) clean=true ;;
    *) echo "usage: $0 [--clean-apt-lists]" >&2; exit 2 ;;
  esac
done
packages=$(grep -v '^[[:space:]]*#' "$list" | xargs)

toolchain_works() {
  local dir status=0
  dir=$(mktemp -d)
  printf 'int main(void) { return 0; }\n' > "$dir/probe.c"
  { gcc "$dir/probe.c" -o "$dir/probe" && gcc -m32 "$dir/probe.c" -o "$dir/probe32"; } \
    >/dev/null 2>&1 || status=1
  rm -rf "$dir"
  return "$status"
}

toolchain_works && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "gcc cannot build and link both 64-bit and 32-bit (gcc -m32) C programs here, and" \
       "there is no apt-get to install what is missing." >&2
  echo "Needed (Debian package names): $packages" >&2
  echo "On Debian or Ubuntu: sudo apt-get install $packages" >&2
  exit 1
fi
sudo=()
if [ "$(id -u)" != 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "Installing the Debian packages $packages needs root: apt-get install $packages" >&2
    exit 1
  fi
  sudo=(sudo)
fi
echo "Installing the Debian packages: $packages"
"${sudo[@]}" apt-get update -qq
# shellcheck disable=SC2086  # one word per package
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  $packages >/dev/null
if "$clean"; then
  "${sudo[@]}" rm -rf /var/lib/apt/lists/*
fi
if ! toolchain_works; then
  echo "gcc still cannot build and link 32-bit (gcc -m32) programs after installing" \
       "$packages (gcc-multilib exists for amd64 only)." >&2
  exit 1
fi
