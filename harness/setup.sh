#!/usr/bin/env bash
# Sets up what is missing, and nothing else: Debian packages (apt-get), .venv/ from Debian's
# /usr/bin/python3 with --system-site-packages, and the sigspace package installed offline
# (setuptools drives CMake). Quiet and idempotent when everything is present.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

packages=(
  build-essential cmake ninja-build pkg-config git ccache
  gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib qemu-system-arm
  libgtest-dev libbenchmark-dev libbenchmark-tools nlohmann-json3-dev valgrind
  python3 python3-dev python3-venv python3-pip python3-setuptools
  pybind11-dev python3-pybind11 python3-numpy python3-matplotlib python3-pytest python3-jsonschema
  python3-hypothesis python3-pytest-xdist   # property tests; pytest -n (harness/test.sh)
  libgcrypt20-dev clang libclang-rt-14-dev
  parallel   # GNU parallel: the cluster recipe of harness/cluster/ and its test
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js may come from another source that bundles npm: ask for the commands, not the packages.
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=(); [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv from /usr/bin/python3"
  /usr/bin/python3 -m venv --system-site-packages .venv
fi

# Reinstall when the native sources changed since the last install (CMake rebuilds incrementally).
stamp=.venv/.sigspace-installed
if [ ! -f "$stamp" ] || [ -n "$(find core variants harness analysis CMakeLists.txt setup.py \
     pyproject.toml -newer "$stamp" -type f -print -quit 2>/dev/null)" ]; then
  echo "setup: building and installing the sigspace package (offline)"
  log=$(mktemp)
  if ! .venv/bin/pip install -q --no-build-isolation --no-deps --no-index -e . >"$log" 2>&1; then
    cat "$log" >&2; rm -f "$log"
    echo "setup: pip install failed" >&2
    exit 1
  fi
  rm -f "$log"
  touch "$stamp"
fi
