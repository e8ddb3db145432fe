"""The digits workbench: N truncated decimals of pi or e by a chosen method, settled and
cross-checked.

Every method returns an integer X within E units of value * 10**(N + g). The first N
decimals are certain only if the guard zone (the last g digits of X) stays away from
000... and 999... by more than E; otherwise the run is repeated with more guard digits
(a run of 9s like the Feynman point is exactly this case).
"""

from __future__ import annotations

import re
import time
from typing import NamedTuple

from bignum.backend import IntBackend, choose_backend
from bignum.errors import DigitsError
from bignum.methods import DEFAULT_METHOD, DEFAULT_VERIFY, METHODS, Method
from bignum.progress import Progress, report

CONSTANTS = tuple(METHODS)
_MAX_ATTEMPTS = 4
_LARGEST = max(m.max_digits for methods in METHODS.values() for m in methods.values())


class Digits(NamedTuple):
    """The first len(decimals) decimals of a constant, truncated, and how they were made."""

    constant: str
    method: str
    backend: str
    integer: str
    decimals: str
    guard: int

    @property
    def text(self) -> str:
        """'3.14159...'."""
        return f"{self.integer}.{self.decimals}"


class Verification(NamedTuple):
    """The outcome of checking one method's digits against another's."""

    first: Digits
    second: Digits
    first_difference: int | None  # 1-based decimal position, None if all agree

    @property
    def agree(self) -> bool:
        """True if both methods gave the same digits."""
        return self.first_difference is None and self.first.integer == self.second.integer


def resolve(constant: str, count: object, method: str | None) -> tuple[Method, int]:
    """Validate a request: the method and the count, or DigitsError with one message."""
    if constant not in METHODS:
        raise DigitsError(f"unknown constant {constant!r} (choose {' or '.join(CONSTANTS)})")
    n = parse_count(count)
    name = method or DEFAULT_METHOD[constant]
    methods = METHODS[constant]
    if name not in methods:
        raise DigitsError(
            f"unknown method {name!r} for {constant} (choose {', '.join(methods)})"
        )
    chosen = methods[name]
    if n > chosen.max_digits:
        raise DigitsError(
            f"N = {n} is too large for method {name} (at most {chosen.max_digits:,} digits)"
        )
    return chosen, n


_COUNT = re.compile(r"([0-9][0-9_]*)(?:(e|\*\*)([0-9]{1,4}))?", re.IGNORECASE)


def parse_count(count: object) -> int:
    """A positive digit count from an int or text such as '100000', '100_000', '1e6', '10**6'."""
    if isinstance(count, int) and not isinstance(count, bool):
        value = count
        text = str(count) if count.bit_length() < 100 else f"about 2**{count.bit_length()}"
    else:
        text = str(count).strip()
        value = _parse_count_text(text)
        if len(text) > 40:  # keep the one-line message one line
            text = f"{text[:20]}... ({len(text)} characters)"
    if value <= 0:
        raise DigitsError(f"N must be a positive integer, got {text}")
    if value > _LARGEST:
        raise DigitsError(f"N = {text} is too large (no method goes beyond {_LARGEST:,} digits)")
    return value


def _parse_count_text(text: str) -> int:
    """The value of a count written as digits, digits e exponent, or base ** exponent."""
    match = _COUNT.fullmatch(text)
    if not match or match.group(1).endswith("_"):
        shown = text if len(text) <= 40 else f"{text[:20]}... ({len(text)} characters)"
        raise DigitsError(f"N must be a positive integer, got {shown}")
    digits = match.group(1).replace("_", "").lstrip("0") or "0"
    kind, exponent = match.group(2), int(match.group(3) or 0)
    # anything past 10**30 is far beyond every method: do not build it
    if kind is None:
        magnitude = len(digits)
    elif kind.lower() == "e":
        magnitude = len(digits) + exponent if digits != "0" else 0
    else:
        magnitude = (len(digits) - 1) * exponent if digits not in ("0", "1") else 0
    if magnitude > 30:
        return _LARGEST + 1
    number = int(digits)
    if kind is None:
        return number
    return number * 10**exponent if kind.lower() == "e" else number**exponent


def compute_digits(
    constant: str,
    count: int,
    method: str | None = None,
    *,
    backend: str | IntBackend | None = None,
    progress: Progress | None = None,
) -> Digits:
    """The first `count` decimals of pi or e (truncated), by `method`, settled by guard digits."""
    chosen, n = resolve(constant, count, method)
    engine = backend if isinstance(backend, IntBackend) else _backend(backend)
    guard = chosen.guard(n)
    for _ in range(_MAX_ATTEMPTS):
        k = n + guard
        text, error = chosen.run(k, engine, progress)
        report(progress, "digits", 1.0)
        settled = split_settled(text, n, guard, error)
        if settled is not None:
            return Digits(constant, chosen.name, engine.name, *settled, guard)
        guard += 10 + len(str(error))
    raise DigitsError(f"could not settle {n} digits of {constant} with {chosen.name}")


def split_settled(text: str, n: int, guard: int, error: int) -> tuple[str, str] | None:
    """(integer, n decimals) of X's text if every X within `error` truncates the same, else None.

    text is X = value * 10**(n + guard) give or take `error`; the decimals are settled when
    the guard zone g satisfies error <= g < 10**guard - error.
    """
    k = n + guard
    integer, fraction = text[:-k], text[-k:]
    zone = int(fraction[n:])
    if error <= zone < 10**guard - error:
        return integer, fraction[:n]
    return None


def verify_digits(
    digits: Digits,
    method: str | None = None,
    *,
    backend: str | IntBackend | None = None,
    progress: Progress | None = None,
) -> Verification:
    """Recompute `digits` with another method (default: the constant's usual check) and compare."""
    usual, fallback = DEFAULT_VERIFY[digits.constant]
    name = method or (usual if digits.method != usual else fallback)
    if name == digits.method:
        raise DigitsError(f"--verify needs a method other than {name} (it would check itself)")
    other = compute_digits(
        digits.constant, len(digits.decimals), name, backend=backend, progress=progress
    )
    pairs = zip(digits.decimals, other.decimals, strict=True)
    first = next((i + 1 for i, (a, b) in enumerate(pairs) if a != b), None)
    return Verification(digits, other, first)


def _backend(name: str | None) -> IntBackend:
    try:
        return choose_backend(name)
    except ImportError as exc:
        raise DigitsError(f"backend {name} is not available ({exc})") from None
    except ValueError as exc:
        raise DigitsError(str(exc)) from None


class DigitsRun(NamedTuple):
    """A digits request done: the digits, the cross-check if one was asked, the time taken."""

    digits: Digits
    check: Verification | None
    seconds: float  # elapsed, computation and check together


def staged(progress: Progress | None, phase: str) -> Progress | None:
    """`progress` with `phase: ` before each stage, so the check's 0-100% is not the compute's."""
    if progress is None:
        return None
    return lambda stage, fraction: progress(f"{phase}: {stage}", fraction)


def run_digits(
    constant: str,
    count: object,
    method: str | None = None,
    *,
    check: bool = False,
    check_method: str | None = None,
    backend: str | IntBackend | None = None,
    progress: Progress | None = None,
) -> DigitsRun:
    """Compute, optionally cross-check with another method (its usual one by default), time it;
    DigitsError for a bad request before any work starts."""
    chosen, n = resolve(constant, count, method)
    if check and check_method is not None:
        resolve(constant, n, check_method)
    start = time.perf_counter()
    digits = compute_digits(constant, n, chosen.name, backend=backend,
                            progress=staged(progress, "compute"))
    result = (verify_digits(digits, check_method, backend=backend,
                            progress=staged(progress, "check")) if check else None)
    return DigitsRun(digits, result, time.perf_counter() - start)
