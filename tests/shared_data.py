"""Where the shared test data lives (../shared beside the repo) and reference digits."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
THIRD_PARTY = SHARED / "third_party" / "pc1onunity"


def third_party_tape(name: str) -> Path:
    """A PC-1 on Unity tape from ../shared, or skip the test with the reason."""
    path = THIRD_PARTY / name
    if not path.exists():
        pytest.skip(f"third-party test tape {name} not found (expected in {THIRD_PARTY})")
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
