#!/usr/bin/env python3
"""Triton kernels of our own writing, compiled and timed on a GPU.

Compiles every kernel below for the GPU at hand into a Triton cache directory
(TRITON_CACHE_DIR: each kernel's .ptx, .json and .ttgir are what warplint
reads), times each at two sizes with CUDA events (median of many, warm: L2 as
the previous launch left it; cold: a buffer larger than L2 written first; the
GPU spins while the host enqueues, so no launch overhead) and writes timings.json:

    python3 bench/triton/kernels.py OUT_DIR

OUT_DIR/cache holds the Triton cache, OUT_DIR/timings.json the figures. Run it
on the `device` machine; tests/hardware/h200/triton/ keeps what it wrote.
"""
import json
import os
import statistics
import sys

OUT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "triton-out")
os.environ.setdefault("TRITON_CACHE_DIR", os.path.join(OUT, "cache"))

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402


@triton.jit
def vadd(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.jit
def vadd_f16_acc32(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask).to(tl.float32)
    y = tl.load(y_ptr + offs, mask=mask).to(tl.float32)
    tl.store(out_ptr + offs, (x * 0.5 + y).to(tl.float16), mask=mask)


@triton.jit
def vadd_strided(x_ptr, out_ptr, n, stride, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs * stride, mask=mask)
    tl.store(out_ptr + offs, x * 2.0, mask=mask)


@triton.jit
def row_softmax(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=mask, other=-float("inf")).to(tl.float32)
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    y = e / tl.sum(e, axis=0)
    tl.store(out_ptr + row * row_stride + cols, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def layernorm(x_ptr, w_ptr, b_ptr, out_ptr, n_cols, row_stride, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n_cols
    d = tl.where(mask, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / n_cols
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=1.0).to(tl.float32)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(out_ptr + row * row_stride + cols, (d * rstd * w + b).to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = a_ptr + rm[:, None] * sam + rk[None, :] * sak
    b = b_ptr + rk[:, None] * sbk + rn[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        av = tl.load(a, mask=rk[None, :] < K - k * BK, other=0.0)
        bv = tl.load(b, mask=rk[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(av, bv, acc)
        a += BK * sak
        b += BK * sbk
    c = c_ptr + rm[:, None] * scm + rn[None, :] * scn
    tl.store(c, acc.to(tl.float16), mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def matmul_tma(a_ptr, b_ptr, c_ptr, M, N, K,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    ad = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    bd = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    cd = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        av = ad.load([pid_m * BM, k * BK])
        bv = bd.load([k * BK, pid_n * BN])
        acc = tl.dot(av, bv, acc)
    cd.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))


def time_us(fn, cold, reps=50):
    """Median of `reps` launches timed with CUDA events, in microseconds."""
    flush = torch.empty(512 << 20, dtype=torch.uint8, device="cuda") if cold else None
    for _ in range(5):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        if cold:
            flush.zero_()
        # The GPU spins while Python enqueues the launch (tens of
        # microseconds), so the events time the kernel, not the host.
        torch.cuda._sleep(1 << 21)
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        torch.cuda.synchronize()
        times.append(s.elapsed_time(e) * 1000.0)
    return statistics.median(times)


def cases():
    """(name, kernel, size label, launch thunk, grid, num_warps, args) for every case."""
    dev = "cuda"
    for n in (1 << 20, 1 << 24):
        for dt in (torch.float32, torch.float16):
            x = torch.randn(n, device=dev, dtype=dt)
            y = torch.randn(n, device=dev, dtype=dt)
            o = torch.empty_like(x)
            for block, nw in ((1024, 4), (256, 2)):
                g = (triton.cdiv(n, block),)
                yield (f"vadd_{str(dt)[6:]}_b{block}_w{nw}", vadd, f"n={n}", g, nw, (x, y, o, n), dict(BLOCK=block))
        xh = torch.randn(n, device=dev, dtype=torch.float16)
        yh = torch.randn(n, device=dev, dtype=torch.float16)
        oh = torch.empty_like(xh)
        yield ("vadd_f16_acc32", vadd_f16_acc32, f"n={n}", (triton.cdiv(n, 1024),), 4, (xh, yh, oh, n), dict(BLOCK=1024))
        xs = torch.randn(n * 4, device=dev)
        os_ = torch.empty(n, device=dev)
        yield ("vadd_strided4", vadd_strided, f"n={n}", (triton.cdiv(n, 1024),), 4, (xs, os_, n, 4), dict(BLOCK=1024))
    for rows, cols in ((4096, 1024), (4096, 4096)):
        for dt in (torch.float32, torch.float16):
            x = torch.randn(rows, cols, device=dev, dtype=dt)
            o = torch.empty_like(x)
            blk = triton.next_power_of_2(cols)
            for nw in (4, 8):
                yield (f"softmax_{str(dt)[6:]}_w{nw}", row_softmax, f"{rows}x{cols}", (rows,), nw, (x, o, cols, x.stride(0)), dict(BLOCK=blk))
            w = torch.randn(cols, device=dev, dtype=dt)
            b = torch.randn(cols, device=dev, dtype=dt)
            yield (f"layernorm_{str(dt)[6:]}_w8", layernorm, f"{rows}x{cols}", (rows,), 8, (x, w, b, o, cols, x.stride(0), 1e-5), dict(BLOCK=blk))
    for s in (1024, 4096):
        a = torch.randn(s, s, device=dev, dtype=torch.float16)
        b = torch.randn(s, s, device=dev, dtype=torch.float16)
        c = torch.empty(s, s, device=dev, dtype=torch.float16)
        for bm, bn, bk, nw, st in ((128, 128, 64, 8, 3), (128, 128, 32, 4, 4), (64, 64, 32, 4, 2)):
            g = (triton.cdiv(s, bm), triton.cdiv(s, bn))
            yield (f"matmul_{bm}x{bn}x{bk}_w{nw}_s{st}", matmul, f"{s}^3", g, nw,
                   (a, b, c, s, s, s, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1)),
                   dict(BM=bm, BN=bn, BK=bk, num_stages=st))
        g = (triton.cdiv(s, 128), triton.cdiv(s, 128))
        yield ("matmul_tma_128x128x64_w8_s3", matmul_tma, f"{s}^3", g, 8, (a, b, c, s, s, s),
               dict(BM=128, BN=128, BK=64, num_stages=3))


def main():
    os.makedirs(OUT, exist_ok=True)
    try:
        triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    except Exception:  # older Triton: no device-side descriptors
        pass
    rows = []
    for name, kern, size, grid, nw, args, kw in cases():
        rec = {"case": name, "kernel": kern.__name__, "size": size, "grid": list(grid), "num_warps": nw,
               "constexprs": {k: v for k, v in kw.items() if k != "num_stages"},
               "num_stages": kw.get("num_stages")}
        try:
            def launch():
                return kern[grid](*args, num_warps=nw, **kw)
            ck = launch()
            rec["hash"] = ck.hash if hasattr(ck, "hash") else None
            rec["warm_us"] = time_us(launch, cold=False)
            rec["cold_us"] = time_us(launch, cold=True)
        except Exception as e:  # a case this Triton cannot build is recorded, not fatal
            rec["error"] = f"{type(e).__name__}: {e}"[:400]
        rows.append(rec)
        print(json.dumps(rec), flush=True)
    meta = {"gpu": torch.cuda.get_device_name(), "triton": triton.__version__, "torch": torch.__version__,
            "capability": list(torch.cuda.get_device_capability()), "timing": "cudaEvents median of 50; cold: 512 MiB written before each launch"}
    with open(os.path.join(OUT, "timings.json"), "w") as f:
        json.dump({"meta": meta, "cases": rows}, f, indent=1)


if __name__ == "__main__":
    main()
