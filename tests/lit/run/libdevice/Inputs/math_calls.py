#!/usr/bin/env python3
"""Every scalar function the CUDA toolkit's math and integer-intrinsic headers
declare, called on the device model over edge-case inputs and compared with a
host reference (math_reference.py).

  math_calls.py gen --cuda-path DIR --mode sdk|prelude OUT.cu OUT.launch.json
      One kernel per overload (float, double and integer types only; pointer
      outputs left out): 64 threads, each calling the function once on inputs
      from the tables below (0, -0, inf, nan, denormals, INT_MIN, large
      values, ...) and printing its inputs' and result's bits. --mode prelude
      keeps the integer intrinsics (what the embedded prelude must run).
  math_calls.py check OUT.cu RUN_OUTPUT
      Compares every printed result with the reference: bit-exact for integer
      results and exact operations, within the CUDA Programming Guide's
      maximum ulp error otherwise. Prints a summary and each failure; exits 1
      on a failure or on a generated function that printed nothing.

The header list and declaration reading are scripts/cuda_api_coverage.py's.
"""
import sys

sys.dont_write_bytecode = True  # No __pycache__ in the source tree.

import json  # noqa: E402
import os  # noqa: E402
import re
import struct  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "..", "scripts"))
sys.path.insert(0, HERE)
import cuda_api_coverage as coverage  # noqa: E402

HEADERS = ["crt/math_functions.h", "crt/device_functions.h", "crt/device_double_functions.h",
           "sm_20_intrinsics.h", "sm_32_intrinsics.h", "sm_61_intrinsics.h"]
# C type -> (kind, bits): f float, i signed, u unsigned.
TYPES = {"float": ("f", 32), "double": ("f", 64), "int": ("i", 32), "unsigned int": ("u", 32),
         "unsigned": ("u", 32), "long long int": ("i", 64), "long long": ("i", 64),
         "unsigned long long int": ("u", 64), "unsigned long long": ("u", 64),
         "long int": ("i", 64), "long": ("i", 64), "bool": ("u", 1)}
# Declared but not for programs: the headers' internal helpers, the
# performance counters, C++ overloads of <cmath> names the device code
# resolves to the same functions (kept: they are user-visible).
SKIP = re.compile(r"^(_[A-Z]\w*|__FLOAT_BITS|__DOUBLE_BITS|__pm\d|__prof_trigger|__trap"
                  r"|__brkpt|_*syncthreads\w*|__threadfence\w*|clock\w*|__nanosleep"
                  r"|__isGlobal|__isShared|__isConstant|__isLocal|__isGridConstant"
                  r"|__cvta_\w+|__activemask|__lanemask\w*|__ldg|__ldcg|__ldca|__ldcs"
                  r"|__ldlu|__ldcv|__stwb|__stcg|__stcs|__stwt|__nv_\w+)$")
THREADS = 64

F32 = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, -1.0, 0.5, -0.5, 2.0, 3.0,
       0.1, -0.1, 1e-3, 100.0, -100.0, 1e10, -1e10, 3e38, -3e38, 1.1754944e-38, 1e-45, -1e-45,
       1e-40, 3.1415927, 1.5707964, 10.5, -2.5, 0.999, 88.7, 123456.78, -7.25]
F64 = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, -1.0, 0.5, -0.5, 2.0, 3.0,
       0.1, -0.1, 1e-3, 100.0, -100.0, 1e10, -1e10, 1e308, -1e308, 2.2250738585072014e-308,
       5e-324, -5e-324, 1e-310, 3.141592653589793, 1.5707963267948966, 10.5, -2.5, 0.999,
       709.7, 1e22, -7.25]
I32 = [0, 1, -1, -2**31, 2**31 - 1, 2, -2, 0x55555555, 0x12345678, -0x00ff0100, 255, 256,
       0x00800000, 0x7f, -128, 31, 32, 33, 0x7fff, -0x8000, 0x00ffffff, -0x01000000, 1000000,
       -1000000, 0x0f0f0f0f, 7, -7, 0x40000000, 3, 24, 0x3f800000, -0x3f800000]
I64 = [0, 1, -1, -2**63, 2**63 - 1, 2, -2, 0x5555555555555555, 0x123456789abcdef0, 2**32,
       2**32 - 1, -2**32, 2**53 + 1, -(2**53 + 1), 2**24 + 1, 255, 63, 64, 65, 10**18, -10**18,
       0x00ff00ff00ff00ff, 2**62, 3, 7, -7, 0x7ff0000000000000, 1000000, 2**31, -2**31, 16, 48]


def bits_of(kind, width, v):
    if kind == "f":
        return struct.unpack("<I", struct.pack("<f", v))[0] if width == 32 else \
            struct.unpack("<Q", struct.pack("<d", v))[0]
    return v & ((1 << width) - 1) if width > 1 else v & 1


def table(kind, width):
    vals = {("f", 32): F32, ("f", 64): F64, ("i", 32): I32, ("u", 32): I32,
            ("i", 64): I64, ("u", 64): I64, ("u", 1): [0, 1] * 16}[(kind, width)]
    return [bits_of(kind, width, v) for v in vals]


def index(t, k):
    """The input table index of argument k for thread t."""
    return [t % 32, (t * 11 + 5 + t // 32) % 32, (t * 7 + 3) % 32][k] if k < 3 else t % 32


def functions(cuda, mode):
    out = []
    coverage.HEADERS = HEADERS
    for header, ret, name, types in coverage.overloads(cuda):
        if SKIP.match(name) or ret not in TYPES or not all(t in TYPES for t in types):
            continue
        if not types or len(types) > 3:
            continue
        if mode == "prelude" and (TYPES[ret][0] == "f" or any(TYPES[t][0] == "f" for t in types)):
            # The integer intrinsics, conversions and reinterpretations.
            if not (name.startswith("__") and not name.startswith("__f") or
                    re.match(r"^__(float|double|int|uint|ll|ull|hiloint)", name)):
                continue
        if mode == "prelude" and not name.startswith("__"):
            continue
        out.append((header, ret, name, types))
    return out


def c_type(t):
    return {"long int": "long long", "long": "long long"}.get(t, t)


def generate(cuda, mode, cu_path, launch_path):
    funcs = functions(cuda, mode)
    with open(cu_path, "w") as f:
        f.write("// Generated by math_calls.py (%s): one kernel per overload.\n" % mode)
        f.write("#include <cstdio>\n#include <cstring>\n")
        f.write("template <class T> __device__ unsigned long long B(T v) {\n"
                "  unsigned long long r = 0; __builtin_memcpy(&r, &v, sizeof(T)); return r; }\n")
        f.write("__device__ unsigned long long B(bool v) { return v; }\n")
        for (kind, width), name in [(("f", 32), "float"), (("f", 64), "double"),
                                    (("i", 32), "int"), (("i", 64), "long long")]:
            vals = ", ".join("0x%xull" % b for b in table(kind, width))
            ident = name.replace(" ", "_")
            f.write("__constant__ unsigned long long T_%s[32] = {%s};\n" % (ident, vals))
            f.write("__device__ %s in_%s(unsigned i) { %s v; unsigned long long b = T_%s[i]; "
                    "__builtin_memcpy(&v, &b, sizeof v); return v; }\n" % (name, ident, name, ident))
        for n, (_, ret, name, types) in enumerate(funcs):
            args = []
            f.write('extern "C" __global__ void fn%d() {\n  unsigned t = threadIdx.x;\n' % n)
            for k, ty in enumerate(types):
                kind, width = TYPES[ty]
                src = {"f": "float" if width == 32 else "double"}.get(
                    kind, "int" if width <= 32 else "long_long")
                f.write("  %s a%d = (%s)in_%s(%s);\n" % (c_type(ty), k, c_type(ty), src,
                                                        ["t % 32", "(t * 11 + 5 + t / 32) % 32",
                                                         "(t * 7 + 3) % 32"][k]))
                args.append("a%d" % k)
            if name in ("jn", "jnf", "yn", "ynf"):
                # The order: a recurrence of that many steps (small ones).
                f.write("  a0 = a0 & 7;\n")
            f.write("  %s r = %s(%s);\n" % (c_type(ret), name, ", ".join(args)))
            prints = " ".join(["%llx"] * (len(types) + 1))
            f.write('  printf("R %d %%u %s\\n", t, %s);\n}\n' % (
                n, prints, ", ".join("B(%s)" % a for a in args + ["r"])))
    with open(launch_path, "w") as f:
        json.dump([{"kernel": "fn%d" % n, "grid": 1, "block": THREADS}
                   for n in range(len(funcs))], f)
    with open(cu_path + ".json", "w") as f:
        json.dump(funcs, f)
    print("generated %d functions" % len(funcs))


def check(cu_path, output_path, known_path=None):
    import math_reference as ref
    funcs = json.load(open(cu_path + ".json"))
    results = {}
    for line in open(output_path, errors="replace"):
        m = re.match(r"^R (\d+) (\d+) ([0-9a-f ]+)$", line.strip())
        if m:
            results.setdefault(int(m.group(1)), []).append(
                [int(x, 16) for x in m.group(3).split()])
    failures, silent, no_ref, compared, passed_fns = [], [], [], 0, 0
    for n, (_, ret, name, types) in enumerate(funcs):
        rows = results.get(n)
        if not rows:
            silent.append("%s(%s)" % (name, ", ".join(types)))
            continue
        sig = [TYPES[ret]] + [TYPES[t] for t in types]
        checker = ref.checker(name, sig)
        if checker is None:
            no_ref.append(name)
            continue
        bad = 0
        for row in rows:
            compared += 1
            msg = checker(row[:-1], row[-1])
            if msg:
                bad += 1
                if bad <= 3:
                    failures.append("%s(%s): %s" % (name, ", ".join(types), msg))
        passed_fns += bad == 0
    known = set()
    if known_path:
        known = {l.strip() for l in open(known_path) if l.strip() and not l.startswith("#")}
    newly_running = sorted(known - set(silent))
    ran = len(funcs) - len(silent)
    silent = [f for f in silent if f not in known]
    print("functions: %d generated, %d ran, %d compared with a reference (%d passed), "
          "%d calls compared" % (len(funcs), ran, ran - len(no_ref), passed_fns, compared))
    print("known not to run (%s): %d" % (os.path.basename(known_path or "-"),
                                          len(known) - len(newly_running)))
    for s in silent:
        print("did not run: " + s)
    for s in newly_running:
        print("runs now, remove it from the list: " + s)
    if no_ref:
        print("no host reference: " + " ".join(sorted(set(no_ref))))
    for f in failures:
        print("FAIL " + f)
    return 1 if failures or silent or newly_running or no_ref else 0


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        args = sys.argv[2:]
        cuda = args[args.index("--cuda-path") + 1]
        mode = args[args.index("--mode") + 1]
        generate(cuda, mode, args[-2], args[-1])
    else:
        sys.exit(check(*sys.argv[2:5]))
