"""swap.py CACHE A B: swaps the kept results of the files named A and B in
check's result cache CACHE (each entry found by the file's name in it), as
a poisoned cache would: each entry whole, its checksum right, under the
other's name. Prints how many entries it swapped."""
import glob
import os
import sys

cache, a, b = sys.argv[1:4]
entries = glob.glob(os.path.join(cache, "llvmcache-result-*"))
def holding(name):
    found = [e for e in entries if name.encode() in open(e, "rb").read()]
    if len(found) != 1:
        sys.exit("%d results name %s" % (len(found), name))
    return found[0]
ea, eb = holding(a), holding(b)
da, db = open(ea, "rb").read(), open(eb, "rb").read()
open(ea, "wb").write(db)
open(eb, "wb").write(da)
print("swapped 2")
