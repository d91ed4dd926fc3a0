#!/usr/bin/env python3
"""Recomputes what run/fp8-convert.cu prints from the inputs it prints, from
the formats' definitions with exact rational arithmetic (fractions.Fraction):
e4m3 (bias 7, 3 mantissa bits, no infinity, NaN S.1111.111, largest 448),
e5m2 (bias 15, 2 mantissa bits, IEEE infinities and NaNs, largest 57344) and
the e8m0 scale 2^(code - 127) (0xff NaN). To fp8: round to nearest even with
an unbounded exponent, then past the largest finite value __NV_SATFINITE
gives it, __NV_NOSAT NaN (e4m3) or infinity (e5m2); NaN from float, half
and bfloat16 is 0x7f, from a double sign | 0x7f (e4m3) or sign | 0x7e | its
top two mantissa bits (e5m2). From fp8: exact, NaN the canonical 0x7fff half
and 0x7fffffff float (e8m0: the bfloat16's). e8m0: |x| to the power of two below (cudaRoundZero)
or above (cudaRoundPosInf), at least 2^-127; past 2^127 SATFINITE gives 2^127,
NOSAT NaN; a double counts as at most FLT_MAX. The classes' conversions to
integers truncate, clamp and give 0 for NaN (64 bits: 0x8000000000000000).
Prints each mismatch and 'checked N results, M wrong'.

  fp8_reference.py SORTED_OUTPUT_OF_WARPLINT_RUN
"""
import math
import struct
import sys
from fractions import Fraction as Fr

NAN = "nan"
FORMATS = {"e4": (3, 7), "e5": (2, 15)}  # Mantissa bits, bias.


def fp8_value(code, f):
    """Fraction (signed; -0 as ('-0')), +-inf, or NAN."""
    m, bias = FORMATS[f]
    neg, a = code & 0x80, code & 0x7F
    e, frac = a >> m, a & ((1 << m) - 1)
    if f == "e4" and a == 0x7F:
        return NAN
    if f == "e5" and e == 31:
        return NAN if frac else (-math.inf if neg else math.inf)
    v = Fr(frac, 1 << m) * Fr(2) ** (1 - bias) if e == 0 else \
        Fr((1 << m) | frac, 1 << m) * Fr(2) ** (e - bias)
    if v == 0:
        return "-0" if neg else Fr(0)
    return -v if neg else v


FINITE = {f: sorted({fp8_value(c, f) for c in range(0x7F) if fp8_value(c, f) not in (NAN, math.inf)})
          for f in FORMATS}
CODE = {f: {fp8_value(c, f): c for c in range(0x7F) if isinstance(fp8_value(c, f), Fr)} for f in FORMATS}


def to_fp8(x, sat, f, neg):
    """Magnitude x (Fraction or inf) with sign neg to an fp8 code."""
    m, bias = FORMATS[f]
    top = FINITE[f][-1]
    sign = 0x80 if neg else 0
    over = sign | (top_code(f) if sat else (0x7F if f == "e4" else 0x7C))
    if x == math.inf:
        return over
    # Nearest of the finite values and the next one past the largest.
    e = math.floor(math.log2(top))
    past = top + Fr(2) ** (e - m)
    cands = FINITE[f] + [past]
    best = min(cands, key=lambda v: abs(v - x))
    ties = [v for v in cands if abs(v - x) == abs(best - x)]
    if len(ties) == 2:
        best = ties[0] if code_of(ties[0], f, past) % 2 == 0 else ties[1]
    if best == past:
        return over
    return sign | CODE[f][best]


def code_of(v, f, past):
    return top_code(f) + 1 if v == past else CODE[f][v]


def top_code(f):
    return 0x7E if f == "e4" else 0x7B


def float_of(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def split(bits, width):
    """(sign, magnitude Fraction or inf, or NAN) of an IEEE value."""
    m, e_bits = {16: (10, 5), 32: (23, 8), 64: (52, 11), 161: (7, 8)}[width]
    total = 16 if width == 161 else width
    neg = bool(bits >> (total - 1))
    e = (bits >> m) & ((1 << e_bits) - 1)
    frac = bits & ((1 << m) - 1)
    bias = (1 << (e_bits - 1)) - 1
    if e == (1 << e_bits) - 1:
        return neg, (NAN if frac else math.inf)
    v = Fr(frac, 1 << m) * Fr(2) ** (1 - bias) if e == 0 else \
        Fr((1 << m) | frac, 1 << m) * Fr(2) ** (e - bias)
    return neg, v


def convert(bits, width, sat, f):
    neg, v = split(bits, width)
    if v == NAN:
        if width != 64:
            return 0x7F
        return (0x80 if neg else 0) | (0x7F if f == "e4" else 0x7E | (bits >> 50) & 3)
    return to_fp8(v, sat, f, neg)


def four(bits, width):
    return [convert(bits, width, s, f) for f in ("e4", "e5") for s in (False, True)]


def encode_ieee(v, m, e_bits):
    """An exact value (Fraction, '-0', +-inf) as IEEE bits; NaN canonical."""
    total = 1 + e_bits + m
    bias = (1 << (e_bits - 1)) - 1
    if v == NAN:
        return (1 << (total - 1)) - 1
    if v == "-0":
        return 1 << (total - 1)
    neg = v < 0
    sign = (1 << (total - 1)) if neg else 0
    v = abs(v)
    if v == math.inf:
        return sign | (((1 << e_bits) - 1) << m)
    if v == 0:
        return sign
    e = math.floor(math.log2(v))
    while Fr(2) ** e > v:
        e -= 1
    while Fr(2) ** (e + 1) <= v:
        e += 1
    if e < 1 - bias:  # Subnormal.
        return sign | int(v / Fr(2) ** (1 - bias - m))
    return sign | ((e + bias) << m) | int((v / Fr(2) ** e - 1) * (1 << m))


def widen(bits):
    """A float's bits as a double's (a NaN keeps its sign and payload)."""
    sign, e, frac = bits >> 31, (bits >> 23) & 0xFF, bits & 0x7FFFFF
    if e == 0xFF:
        return sign << 63 | 0x7FF << 52 | (frac | (0x400000 if frac else 0)) << 29
    return struct.unpack("<Q", struct.pack("<d", float_of(bits)))[0]


def to_int(v, lo, hi, nan):
    if v == NAN:
        return nan
    if v == "-0":
        return 0
    if v in (math.inf, -math.inf):
        return hi if v > 0 else lo
    return max(lo, min(hi, int(v)))  # int() truncates a Fraction.


def e8m0(neg_v, sat, up, is_double=False):
    neg, v = neg_v
    if v == NAN:
        return 0xFF
    fmax = Fr(2) ** 127 * (2 - Fr(1, 1 << 23))
    if v == math.inf or (is_double and v > fmax):
        if up or v == math.inf:
            return 0xFE if sat else 0xFF
        v = fmax
    if v == 0:
        return 0
    k = math.floor(math.log2(v))
    while Fr(2) ** k > v:
        k -= 1
    while Fr(2) ** (k + 1) <= v:
        k += 1
    if up and Fr(2) ** k != v:
        k += 1
    code = max(k + 127, 0)
    return code if code <= 254 else (0xFE if sat else 0xFF)


def main(path):
    lines = {}
    for line in open(path):
        parts = line.split()
        if len(parts) > 2 and parts[0].startswith("t"):
            lines.setdefault((int(parts[0][1:]), parts[1]), []).append(parts)
    checked = wrong = 0

    def check(what, got, want):
        nonlocal checked, wrong
        checked += 1
        if got != want:
            wrong += 1
            print("wrong: %s: got %x, want %x" % (what, got, want))

    def hexes(parts):
        return [int(p, 16) for p in parts[parts.index(":") + 1:] if p != "|"]

    for t in range(32):
        g = (t + 7) % 32
        for kind, width in (("f", 32), ("h", 16), ("b", 161)):
            p = lines[(t, kind)][0]
            x = int(p[2], 16)
            gx = int(lines[(g, kind)][0][2], 16)
            got = hexes(p)
            want = four(x, width)
            pair1 = convert(x, width, True, "e4") | convert(gx, width, True, "e4") << 8
            if kind == "f":
                pair2 = convert(gx, width, False, "e5") | convert(x, width, False, "e5") << 8
            else:
                pair2 = convert(x, width, False, "e5") | convert(gx, width, False, "e5") << 8
            want += [pair1, pair2, convert(x, width, True, "e4"), convert(x, width, True, "e5")]
            for i, (a, b) in enumerate(zip(got, want)):
                check("t%d %s %x [%d]" % (t, kind, x, i), a, b)
        p = lines[(t, "d")][0]
        d = int(p[2], 16)
        gf = int(lines[(g, "f")][0][2], 16)
        got = hexes(p)
        want = four(d, 64) + [convert(d, 64, True, "e5") | convert(widen(gf), 64, True, "e5") << 8,
                              convert(d, 64, True, "e4"), convert(d, 64, True, "e5")]
        for i, (a, b) in enumerate(zip(got, want)):
            check("t%d d %x [%d]" % (t, d, i), a, b)
        # e8m0 from float (both modes, both saturations), double, bfloat16.
        p = lines[(t, "e8")][0]
        x = int(p[2], 16)
        got = hexes(p)
        fv = split(x, 32)
        dbits = int(lines[(t, "d")][0][2], 16)
        dv = split(dbits, 64)
        bv = split(int(lines[(t, "b")][0][2], 16), 161)
        gv = split(gf, 32)
        want = [e8m0(fv, True, False), e8m0(fv, True, True), e8m0(fv, False, True),
                e8m0(fv, False, False), e8m0(dv, True, True, True), e8m0(dv, False, False, True),
                e8m0(bv, True, True), e8m0(fv, True, True),
                e8m0(fv, False, False) | e8m0(gv, False, False) << 8]
        for i, (a, b) in enumerate(zip(got, want)):
            check("t%d e8 %x [%d]" % (t, x, i), a, b)
        # Every code back.
        for p in lines[(t, "r")]:
            c = int(p[2], 16)
            fields = p[p.index(":") + 1:]
            got = hexes(p[:p.index(":") + 1] + fields[:4])
            h = lambda code, f: encode_ieee(fp8_value(code, f), 10, 5)
            want = [h(c, "e4"), h(c, "e5"), h(c, "e4"), h(c ^ 0x80, "e4")]
            for i, (a, b) in enumerate(zip(got, want)):
                check("t%d r %02x [%d]" % (t, c, i), a, b)
            groups = " ".join(fields[5:]).split(" | ")
            for f, grp in zip(("e4", "e5"), groups[:2]):
                v = fp8_value(c, f)
                fl, i32, u8, s8, u64, b, bf = grp.split()
                fbits = 0x7FFFFFFF if v == NAN else encode_ieee(v, 23, 8)
                check("t%d r %02x %s float" % (t, c, f), int(fl, 16), fbits)
                check("t%d r %02x %s int" % (t, c, f), int(i32), to_int(v, -2**31, 2**31 - 1, 0))
                check("t%d r %02x %s uchar" % (t, c, f), int(u8), to_int(v, 0, 255, 0))
                check("t%d r %02x %s schar" % (t, c, f), int(s8), to_int(v, -128, 127, 0))
                check("t%d r %02x %s ull" % (t, c, f), int(u64, 16), to_int(v, 0, 2**64 - 1, 2**63))
                check("t%d r %02x %s bool" % (t, c, f), int(b), int(c & 0x7F != 0))
                check("t%d r %02x %s bf16" % (t, c, f), int(bf, 16), fbits >> 16)
            e8bf, e8f = groups[2].split()
            sv = NAN if c == 0xFF else Fr(2) ** (c - 127)
            check("t%d r %02x e8m0 bf16" % (t, c), int(e8bf, 16), encode_ieee(sv, 7, 8))
            # The float of the bfloat16 (NaN 0x7fff0000).
            check("t%d r %02x e8m0 float" % (t, c), int(e8f, 16), encode_ieee(sv, 7, 8) << 16)
    print("checked %d results, %d wrong" % (checked, wrong))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
