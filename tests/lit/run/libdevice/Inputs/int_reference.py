"""Host references for the CUDA integer intrinsics, conversions and
reinterpretations, as the CUDA Math API documents them (bit-exact). The SIMD
functions' lanes follow the PTX ISA's vop2/vop4/vset definitions they are
made of (lanes extended by their types, .sat clamps to the lane's range,
.add sums the lanes onto c), written from those definitions."""
import math
from fractions import Fraction

import fp_bits as fb


def s(x, w):
    x &= (1 << w) - 1
    return x - (1 << w) if x >> (w - 1) else x


def u(x, w):
    return x & ((1 << w) - 1)


def lanes(x, n):
    w = 32 // n
    return [(x >> (w * i)) & ((1 << w) - 1) for i in range(n)]


def pack(vals, n):
    w = 32 // n
    r = 0
    for i, v in enumerate(vals):
        r |= (v & ((1 << w) - 1)) << (w * i)
    return r


def sat(v, lo, hi):
    return max(lo, min(hi, v))


def simd(name):
    """__v<op><s|u|ss|us><2|4>(a[, b]) per 16- or 8-bit lane."""
    n = int(name[-1])
    w = 32 // n
    op = name[3:-1]
    smin, smax, umax = -(1 << (w - 1)), (1 << (w - 1)) - 1, (1 << w) - 1
    S = lambda v: s(v, w)  # noqa: E731
    lane_ops = {
        "add": lambda a, b: a + b, "sub": lambda a, b: a - b,
        "addss": lambda a, b: sat(S(a) + S(b), smin, smax),
        "subss": lambda a, b: sat(S(a) - S(b), smin, smax),
        "addus": lambda a, b: sat(a + b, 0, umax), "subus": lambda a, b: sat(a - b, 0, umax),
        # PTX vavrg: (sum + 1) >> 1 for a sum >= 0, sum >> 1 below (halves
        # round away from zero).
        "avgs": lambda a, b: (S(a) + S(b) + 1) >> 1 if S(a) + S(b) >= 0 else (S(a) + S(b)) >> 1,
        "avgu": lambda a, b: (a + b + 1) >> 1, "haddu": lambda a, b: (a + b) >> 1,
        "cmpeq": lambda a, b: umax if a == b else 0, "cmpne": lambda a, b: umax if a != b else 0,
        "cmpges": lambda a, b: umax if S(a) >= S(b) else 0,
        "cmpgeu": lambda a, b: umax if a >= b else 0,
        "cmpgts": lambda a, b: umax if S(a) > S(b) else 0,
        "cmpgtu": lambda a, b: umax if a > b else 0,
        "cmples": lambda a, b: umax if S(a) <= S(b) else 0,
        "cmpleu": lambda a, b: umax if a <= b else 0,
        "cmplts": lambda a, b: umax if S(a) < S(b) else 0,
        "cmpltu": lambda a, b: umax if a < b else 0,
        "maxs": lambda a, b: max(S(a), S(b)), "maxu": max, "mins": lambda a, b: min(S(a), S(b)),
        "minu": min, "absdiffu": lambda a, b: abs(a - b),
        "absdiffs": lambda a, b: abs(S(a) - S(b)),
        "abs": lambda a: abs(S(a)), "absss": lambda a: min(abs(S(a)), smax),
        "neg": lambda a: -S(a), "negss": lambda a: sat(-S(a), smin, smax),
    }
    for cmp in ("eq", "ne", "ges", "geu", "gts", "gtu", "les", "leu", "lts", "ltu"):
        f = lane_ops["cmp" + cmp]
        lane_ops["set" + cmp] = (lambda f: lambda a, b: 1 if f(a, b) else 0)(f)
    if op in ("sads", "sadu"):
        def sad(a, b):
            la, lb = lanes(a, n), lanes(b, n)
            return sum(abs((S(x) - S(y)) if op == "sads" else (x - y)) for x, y in zip(la, lb))
        return sad
    f = lane_ops.get(op)
    if f is None:
        return None
    if op in ("abs", "absss", "neg", "negss"):
        return lambda a: pack([f(x) for x in lanes(a, n)], n)
    return lambda a, b: pack([f(x, y) for x, y in zip(lanes(a, n), lanes(b, n))], n)


def byte_perm(a, b, c):
    both = a | (b << 32)
    return sum(((both >> (8 * ((c >> (4 * i)) & 7))) & 0xff) << (8 * i) for i in range(4))


def funnel(name):
    def f(lo, hi, n):
        both = (hi << 32) | lo
        k = n & 31 if name in ("__funnelshift_l", "__funnelshift_r") else min(n, 32)
        if name.startswith("__funnelshift_l"):
            return ((both << k) >> 32) & 0xffffffff
        return (both >> k) & 0xffffffff
    return f


def dp(name):
    def f(a, b, c):
        signed = [True, True, True]  # Filled from the signature by the caller.
        return a, b, c, signed
    return f


def to_int(x, w, signed, mode, from_float):
    """cvt.rXi of a float value x (bits decoded), saturated; NaN as an H100."""
    if x != x:
        return 0 if (from_float and w == 32) else (1 << (w - 1))
    lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if signed else (0, (1 << w) - 1)
    if x in (float("inf"), float("-inf")):
        return u(hi if x > 0 else lo, w)
    q = Fraction(x)
    r = {"rn": fb.round_half_even, "rz": math.trunc, "ru": math.ceil, "rd": math.floor}[mode](q)
    return u(sat(r, lo, hi), w)


CONV_MODES = ("rn", "rz", "ru", "rd")
