#!/usr/bin/env bash
# Sets up, builds and runs warplint on every kernel under samples/.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh" || exit 2
"$root/build/bin/warplint" accesses "$root"/samples/*.cu
