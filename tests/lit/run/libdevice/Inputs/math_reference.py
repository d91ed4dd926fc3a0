"""Host references for the CUDA math functions and intrinsics.

checker(name, sig) -> check(input_bits, result_bits) -> None or a message.
sig is [(kind, width) of the result, then of each argument]. Integer
results, exact operations (rounding-mode arithmetic, conversions, fma, sqrt,
rounding to integers) are compared bit-exactly; the others within the CUDA
Programming Guide's maximum ulp error of the correctly rounded result
(computed with mpmath at 200 bits). Special inputs and results (NaN,
infinities, poles, domain errors) must be what C99 Annex F (the host's libm,
through ctypes) gives.
"""
import ctypes
import math
from fractions import Fraction

import mpmath as mp

import fp_bits as fb
import int_reference as ir

mp.mp.prec = 120
LIBM = ctypes.CDLL("libm.so.6")

# CUDA Programming Guide, "Mathematical Functions" appendix: maximum ulp
# error (single, double). None: no bound given for this input range (only
# specials are checked). A pair (ulps, absolute) accepts either.
ULP = {
    "sqrt": (0, 0), "rsqrt": (2, 1), "cbrt": (1, 1), "rcbrt": (1, 1), "hypot": (3, 2),
    "exp": (2, 1), "exp2": (2, 1), "exp10": (2, 1), "expm1": (1, 1), "log": (1, 1),
    "log2": (1, 1), "log10": (2, 1), "log1p": (1, 1), "sin": (2, 2), "cos": (2, 2),
    "tan": (4, 2), "sinpi": (1, 2), "cospi": (1, 2), "asin": (2, 2), "acos": (2, 2),
    "atan": (2, 2), "atan2": (3, 2), "sinh": (3, 2), "cosh": (2, 1), "tanh": (2, 1),
    "asinh": (3, 3), "acosh": (4, 3), "atanh": (3, 2), "pow": (4, 2), "erf": (2, 2),
    "erfc": (4, 5), "erfinv": (2, 5), "erfcinv": (4, 6), "erfcx": (4, 4), "normcdf": (5, 5),
    "normcdfinv": (5, 8), "lgamma": (6, 4), "tgamma": (5, 10), "j0": ((9, 2.2e-6), (7, 5e-12)),
    "j1": ((9, 2.2e-6), (7, 5e-12)), "y0": ((9, 2.2e-6), (7, 5e-12)),
    "y1": ((9, 2.2e-6), (7, 5e-12)), "jn": (None, None), "yn": (None, None),
    "fdivide": (2, 0), "fdim": (0, 0), "fmod": (0, 0), "remainder": (0, 0),
}
GROWS = {"exp", "exp2", "exp10", "expm1", "sinh", "cosh", "pow", "erfcx", "tgamma", "erfc",
         "normcdf", "lgamma"}
EXACT = {"fabs", "ceil", "floor", "trunc", "round", "rint", "nearbyint", "fmin", "fmax",
         "copysign", "fma", "ldexp", "scalbn", "scalbln", "logb", "nextafter", "abs"}


def mp_of(x):
    return mp.mpf(x) if x == x else mp.nan


def sinpi(x):
    return mp.sinpi(x)


def cospi(x):
    return mp.cospi(x)


# name -> mpmath function of mpf arguments (finite inputs, finite results).
MP = {
    "sqrt": mp.sqrt, "rsqrt": lambda x: 1 / mp.sqrt(x), "cbrt": mp.cbrt,
    "rcbrt": lambda x: 1 / mp.cbrt(x), "hypot": lambda x, y: mp.sqrt(x * x + y * y),
    "exp": mp.exp, "exp2": lambda x: mp.power(2, x), "exp10": lambda x: mp.power(10, x),
    "expm1": mp.expm1, "log": mp.log, "log2": lambda x: mp.log(x, 2),
    "log10": mp.log10, "log1p": mp.log1p, "sin": mp.sin, "cos": mp.cos, "tan": mp.tan,
    "sinpi": sinpi, "cospi": cospi, "asin": mp.asin, "acos": mp.acos, "atan": mp.atan,
    "atan2": mp.atan2, "sinh": mp.sinh, "cosh": mp.cosh, "tanh": mp.tanh, "asinh": mp.asinh,
    "acosh": mp.acosh, "atanh": mp.atanh, "pow": mp.power, "erf": mp.erf, "erfc": mp.erfc,
    "erfinv": mp.erfinv, "erfcinv": lambda x: mp.erfinv(1 - x),
    "erfcx": lambda x: mp.exp(x * x) * mp.erfc(x), "normcdf": mp.ncdf,
    "normcdfinv": lambda x: -mp.sqrt(2) * mp.erfinv(1 - 2 * x) if x != 0.5 else mp.mpf(0),
    "lgamma": lambda x: mp.re(mp.loggamma(x)) if x > 0 else mp.log(abs(mp.gamma(x))),
    "tgamma": lambda x: mp.gamma(x) if x < 1000 else mp.inf,
    "j0": lambda x: mp.besselj(0, x), "j1": lambda x: mp.besselj(1, x),
    "y0": lambda x: mp.bessely(0, x), "y1": lambda x: mp.bessely(1, x),
    "fdivide": lambda x, y: x / y,
}
# C names of the host's libm for specials; CUDA-only functions get theirs here.
LIBM_NAME = {"rsqrt": None, "rcbrt": None, "sinpi": None, "cospi": None, "erfinv": None,
             "erfcinv": None, "erfcx": None, "normcdf": None, "normcdfinv": None,
             "fdivide": None}


def special(base, args):
    """The C99 result for inputs or results that are not finite, for the
    CUDA-only functions (libm has none)."""
    x = args[0]
    inf = float("inf")
    if base in ("rsqrt", "rcbrt"):
        if x == 0:
            return math.copysign(inf, x)
        if x != x or (base == "rsqrt" and x < 0):
            return float("nan")
        if abs(x) == inf:
            return math.copysign(0.0, x)
    if base in ("sinpi", "cospi"):
        if x != x or abs(x) == inf:
            return float("nan")
    if base == "erfinv":
        if x != x or abs(x) > 1:
            return float("nan")
        if abs(x) == 1:
            return math.copysign(inf, x)
    if base == "erfcinv":
        if x != x or x < 0 or x > 2:
            return float("nan")
        if x == 0:
            return inf
        if x == 2:
            return -inf
    if base == "normcdfinv":
        if x != x or x < 0 or x > 1:
            return float("nan")
        if x == 0:
            return -inf
        if x == 1:
            return inf
    if base == "erfcx":
        if x != x:
            return x
        if x == inf:
            return 0.0
        if x == -inf:
            return inf
    if base == "normcdf":
        if x != x:
            return x
        if abs(x) == inf:
            return 1.0 if x > 0 else 0.0
    if base == "fdivide":
        return None
    return None


def host(cname, width, args, arg_types):
    fn = getattr(LIBM, cname + ("f" if width == 32 else ""))
    ct = ctypes.c_float if width == 32 else ctypes.c_double
    fn.restype = ct
    fn.argtypes = [ct if k == "f" else (ctypes.c_int if w == 32 else ctypes.c_long)
                   for k, w in arg_types]
    if cname == "pow" and arg_types[1][0] != "f":  # C++'s pow(x, int).
        fn.argtypes = [ct, ct]
    return fn(*args)


def float_checker(name, base, sig):
    (rk, rw), argsig = sig[0], sig[1:]
    width = rw if rk == "f" else argsig[0][1]
    bound = ULP.get(base)
    bound = bound[0 if width == 32 else 1] if bound else 0
    fast = name.startswith("__")

    def check(in_bits, out_bits):
        args = [fb.value(b, w) if k == "f" else ir.s(b, w)
                for b, (k, w) in zip(in_bits, argsig)]
        got = fb.value(out_bits, rw)
        finite_in = all(not isinstance(a, float) or math.isfinite(a) for a in args)
        exp = None
        # Bessel functions far out: the guide bounds their absolute error,
        # mpmath's series would take minutes.
        big = base in ("j0", "j1", "y0", "y1") and abs(args[0]) > 1e4
        # mpmath has no negative zero: where its sign decides, the host's.
        big |= base == "atan2" and args[0] == 0
        # C++'s pow(x, int) is repeated multiplication (__nv_powi), not pow.
        if base == "pow" and argsig[1][0] != "f":
            return None
        # Results that overflow or vanish for large arguments: the host's.
        big |= base in GROWS and any(abs(a) > 1e4 for a in args)
        if base in MP and finite_in and not big:
            try:
                v = MP[base](*[mp_of(a) if isinstance(a, float) else a for a in args])
                if isinstance(v, mp.mpc):
                    v = v.real if v.imag == 0 else None
                if v is not None and mp.isfinite(v):
                    exp = fb.round_rational(mp_fraction(v), width)
                    if v == 0 and base not in ("sin", "tan", "asin", "atan", "sinh", "tanh",
                                               "asinh", "atanh", "erf", "erfinv", "sinpi",
                                               "expm1", "log1p", "cbrt", "sqrt"):
                        exp = fb.bits_of(0.0, width)
            except (ZeroDivisionError, ValueError):
                exp = None
        if exp is None:
            s = special(base, args) if base in LIBM_NAME else \
                host(base, width, args, argsig)
            if s is None:
                return None  # No reference for this input.
            if s != s:
                return None if got != got else "expected NaN, got %r" % got
            if math.isinf(s) or not finite_in:
                if got == s and (s != 0 or math.copysign(1, got) == math.copysign(1, s)):
                    return None
                if not math.isinf(s) and s != 0 and bound:
                    exp = fb.bits_of(s, width)
                else:
                    return "expected %r, got %r (host libm)" % (s, got)
            else:
                exp = fb.bits_of(s, width)
                if bound is None:
                    return None  # No bound in the guide (jn, yn).
                ulp_bound, abs_bound = bound if isinstance(bound, tuple) else (bound, 0)
                # The host's own error: 2 ulps more.
                if fb.ulps(exp, out_bits, width) <= ulp_bound + 2 or abs(got - s) <= abs_bound:
                    return None
                return "%r: expected %r (host libm), got %r" % (args, s, got)
        if got != got:
            return "%r: expected %r, got NaN" % (args, fb.value(exp, width))
        d = fb.ulps(exp, out_bits, width)
        b = bound
        absolute = None
        if isinstance(b, tuple):
            b, absolute = b
        if b is None or (fast and base in ("sin", "cos", "tan", "log", "log2", "log10",
                                           "exp", "exp10", "pow")):
            return None  # Checked below for the fast intrinsics.
        if d <= b:
            return None
        if absolute is not None and abs(got - fb.value(exp, width)) <= absolute:
            return None
        if base == "lgamma" and args[0] < 0:
            return None  # The guide gives no bound near the negative poles.
        return "%r: %d ulps from %r (bound %d), got %r" % (args, d, fb.value(exp, width), b,
                                                          got)
    return check


def exact_host_checker(name, base, sig):
    """Functions C99 defines exactly (rounding to integers, fma, fmod, ...):
    the host libm's bits, NaN for NaN."""
    (rk, rw), argsig = sig[0], sig[1:]
    width = argsig[0][1] if argsig[0][0] == "f" else rw
    cname = {"abs": "fabs"}.get(base, base)

    def check(in_bits, out_bits):
        args = [fb.value(b, w) if k == "f" else ir.s(b, w)
                for b, (k, w) in zip(in_bits, argsig)]
        want = host(cname, width, args, argsig)
        got = fb.value(out_bits, rw)
        if want != want:
            return None if got != got else "%r: expected NaN, got %r" % (args, got)
        if fb.bits_of(want, rw) != out_bits:
            return "%r: expected %r, got %r" % (args, want, got)
        return None
    return check


def int_result_math(name, base, sig):
    (rk, rw), argsig = sig[0], sig[1:]
    width = argsig[0][1]
    ctype = ctypes.c_int if rw == 32 else ctypes.c_longlong

    def check(in_bits, out_bits):
        x = fb.value(in_bits[0], width)
        if base in ("isnan", "isinf", "isfinite", "signbit"):
            want = {"isnan": x != x, "isinf": math.isinf(x), "isfinite": math.isfinite(x),
                    "signbit": math.copysign(1, x) < 0}[base]
            return None if bool(out_bits) == want else "%r: expected %s" % (x, want)
        if not math.isfinite(x) or abs(x) >= 2.0 ** (rw - 1):
            return None  # Implementation-defined.
        fn = getattr(LIBM, base + ("f" if width == 32 else ""))
        fn.restype = ctype
        fn.argtypes = [ctypes.c_float if width == 32 else ctypes.c_double]
        want = fn(x) & ((1 << rw) - 1)
        return None if want == out_bits else "%r: expected %d, got %d" % (
            x, ir.s(want, rw), ir.s(out_bits, rw))
    return check


def fast_checker(name, sig):
    """The __expf-style intrinsics: the guide's bounds, which depend on x."""
    base = name[2:-1]

    def check(in_bits, out_bits):
        args = [fb.value(b, 32) for b in in_bits]
        x = args[0]
        got = fb.value(out_bits, 32)
        if not all(math.isfinite(a) for a in args) or not math.isfinite(got):
            return None  # The guide bounds finite results only.
        if base in ("exp", "exp10", "pow") and any(abs(a) > 1e4 for a in args):
            return None  # Underflows to 0; mpmath would take minutes.
        v = MP[base](*[mp.mpf(a) for a in args]) if base != "tanh" else mp.tanh(x)
        if isinstance(v, mp.mpc) or not mp.isfinite(v):
            return None
        exp_bits = fb.round_rational(mp_fraction(v), 32)
        d = fb.ulps(exp_bits, out_bits, 32)
        err = abs(mp.mpf(got) - v)
        if base == "exp":
            ok = d <= 2 + math.floor(abs(1.173 * x))
        elif base == "exp10":
            ok = d <= 2 + math.floor(abs(2.97 * x))
        elif base in ("log", "log2", "log10"):
            if 0.5 <= x <= 2:
                ok = err <= {"log": 2 ** -21.41, "log2": 2 ** -22, "log10": 2 ** -24}[base]
            else:
                ok = d <= {"log": 3, "log2": 2, "log10": 3}[base]
        elif base in ("sin", "cos"):
            ok = abs(x) > math.pi or err <= (2 ** -21.41 if base == "sin" else 2 ** -21.19)
        elif base == "tanh":
            ok = v == 0 or err / abs(v) <= 2 ** -10.987
        else:
            ok = True  # __tanf, __powf: derived from the others; no bound of their own.
        return None if ok else "%r: %r, expected %s" % (args, got, mp.nstr(v, 10))
    return check


def mp_fraction(v):
    sign, man, exp, _ = mp.mpf(v)._mpf_
    q = Fraction(man) * Fraction(2) ** exp if man else Fraction(0)
    return -q if sign else q


def rounded_op_checker(name, sig):
    """__fadd_rz, __fmaf_ru, __fsqrt_rd, __frcp_rn, __int2float_rz, ...:
    the exact result rounded in the mode."""
    mode = name[-2:]
    op = name[2:-3]
    (rk, rw), argsig = sig[0], sig[1:]

    def check(in_bits, out_bits):
        args = [fb.value(b, w) if k == "f" else (ir.s(b, w) if k == "i" else b)
                for b, (k, w) in zip(in_bits, argsig)]
        if rk != "f":  # Float to integer.
            want = ir.to_int(args[0], rw, rk == "i", mode, argsig[0][1] == 32)
            return None if want == out_bits else "%r: expected %#x, got %#x" % (
                args[0], want, out_bits)
        if any(isinstance(a, float) and not math.isfinite(a) for a in args):
            return None  # IEEE specials: the host's operations agree (checked by the suite).
        q = [Fraction(a) for a in args]
        try:
            if op == "fadd":
                r = q[0] + q[1]
            elif op == "fsub":
                r = q[0] - q[1]
            elif op == "fmul":
                r = q[0] * q[1]
            elif op == "fdiv":
                r = q[0] / q[1]
            elif op == "fmaf":
                r = q[0] * q[1] + q[2]
            elif op == "frcp":
                r = 1 / q[0]
            elif op in ("fsqrt", "frsqrt"):
                if q[0] < 0:
                    return None if fb.is_nan(out_bits, rw) else "sqrt of negative"
                v = mp.sqrt(mp.mpf(args[0]))
                r = mp_fraction(1 / v if op == "frsqrt" else v)
            else:  # int2float, uint2float, ll2float, ull2float.
                r = q[0] if argsig[0][0] == "i" else Fraction(in_bits[0])
        except ZeroDivisionError:
            return None
        if r == 0:
            return None if fb.value(out_bits, rw) == 0 else "%r: expected a zero" % (args,)
        want = fb.round_rational(r, rw, mode)
        return None if want == out_bits else "%r: expected %r, got %r" % (
            args, fb.value(want, rw), fb.value(out_bits, rw))
    return check


INT_FNS = {
    "__popc": lambda a: bin(a).count("1"), "__popcll": lambda a: bin(a).count("1"),
    "__clz": lambda a: 32 - a.bit_length(), "__clzll": lambda a: 64 - a.bit_length(),
    "__brev": lambda a: int(format(a, "032b")[::-1], 2),
    "__brevll": lambda a: int(format(a, "064b")[::-1], 2),
    "__ffs": lambda a: (a & -a).bit_length(), "__ffsll": lambda a: (a & -a).bit_length(),
    "__byte_perm": ir.byte_perm,
    "__mul24": lambda a, b: ir.s(a, 24) * ir.s(b, 24), "__umul24": lambda a, b:
        (a & 0xffffff) * (b & 0xffffff),
    "__mulhi": lambda a, b: (ir.s(a, 32) * ir.s(b, 32)) >> 32,
    "__umulhi": lambda a, b: (a * b) >> 32,
    "__mul64hi": lambda a, b: (ir.s(a, 64) * ir.s(b, 64)) >> 64,
    "__umul64hi": lambda a, b: (a * b) >> 64,
    "__hadd": lambda a, b: (ir.s(a, 32) + ir.s(b, 32)) >> 1,
    "__rhadd": lambda a, b: (ir.s(a, 32) + ir.s(b, 32) + 1) >> 1,
    "__uhadd": lambda a, b: (a + b) >> 1, "__urhadd": lambda a, b: (a + b + 1) >> 1,
    "__sad": lambda a, b, c: abs(ir.s(a, 32) - ir.s(b, 32)) + c,
    "__usad": lambda a, b, c: abs(a - b) + c,
    "__float_as_int": lambda a: a, "__float_as_uint": lambda a: a,
    "__int_as_float": lambda a: a, "__uint_as_float": lambda a: a,
    "abs": lambda a: abs(a), "labs": lambda a: abs(a) + 0, "llabs": lambda a: abs(a) - 0,
}


def dp_checker(name, sig):
    """__dp4a(a, b, c): the four byte products summed onto c; __dp2a_lo/hi:
    a's two halves times b's low or high two bytes. Signedness from the types."""
    argsig = sig[1:]

    def check(in_bits, out_bits):
        sa, sb = argsig[0][0] == "i", argsig[1][0] == "i"
        a, b, c = in_bits
        if name == "__dp4a":
            la = [ir.s(x, 8) if sa else x for x in ir.lanes(a, 4)]
            lb = [ir.s(x, 8) if sb else x for x in ir.lanes(b, 4)]
        else:
            la = [ir.s(x, 16) if sa else x for x in ir.lanes(a, 2)]
            lb = [ir.s(x, 8) if sb else x for x in ir.lanes(b, 4)]
            lb = lb[:2] if name == "__dp2a_lo" else lb[2:]
        want = (sum(x * y for x, y in zip(la, lb)) + (ir.s(c, 32) if argsig[2][0] == "i"
                                                      else c)) & 0xffffffff
        return None if want == out_bits else "%#x %#x %#x: expected %#x, got %#x" % (
            a, b, c, want, out_bits)
    return check


def int_checker(fn, sig):
    (rk, rw) = sig[0]

    def check(in_bits, out_bits):
        args = [b & ((1 << w) - 1) for b, (k, w) in zip(in_bits, sig[1:])]
        if fn in (INT_FNS["abs"], INT_FNS["labs"], INT_FNS["llabs"]) and sig[1][0] == "i":
            args = [ir.s(args[0], sig[1][1])]
        want = fn(*args) & ((1 << rw) - 1)
        return None if want == out_bits else "%s: expected %#x, got %#x" % (
            " ".join("%#x" % a for a in in_bits), want, out_bits)
    return check


def checker(name, sig):
    (rk, rw), argsig = sig[0], sig[1:]
    floats = rk == "f" or any(k == "f" for k, _ in argsig)
    if name.startswith("__v") and (f := ir.simd(name)):
        return int_checker(f, sig)
    if name.startswith("__funnelshift"):
        return int_checker(ir.funnel(name), sig)
    if name.startswith("__dp"):
        return dp_checker(name, sig)
    if name in INT_FNS and not (name == "abs" and floats):
        return int_checker(INT_FNS[name], sig)
    m = None
    import re
    m = re.match(r"^__(float|double)2(int|uint|ll|ull)_(rn|rz|ru|rd)$", name)
    if m or re.match(r"^__(f(add|sub|mul|div|rcp|sqrt)|fmaf|frsqrt)_r[nzud]$", name) or \
            re.match(r"^__(int|uint|ll|ull)2float_r[nzud]$", name):
        return rounded_op_checker(name, sig)
    if name in ("__expf", "__exp10f", "__logf", "__log2f", "__log10f", "__sinf", "__cosf",
                "__tanf", "__powf", "__tanhf"):
        return fast_checker(name, sig)
    if name == "__saturatef":
        return lambda i, o: None if (fb.value(o, 32) == min(max(fb.value(i[0], 32), 0.0), 1.0)
                                     or (i[0] & 0x7fffffff) > 0x7f800000 and o == 0) else \
            "%r: got %r" % (fb.value(i[0], 32), fb.value(o, 32))
    base = name
    classify = {"isnan": "isnan", "isinf": "isinf", "isfinite": "isfinite",
                "signbit": "signbit", "finite": "isfinite"}
    stem = re.sub(r"^_*", "", name)
    stem = stem[:-1] if stem[:-1] in classify and stem[-1] in "fd" else stem
    if stem in classify:
        base = classify[stem]
        return int_result_math(name, base, sig)
    if name == "__fdividef":
        name = base = "fdividef"
    if name.endswith("f") and argsig[0][1] == 32 and name[:-1] in set(MP) | EXACT | {
            "ilogb", "llrint", "llround", "lrint", "lround", "jn", "yn", "fdim", "fmod",
            "remainder", "scalbln"}:
        base = name[:-1]
    if base in ("ilogb", "llrint", "llround", "lrint", "lround"):
        return int_result_math(name, base, sig)
    if base in EXACT or base in ("fdim", "fmod", "remainder"):
        return exact_host_checker(name, base, sig)
    if base in MP or base in ("jn", "yn"):
        return float_checker(name, base, sig)
    return None
