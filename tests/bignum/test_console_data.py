"""What the console's verify and digits screens show: bignum's instrumentation and run_digits."""

from __future__ import annotations

import pytest

from bignum.digits import run_digits
from bignum.errors import DigitsError
from bignum.seed_report import instrumentation
from tests.shared_data import truncated_digits

PI_TERMS = (1433 + 1) // 2 + (423 + 1) // 2  # the seed's two series: 717 + 212 terms


def test_pi_division_steps_with_and_without_the_start_index() -> None:
    data = instrumentation("pi")
    top = data.steps["from the top"]
    # from the top, every term divides all 97 limbs twice (ldiv, then ldiv_addsub)
    assert top == PI_TERMS * 97 * 2
    assert data.steps["start index b"] < top * 0.6  # the index halves the work
    assert set(data.ripples) == {"2**35", "10000", "10"}
    assert set(data.ripples["2**35"]) == {1}  # 35-bit limbs: every carry stops next door
    assert max(data.ripples["10"]) > max(data.ripples["10000"]) >= 2


def test_e_division_steps() -> None:
    data = instrumentation("e")
    assert data.steps == {"four terms a step": (460 // 4) * 100} and data.ripples == {}
    with pytest.raises(ValueError, match="unknown constant"):
        instrumentation("tau")


@pytest.mark.parametrize("constant", ["pi", "e"])
def test_run_digits_gives_mpmaths_digits_and_checks_them(constant: str) -> None:
    run = run_digits(constant, "250", check=True)
    assert run.digits.text == truncated_digits(constant, 250)
    assert run.check is not None and run.check.agree
    assert run.check.second.method != run.digits.method and run.seconds >= 0


def test_run_digits_refuses_a_bad_request_before_any_work() -> None:
    calls = []
    with pytest.raises(DigitsError, match="N must be a positive integer"):
        run_digits("pi", "many", progress=lambda *a: calls.append(a))
    with pytest.raises(DigitsError, match="unknown method"):
        run_digits("e", "10", check=True, check_method="chudnovsky",
                   progress=lambda *a: calls.append(a))
    assert calls == []


def test_run_digits_names_the_compute_and_check_stages_of_its_progress() -> None:
    calls: list[tuple[str, float]] = []
    run_digits("e", "200", check=True, progress=lambda stage, f: calls.append((stage, f)))
    stages = [stage for stage, _ in calls]
    assert stages[0].startswith("compute: ") and stages[-1].startswith("check: ")
    assert all(s.split(": ")[0] in ("compute", "check") for s in stages)
    first_check = next(i for i, s in enumerate(stages) if s.startswith("check"))
    assert all(s.startswith("check") for s in stages[first_check:])  # one compute, then one check
