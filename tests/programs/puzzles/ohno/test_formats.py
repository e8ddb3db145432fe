"""0h n0 text format: the seed's boards, several per file, and one-line errors."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from programs.puzzles.ohno.examples import EXAMPLES
from programs.puzzles.ohno.formats import (
    BLUE,
    EMPTY,
    RED,
    OhnoInputError,
    format_board,
    format_solution,
    parse_solution,
    parse_text,
)
from tests.programs.cli_fuzz import assert_points_into
from tests.strategies import unicode_slips


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_seed_boards_read_and_write_back(name: str) -> None:
    (board,) = parse_text(EXAMPLES[name], name)
    assert format_board(board) == EXAMPLES[name]
    assert board.rows == board.cols


def test_cell_values() -> None:
    (board,) = parse_text(".#O\n123\n...\n")
    assert board.cells[:6] == (EMPTY, RED, BLUE, 1, 2, 3)


def test_several_boards_with_comments() -> None:
    text = "; two boards\n# demo from the seed\n" + EXAMPLES["demo"] + "\n\n\n" + "O.\n.O\n"
    boards = parse_text(text)
    assert [(b.rows, b.cols, b.line) for b in boards] == [(4, 4, 3), (2, 2, 9)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("...\n....\n", "f: line 2, column 4: row is 4 cells long, expected 3 like line 1"),
        ("....\n..\n", "f: line 2, column 3: row is 2 cells long, expected 4 like line 1"),
        ("..\n.x\n", "f: line 2, column 2: 'x' is not '.', '#', 'O' or a digit 1-9"),
        ("..\n0.\n", "f: line 2, column 1: '0' is not allowed: a number is 1-9"),
        (
            "...\n.5.\n...\n",
            "f: line 2, column 2: 5 can see at most 4 cells before a red or the edge",
        ),
        ("1#\n##\n", "f: line 1, column 1: 1 can see at most 0 cells before a red or the edge"),
        ("; only a comment\n\n", "f: line 2, column 1: no board found"),
        ("", "f: line 1, column 1: no board found"),
    ],
)
def test_errors_name_line_and_column(text: str, message: str) -> None:
    with pytest.raises(OhnoInputError) as exc:
        parse_text(text, "f")
    assert str(exc.value) == message


def test_solution_format_round_trip() -> None:
    blue = [True, False, True, True, False, False]
    assert format_solution(3, blue) == "O#O\nO##"
    assert parse_solution("O#O\nO##") == (2, 3, blue)
    with pytest.raises(OhnoInputError):
        parse_solution("O#\nO")
    with pytest.raises(OhnoInputError):
        parse_solution("O.")


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(list(".#O0123456789x ;\n\r\t")), max_size=200))
def test_fuzz_boards_or_one_line_error(text: str) -> None:
    try:
        boards = parse_text(text, "fuzz.txt")
    except OhnoInputError as exc:
        message = str(exc)
        assert "\n" not in message and message.startswith("fuzz.txt: line ")
        assert ", column " in message
    else:
        assert boards
        for b in boards:
            assert len(b.cells) == b.rows * b.cols


UNICODE_SAMPLES = [EXAMPLES[k] for k in sorted(EXAMPLES)]


@settings(max_examples=200)
@given(unicode_slips(UNICODE_SAMPLES))
def test_fuzz_any_unicode(text: str) -> None:
    """An error points at the line and column of the character it names; else the puzzles
    read back the same when written out again."""
    try:
        puzzles = parse_text(text, "u.txt")
    except OhnoInputError as exc:
        assert "\n" not in str(exc)
        assert_points_into(text, str(exc), "u.txt")
        event("error")
    else:
        event("puzzles")
        for b in puzzles:
            (again,) = parse_text(format_board(b), "v.txt")
            assert (again.rows, again.cols, again.cells) == (b.rows, b.cols, b.cells)
