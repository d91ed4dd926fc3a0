#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build and test warplint.
# Idempotent: prints nothing and installs nothing when everything is present.
set -euo pipefail
packages=(g++ cmake ninja-build llvm-22-dev libclang-22-dev libclang-cpp22-dev
          clang-22 llvm-22-tools libboost-graph-dev libgtest-dev python3
          python3-jsonschema libcub-dev libthrust-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "setup: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
