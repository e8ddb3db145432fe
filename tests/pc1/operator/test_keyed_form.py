"""What the console offers to key when a program of ours waits for a tape."""

from __future__ import annotations

from pc1.operator import keyed_form


def test_factorize_asks_for_n_plus_by_its_tape_name_from_any_folder() -> None:
    for name in ("factorize.ptr", "/somewhere/else/factorize.ptr", r"C:\tapes\factorize.ptr"):
        found = keyed_form(name)
        assert found is not None
        program, form = found
        assert program == "factorize"
        assert "34359738367+" in form  # the largest N, as docs/programs show it


def test_programs_that_key_nothing_get_no_offer() -> None:
    for name in (None, "", "e1000.ptr", "pi1000cmp.ptr", "determinant.ptr", "mine.ptr"):
        assert keyed_form(name) is None
