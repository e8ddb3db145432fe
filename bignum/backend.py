"""Big-integer backends for the modern methods: gmpy2 (GMP), the decimal module, Python ints.

All three give exact integers; they differ in speed. gmpy2 is the fast one. Without it,
`decimal` (libmpdec: number theoretic transform multiplication, Newton division, and base
10 inside so no final conversion) is the fallback for large runs; plain ints are fine for
small ones and serve as an independent check.
"""

from __future__ import annotations

import contextlib
import decimal
import math
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from bignum.decimal_string import exact_context, int_to_decimal_string


class IntBackend:
    """Python ints: Karatsuba multiplication, quadratic division."""

    name = "int"
    binary = True  # shifts by bits are cheap

    def lift(self, x: int) -> Any:
        """A small Python int in this backend's integer type."""
        return x

    @contextlib.contextmanager
    def exact(self) -> Iterator[None]:
        """Context in which +, * on lifted numbers are exact (nothing to do for ints)."""
        yield

    def power_of_ten(self, k: int) -> Any:
        """10**k."""
        return self.lift(10) ** k

    def floor_div(self, a: Any, b: Any) -> Any:
        """floor(a / b) for positive a, b."""
        return a // b

    def sqrt_scaled(self, c: int, k: int) -> Any:
        """floor(sqrt(c) * 10**k) (an error below 2 is all callers rely on)."""
        return self.isqrt(self.lift(c) * self.power_of_ten(2 * k))

    def isqrt(self, a: Any) -> Any:
        """floor(sqrt(a)) (binary backends only)."""
        return math.isqrt(a)

    def shorten(self, a: Any, b: Any, digits: int) -> tuple[Any, Any]:
        """a, b cut to about `digits` + 20 significant digits, so a/b keeps that accuracy.

        Binary splitting leaves Q and T twice as long as the answer needs; the final
        division is cheaper on the cut-down pair. Relative error below 10**-(digits + 19).
        """
        drop = min(a.bit_length(), b.bit_length()) - int((digits + 20) * 3.3219280948873626) - 1
        if drop <= 0:
            return a, b
        return a >> drop, b >> drop

    def digits(self, a: Any) -> str:
        """Decimal text of a non-negative integer."""
        return int_to_decimal_string(a)


class Gmpy2Backend(IntBackend):
    """GMP through gmpy2: FFT multiplication, fast division, square root and conversion."""

    name = "gmpy2"

    def __init__(self) -> None:
        import gmpy2

        self._gmpy2 = gmpy2

    def lift(self, x: int) -> Any:
        """x as an mpz."""
        return self._gmpy2.mpz(x)

    def isqrt(self, a: Any) -> Any:
        """floor(sqrt(a)) by GMP."""
        return self._gmpy2.isqrt(a)

    def digits(self, a: Any) -> str:
        """Decimal text by GMP's subquadratic conversion."""
        return a.digits(10)


class DecimalBackend(IntBackend):
    """Integers as exact Decimals: libmpdec's NTT multiplication, all in base 10."""

    name = "decimal"
    binary = False

    def lift(self, x: int) -> Any:
        """x as an exact Decimal integer."""
        return Decimal(x)

    @contextlib.contextmanager
    def exact(self) -> Iterator[None]:
        """Make the thread's decimal context exact for integers of any size."""
        with decimal.localcontext(exact_context()):
            yield

    def power_of_ten(self, k: int) -> Any:
        """10**k, exact (a 1 with an exponent, then made a plain integer)."""
        return Decimal(1).scaleb(k, exact_context()).quantize(Decimal(1), context=exact_context())

    def floor_div(self, a: Any, b: Any) -> Any:
        """floor(a / b) for positive a, b, with just enough precision to be exact."""
        ctx = exact_context()
        ctx.prec = max(a.adjusted() - b.adjusted() + 3, 1)
        return ctx.divide_int(a, b)

    def sqrt_scaled(self, c: int, k: int) -> Any:
        """sqrt(c) * 10**k to within 2 (not necessarily the floor): inverse-root Newton."""
        return _decimal_sqrt_scaled(c, k)

    def isqrt(self, a: Any) -> Any:
        """Not offered: Decimal integers take sqrt_scaled."""
        raise NotImplementedError("the decimal backend has sqrt_scaled, not isqrt")

    def shorten(self, a: Any, b: Any, digits: int) -> tuple[Any, Any]:
        """a, b cut to about `digits` + 20 significant digits (see IntBackend.shorten)."""
        drop = min(a.adjusted(), b.adjusted()) - digits - 20
        if drop <= 0:
            return a, b
        ctx = exact_context()
        return (a.scaleb(-drop, ctx).to_integral_value(decimal.ROUND_FLOOR, ctx),
                b.scaleb(-drop, ctx).to_integral_value(decimal.ROUND_FLOOR, ctx))

    def digits(self, a: Any) -> str:
        """The Decimal's coefficient: it is already base 10."""
        return format(a, "f")


def _decimal_sqrt_scaled(c: int, k: int) -> Decimal:
    """sqrt(c) * 10**k rounded to an integer, |error| < 2, using multiplications only.

    libmpdec's own sqrt is slow at a million digits and Newton's x <- (x + c/x)/2 costs a
    division a step; y <- y (3 - c y**2) / 2 converges to 1/sqrt(c) with two
    multiplications a step, and sqrt(c) = c y.
    """
    digits = k + len(str(c)) + 10
    y = Decimal(repr(1 / math.sqrt(c)))
    precision = 15
    while precision < digits:
        precision = min(2 * precision, digits)
        ctx = exact_context()
        ctx.prec = precision + 10
        residual = ctx.subtract(3, ctx.multiply(c, ctx.multiply(y, y)))
        y = ctx.multiply(ctx.multiply(y, residual), Decimal("0.5"))
    ctx = exact_context()
    ctx.prec = digits + 10
    root = ctx.multiply(c, y).scaleb(k, ctx)
    return root.to_integral_value(rounding=decimal.ROUND_FLOOR, context=ctx)


def choose_backend(name: str | None = None) -> IntBackend:
    """The named backend, or gmpy2 if it imports, else decimal."""
    if name in (None, "auto"):
        try:
            return Gmpy2Backend()
        except ImportError:
            return DecimalBackend()
    if name == "gmpy2":
        return Gmpy2Backend()
    if name == "decimal":
        return DecimalBackend()
    if name == "int":
        return IntBackend()
    raise ValueError(f"unknown backend {name!r} (choose gmpy2, decimal or int)")


BACKENDS = ("gmpy2", "decimal", "int")
