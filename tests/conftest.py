"""Hypothesis profiles: a fresh draw each run by default, a fixed one in CI.

CI (`.ci/run`, with CI set in the environment) runs the "ci" profile: derandomized, so a
run in CI draws the same examples every time and a catch never depends on luck; no example
database (nothing carried over from an earlier run), and the failing example printed in
full. Tests that set their own example count keep it; the rest take the default. Any
profile can be chosen by hand with `--hypothesis-profile NAME`.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev")
settings.load_profile("ci" if os.environ.get("CI") else "dev")
