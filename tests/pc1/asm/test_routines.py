"""The routines of an annotated source, named by its `; ----` header lines."""

from __future__ import annotations

import pytest

from pc1.asm.annotated import assemble_source, parse
from pc1.asm.routines import routine_name, routines_for_tape, routines_of
from pc1.devices import tape_path


@pytest.mark.parametrize("header, name", [
    ("---- p: the atan subroutine at 196 (loaded over the interlude).  Called with",
     "p: the atan subroutine at 196"),
    ("---- g: one step: Q = (Q + N) / D for the current a, where",
     "g: one step: Q = (Q + N) / D for the current a"),
    ("---- n: constants.  Long constants are two short words", "n: constants"),
    ("---- o: print `2.` and 1000 decimals.", "o: print `2.` and 1000 decimals"),
    ("----", "(unnamed)"),
])
def test_a_header_names_its_routine(header: str, name: str) -> None:
    assert routine_name(header) == name


def test_each_word_belongs_to_the_header_above_it() -> None:
    text = ("p1,\n; ---- a: the first\n; ---- goes on here\np2,p3,\n"
            "; a plain comment\np4,\n; ---- b: the second\np5,\n")
    src = parse(text, "demo.pc1")
    routines = routines_of(src, assemble_source(src))
    # five words stored one after another, wherever R0 starts loading
    assert [routines[a] for a in sorted(routines)] == [
        "demo.pc1", "a: the first", "a: the first", "a: the first", "b: the second"]


def test_the_pi_tape_has_its_atan_subroutine_and_r0_under_it() -> None:
    if not tape_path("pi1000cmp.pc1").exists():
        pytest.skip("the annotated sources are not installed")
    routines = routines_for_tape(tape_path("pi1000cmp.ptr"))
    # from the listing, typed here: 220 is `dl12n` (division by z^2), 496 the main start
    assert routines[220] == routines[240] == "p: the atan subroutine at 196"
    assert routines[496] == "m: the main routine at 496"
    assert routines[42] == "r0.pc1"  # R0's read loop
    assert routines_for_tape(None) == {}


def test_a_source_changed_on_disk_is_read_again(tmp_path) -> None:
    from pc1.asm.routines import routines_in

    path = tmp_path / "demo.pc1"
    path.write_text("; ---- a: first\np1,\n")
    assert set(routines_in(path).values()) == {"a: first"}
    path.write_text("; ---- b: second\np1,p2,\n")
    assert set(routines_in(path).values()) == {"b: second"}
