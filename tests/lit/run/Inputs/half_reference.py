#!/usr/bin/env python3
"""Recomputes every result run/half-arith.cu prints from the inputs it prints,
with exact rational arithmetic (fractions.Fraction) and IEEE rounding written
here: half (binary16) and bfloat16, round to nearest even and the directed
modes, PTX's integer conversions (truncating, saturating, NaN 0; 64-bit NaN
0x8000000000000000) and canonical NaN 0x7fff for arithmetic results and
conversions from float. Prints each mismatch and 'checked N results, M wrong'.

  half_reference.py OUTPUT_OF_WARPLINT_RUN
"""
import math
import struct
import sys
from fractions import Fraction as Fr

FMT = {"h": (10, 15), "b": (7, 127)}  # Mantissa bits, bias.
NAN = "nan"


def decode(bits, f):
    """A 16-bit value: Fraction, +-inf (float), NAN; zero as (sign, 0)."""
    m, bias = FMT[f]
    e = (bits >> m) & ((1 << (15 - m)) - 1)
    frac = bits & ((1 << m) - 1)
    neg = bool(bits & 0x8000)
    if e == (1 << (15 - m)) - 1:
        return NAN if frac else (-math.inf if neg else math.inf)
    v = Fr(frac, 1 << m) * Fr(2) ** (1 - bias) if e == 0 else \
        Fr((1 << m) | frac, 1 << m) * Fr(2) ** (e - bias)
    return Zero(neg) if v == 0 else (-v if neg else v)


class Zero:
    def __init__(self, neg):
        self.neg = neg


def val(x):
    return Fr(0) if isinstance(x, Zero) else x


def from_float_bits(bits, double=False):
    x = struct.unpack("<d" if double else "<f", struct.pack("<Q" if double else "<I", bits))[0]
    if math.isnan(x):
        return NAN
    if math.isinf(x):
        return x
    if x == 0:
        return Zero(math.copysign(1, x) < 0)
    return Fr(x)


def round_to(x, f, mode="rn"):
    """The bits of x rounded to format f in mode rn/rz/rd/ru."""
    m, bias = FMT[f]
    emax = (1 << (15 - m)) - 2 - bias
    inf = ((1 << (15 - m)) - 1) << m
    if x is NAN:
        return 0x7FFF
    if isinstance(x, Zero):
        return 0x8000 if x.neg else 0
    if isinstance(x, float):
        return inf | (0x8000 if x < 0 else 0)
    sign = 0x8000 if x < 0 else 0
    a = abs(x)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    while Fr(2) ** e > a:
        e -= 1
    while Fr(2) ** (e + 1) <= a:
        e += 1
    q = max(e, 1 - bias) - m  # The quantum.
    n = a / Fr(2) ** q
    r = n.numerator // n.denominator
    rem = n - r
    up = {"rn": rem > Fr(1, 2) or (rem == Fr(1, 2) and r % 2 == 1),
          "rz": False, "rd": rem > 0 and sign != 0, "ru": rem > 0 and sign == 0}[mode]
    r += up
    if r == 1 << (m + 1):
        r >>= 1
        q += 1
    if r < (1 << m):
        return sign | r
    ex = q + m + bias
    if ex > emax + bias:  # Overflow: infinity, or the largest finite toward zero.
        to_inf = mode == "rn" or (mode == "ru" and not sign) or (mode == "rd" and sign)
        return sign | (inf if to_inf else inf - 1)
    return sign | (ex << m) | (r - (1 << m))


def arith(op, x, y, z=None):
    """x op y (op: + - * /, fma with z), exactly; NAN, inf or a value."""
    if NAN in (x, y, z):
        return NAN
    fx, fy = [float(v) if not isinstance(v, Zero) else (-0.0 if v.neg else 0.0) for v in (x, y)]
    if op == "fma":
        p = arith("*", x, y)
        return arith("+", p, z)
    if any(isinstance(v, float) for v in (x, y)):
        with_inf = {"+": fx + fy, "-": fx - fy, "*": fx * fy}.get(op)
        if op == "/":
            with_inf = fx / fy if fy != 0 else math.copysign(math.inf, fx) * math.copysign(1, fy)
            if isinstance(x, float) and isinstance(y, float):
                return NAN
        if with_inf is None or math.isnan(with_inf):
            return NAN
        return with_inf if math.isinf(with_inf) else (Zero(math.copysign(1, with_inf) < 0)
                                                       if with_inf == 0 else Fr(with_inf))
    if op == "/" and val(y) == 0:
        return NAN if val(x) == 0 else (math.inf if (val(x) > 0) == (fy > 0 or
                                         (fy == 0 and math.copysign(1, fy) > 0)) else -math.inf)
    r = {"+": lambda: val(x) + val(y), "-": lambda: val(x) - val(y),
         "*": lambda: val(x) * val(y), "/": lambda: val(x) / val(y)}[op]()
    if r != 0:
        return r
    sx = math.copysign(1, fx) < 0
    sy = math.copysign(1, fy) < 0
    if op == "*" or op == "/":
        return Zero(sx != sy)
    if op == "-":
        sy = not sy
    return Zero(sx and sy)  # Exact zero sums are +0 unless both are -0.


def cmp(x, y):
    """-1, 0, 1, or None (unordered)."""
    if NAN in (x, y):
        return None
    fx = float(x) if isinstance(x, float) else float(val(x)) if not isinstance(val(x), float) else 0
    a = x if isinstance(x, float) else val(x)
    b = y if isinstance(y, float) else val(y)
    return (a > b) - (a < b)


def minmax(x, y, f, is_max):
    if x is NAN and y is NAN:
        return 0x7FFF
    if x is NAN:
        return None
    if y is NAN:
        return None
    c = cmp(x, y)
    return None if c == 0 else ((c > 0) == is_max)


def to_int(x, mode, lo, hi, nan):
    if x is NAN:
        return nan
    if isinstance(x, float):
        return hi if x > 0 else lo
    v = val(x)
    n = {"rn": round(v), "rz": int(v), "rd": math.floor(v), "ru": math.ceil(v)}[mode]
    return max(lo, min(hi, n))


class Checker:
    def __init__(self):
        self.n = 0
        self.bad = 0

    def eq(self, line, what, got, want):
        self.n += 1
        if got != want:
            self.bad += 1
            print("%s: %s is %s, expected %s" % (line, what, got, want))


def main():
    lines = [l.strip() for l in open(sys.argv[1]) if l.startswith(("t", "atomics"))]
    by = {}
    for l in lines:
        head, _, rest = l.partition(" ")
        if head.startswith("t"):
            kind = rest.split()[0]
            by[(int(head[1:]), kind)] = l
    c = Checker()
    I32, I16 = (-2**31, 2**31 - 1), (-2**15, 2**15 - 1)
    for (t, kind), l in sorted(by.items()):
        ins, _, outs = l.partition(" : ")
        args = ins.split()[2:]
        o = outs.split()
        H = lambda s, f: decode(int(s, 16), f)
        if kind == "f2h":
            x = from_float_bits(int(args[0], 16))
            for i, (f, mode) in enumerate([(f, m) for f in "hb" for m in ("rn", "rz", "rd", "ru")]):
                c.eq(l, "%s %s" % (f, mode), int(o[i], 16), round_to(x, f, mode))
        elif kind == "d2h":
            bits = int(args[0], 16)
            x = from_float_bits(bits, double=True)
            for i, f in enumerate("hb"):
                m = FMT[f][0]
                want = round_to(x, f) if x is not NAN else \
                    ((bits >> 48) & 0x8000) | (((1 << (15 - m)) - 1) << m) | (1 << (m - 1)) | \
                    ((bits & ((1 << 52) - 1)) >> (52 - m))
                c.eq(l, f, int(o[i], 16), want)
        elif kind in ("hop", "bop"):
            f = "h" if kind == "hop" else "b"
            x, y = H(args[0], f), H(args[1], f)
            for i, op in enumerate("+-*/"):
                c.eq(l, op, int(o[i], 16), round_to(arith(op, x, y), f))
            c.eq(l, "fma", int(o[4], 16), round_to(arith("fma", x, y, x), f))
            for i, is_max in ((5, False), (6, True)):
                pick = minmax(x, y, f, is_max)
                want = pick if pick == 0x7FFF else (int(args[0], 16) if pick else int(args[1], 16)) \
                    if pick is not None else (int(args[1], 16) if x is NAN else int(args[0], 16))
                if pick is None and x is not NAN and y is not NAN:
                    want = int(o[i], 16)  # Equal values: either (+-0).
                c.eq(l, "max" if is_max else "min", int(o[i], 16), want)
            s = arith("+", x, y)
            sat = 0 if s is NAN else round_to(s, f)
            v = decode(sat, f) if s is not NAN else NAN
            if v is NAN or isinstance(v, Zero) or (not isinstance(v, float) and v < 0) or \
                    (isinstance(v, float) and v < 0):
                sat = sat if isinstance(v, Zero) else 0
            elif isinstance(v, float) or v > 1:
                sat = 0x3C00 if f == "h" else 0x3F80
            c.eq(l, "sat", int(o[7], 16), sat)
            r = cmp(x, y)
            u = r is None
            bits = [not u and r < 0, not u and r <= 0, not u and r == 0, not u and r != 0,
                    not u and r >= 0, not u and r > 0, u or r < 0, u or r <= 0, u or r == 0,
                    u or r != 0, u or r >= 0, u or r > 0]
            c.eq(l, "compare", int(o[8], 16), sum(1 << i for i, b in enumerate(bits) if b))
        elif kind in ("h2i", "b2i"):
            f = "h" if kind == "h2i" else "b"
            x = H(args[0], f)
            want = [to_int(x, m, *I32, 0) for m in ("rn", "rz", "rd", "ru")]
            want += [to_int(x, "rn", *I16, 0), to_int(x, "rz", 0, 65535, 0)]
            if f == "h":
                want += [to_int(x, "rn", -2**63, 2**63 - 1, -2**63), to_int(x, "rz", 0, 2**64 - 1, 2**63),
                         to_int(x, "rz", -128, 127, 0), to_int(x, "rz", 0, 255, 0)]
            else:
                want += [to_int(x, "rd", -2**63, 2**63 - 1, -2**63), to_int(x, "ru", 0, 2**64 - 1, 2**63)]
            for i, w in enumerate(want):
                c.eq(l, "conversion %d" % i, int(o[i]), w)
        elif kind == "i2h":
            ll = int(args[0], 16)
            sll = ll - (1 << 64) if ll >> 63 else ll
            i32 = (ll & 0xFFFFFFFF) - ((ll & 0x80000000) << 1)
            s16 = (ll & 0xFFFF) - ((ll & 0x8000) << 1)
            q = lambda n: Fr(n) if n else Zero(False)
            want = [round_to(q(i32), "h", m) for m in ("rn", "rz", "rd", "ru")]
            want += [round_to(q(sll), "b", m) for m in ("rn", "rz", "rd", "ru")]
            want += [round_to(q(ll), "h"), round_to(q(ll & 0xFFFFFFFF), "b"), round_to(q(s16), "h", "rd")]
            for i, w in enumerate(want):
                c.eq(l, "conversion %d" % i, int(o[i], 16), w)
        elif kind in ("hm", "bm"):
            f = "h" if kind == "hm" else "b"
            x = H(args[0], f)
            bits = int(args[0], 16)
            absx = NAN if x is NAN else decode(bits & 0x7FFF, f)
            if absx is NAN:
                sq = 0x7FFF
            elif isinstance(absx, (float, Zero)):
                sq = round_to(absx, f)
            else:  # Exact square root, rounded: the double's rounding to 16 bits is innocuous.
                sq = round_to(Fr(math.sqrt(float(absx))), f)
            want = [sq]
            for fn in (lambda v: round(v), math.floor, math.trunc, math.ceil):
                if x is NAN or isinstance(x, (float, Zero)):
                    want.append(round_to(x, f))
                else:
                    r = Fr(fn(x))
                    want.append(round_to(r if r != 0 else Zero(x < 0), f))
            want += [0x7FFF if x is NAN else bits & 0x7FFF, 0x7FFF if x is NAN else bits ^ 0x8000]
            for i, w in enumerate(want):
                c.eq(l, "function %d" % i, int(o[i], 16), w)
            c.eq(l, "isnan", int(o[7]), int(x is NAN))
            c.eq(l, "isinf", int(o[8]), 1 if x == math.inf else -1 if x == -math.inf else 0)
        elif kind == "h2":
            px, py, qx, qy = [H(a, "h") for a in args[:4]]
            r = lambda v: round_to(v, "h")
            R = lambda b: decode(b, "h")
            want = [r(arith("+", px, qx)), r(arith("+", py, qy)), r(arith("*", px, qx)),
                    r(arith("*", py, qy)), r(arith("fma", px, qx, px)), r(arith("fma", py, qy, py))]
            re = r(arith("fma", px, qx, px))
            im = r(arith("fma", px, qy, py))
            negpy = NAN if py is NAN else R(int(args[1], 16) ^ 0x8000)
            want += [r(arith("fma", negpy, qy, R(re))), r(arith("fma", py, qx, R(im)))]
            for i, w in enumerate(want):
                c.eq(l, "pair %d" % i, int(o[i], 16), w)
            lt = [cmp(a, b) is not None and cmp(a, b) < 0 for a, b in ((px, qx), (py, qy))]
            c.eq(l, "mask", int(o[8], 16), (0xFFFF if lt[0] else 0) | (0xFFFF0000 if lt[1] else 0))
            ltu = [cmp(a, b) is None or cmp(a, b) < 0 for a, b in ((px, qx), (py, qy))]
            c.eq(l, "both", int(o[9]), int(all(ltu)))
        elif kind == "shfl":
            o = l.split()[2:]
            other = by.get((t ^ 1, "hop")).split()[2]
            c.eq(l, "xor", o[0], other)
            src = t + 2 if t + 2 < 32 else t
            b = by.get((src, "bop")).split()
            c.eq(l, "down", o[1:3], b[2:4])
    for l in lines:
        if l.startswith("atomics"):
            c.eq(l, "atomics", l.split()[1:], ["5000", "4180"])
    print("checked %d results, %d wrong" % (c.n, c.bad))


if __name__ == "__main__":
    main()
