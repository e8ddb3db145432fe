"""Sudoku file formats: reading, writing, and one-line errors with line and column."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from programs.puzzles.sudoku.examples import EXAMPLES, cells
from programs.puzzles.sudoku.formats import (
    SudokuInputError,
    clue_errors,
    format_grid,
    format_line,
    parse_text,
)
from tests.programs.cli_fuzz import assert_points_into
from tests.strategies import unicode_slips

YM_TEXT = EXAMPLES["ym"][1]


def test_one_line_puzzles_with_dots_zeros_and_comments() -> None:
    text = "# two puzzles\n" + YM_TEXT + "\n\n" + YM_TEXT.replace("0", ".") + "  # same\n"
    with pytest.raises(SudokuInputError):
        parse_text(text, "f.txt")  # '#' after the cells is not a comment
    puzzles = parse_text("# two puzzles\n" + YM_TEXT + "\n\n" + YM_TEXT.replace("0", ".") + "\n")
    assert [p.cells for p in puzzles] == [cells(YM_TEXT)] * 2
    assert [p.line for p in puzzles] == [2, 4]
    assert puzzles[0].layout == "line"


def test_grid_and_boxed_grid_read_back() -> None:
    c = cells(YM_TEXT)
    for text in (format_grid(c), format_grid(c, boxes=True), format_grid(c, empty="0")):
        (p,) = parse_text(text)
        assert p.cells == c
        assert p.layout == "grid"


def test_spaced_digits_like_hui_listing() -> None:
    rows = [" ".join(YM_TEXT[9 * r : 9 * r + 9]) for r in range(9)]
    (p,) = parse_text("\n".join(rows))
    assert p.cells == cells(YM_TEXT)
    assert p.place(10) == (2, 3)


def test_bad_symbol_names_file_line_and_column() -> None:
    text = "\n".join(format_grid(cells(YM_TEXT)).splitlines())
    lines = text.splitlines()
    lines[2] = lines[2][:6] + "x" + lines[2][7:]
    with pytest.raises(SudokuInputError) as exc:
        parse_text("\n".join(lines), "grid.txt")
    assert str(exc.value) == "grid.txt: line 3, column 7: 'x' is not a digit or '.'"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("123\n", "f: line 1, column 4: 3 cells; expected 81 (one-line puzzle) or 9 (grid row)"),
        (".........\n" * 3 + "....\n", "f: line 4, column 5: grid row 4 has 4 cells, expected 9"),
        (".........\n" * 4, "f: line 4, column 1: grid ends after 4 of 9 rows"),
        ("# nothing\n\n", "f: line 2, column 1: no puzzle found"),
        ("", "f: line 1, column 1: no puzzle found"),
    ],
)
def test_shape_errors(text: str, message: str) -> None:
    with pytest.raises(SudokuInputError) as exc:
        parse_text(text, "f")
    assert str(exc.value) == message


def test_repeated_clue_is_reported_where_it_stands() -> None:
    bad = "55" + "." * 79
    (p,) = parse_text(bad)
    assert clue_errors(p, "f") == (
        "f: line 1, column 2: 5 repeats in row 1 (also at row 1, column 1)"
    )
    col = "5........" + "\n" + "." * 9 + "\n" + "5........" + "\n" + (".........\n" * 6)
    (p,) = parse_text(col)
    assert clue_errors(p, "g") == (
        "g: line 3, column 1: 5 repeats in column 1 (also at row 1, column 1)"
    )
    box = "5" + "." * 9 + "5" + "." * 70
    (p,) = parse_text(box)
    assert "repeats in box 1" in (clue_errors(p) or "")
    assert clue_errors(parse_text(YM_TEXT)[0]) is None


@given(st.lists(st.integers(0, 9), min_size=81, max_size=81))
def test_line_round_trip(values: list[int]) -> None:
    (p,) = parse_text(format_line(values))
    assert list(p.cells) == values
    (q,) = parse_text(format_grid(values, boxes=True))
    assert list(q.cells) == values


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(list("0123456789.#|-+ \n\tx\r\u00e9")), max_size=400))
def test_fuzz_parser_gives_puzzles_or_one_line_error(text: str) -> None:
    try:
        puzzles = parse_text(text, "fuzz.txt")
    except SudokuInputError as exc:
        message = str(exc)
        assert "\n" not in message and message.startswith("fuzz.txt: line ")
        assert ", column " in message
    else:
        assert puzzles and all(len(p.cells) == 81 for p in puzzles)
        for p in puzzles:
            clue_errors(p, "fuzz.txt")


UNICODE_SAMPLES = [EXAMPLES["su21_99"][1]]


@settings(max_examples=200)
@given(unicode_slips(UNICODE_SAMPLES))
def test_fuzz_any_unicode(text: str) -> None:
    """An error points at the line and column of the character it names; else the puzzles
    read back the same when written out again."""
    try:
        puzzles = parse_text(text, "u.txt")
    except SudokuInputError as exc:
        assert "\n" not in str(exc)
        assert_points_into(text, str(exc), "u.txt")
        event("error")
    else:
        event("puzzles")
        for b in puzzles:
            assert [q.cells for q in parse_text(format_line(b.cells), "v.txt")] == [b.cells]
