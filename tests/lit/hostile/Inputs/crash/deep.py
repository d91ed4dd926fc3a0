"""Writes CUDA files nested deeper than any stack holds, into DIR.

usage: deep.py DIR [--repo STRIDED.cu]

templates.cu: a type with 85,000 nested template arguments (A<A<...<int>...>>);
bangs.cu: `return !!...!x;` with 100,000 `!`. Clang's parser recurses once per
level of either, past the end of its 256 MB stack. chain.cu: a kernel whose
address is the end of a chain of 20,000 dependent statements, which the
analysis follows recursively (it overflowed the 8 MB main thread's stack).

With --repo, DIR is a git repository of two commits instead: the first holds
STRIDED.cu as strided.cu, the second adds templates.cu and bangs.cu and
makes strided.cu's stride 16 (for `warplint diff HEAD~1 HEAD`).
"""
import os
import subprocess
import sys

out = sys.argv[1]
repo = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--repo" else None
os.makedirs(out, exist_ok=True)
GIT = ["git", "-c", "user.name=warplint", "-c", "user.email=warplint@example.invalid",
       "-c", "commit.gpgsign=false", "-c", "core.hooksPath=/dev/null",
       "-c", "init.defaultBranch=main"]


def git(*args):
    subprocess.run(GIT + list(args), cwd=out, check=True, stdout=subprocess.DEVNULL)


if repo:
    git("init", "-q", ".")
    strided = open(repo).read()
    with open(os.path.join(out, "strided.cu"), "w") as f:
        f.write(strided)
    git("add", ".")
    git("commit", "-q", "-m", "base")
    with open(os.path.join(out, "strided.cu"), "w") as f:
        f.write(strided.replace("8 * i", "16 * i"))
n = 85000
with open(os.path.join(out, "templates.cu"), "w") as f:
    f.write("template <class T> struct A {};\n")
    f.write("using Deep = " + "A<" * n + "int" + ">" * n + ";\n")
    f.write("__global__ void k(float *p) { p[threadIdx.x] = 1; }\n")
n = 100000
with open(os.path.join(out, "bangs.cu"), "w") as f:
    f.write("__device__ int f(int x) { return " + "!" * n + "x; }\n")
    f.write("__global__ void k(int *p) { p[threadIdx.x] = f(p[threadIdx.x]); }\n")
n = 20000
with open(os.path.join(out, "chain.cu"), "w") as f:
    f.write("__global__ void k(float *p) {\n  unsigned i = threadIdx.x;\n")
    for k in range(n):
        f.write("  i = i ^ (i >> %d);\n" % (1 + k % 7))
    f.write("  p[i] = 1;\n}\n")
if repo:
    os.remove(os.path.join(out, "chain.cu"))
    git("add", ".")
    git("commit", "-q", "-m", "deep")
