"""The digits driver: every method right, guard digits settle ambiguous runs, checks compare."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bignum import digits as digits_module
from bignum.arctan import pi_fixed_series
from bignum.backend import choose_backend
from bignum.digits import (
    Digits,
    compute_digits,
    parse_count,
    resolve,
    split_settled,
    verify_digits,
)
from bignum.errors import DigitsError
from bignum.methods import METHODS, Method

# the pc1 and mpmath methods use no backend, so they run once
RUNS = [
    (c, m, b)
    for c in METHODS
    for m in METHODS[c]
    for b in (("gmpy2",) if m in ("pc1", "mpmath") else ("gmpy2", "decimal", "int"))
]


def arctan_inverse(x: int, one: int) -> int:
    """arctan(1/x) * one by its Taylor series in plain Python ints (truncating each term)."""
    total, power, k, sign = 0, one // x, 1, 1
    while power:
        total += sign * (power // k)
        power //= x * x
        k, sign = k + 2, -sign
    return total


@functools.cache
def plain_int_decimals(constant: str, count: int) -> str:
    """Decimals of pi (Machin's formula) or e (sum of 1/k!) with Python ints and 30 guard
    digits: an oracle that shares no code with bignum and none with mpmath."""
    one = 10 ** (count + 30)
    if constant == "pi":
        value = 16 * arctan_inverse(5, one) - 4 * arctan_inverse(239, one)
    else:
        value, term, k = 0, one, 0
        while term:
            value, k = value + term, k + 1
            term //= k
    return str(value)[1 : count + 1]


def test_the_two_oracles_agree(oracle):
    for constant in ("pi", "e"):
        assert plain_int_decimals(constant, 1000) == oracle(constant, 1000)
    assert plain_int_decimals("pi", 20) == "14159265358979323846"  # the printed value
    assert plain_int_decimals("e", 20) == "71828182845904523536"


@pytest.mark.parametrize(("constant", "method", "backend"), RUNS)
def test_every_method_gives_1000_truncated_decimals(constant, method, backend):
    # checked against plain_int_decimals, not mpmath: the "mpmath" method is one of these
    result = compute_digits(constant, 1000, method, backend=backend)
    assert result.integer == ("3" if constant == "pi" else "2")
    assert result.decimals == plain_int_decimals(constant, 1000)


def test_10000_decimals_end_truncated_not_rounded():
    pi = compute_digits("pi", 10_000)
    e = compute_digits("e", 10_000)
    # reference notes §7: decimal 10,001 is 5 in both, so rounding would end in ...9
    assert pi.decimals[-10:] == "5256375678"
    assert e.decimals[-10:] == "9465536788"


def test_feynman_point_needs_guard_digits(oracle):
    truth = oracle("pi", 767)
    assert truth.endswith("999999")
    engine = choose_backend("gmpy2")
    for guard in (1, 2):
        x, error = pi_fixed_series(767 + guard, "machin", engine)
        text = engine.digits(x)
        assert text[1:768] != truth  # truncating here prints wrong digits...
        assert split_settled(text, 767, guard, error) is None  # ...and the check refuses them
    assert compute_digits("pi", 767, "machin-series").decimals == truth


def test_split_settled_accepts_only_a_clear_guard_zone():
    # "3" then n = 4 decimals then guard = 3 digits; error bound 2
    assert split_settled("31415002", 4, 3, 2) == ("3", "1415")
    assert split_settled("31415997", 4, 3, 2) == ("3", "1415")
    assert split_settled("31415001", 4, 3, 2) is None  # could be ...1414999
    assert split_settled("31415998", 4, 3, 2) is None  # could be ...1416000


def fake_method(answers):
    """A method that returns the given (text, error) answers one call after another."""
    calls = []

    def run(k, backend, progress):
        calls.append(k)
        return answers[min(len(calls) - 1, len(answers) - 1)](k)

    return Method("fake", "test double", 10_000, run, lambda count: 3), calls


def test_ambiguous_runs_are_repeated_with_more_guard(monkeypatch):
    method, calls = fake_method([
        lambda k: ("3" + "1415" + "999", 2),  # guard zone 999: a carry may still come
        lambda k: ("3" + "1416" + "0" * (k - 4 - 3) + "123", 2),
    ])
    monkeypatch.setitem(METHODS["pi"], "fake", method)
    result = compute_digits("pi", 4, "fake")
    assert result.decimals == "1416"
    assert calls[0] == 7 and calls[1] > 7


def test_a_run_that_never_settles_is_an_error(monkeypatch):
    method, _ = fake_method([lambda k: ("3" + "1" * 4 + "0" * (k - 4), 2)])
    monkeypatch.setitem(METHODS["pi"], "fake", method)
    with pytest.raises(DigitsError, match="could not settle"):
        compute_digits("pi", 4, "fake")


def test_verify_finds_agreement_and_disagreement(monkeypatch):
    result = verify_digits(compute_digits("pi", 500), "stormer")
    assert result.agree and result.first_difference is None
    method, _ = fake_method([lambda k: ("3" + "1415926" + "0" * (k - 7), 0)])
    monkeypatch.setitem(METHODS["pi"], "fake", method)
    result = verify_digits(compute_digits("pi", 10), "fake")
    assert not result.agree and result.first_difference == 8


def test_verify_with_the_same_method_is_refused():
    with pytest.raises(DigitsError, match="other than chudnovsky"):
        verify_digits(compute_digits("pi", 10), "chudnovsky")


@given(st.integers(1, 10**8))
def test_parse_count_reads_plain_and_grouped_numbers(n):
    assert parse_count(str(n)) == n
    assert parse_count(f"{n:_}") == n
    assert parse_count(n) == n


@pytest.mark.parametrize(("text", "value"), [("1e6", 10**6), ("10**5", 10**5), (" 42 ", 42)])
def test_parse_count_reads_powers(text, value):
    assert parse_count(text) == value


@pytest.mark.parametrize("text", ["-5", "0", "abc", "1.5", "", "1e", "_1", "1__", "True"])
def test_parse_count_rejects_with_one_message(text):
    with pytest.raises(DigitsError, match=r"^N must be a positive integer, got "):
        parse_count(text)


@pytest.mark.parametrize(
    ("constant", "count", "method", "message"),
    [
        ("tau", 10, None, "unknown constant 'tau'"),
        ("pi", 10, "bsplit", "unknown method 'bsplit' for pi"),
        ("e", 10, "chudnovsky", "unknown method 'chudnovsky' for e"),
        ("pi", 10**9, None, "too large \\(no method goes beyond 100,000,000 digits"),
        ("pi", 2 * 10**7, "machin", "too large for method machin"),
        ("pi", 10**5, "pc1", "too large for method pc1"),
        ("e", -1, None, "N must be a positive integer, got -1"),
    ],
)
def test_resolve_rejects_bad_requests(constant, count, method, message):
    with pytest.raises(DigitsError, match=message):
        resolve(constant, count, method)


def test_progress_reports_stages_within_bounds():
    seen = []
    compute_digits("pi", 5000, progress=lambda stage, f: seen.append((stage, f)))
    assert {"series", "digits"} <= {stage for stage, _ in seen}
    assert all(0.0 <= f <= 1.0 for _, f in seen)
    assert ("series", 1.0) in seen


def test_digits_text():
    assert Digits("pi", "m", "b", "3", "14", 10).text == "3.14"
    assert digits_module.CONSTANTS == ("pi", "e")


@pytest.mark.parametrize(
    "count",
    ["1e9999", "9" * 5000, "99999**9999", 10**5000, "1e9"],
    ids=["e-form", "5000-nines", "power", "huge-int", "1e9"],
)
def test_absurd_sizes_are_refused_without_building_them(count):
    with pytest.raises(DigitsError, match=r"^N = .{1,60} is too large \(no method goes beyond"):
        parse_count(count)


def test_default_check_is_never_the_method_itself():
    assert verify_digits(compute_digits("pi", 300, "machin")).second.method == "chudnovsky"
    assert verify_digits(compute_digits("pi", 300, "pc1")).second.method == "machin"
    assert verify_digits(compute_digits("e", 300, "inverse")).second.method == "bsplit"
