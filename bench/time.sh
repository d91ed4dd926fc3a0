#!/usr/bin/env bash
# The time model against the H100 timing pairs, side by side with Nsight
# Compute's estimates (bench/time.py has the details).
# Usage: bench/time.sh BUILD_DIR [--source static|run|both] [--fit]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/time.py" "$@"
