"""Compares warplint's shared-memory counts of kernels with mbarriers with an
H200's.

Usage: compare_mbarrier.py WARPLINT ROOT

From sm_90 on an mbarrier operation is a SYNCS instruction, not an LSU
shared access: the H200 counts only the kernels' plain shared loads and
stores in smsp__sass_inst_executed_op_shared_{ld,st} and the LSU
wavefronts. Each kernel is run on the device model (`run`) and its
`accesses` listed; prints one line per kernel and metric, "agree" or
"DISAGREE", and one line per kernel with the patterns `accesses` gives its
mbarrier operations.
"""
import os
import re
import subprocess
import sys

from ncu_csv import launches, run_metrics

HOPPER = "tests/hardware/h200/hopper"
# (ncu fixture, kernel name in it, warplint input, warplint arguments)
KERNELS = [
    ("mbarrier_ops.ncu.csv", "mbarOps", HOPPER + "/mbarrier_ops.cu",
     ["--kernel", "mbarOps", "--grid", "1", "--block", "128", "--no-cuda-sdk"],
     ["--buffer", "Out=4096"]),
    ("mbarrier_ops.ncu.csv", "mbarTestOnly", HOPPER + "/mbarrier_ops.cu",
     ["--kernel", "mbarTestOnly", "--grid", "1", "--block", "128", "--no-cuda-sdk"],
     ["--buffer", "Out=4096"]),
    ("mbarrier_ring.ncu.csv", "ring", "tests/lit/run/Inputs/mbarrier.ptx",
     ["--kernel", "ring", "--grid", "1", "--block", "128", "--arg", "ring_param_2=8"],
     ["--buffer", "ring_param_0=2048:iota", "--buffer", "ring_param_1=2048"]),
]
# The model's metric and the GPU's it is compared with (the SASS count:
# ncu's smsp__inst_executed_op_shared_ld also counts 20 of the ring's
# try_wait polls, which no SASS shared load makes).
METRICS = [
    ("smsp__inst_executed_op_shared_ld.sum", "smsp__sass_inst_executed_op_shared_ld.sum"),
    ("smsp__inst_executed_op_shared_st.sum", "smsp__sass_inst_executed_op_shared_st.sum"),
    ("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
     "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"),
    ("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
     "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"),
]


def main():
    tool, root = sys.argv[1:3]
    for fixture, kernel, src, args, buffers in KERNELS:
        gpu = next(m for name, m in launches(os.path.join(root, HOPPER, fixture))
                   if name.startswith(kernel))
        path = os.path.join(root, src)
        run = subprocess.run([tool, "run", path] + args + buffers, capture_output=True,
                             text=True).stdout
        got = run_metrics(run)
        for model, hw in METRICS:
            want, have = gpu[hw], got.get(model)
            print("%s %s %s: GPU %g, model %s" % ("agree" if have == want else "DISAGREE",
                                                   kernel, model, want, have))
        acc = subprocess.run([tool, "accesses", path] + args, capture_output=True,
                             text=True).stdout
        kinds = sorted(set(re.findall(r"shared (\S+) 8B (\S+)", acc)))
        print("%s mbarrier accesses: %s" % (kernel, " ".join("%s:%s" % k for k in kinds)))


main()
