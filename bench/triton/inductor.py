#!/usr/bin/env python3
"""A torch.compile graph of our own writing, compiled so its Triton kernels'
PTX lands under TORCHINDUCTOR_CACHE_DIR (docs/triton.md shows how to lint it):

    TORCHINDUCTOR_CACHE_DIR=OUT python3 bench/triton/inductor.py
"""
import torch


def scaled_softmax_residual(x, r):
    return torch.softmax(x * 0.125, dim=-1) + r


def main():
    f = torch.compile(scaled_softmax_residual)
    x = torch.randn(2048, 1024, device="cuda")
    r = torch.randn(2048, 1024, device="cuda")
    torch.testing.assert_close(f(x, r), scaled_softmax_residual(x, r))
    print("compiled")


if __name__ == "__main__":
    main()
