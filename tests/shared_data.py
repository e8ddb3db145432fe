"""Where the shared test data lives (../shared beside the repo) and reference digits.

Test data that is not ours (third-party tapes, shared puzzles, the seed posts) lives in
../shared, beside the repository. Without it a test that needs it skips, saying what is
missing, except where PC1_REQUIRE_SHARED=1 (`.ci/run` sets it): then it fails. A file the
repository tracks (tapes/r0.ptw, ...) is never a reason to skip: missing, the test fails.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
THIRD_PARTY = SHARED / "third_party" / "pc1onunity"
SHARED_PUZZLES = SHARED / "puzzles"
REQUIRE_SHARED = "PC1_REQUIRE_SHARED"


def without_shared(reason: str) -> NoReturn:
    """Skip the test for want of ../shared, with the reason; fail it if CI requires ../shared."""
    if os.environ.get(REQUIRE_SHARED) == "1":
        pytest.fail(f"{reason} ({REQUIRE_SHARED}=1: the shared test data must be there)",
                    pytrace=False)
    pytest.skip(reason)


def shared_path(path: Path, what: str) -> Path:
    """`path` inside ../shared if it exists, else skip (or fail: without_shared) naming it."""
    if not path.exists():
        without_shared(f"{what} not found (expected at {path})")
    return path


def third_party_tape(name: str) -> Path:
    """A PC-1 on Unity tape from ../shared, or skip the test with the reason."""
    return shared_path(THIRD_PARTY / name, f"third-party test tape {name}")


def tracked(relative: str) -> Path:
    """A file the repository tracks, by its path in the repository: missing, the test fails."""
    path = REPO / relative
    if not path.exists():
        pytest.fail(f"{relative} is tracked by the repository but missing from {REPO}",
                    pytrace=False)
    return path


def truncated_digits(constant: str, decimals: int) -> str:
    """'3.1415…' with exactly `decimals` decimals, truncated (not rounded), by mpmath."""
    import mpmath

    with mpmath.workdps(decimals + 30):
        value = {"pi": mpmath.pi, "e": mpmath.e}[constant]
        scaled = int(mpmath.floor(value * mpmath.mpf(10) ** decimals))
    s = str(scaled)
    return f"{s[0]}.{s[1:]}"


def pc1_layout(number: str, per_line: int = 50) -> str:
    """The e-1000 print layout: '2.' + 50 decimals, then lines of 50 indented by two spaces."""
    head, decimals = number.split(".")
    lines = [decimals[i:i + per_line] for i in range(0, len(decimals), per_line)]
    return f"{head}." + "\n  ".join(lines)
