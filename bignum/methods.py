"""The registry of digit methods: for each constant, the ways to compute it and their limits."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from bignum.backend import IntBackend
from bignum.progress import Progress

# run(k, backend, progress) -> (text, E): text is the decimal text of an integer X within E
# units of value * 10**k
Runner = Callable[[int, IntBackend, "Progress | None"], tuple[str, int]]


class Method(NamedTuple):
    """One way to compute a constant's digits."""

    name: str
    summary: str
    max_digits: int
    run: Runner
    guard: Callable[[int], int] = lambda count: 10


def _digits_of(fn: Callable[..., tuple[object, int]]) -> Runner:
    """Wrap a (X, E)-returning function into a Runner that returns X's decimal text."""

    def run(k: int, backend: IntBackend, progress: Progress | None) -> tuple[str, int]:
        x, error = fn(k, backend, progress)
        return backend.digits(x), error

    return run


def _machin_like(formula: str, fixed: bool) -> Runner:
    def run(k: int, backend: IntBackend, progress: Progress | None) -> tuple[str, int]:
        from bignum.arctan import pi_bsplit, pi_fixed_series

        fn = pi_fixed_series if fixed else pi_bsplit
        x, error = fn(k, formula, backend, progress)
        return backend.digits(x), error

    return run


def _fixed_guard(formula: str) -> Callable[[int], int]:
    def guard(count: int) -> int:
        from bignum.arctan import fixed_series_error

        # enough digits to hold the worst-case error, plus two to make a settled run likely
        return len(str(fixed_series_error(formula, count + 10))) + 2

    return guard


def _chudnovsky(k: int, backend: IntBackend, progress: Progress | None) -> tuple[str, int]:
    from bignum.chudnovsky import pi_text

    return pi_text(k, backend, progress)


def _e_bsplit(k: int, backend: IntBackend, progress: Progress | None) -> tuple[str, int]:
    from bignum.e_series import e_text

    return e_text(k, backend, progress)


def _e_inverse(k: int, backend: IntBackend, progress: Progress | None) -> tuple[str, int]:
    from bignum.e_series import e_inverse_scaled

    return _digits_of(e_inverse_scaled)(k, backend, progress)


def _e_taylor(k: int, backend: IntBackend, progress: Progress | None) -> tuple[str, int]:
    from bignum.e_series import e_taylor_fixed

    return _digits_of(e_taylor_fixed)(k, backend, progress)


def _pc1_pi(k: int, backend: IntBackend, progress: Progress | None) -> tuple[str, int]:
    from bignum.limbs import limbs_to_digits
    from bignum.pc1_machin import machin_plan, machin_run

    limbs, n5, n239 = machin_plan(k)
    run = machin_run(limbs, n5, n239, progress=progress)
    # limb error <= 2 ulp per term of 2**-35(L-1), far below 10**-k; extraction floors
    return str(run.limbs[0]) + limbs_to_digits(run.limbs, k), 2


def _pc1_e(k: int, backend: IntBackend, progress: Progress | None) -> tuple[str, int]:
    import math

    from bignum.e_series import terms_for
    from bignum.limbs import limbs_to_digits
    from bignum.pc1_e import napier_run

    top = -(-terms_for(k) // 4) * 4
    limbs = 2 + math.ceil((k + 5) * math.log2(10) / 35)
    run = napier_run(limbs, top, progress)
    return str(run.limbs[0]) + limbs_to_digits(run.limbs, k), 2


def _mpmath(constant: str) -> Runner:
    def run(k: int, backend: IntBackend, progress: Progress | None) -> tuple[str, int]:
        import mpmath

        with mpmath.workdps(k + 20):
            value = +mpmath.mp.pi if constant == "pi" else +mpmath.mp.e
            text = mpmath.nstr(value, k + 15, strip_zeros=False)
        integer, fraction = text.split(".")
        # nstr rounds at k + 14 decimals; cutting at k leaves X within 1
        return integer + fraction[:k], 2

    return run


METHODS: dict[str, dict[str, Method]] = {
    "pi": {
        "chudnovsky": Method(
            "chudnovsky", "Chudnovsky series, binary splitting", 100_000_000, _chudnovsky
        ),
        "machin": Method(
            "machin", "16 acot 5 - 4 acot 239, binary splitting", 10_000_000,
            _machin_like("machin", False),
        ),
        "takano": Method(
            "takano", "Takano's four-term formula, binary splitting", 10_000_000,
            _machin_like("takano", False),
        ),
        "stormer": Method(
            "stormer", "Stormer's four-term formula, binary splitting", 10_000_000,
            _machin_like("stormer", False),
        ),
        "machin-series": Method(
            "machin-series", "Machin, fixed-point series with guard digits", 100_000,
            _machin_like("machin", True), _fixed_guard("machin"),
        ),
        "takano-series": Method(
            "takano-series", "Takano, fixed-point series with guard digits", 100_000,
            _machin_like("takano", True), _fixed_guard("takano"),
        ),
        "stormer-series": Method(
            "stormer-series", "Stormer, fixed-point series with guard digits", 100_000,
            _machin_like("stormer", True), _fixed_guard("stormer"),
        ),
        "pc1": Method("pc1", "the PC-1 program: 35-bit limbs, top-down carries", 20_000, _pc1_pi),
        "mpmath": Method("mpmath", "mpmath's pi (an outside oracle)", 10_000_000, _mpmath("pi")),
    },
    "e": {
        "bsplit": Method("bsplit", "sum 1/k!, binary splitting", 100_000_000, _e_bsplit),
        "inverse": Method(
            "inverse", "1 / sum (-1)^k/k!, binary splitting", 100_000_000, _e_inverse
        ),
        "taylor": Method(
            "taylor", "sum 1/k!, fixed-point series with guard digits", 100_000, _e_taylor,
            lambda count: len(str(count)) + 2,
        ),
        # a(a-1)(a-2)(a-3)/4 must fit a 35-bit divisor: a <= 608, about 1400 decimals
        "pc1": Method("pc1", "the PC-1 program: four terms a step, 35-bit limbs", 1_350, _pc1_e),
        "mpmath": Method("mpmath", "mpmath's e (an outside oracle)", 10_000_000, _mpmath("e")),
    },
}

DEFAULT_METHOD = {"pi": "chudnovsky", "e": "bsplit"}
# the usual check of each constant, and the one to use when that is the method checked
DEFAULT_VERIFY = {"pi": ("machin", "chudnovsky"), "e": ("inverse", "bsplit")}
