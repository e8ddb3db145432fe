"""The references `pc1 verify` compares with: digits as mpmath has them, limbs as the ports."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bignum.reference import machin, napier
from pc1.verify import compare, settled_decimals
from tests.shared_data import REPO, truncated_digits


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["pi", "e"]), st.integers(1, 3000))
@example("pi", 1000)  # what verify compares
@example("e", 1000)
@example("pi", 3000)
@example("e", 3000)
@example("pi", 761)  # the guard digits begin with the six nines of the Feynman point
def test_the_digits_reference_is_mpmaths_truncated(name: str, count: int) -> None:
    assert settled_decimals(name, count) == truncated_digits(name, count).split(".")[1]


def test_the_report_compares_with_the_seeds_programs_and_names_its_digits() -> None:
    pi = compare("pi", [], "", [], 0, 0, 0)
    assert pi.reference_limbs == machin(97) and pi.reference_name == "machin_ints(97)"
    assert pi.expected_text.startswith("3.14159") and "Chudnovsky" in pi.digits_reference
    e = compare("e", [], "", [], 0, 0, 0)
    assert e.reference_limbs == napier(100) and e.reference_name == "napier_ints(100)"
    assert e.expected_text.startswith("2.71828") and "1/k!" in e.digits_reference
    assert "mpmath" not in "\n".join(pi.lines() + e.lines())


def test_verify_imports_neither_mpmath_nor_gmpy2_nor_the_ports() -> None:
    """The cold start of `pc1 verify` (issue 28): its references are cheap to load."""
    code = ("import sys; from pc1.verify import compare; compare('pi', [], '', [], 0, 0, 0); "
            "compare('e', [], '', [], 0, 0, 0); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('mpmath', 'gmpy2') "
            "or m in ('bignum.reference', 'bignum.seed_walkthrough')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
