"""Damages every stored preamble in a cache directory: 'flip' inverts bytes
in the middle of each entry, 'truncate' cuts each to half its size."""
import glob
import os
import sys

mode, cache = sys.argv[1], sys.argv[2]
entries = glob.glob(os.path.join(cache, "llvmcache-preamble-*"))
if not entries:
    sys.exit("no stored preamble in " + cache)
for path in entries:
    data = bytearray(open(path, "rb").read())
    if mode == "flip":
        middle = len(data) // 2
        for i in range(middle, min(middle + 64, len(data))):
            data[i] ^= 0xFF
    else:
        data = data[: len(data) // 2]
    open(path, "wb").write(bytes(data))
