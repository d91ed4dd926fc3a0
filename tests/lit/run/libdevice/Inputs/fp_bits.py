"""IEEE binary32/binary64 bits: decoding, exact rounding of rationals in every
rounding mode (subnormals and overflow included) and distance in ulps."""
import math
import struct
from fractions import Fraction

# width -> (mantissa bits with the hidden one, minimum normal exponent, maximum exponent)
FORMATS = {32: (24, -126, 127), 64: (53, -1022, 1023)}


def value(bits, width):
    if width == 32:
        return struct.unpack("<f", struct.pack("<I", bits & 0xffffffff))[0]
    return struct.unpack("<d", struct.pack("<Q", bits & 0xffffffffffffffff))[0]


def bits_of(x, width):
    if width == 32:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def round_half_even(q):
    f = math.floor(q)
    d = q - f
    if d > Fraction(1, 2) or (d == Fraction(1, 2) and f % 2):
        return f + 1
    return f


def round_rational(q, width, mode="rn"):
    """The bits of rational q rounded to the format (mode rn, rz, ru, rd)."""
    p, emin, emax = FORMATS[width]
    sign = q < 0
    a = -q if sign else q
    if a == 0:
        return bits_of(-0.0 if sign else 0.0, width)
    e = math.floor(math.log2(a.numerator) - math.log2(a.denominator))
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    e = max(e, emin)  # Subnormals: the quantum of the smallest normal binade.
    quantum = Fraction(2) ** (e - p + 1)
    m = a / quantum
    up = (mode == "ru" and not sign) or (mode == "rd" and sign)
    if mode == "rn":
        n = round_half_even(m)
    elif mode == "rz" or (mode in ("ru", "rd") and not up):
        n = math.floor(m)
    else:
        n = math.ceil(m)
    r = n * quantum
    largest = (2 - Fraction(2) ** (1 - p)) * Fraction(2) ** emax
    if r > largest:
        to_inf = mode == "rn" or up
        x = float("inf") if to_inf else float(largest)
    else:
        x = float(r) if width == 64 else struct.unpack("<f", struct.pack("<f", float(r)))[0]
    return bits_of(-x if sign else x, width)


def ordered(bits, width):
    """Bits as an integer that counts ulps (+0 and -0 both 0)."""
    top = 1 << (width - 1)
    return -(bits & (top - 1)) if bits & top else bits


def is_nan(bits, width):
    x = value(bits, width)
    return x != x


def ulps(a, b, width):
    return abs(ordered(a, width) - ordered(b, width))
