"""Oracle digits for the bignum tests: mpmath, truncated (not rounded) from a longer string."""

from __future__ import annotations

import functools

import mpmath
import pytest


@functools.cache
def oracle_decimals(constant: str, count: int) -> str:
    """The first `count` decimals of pi or e from mpmath, sliced from 20 more so never rounded."""
    with mpmath.workdps(count + 30):
        value = +mpmath.mp.pi if constant == "pi" else +mpmath.mp.e
        text = mpmath.nstr(value, count + 20, strip_zeros=False)
    return text.split(".")[1][:count]


@pytest.fixture(scope="session")
def oracle():
    """The oracle function itself, for tests that need several lengths."""
    return oracle_decimals
