"""Hypothesis profiles: a fresh draw each run by default, a fixed one in CI.

CI (`.ci/run`, with CI set in the environment) runs the "ci" profile: derandomized, so a
run in CI draws the same examples every time and a catch never depends on luck; no example
database (nothing carried over from an earlier run), and the failing example printed in
full. Tests that set their own example count keep it; the rest take the default. Any
profile can be chosen by hand with `--hypothesis-profile NAME`.

The suite compiles PC-1 code afresh: the disk cache of compiled code is off unless a test
turns it on (tests/pc1/machine/test_code_cache.py), so no run reads or fills the user's.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev")
settings.load_profile("ci" if os.environ.get("CI") else "dev")
os.environ.setdefault("PC1_CODE_CACHE", "off")


@pytest.fixture(autouse=True)
def _compile_afresh_under_mutmut():
    """Under mutmut (tests/mutation/mutate.py) each test compiles its blocks again: code
    compiled before the mutant was switched on would hide it (pc1/machine/halves.py runs
    only when a block is compiled)."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        from pc1.machine import compiler

        compiler._CACHE.clear()
    yield
