"""Machin-like formulas for pi: arccot by the fixed-point series with guard digits, and by
binary splitting.

pi = sum c * arccot(x) over a formula's (c, x) pairs; arccot(x) = sum (-1)^k / ((2k+1) x^(2k+1)).
"""

from __future__ import annotations

import math
from typing import Any

from bignum.backend import IntBackend
from bignum.progress import Progress, report

# (coefficient, x) pairs, written for pi itself (reference notes §3)
FORMULAS: dict[str, tuple[tuple[int, int], ...]] = {
    "machin": ((16, 5), (-4, 239)),
    "takano": ((48, 49), (128, 57), (-20, 239), (48, 110443)),
    "stormer": ((176, 57), (28, 239), (-48, 682), (96, 12943)),
}

_LEAF = 16


def series_terms(x: int, digits: int) -> int:
    """Terms of arccot(x) until the first omitted one is below 10**-digits."""
    return max(int(digits / (2 * math.log10(x))) + 2, 1)


def fixed_series_error(formula: str, digits: int) -> int:
    """Error bound in units of 10**-digits of pi_fixed_series: sum |c| (terms + 1) (§4.1)."""
    return sum(abs(c) * (series_terms(x, digits) + 1) for c, x in FORMULAS[formula])


def arccot_fixed(x: int, one: Any, backend: IntBackend) -> tuple[Any, int]:
    """(sum, terms): arccot(x) * one by the schoolbook series, every term floored.

    power_k = floor(one / x^(2k+1)) is exact (nested floors of integers), so each term
    loses less than 1 in floor(power_k / (2k+1)) and the tail after the last term is
    below 1: the error is below terms + 1 units.
    """
    x2 = backend.lift(x * x)
    power = backend.floor_div(one, backend.lift(x))
    total = power
    n = 1
    add = False
    while power:
        power = backend.floor_div(power, x2)
        n += 2
        term = backend.floor_div(power, backend.lift(n))
        total = total + term if add else total - term
        add = not add
    return total, (n + 1) // 2


def pi_fixed_series(
    k: int, formula: str, backend: IntBackend, progress: Progress | None = None
) -> tuple[Any, int]:
    """(X, E): pi * 10**k by a Machin-like formula, coefficients applied after each arccot."""
    pairs = FORMULAS[formula]
    with backend.exact():
        one = backend.power_of_ten(k)
        total = backend.lift(0)
        error = 0
        for i, (c, x) in enumerate(pairs):
            value, terms = arccot_fixed(x, one, backend)
            total = total + backend.lift(c) * value
            error += abs(c) * (terms + 1)
            report(progress, "series", (i + 1) / len(pairs))
    return total, error


def _leaf(a: int, b: int, x2: int) -> tuple[int, int, int, int]:
    """(sign, Q, B, T) of terms a..b-1 of sum (-1)^k/((2k+1) x^(2k)) in Python ints."""
    sign, q_ab, b_ab, t_ab = 1, 1, 1, 0
    for k in range(a, b):
        p = -1 if k else 1
        q = x2 if k else 1
        bk = 2 * k + 1
        # (S, Q, B, T) + (p, q, b, p): T = b T q + B S p
        t_ab = bk * q * t_ab + b_ab * sign * p
        sign *= p
        q_ab *= q
        b_ab *= bk
    return sign, q_ab, b_ab, t_ab


def _split(a: int, b: int, x2: int, backend: IntBackend, tick: Any) -> tuple[int, Any, Any, Any]:
    """(sign, Q, B, T): sum over a..b-1 = T / (B Q) relative to the terms before a."""
    if b - a <= _LEAF:
        sign, q, bb, t = _leaf(a, b, x2)
        tick(b - a)
        return sign, backend.lift(q), backend.lift(bb), backend.lift(t)
    m = (a + b) // 2
    s1, q1, b1, t1 = _split(a, m, x2, backend, tick)
    s2, q2, b2, t2 = _split(m, b, x2, backend, tick)
    t = b2 * q2 * t1 + (b1 * t2 if s1 > 0 else -(b1 * t2))
    return s1 * s2, q1 * q2, b1 * b2, t


def pi_bsplit(
    k: int, formula: str, backend: IntBackend, progress: Progress | None = None
) -> tuple[Any, int]:
    """(X, E): pi * 10**k by a Machin-like formula, each arccot by binary splitting."""
    pairs = FORMULAS[formula]
    counts = [series_terms(x, k + 10) for _, x in pairs]
    total_terms = sum(counts)
    done = 0

    def tick(count: int) -> None:
        nonlocal done
        done += count
        if done % 8192 < count:
            report(progress, "series", done / total_terms)

    with backend.exact():
        scale = backend.power_of_ten(k)
        total = backend.lift(0)
        for (c, x), n in zip(pairs, counts, strict=True):
            _, q, bb, t = _split(0, n, x * x, backend, tick)
            # arccot(x) = T / (B Q x); floor of |c| times it, signed
            value = backend.floor_div(backend.lift(abs(c)) * t * scale, bb * q * backend.lift(x))
            total = total + value if c > 0 else total - value
        report(progress, "series", 1.0)
    # one floor per pair (< 1 each) and tails below 10**-10
    return total, len(pairs) + 1
