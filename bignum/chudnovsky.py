"""pi by the Chudnovsky series with binary splitting (about 14.18 digits a term).

1/pi = 12 sum (-1)^k (6k)! (13591409 + 545140134 k) / ((3k)! k!^3 640320^(3k+3/2)), summed
as P, Q, T by binary splitting: pi = 426880 sqrt(10005) Q / T. Leaves of a few terms
are done in Python ints and lifted into the backend's integers once.
"""

from __future__ import annotations

import math
from typing import Any

from bignum.backend import IntBackend
from bignum.fraction_digits import bits_for, fraction_digits
from bignum.progress import Progress, report

_A = 13591409
_B = 545140134
_C3_OVER_24 = 640320**3 // 24
DIGITS_PER_TERM = math.log10(640320**3 / 1728)  # 14.1816...
_LEAF = 8


def terms_for(digits: int) -> int:
    """Terms so that the first omitted one is below 10**-(digits + 10)."""
    return int((digits + 10) / DIGITS_PER_TERM) + 2


def _leaf(a: int, b: int, twos: int) -> tuple[int, int, int]:
    """P, Q, T of terms a..b-1 in Python ints, one term at a time (Q without 2**twos a term)."""
    c = _C3_OVER_24 >> twos
    p_ab, q_ab, t_ab = 1, 1, 0
    for k in range(a, b):
        if k == 0:
            p, q = 1, 1
        else:
            p = (6 * k - 5) * (2 * k - 1) * (6 * k - 1)
            q = k * k * k * c
        t = p * (_A + _B * k)
        if k & 1:
            t = -t
        t_ab = ((t_ab * q) << twos if k else t_ab * q) + p_ab * t
        p_ab *= p
        q_ab *= q
    return p_ab, q_ab, t_ab


def _split(
    a: int, b: int, backend: IntBackend, tick: Any, need_p: bool, twos: int
) -> tuple[Any, Any, Any]:
    """P, Q, T of terms a..b-1 in the backend's integers; Q lacks 2**twos per term k >= 1.

    640320**3/24 = 2**15 * 333833583375: on binary backends the power of two is kept out
    of Q and put back into T by a shift, which makes Q 15 % shorter and costs nothing.
    """
    if b - a <= _LEAF:
        p, q, t = _leaf(a, b, twos)
        tick(b - a)
        return backend.lift(p), backend.lift(q), backend.lift(t)
    m = (a + b) // 2
    p1, q1, t1 = _split(a, m, backend, tick, True, twos)
    p2, q2, t2 = _split(m, b, backend, tick, need_p, twos)
    left = t1 * q2
    if twos:
        left = left << (twos * (b - max(m, 1)))
    t = left + p1 * t2
    return (p1 * p2 if need_p else None), q1 * q2, t


def _series(k: int, backend: IntBackend, progress: Progress | None) -> tuple[Any, Any]:
    """(Q, T) of enough terms for 10**-k, with Q's powers of two put back."""
    n = terms_for(k)
    done = 0

    def tick(count: int) -> None:
        nonlocal done
        done += count
        if done % 4096 < count:
            report(progress, "series", done / n)

    twos = 15 if backend.binary else 0
    _, q, t = _split(0, n, backend, tick, False, twos)
    if twos:
        q = q << (twos * (n - 1))
    report(progress, "series", 1.0)
    return q, t


def pi_scaled(k: int, backend: IntBackend, progress: Progress | None = None) -> tuple[Any, int]:
    """(X, E): X is pi * 10**k to within E (= 2) units, as a backend integer."""
    with backend.exact():
        q, t = _series(k, backend, progress)
        root = backend.sqrt_scaled(10005, k)
        report(progress, "divide", 0.0)
        q, t = backend.shorten(q, t, k)
        x = backend.floor_div(q * backend.lift(426880) * root, t)
    # sqrt error < 2 times 426880 Q/T (about 1/32), the floor < 1, the series < 10**-10,
    # the shortening < 10**-18
    return x, 2


def pi_text(k: int, backend: IntBackend, progress: Progress | None = None) -> tuple[str, int]:
    """(text, E): decimal text of an X within E of pi * 10**k.

    On binary backends pi is formed in binary (no 10**k, a binary square root) and its
    decimals come from fraction_digits; elsewhere, and if that cannot settle a block,
    X = pi_scaled(...) is converted the plain way.
    """
    if not backend.binary:
        x, error = pi_scaled(k, backend, progress)
        return backend.digits(x), error
    bits = bits_for(k)
    with backend.exact():
        q, t = _series(k, backend, progress)
        report(progress, "divide", 0.0)
        root = backend.isqrt(backend.lift(10005) << (2 * bits))
        q, t = backend.shorten(q, t, k + 40)  # 40 decimals cover the 128 guard bits
        y = backend.floor_div(q * backend.lift(426880) * root, t)  # pi * 2**bits, within 2
        whole = y >> bits
        decimals = fraction_digits(y - (whole << bits), bits, k)
        if decimals is None:
            x = backend.floor_div(q * backend.lift(426880) * backend.sqrt_scaled(10005, k), t)
            return backend.digits(x), 2
    # y is within 2 units of 2**-bits; cutting it to k decimals moves X by less than 1 more
    return str(whole) + decimals, 2
