"""Damages check's kept results in a cache directory: the first entry (by
name) is cut to half its size, the second has bytes in its middle inverted;
the others stay as they are."""
import glob
import os
import sys

entries = sorted(glob.glob(os.path.join(sys.argv[1], "llvmcache-result-*")))
if len(entries) < 2:
    sys.exit("fewer than two kept results in " + sys.argv[1])
data = open(entries[0], "rb").read()
open(entries[0], "wb").write(data[: len(data) // 2])
data = bytearray(open(entries[1], "rb").read())
middle = len(data) // 2
for i in range(middle, min(middle + 16, len(data))):
    data[i] ^= 0xFF
open(entries[1], "wb").write(bytes(data))
