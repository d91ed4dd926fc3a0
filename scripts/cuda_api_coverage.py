#!/usr/bin/env python3
"""Coverage of the CUDA device API: one call per overload a toolkit declares,
compiled by nvcc and by warplint (with the toolkit's headers and with the
embedded prelude); what nvcc accepts and warplint does not is the list kept in
docs/real-code.md.

  cuda_api_coverage.py --cuda-path DIR --warplint BIN [--out DIR]
      [--update-docs docs/real-code.md | --check-docs docs/real-code.md]

Headers read (declarations of their __*_DECL__ and _CUDA_*_STATIC_QUALIFIER
macros, templates left out): sm_32_intrinsics.h (cache-hint loads and
stores), sm_30_intrinsics.h (warp shuffles and votes), the atomics
(device_atomic_functions.h, sm_20/32/60_atomic_functions.h),
crt/sm_70/80/90_rt.h (match, reduce, atomics on float2/float4, ...), the math
and device functions (crt/math_functions.h, crt/device_functions.h,
crt/device_double_functions.h), cuda_fp16.h / cuda_bf16.h (__half and
__nv_bfloat16 arithmetic and conversions), cuda_fp8.h (the __nv_cvt_*
conversions) and the asynchronous-copy primitives
(cuda_pipeline_primitives.h, cuda_awbarrier_primitives.h). Each overload
becomes a kernel whose parameters are the function's, calling it once, for
sm_90. cuda_api_templates.py adds what no plain declaration names: the fp8
classes' constructors and conversions, the texture and surface templates
over a set of element types, and cuda::memcpy_async, cuda::pipeline,
cuda::barrier and cooperative_groups::memcpy_async written out by hand.
Each group of calls is a file of its own (its includes), so that a header
one mode cannot read fails only its own calls.

--check-docs exits 1 when a call fails that the document does not list (the
list grew); --update-docs rewrites the list between its markers.
"""
import argparse
import json
import os
import re
import subprocess
import sys

import cuda_api_templates as templates
from cuda_api_templates import Call

HEADERS = ["sm_32_intrinsics.h", "sm_30_intrinsics.h", "device_atomic_functions.h",
           "sm_20_atomic_functions.h", "sm_32_atomic_functions.h",
           "sm_60_atomic_functions.h", "crt/sm_70_rt.h", "crt/sm_80_rt.h", "crt/sm_90_rt.h",
           "crt/math_functions.h", "crt/device_functions.h", "crt/device_double_functions.h",
           "cuda_fp16.h", "cuda_bf16.h", "cuda_fp8.h", "cuda_pipeline_primitives.h",
           "cuda_awbarrier_primitives.h"]
# The group (cuda_api_templates.GROUPS: the includes of its file) of a
# header's calls; "core" for the others.
GROUP_OF = {"cuda_fp8.h": "fp8", "cuda_pipeline_primitives.h": "primitives",
            "cuda_awbarrier_primitives.h": "awbarrier"}
DECL = re.compile(r"(template\s*<[^>]*>\s*)?(?:static\s+)?(?:extern\s+)?"
                  r"(?:__[A-Z0-9_]+_DECL__|_CUDA_[A-Z]+_STATIC_QUALIFIER)"
                  r"\s+([\w\s\*]*?)\b(\w+)\s*\(([^()]*)\)")
NOISE = {"__device_builtin__", "__cudart_builtin__", "__inline__", "inline", "__forceinline__",
         "_CRTIMP", "__cdecl", "static", "extern", "__device__", "__host__", "__DEF_IF_HOST"}
BEGIN, END = "<!-- cuda-api-coverage:begin -->", "<!-- cuda-api-coverage:end -->"


KEYWORDS = {"int", "char", "short", "long", "float", "double", "unsigned", "signed", "bool",
            "void", "const"}


def param_type(p):
    """The type of one parameter ('const float *ptr' -> 'const float *')."""
    p = p.split("=")[0].strip()
    m = re.match(r"^(.*?[\s\*&])(\w+)$", p)
    if not m or m.group(2) in KEYWORDS or not m.group(1).strip():
        return p  # No name.
    return m.group(1).strip()


def overloads(cuda):
    seen = set()
    for h in HEADERS:
        path = os.path.join(cuda, "include", h)
        if not os.path.exists(path):
            continue
        text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", open(path).read(), flags=re.S)
        for m in DECL.finditer(text):
            if m.group(1):
                continue  # Templates: no overload to name.
            ret = " ".join(t for t in m.group(2).split() if t not in NOISE)
            name, params = m.group(3), m.group(4).strip()
            if not ret or (name.startswith("__nv_") and h != "cuda_fp8.h") or "..." in params:
                continue
            types = [] if params in ("", "void") else [param_type(p) for p in params.split(",")]
            key = (name, tuple(" ".join(t.split()) for t in types))
            if key in seen:
                continue
            seen.add(key)
            yield h, ret, key[0], list(key[1])


def signature(name, types):
    return "%s(%s)" % (name, ", ".join(types))


def all_calls(cuda):
    calls = []
    for h, _, name, types in overloads(cuda):
        args = ", ".join("p%d" % k for k in range(len(types)))
        calls.append(Call(GROUP_OF.get(h, "core"), h, signature(name, types), types,
                          "(void)%s(%s);" % (name, args)))
    calls += list(templates.fp8_member_calls(cuda, param_type))
    calls += list(templates.texture_calls(cuda, param_type))
    calls += list(templates.hand_calls())
    return calls


def write_group(path, calls, group, skip=()):
    """One file of a group's calls, each kernel on a line of its own; returns
    the line of each call's kernel."""
    lines = {}
    with open(path, "w") as f:
        f.write("// Generated by scripts/cuda_api_coverage.py: one kernel per call.\n")
        n = 1
        for h in templates.GROUPS[group]:
            f.write("#include <%s>\n" % h)
            n += 1
        for i, c in enumerate(calls):
            if c.group != group or i in skip:
                continue
            params = ", ".join("%s p%d" % (t, k) for k, t in enumerate(c.params))
            f.write("__global__ void cov_%d(%s) { %s }\n" % (i, params, c.body))
            n += 1
            lines[n] = i
    return lines


def nvcc_rejects(cuda, out, calls):
    """The indices of calls nvcc (sm_90) does not compile, by error line (or
    the line a template was instantiated from): compiled again without them
    until nothing fails (nvcc stops reporting after a number of errors)."""
    nvcc = os.path.join(cuda, "bin", "nvcc")
    rejected = set()
    for group in templates.GROUPS:
        path = os.path.join(out, "cuda_api_nvcc_%s.cu" % re.sub(r"\W", "_", group))
        while True:
            lines = write_group(path, calls, group, rejected)
            r = subprocess.run([nvcc, "-arch=sm_90", "-c", path, "-o", os.devnull],
                               capture_output=True, text=True, errors="replace")
            at = {int(m.group(1)) for m in re.finditer(r"\.cu\((\d+)\): error", r.stderr)}
            at |= {int(m.group(1)) for m in re.finditer(r"at line (\d+) of \S+\.cu", r.stderr)}
            new = {lines[n] for n in at if n in lines}
            if r.returncode != 0 and not new:
                # An error no call's line names (a header nvcc cannot read):
                # nvcc accepts none of the group.
                print("nvcc rejects group %s: %s" % (group, r.stderr.strip()[:300]))
                new = set(lines.values())
            if r.returncode == 0 or not new:
                break
            rejected |= new
    return rejected


def warplint_compiles(binary, path, mode):
    args = [binary, "accesses", "--format=json", path, "--", "-ferror-limit=0"]
    if mode == "prelude":
        args.insert(2, "--no-cuda-sdk")
    else:
        args.insert(2, "--cuda-path=" + mode)
    r = subprocess.run(args, capture_output=True, text=True, errors="replace")
    names = set()
    try:
        for f in json.loads(r.stdout)["files"]:
            names |= {k["name"] for k in f["kernels"]}
    except (ValueError, KeyError):
        pass
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cuda-path", required=True)
    ap.add_argument("--warplint", required=True)
    ap.add_argument("--out", default=".")
    ap.add_argument("--update-docs")
    ap.add_argument("--check-docs")
    a = ap.parse_args()
    calls = all_calls(a.cuda_path)
    rejected = nvcc_rejects(a.cuda_path, a.out, calls)
    accepted = [i for i in range(len(calls)) if i not in rejected]
    ok = {"sdk": set(), "prelude": set()}
    for group in templates.GROUPS:
        path = os.path.join(a.out, "cuda_api_%s.cu" % re.sub(r"\W", "_", group))
        write_group(path, calls, group, rejected)
        for mode, label in ((a.cuda_path, "sdk"), ("prelude", "prelude")):
            ok[label] |= warplint_compiles(a.warplint, path, mode)
    failing = []
    for label in ("sdk", "prelude"):
        for i in accepted:
            if "cov_%d" % i not in ok[label]:
                failing.append("%s: %s (%s)" % (label, calls[i].label, calls[i].header))
        print("%s: %d of %d overloads nvcc accepts compile" %
              (label, sum("cov_%d" % i in ok[label] for i in accepted), len(accepted)))
    print("%d overloads declared, %d accepted by nvcc for sm_90" % (len(calls), len(accepted)))
    if a.update_docs:
        doc = open(a.update_docs).read()
        head, rest = doc.split(BEGIN)
        _, tail = rest.split(END)
        body = "\n".join("- " + f for f in failing) or "(none)"
        open(a.update_docs, "w").write(head + BEGIN + "\n" + body + "\n" + END + tail)
    if a.check_docs:
        doc = open(a.check_docs).read()
        listed = set(l[2:] for l in doc.split(BEGIN)[1].split(END)[0].splitlines()
                     if l.startswith("- "))
        grown = [f for f in failing if f not in listed]
        for f in grown:
            print("fails and is not in the list: " + f)
        print("%d failing, %d of them not listed" % (len(failing), len(grown)))
        return 1 if grown else 0
    for f in failing:
        print("fails: " + f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
