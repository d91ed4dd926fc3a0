#!/usr/bin/env bash
# Runs report.test.mjs: opens `warplint report samples/*.cu` in headless
# Chromium. Skips (exit 77) with a message when Chromium, node or the
# playwright-core package (npm ci in tests/browser) is not there.
# usage: run.sh WARPLINT OUT_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
warplint=$1 out=$2
chromium=${CHROMIUM:-}
for c in /usr/bin/chromium /usr/bin/chromium-browser; do
  [ -z "$chromium" ] && [ -x "$c" ] && chromium=$c
done
if [ -z "$chromium" ]; then
  echo "SKIP: no Chromium (apt-get install chromium, or set CHROMIUM); scripts/setup.sh installs it"
  exit 77
fi
if ! command -v node >/dev/null; then
  echo "SKIP: no node to drive Chromium (apt-get install nodejs npm)"
  exit 77
fi
if [ ! -d "$here/node_modules/playwright-core" ]; then
  if ! (cd "$here" && npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>&1); then
    echo "SKIP: playwright-core is not installed and 'npm ci' in $here failed (offline?)"
    exit 77
  fi
fi
mkdir -p "$out"
exec node "$here/report.test.mjs" "$warplint" "$out" "$chromium"
