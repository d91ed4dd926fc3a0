"""Compares warplint's counts of a bulk copy with an H200's.

Usage: compare_bulk_copy.py WARPLINT NCU_CSV BULK_COPY_CU

The three bulkSum launches of bulk_copy.cu's main (offset 0, 16, 0; 8192,
8192, 2048 bytes), in launch order, are run on the device model (`run`) and
predicted (`accesses`). On the GPU the copy's bytes come from L2 by the TMA
(l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld), with no LSU global
load and no LSU shared-memory store wavefront. Prints one line per launch:
"agree" or "DISAGREE" with the numbers.
"""
import re
import subprocess
import sys

from ncu_csv import launches, run_metrics

SHAPES = [(0, 8192), (16, 8192), (0, 2048)]


def warplint(tool, cu, sub, offset, size):
    args = [tool, sub, "--no-cuda-sdk", cu, "--kernel", "bulkSum", "--grid", "1",
            "--block", "128", "--arg", "Offset=%d" % offset, "--arg", "Bytes=%d" % size]
    if sub == "run":
        args += ["--buffer", "Src=65536", "--buffer", "Out=4096"]
    return subprocess.run(args, capture_output=True, text=True).stdout


def main():
    tool, ncu, cu = sys.argv[1:4]
    gpu = [m for _, m in launches(ncu)]
    for (offset, size), m in zip(SHAPES, gpu):
        run = warplint(tool, cu, "run", offset, size)
        got = run_metrics(run)
        acc = warplint(tool, cu, "accesses", offset, size)
        pred = re.search(r"global ld bulk \S+.*sectors_per_request=([0-9.]+)", acc)
        want = m["l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld.sum"]
        tma = got.get("l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld.sum")
        pieces = got.get("warplint__tma_pieces_mem_global_op_ld.sum")
        lsu = got.get("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum")
        per = float(pred.group(1)) if pred else None
        tmain = got.get("l1tex__tmain_requests.sum")
        ok = (tma == want and tmain == m["l1tex__tmain_requests.sum"]
              and lsu == m["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"]
              and per is not None and pieces and abs(per * pieces - want) < 1e-6)
        print("%s offset %d, %d bytes: GPU %g sectors by the TMA, model %g in %g pieces, "
              "predicted %s per piece, LSU sectors %g, TMA instructions %g" %
              ("agree" if ok else "DISAGREE", offset, size, want, tma, pieces, per, lsu, tmain))


main()
