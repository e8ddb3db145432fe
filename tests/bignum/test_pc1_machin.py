"""The seed's Machin program: digits, limbs, division steps, carry ripples (reference §5.2)."""

from __future__ import annotations

import pytest

from bignum.limbs import BASE, limbs_to_digits, lmul, scaled_int_to_limbs
from bignum.pc1_machin import machin, machin_plan, machin_run, ripple_survey
from bignum.reference import pi_digits_pc1


def machin_in_one_integer(nlimbs: int, n5: int = 1433, n239: int = 423) -> int:
    """The same truncating recurrence on one Python integer in ulps of 2**-35(nlimbs-1)."""
    one = BASE ** (nlimbs - 1)
    ts = 0
    for z, coefficient, add, last in ((5, 80, True, n5), (239, 956, False, n239)):
        ss = coefficient * one
        for n in range(1, last + 1, 2):
            ss //= z * z
            ts = ts + ss // n if add else ts - ss // n
            add = not add
    return ts


@pytest.mark.parametrize("nlimbs", [97, 100])
def test_limbs_equal_the_whole_number_recurrence(nlimbs):
    assert machin(nlimbs) == scaled_int_to_limbs(machin_in_one_integer(nlimbs), nlimbs)


def test_97_limbs_give_the_first_1000_decimals(oracle):
    limbs = machin(97)
    assert len(limbs) == 97 and limbs[0] == 3
    assert all(0 <= limb < BASE for limb in limbs)
    assert pi_digits_pc1(1000, 97) == oracle("pi", 1000)


def first_wrong(digits: str, truth: str) -> int | None:
    pairs = enumerate(zip(digits, truth, strict=False))
    return next((i + 1 for i, (a, b) in pairs if a != b), None)


def test_limb_counts_96_97_100_as_in_the_reference_notes(oracle):
    truth = oracle("pi", 1060)
    assert first_wrong(limbs_to_digits(machin(96)), truth) == 1000  # 96 limbs: only 999
    assert first_wrong(limbs_to_digits(machin(97)), truth) == 1005  # series cut-off
    assert first_wrong(limbs_to_digits(machin(100)), truth) == 1005


def test_start_index_halves_the_division_steps_and_changes_nothing():
    with_b = machin_run(100)
    without_b = machin_run(100, start_index=False)
    assert with_b.limbs == without_b.limbs
    assert with_b.stats.divide_steps == 96_751
    assert without_b.stats.divide_steps == 185_800 == 2 * (717 + 212) * 100
    assert with_b.stats.interior_zeros == 0  # so the seed's b rule is safe here
    assert machin_run(97).stats.interior_zeros == 0


def test_carries_with_35_bit_limbs_never_pass_the_next_limb():
    stats = machin_run(100).stats
    assert stats.nonzero_adds == 48_050
    assert dict(stats.ripples) == {1: 23_474}


@pytest.mark.parametrize(
    ("base", "nlimbs", "adds", "ripples"),
    [
        (10**4, 261, 123_986, {1: 60_466, 2: 3}),
        (10, 1010, 415_925, {1: 185_927, 2: 18_449, 3: 1_857, 4: 163, 5: 14, 7: 1}),
    ],
)
def test_small_bases_ripple_as_in_the_reference_table(base, nlimbs, adds, ripples):
    run = machin_run(nlimbs, base=base)
    assert run.stats.nonzero_adds == adds
    assert dict(run.stats.ripples) == ripples


def test_seed_first_program_prints_ten_digits_at_a_time():
    # the seed's display of the first lmul outputs (no zero padding, so 0628620899 shows short)
    printed = (
        "1415926535 8979323846 2643383279 5028841971 6939937510 5820974944 5923078164 628620899 "
        "8628034825 3421170679 8214808651 3282306647 938446095 5058223172 5359408128 4811174502 "
        "8410270193 8521105559 6446229489 5493038196"
    ).split()
    limbs = machin(100, start_index=False)
    assert [str(lmul(limbs, 10**10)) for _ in printed] == printed


def test_plan_for_1000_decimals_uses_the_minimum_term_counts():
    nlimbs, n5, n239 = machin_plan(1000)
    assert ((n5 + 1) // 2, (n239 + 1) // 2) == (718, 211)
    assert nlimbs >= 97


def test_plan_reaches_other_lengths(oracle):
    nlimbs, n5, n239 = machin_plan(300)
    assert limbs_to_digits(machin(nlimbs, n5, n239), 300) == oracle("pi", 300)


def test_ripple_survey_longer_chains_in_smaller_bases():
    rows = ripple_survey(((BASE, 40), (10**4, 105), (10, 410)))
    longest = [stats.longest_ripple for _, _, stats in rows]
    assert longest[0] <= longest[1] <= longest[2] and longest[2] >= 3
    assert [n for _, n, _ in rows] == [40, 105, 410]


def test_rounding_error_against_the_exact_partial_sum_is_4_ulp():
    from fractions import Fraction

    from bignum.limbs import limbs_to_scaled_int

    exact = Fraction(0)
    for c, z, last in ((16, 5, 1433), (-4, 239, 423)):
        for n in range(1, last + 1, 2):
            exact += Fraction(c * (-1) ** (n // 2), n * z**n)
    ulps = limbs_to_scaled_int(machin(100)) - exact * BASE**99
    # reference §1.3: 4 ulp (the truncated subtractions leave the sum a little high)
    assert 3 < ulps < 5
