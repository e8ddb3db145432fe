"""Our program tapes of issue 13: fresh, every order commented, in the manifest, with a recipe."""

from __future__ import annotations

import pytest

from pc1.asm.annotated import read_source
from pc1.asm.punch import stale
from pc1.devices.tape_library import program
from pc1.operator.procedures import recipes
from tests.pc1.program_runs import TAPES

PROGRAMS = ("factorize", "music", "eratosthenes", "queens", "determinant", "fft")


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


@pytest.mark.parametrize("name", PROGRAMS)
def test_comment_offsets_name_the_words_they_sit_on(name: str) -> None:
    # every commented word says where it is ("g+12"): the listing must agree, so that the
    # relative addresses in the orders (`jl12r`) and the comments cannot drift apart
    import re

    source = (TAPES / f"{name}.pc1").read_text(encoding="utf-8")
    base = {x: int(v) for x, v in re.findall(r"^\s*0([a-z])=(\d+),", source, re.M)}
    checked, first = 0, None
    for line in (TAPES / f"{name}.lst").read_text(encoding="utf-8").splitlines():
        word = re.match(r"\s*(\d+)\s+[0-7]{6}\s", line)
        if not word:
            first = None
            continue
        first = int(word.group(1)) if first is None else first  # a line of several words
        if ";" not in line:
            continue  # the comment sits on the last word of its line
        m = re.search(r";\s*([a-z])\+(\d+)\b", line)
        if m and m.group(1) in base:
            assert first == base[m.group(1)] + int(m.group(2)), line
            checked += 1
        first = None
    assert checked > 30


@pytest.mark.parametrize("name", ["queens", "fft", "music"])
def test_the_binary_tape_runs_the_same_program(name: str) -> None:
    # INITIAL LOAD NAME.ptw + CLEAR START, without R0, prints and sounds what R0's way does
    from pc1 import Machine, read_tape
    from tests.pc1.program_runs import loaded

    through_r0 = loaded(name)
    m = Machine()
    m.initial_load(read_tape(TAPES / f"{name}.ptw"))
    m.clear_start()
    assert m.run(max_orders=5_000_000).reason == "halt"
    assert m.printed_text() == through_r0.printed_text()
    first = through_r0.speaker_events[0][0] if through_r0.speaker_events else 0
    start = m.speaker_events[0][0] if m.speaker_events else 0
    assert [(c - start, v) for c, v in m.speaker_events] == \
        [(c - first, v) for c, v in through_r0.speaker_events]
