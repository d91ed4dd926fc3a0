#!/usr/bin/env python3
"""Writes, from frontend/ptxisa/PtxOpcodes.def, one .ptx kernel and one CUDA
kernel that run every row's examples on the same 32 threads' inputs: the
.ptx as PTX instructions, the .cu as asm() statements. Each prints
"tLANE rROW.EXAMPLE RESULT" per example, so `warplint run` on both must print
the same lines when both inputs give the instruction the same meaning.

Usage: agree.py DEF OUTDIR. Writes OUTDIR/agree.ptx, OUTDIR/agree.cu and
OUTDIR/rows.txt (the rows run and the rows without examples, by family).
"""
import os
import re
import sys

ROW = re.compile(r'^PTX_OPCODE\((\w+),\s*"([^"]*)",\s*(\w+),\s*"([^"]*)",\s*((?:"[^"]*"\s*)+)\)',
                 re.M | re.S)
# The sources of every example, the same expressions in both inputs: edge
# values for the low lanes, then mixed bits; c and e also exceed 32 (shift and
# field lengths past the width).
SOURCES = ["a", "b", "c", "e"]


def rows(def_text):
    text = re.sub(r"//[^\n]*", "", def_text)
    for m in ROW.finditer(text):
        examples = "".join(re.findall(r'"([^"]*)"', m.group(5)))
        yield m.group(1), m.group(2), m.group(3), [e.strip() for e in examples.split(";")
                                                   if e.strip()]


def ptx_kernel(cases):
    out = [".version 8.0", ".target sm_90", ".address_size 64",
           ".extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, "
           ".param .b64 vprintf_param_1);",
           ]
    fmt = "t%02u r%u.%u %08x\n"
    out.append(".global .align 1 .b8 fmt[%d] = {%s, 0};" % (
        len(fmt) + 1, ", ".join(str(ord(c)) for c in fmt)))
    out += [".visible .entry agree()", "{", "  .local .align 8 .b8 depot[16];",
            "  .reg .b32 %t, %a, %b, %c, %e, %d<{}>, %ret;".format(len(cases) + 1),
            "  .reg .b64 %buf, %gbuf, %fmt, %gfmt;",
            "  mov.u32 %t, %tid.x;",
            "  mul.lo.u32 %a, %t, -1640531535;",       # t * 0x9e3779b1
            "  xor.b32 %a, %a, 0x80007fff;",
            "  mul.lo.u32 %b, %t, 16777619;",
            "  xor.b32 %b, %b, 0x7f7f8080;",
            "  mad.lo.u32 %c, %t, 7, 3;",
            "  mad.lo.u32 %e, %t, 5, 1;",
            "  mov.u64 %buf, depot;", "  cvta.local.u64 %gbuf, %buf;",
            "  mov.u64 %fmt, fmt;", "  cvta.global.u64 %gfmt, %fmt;"]
    for k, (row, ex, text) in enumerate(cases):
        insn = text.replace("$d", "%%d%d" % k)
        for s in SOURCES:
            insn = insn.replace("$" + s, "%" + s)
        out += ["  " + insn + ";",
                "  st.local.u32 [%buf], %t;", "  st.local.u32 [%%buf+4], %d;" % row,
                "  st.local.u32 [%%buf+8], %d;" % ex, "  st.local.u32 [%%buf+12], %%d%d;" % k,
                "  {", "  .param .b64 param0;", "  st.param.b64 [param0], %gfmt;",
                "  .param .b64 param1;", "  st.param.b64 [param1], %gbuf;",
                "  .param .b32 retval0;", "  call.uni (retval0), vprintf, (param0, param1);",
                "  ld.param.b32 %ret, [retval0];", "  }"]
    out += ["  ret;", "}"]
    return "\n".join(out) + "\n"


def cuda_kernel(cases):
    out = ["#include <cstdio>", "__global__ void agree() {",
           "  unsigned t = threadIdx.x;",
           "  unsigned a = (t * 0x9e3779b1u) ^ 0x80007fffu, b = (t * 16777619u) ^ 0x7f7f8080u;",
           "  unsigned c = t * 7 + 3, e = t * 5 + 1;"]
    for k, (row, ex, text) in enumerate(cases):
        insn = text.replace("$d", "%0")
        for n, s in enumerate(SOURCES):
            insn = insn.replace("$" + s, "%%%d" % (n + 1))
        out += ["  {", "    unsigned d;",
                '    asm("%s;" : "=r"(d) : "r"(a), "r"(b), "r"(c), "r"(e));' % insn,
                '    printf("t%%02u r%%u.%%u %%08x\\n", t, %du, %du, d);' % (row, ex), "  }"]
    out += ["}"]
    return "\n".join(out) + "\n"


def main(def_path, outdir):
    cases, ran, without = [], [], {}
    for number, (enum, name, family, examples) in enumerate(rows(open(def_path).read())):
        if not examples:
            without.setdefault(family, []).append(name)
            continue
        ran.append(name)
        for ex, text in enumerate(examples):
            cases.append((number, ex, text))
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "agree.ptx"), "w") as f:
        f.write(ptx_kernel(cases))
    with open(os.path.join(outdir, "agree.cu"), "w") as f:
        f.write(cuda_kernel(cases))
    with open(os.path.join(outdir, "rows.txt"), "w") as f:
        f.write("run: %d rows, %d instructions: %s\n" % (len(ran), len(cases), " ".join(ran)))
        for family in sorted(without):
            f.write("without examples (%s): %s\n" % (family, " ".join(without[family])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
