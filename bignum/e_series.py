"""e by binary splitting of sum 1/k! (and of sum (-1)^k/k! for an independent check), and the
plain fixed-point Taylor series with guard digits.
"""

from __future__ import annotations

import math
from typing import Any

from bignum.backend import IntBackend
from bignum.fraction_digits import bits_for, fraction_digits
from bignum.progress import Progress, report

_LEAF = 16


def terms_for(digits: int) -> int:
    """Smallest n with n! > 10**(digits + 10): the tail after 1/n! is below 10**-(digits+10)."""
    target = (digits + 10) * math.log(10)
    n = max(int(target / max(math.log(max(target, 3)) - 1, 1)), 2)
    while math.lgamma(n + 1) <= target:
        n += 1
    while n > 2 and math.lgamma(n) > target:
        n -= 1
    return n


def _leaf(a: int, b: int, sign: int) -> tuple[int, int]:
    """P, Q for k = a+1..b: Q = prod(sign*k), P/Q = sum over k of 1/prod_{a<j<=k}(sign*j)."""
    p, q = 0, 1
    for k in range(a + 1, b + 1):
        p = p * sign * k + 1
        q *= sign * k
    return p, q


def _split(a: int, b: int, sign: int, backend: IntBackend, tick: Any) -> tuple[Any, Any]:
    """P, Q of k = a+1..b in the backend's integers (P = P1 Q2 + P2, Q = Q1 Q2)."""
    if b - a <= _LEAF:
        p, q = _leaf(a, b, sign)
        tick(b - a)
        return backend.lift(p), backend.lift(q)
    m = (a + b) // 2
    p1, q1 = _split(a, m, sign, backend, tick)
    p2, q2 = _split(m, b, sign, backend, tick)
    return p1 * q2 + p2, q1 * q2


def _sum(k: int, sign: int, backend: IntBackend, progress: Progress | None) -> tuple[Any, Any]:
    """(P, Q) with 1 + P/Q = sum_{j<=n} sign**j / j!, n from terms_for(k)."""
    n = terms_for(k)
    done = 0

    def tick(count: int) -> None:
        nonlocal done
        done += count
        if done % 8192 < count:
            report(progress, "series", done / n)

    p, q = _split(0, n, sign, backend, tick)
    report(progress, "series", 1.0)
    return p, q


def e_scaled(k: int, backend: IntBackend, progress: Progress | None = None) -> tuple[Any, int]:
    """(X, E): X = floor(e_n * 10**k) where e_n = sum_{j<=n} 1/j!; within E = 2 of e * 10**k."""
    with backend.exact():
        p, q = _sum(k, 1, backend, progress)
        report(progress, "divide", 0.0)
        return backend.floor_div((q + p) * backend.power_of_ten(k), q), 2


def e_text(k: int, backend: IntBackend, progress: Progress | None = None) -> tuple[str, int]:
    """(text, E): decimal text of an X within E of e * 10**k, sum 1/j! by binary splitting.

    On binary backends e is divided out in binary and its decimals come from
    fraction_digits; elsewhere, and if that cannot settle a block, the plain way.
    """
    if not backend.binary:
        x, error = e_scaled(k, backend, progress)
        return backend.digits(x), error
    bits = bits_for(k)
    with backend.exact():
        p, q = _sum(k, 1, backend, progress)
        report(progress, "divide", 0.0)
        y = ((q + p) << bits) // q  # floor(e_n * 2**bits)
        whole = y >> bits
        decimals = fraction_digits(y - (whole << bits), bits, k)
        if decimals is None:
            return backend.digits(backend.floor_div((q + p) * backend.power_of_ten(k), q)), 2
    return str(whole) + decimals, 2


def e_inverse_scaled(
    k: int, backend: IntBackend, progress: Progress | None = None
) -> tuple[Any, int]:
    """(X, E): e as 1 / sum (-1)^j/j!, a different series and division; within E = 2."""
    with backend.exact():
        p, q = _sum(k, -1, backend, progress)
        report(progress, "divide", 0.0)
        den = q + p  # 1/e = (Q + P)/Q; both may be negative together
        if q < 0:
            q, den = -q, -den
        return backend.floor_div(q * backend.power_of_ten(k), den), 2


def e_taylor_fixed(
    k: int, backend: IntBackend, progress: Progress | None = None
) -> tuple[Any, int]:
    """(X, E): sum of floor(10**k / j!) term by term, the schoolbook way; E = terms + 2."""
    n = terms_for(k)
    with backend.exact():
        term = backend.power_of_ten(k)  # j = 0 and j = 1
        total = term + term
        j = 1
        while term:
            j += 1
            term = backend.floor_div(term, backend.lift(j))
            total += term
            if j % 1024 == 0:
                report(progress, "series", j / n)
    report(progress, "series", 1.0)
    # term j is exactly floor(10**k / j!) (nested floors of integers), so each term loses
    # less than 1 and the tail after the last non-zero term less than 1
    return total, j + 2
