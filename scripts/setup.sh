#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build and test warplint.
# With --build: only what building the warplint command needs (scripts/demo.sh);
# without: what the tests need too (scripts/test.sh: Chromium, Node, Neovim,
# Emacs with Eglot, CUB/Thrust, pre-commit). Says what it installs before it does; idempotent:
# prints nothing and installs nothing when everything is present.
set -euo pipefail
build_only=false
[ "${1:-}" = "--build" ] && build_only=true
packages=(g++ cmake ninja-build llvm-22-dev libclang-22-dev libclang-cpp22-dev
          clang-22 llvm-22-tools libboost-graph-dev libgtest-dev libzstd-dev lld ccache)
if ! $build_only; then
  packages+=(python3 python3-jsonschema chromium libcub-dev libthrust-dev pre-commit neovim)
  # docs/editor.md's Emacs setup, as written (tests/lit/editor/emacs.test).
  packages+=(emacs-nox elpa-eglot)
  # node drives Chromium in the report's browser test (tests/browser).
  command -v node >/dev/null || packages+=(nodejs)
  command -v npm >/dev/null || packages+=(npm)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]} (apt-get, without recommended packages)"
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
$build_only && exit 0
# playwright-core for the browser test, as package-lock.json pins it.
browser=$(cd "$(dirname "$0")/../tests/browser" && pwd)
if [ ! -d "$browser/node_modules/playwright-core" ]; then
  echo "setup: npm ci in tests/browser"
  (cd "$browser" && npm ci --no-audit --no-fund --loglevel=error >/dev/null) ||
    echo "setup: npm ci failed; the browser test will be skipped"
fi
