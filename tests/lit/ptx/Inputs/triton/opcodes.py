"""Prints every opcode (with its modifiers) the .ptx files under a directory
use, one a line, sorted: the instructions of Triton's PTX that
triton-opcodes.test holds warplint to."""
import pathlib
import re
import sys

ops = set()
for path in sorted(pathlib.Path(sys.argv[1]).rglob("*.ptx")):
    for line in path.read_text().splitlines():
        line = line.split("//")[0].strip()
        if not line or line[0] in ".{}$" or line.endswith(":"):
            continue
        line = re.sub(r"^@!?%?\w+\s+", "", line)
        op = line.split()[0].rstrip(";")
        if re.fullmatch(r"[a-z][a-z0-9_.:]*", op):
            ops.add(op)
print("\n".join(sorted(ops)))
