#!/usr/bin/env bash
# Builds warplint with Clang's AddressSanitizer and UndefinedBehaviorSanitizer
# in a separate build directory, runs the PTX and SASS fuzz targets briefly,
# then the bad-input and regression tests under the sanitizers.
#
#   bench/sanitize.sh [BUILD_DIR] [FUZZ_SECONDS]      (env: JOBS, LIT_FILTER)
#
# Costly on a small machine (a second full build, about 45 minutes at -j2 on
# the shared 2-core machine): run it by hand, not in CI, whose 90 minutes
# already hold one build and the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build-sanitize}
FUZZ_SECONDS=${2:-60}
CLANG_BIN=${CLANG_BIN:-/usr/lib/llvm-22/bin}
JOBS=${JOBS:-2}

# The sanitizers' runtimes (and libFuzzer's) are Debian's libclang-rt-22-dev.
RT_DIR=$("$CLANG_BIN/clang++" -print-resource-dir)/lib
if ! ls "$RT_DIR"/*/libclang_rt.asan*.a >/dev/null 2>&1; then
  echo "sanitize.sh: no AddressSanitizer runtime under $RT_DIR;" \
       "install libclang-rt-22-dev (apt-get install libclang-rt-22-dev)" >&2
  exit 2
fi

# -O1 -g without -DNDEBUG: the assertions in LLVM's headers (SmallVector's
# check that an element is not copied onto the vector it comes from, ...) are
# on as well.
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DCMAKE_CXX_COMPILER="$CLANG_BIN/clang++" -DWARPLINT_SANITIZE=ON \
  ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER}
cmake --build "$BUILD" -j"$JOBS" --target warplint ptx_parser_fuzzer sass_reader_fuzzer

# LLVM's own allocations live until exit, and a compile that crashed is
# buried on purpose: leaks are not what this run looks for. LLVM's headers
# poison and unpoison BumpPtrAllocator slabs in our instrumented code while
# Debian's libraries, built without ASan, allocate from the same slabs
# without unpoisoning: every compile reported a use-after-poison in Clang's
# IdentifierTable. Manual poisoning is therefore off (allow_user_poisoning=0).
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:allow_user_poisoning=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

echo "== fuzzing the PTX parser and lifter for ${FUZZ_SECONDS}s"
mkdir -p "$BUILD/fuzz/ptx_corpus" "$BUILD/fuzz/sass_corpus"
"$BUILD/bin/ptx_parser_fuzzer" -max_total_time="$FUZZ_SECONDS" -rss_limit_mb=4096 \
  -max_len=65536 -timeout=10 "$BUILD/fuzz/ptx_corpus" tests/lit/ptx/Inputs 2>&1 | tail -3
echo "== fuzzing the SASS reader for ${FUZZ_SECONDS}s"
"$BUILD/bin/sass_reader_fuzzer" -max_total_time="$FUZZ_SECONDS" -rss_limit_mb=4096 \
  -max_len=65536 -timeout=10 "$BUILD/fuzz/sass_corpus" tests/sass 2>&1 | tail -3

# LIT_FILTER=. runs every lit test (about 19 minutes on the shared 2-core
# machine; the bad-input set about 3).
# hostile/ (issue 42) runs warplint under a 4 GiB address-space cap, which
# ASan's shadow memory cannot live in: lifted here (its 120 s limit stays).
echo "== bad-input, hostile-input and regression tests under ASan+UBSan"
WARPLINT_HOSTILE_AS_CAP=0 "$CLANG_BIN/lit" -sv "$BUILD/tests/lit" \
  --filter "${LIT_FILTER:-errors/|ptx/errors/|realcode/|corpus/|run/|sass/|check/|hostile/}"
