"""Our program tapes of issue 13: fresh, every order commented, in the manifest, with a recipe."""

from __future__ import annotations

import pytest

from pc1.annotated import read_source
from pc1.punch import stale
from pc1.recipes import recipes
from pc1.tape_library import program
from tests.pc1.program_runs import TAPES

PROGRAMS = ("factorize", "music", "eratosthenes", "queens")


@pytest.mark.parametrize("name", PROGRAMS)
def test_punched_tapes_are_fresh(name: str) -> None:
    assert stale(TAPES / f"{name}.pc1") == [], f"run `pc1 asm tapes/{name}.pc1` and commit"


@pytest.mark.parametrize("name", PROGRAMS)
def test_every_order_is_commented(name: str) -> None:
    src = read_source(TAPES / f"{name}.pc1")
    bare = [line.number for line in src.lines if line.code and not line.comment]
    assert bare == [], f"{name}.pc1: lines without a comment: {bare}"


@pytest.mark.parametrize("name", PROGRAMS)
def test_manifest_entry_and_recipe(name: str) -> None:
    p = program(name)
    assert p.sources == (f"{name}.pc1",) and p.tapes == (f"{name}.ptr",)
    assert name in recipes()
    for f in p.files():
        assert (TAPES / f).exists(), f
