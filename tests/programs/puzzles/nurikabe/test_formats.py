"""File formats: parsing, writing, round trips, one-line errors, fuzzing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe.formats import (
    ParseError,
    detect_format,
    read_games,
    read_hui,
    read_plain,
    read_progcomp,
    write_hui,
    write_plain,
    write_progcomp,
)
from programs.puzzles.nurikabe.model import LAND, UNKNOWN, WALL, Game, Puzzle, clue_problem

from .helpers import DATA, hui_games, hui_s1, progcomp_sample


def test_progcomp_sample_parses_with_and_without_spaces() -> None:
    games = progcomp_sample()
    assert [g.name for g in games] == ["Sample1", "Sample2", "Sample3"]
    s2 = games[1]
    assert s2.puzzle.rows == s2.puzzle.cols == 5
    # "DLL7L": no spaces; "1 D L D 1": spaces.
    assert s2.cells[:5] == (WALL, LAND, LAND, LAND, LAND)
    assert s2.puzzle.clues[3] == 7
    assert s2.puzzle.clues[10] == 1 and s2.puzzle.clues[14] == 1
    assert games[2].cells[11] == UNKNOWN  # the '.' ending "LDDDD."


def test_hui_puzzles_and_state_form() -> None:
    games = hui_games()
    assert sorted(games) == [f"n{k}" for k in range(1, 8)]
    assert (games["n6"].puzzle.rows, games["n6"].puzzle.cols) == (10, 18)
    assert (games["n7"].puzzle.rows, games["n7"].puzzle.cols) == (14, 24)
    assert max(games["n6"].puzzle.clues) == 12
    s1 = hui_s1()
    assert s1.is_complete()
    # In a state matrix 0 is white; in a puzzle matrix it is an empty cell.
    assert s1.cells[8] == LAND and games["n1"].cells[8] == UNKNOWN


def test_format_detection() -> None:
    assert detect_format((DATA / "task5sample.dat").read_text()) == "progcomp"
    assert detect_format((DATA / "hui_puzzles.txt").read_text()) == "hui"
    assert detect_format("0 1 0\n0 0 0\n") == "hui"
    assert detect_format("# comment\n. 1 .\n. . .\n") == "plain"


def games_strategy() -> st.SearchStrategy[Game]:
    @st.composite
    def build(draw: st.DrawFn) -> Game:
        rows = draw(st.integers(1, 6))
        cols = draw(st.integers(1, 6))
        clues = draw(st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 9]), min_size=rows * cols,
                              max_size=rows * cols))
        states = draw(st.lists(st.sampled_from([UNKNOWN, LAND, WALL]), min_size=rows * cols,
                               max_size=rows * cols))
        cells = tuple(LAND if c else s for c, s in zip(clues, states, strict=True))
        return Game("g", Puzzle(rows, cols, tuple(clues)), cells)
    return build()


@given(games_strategy())
def test_plain_round_trip(game: Game) -> None:
    back = read_plain(write_plain(game.puzzle, game.cells), "x")
    assert (back.puzzle, back.cells) == (game.puzzle, game.cells)


@given(games_strategy())
def test_hui_round_trip(game: Game) -> None:
    back = read_hui(write_hui(game.puzzle), "x")[0]
    assert back.puzzle == game.puzzle and back.cells == game.puzzle.empty_state()
    if WALL in game.cells or UNKNOWN in game.cells:
        back = read_hui(write_hui(game.puzzle, game.cells), "x")[0]
        assert (back.puzzle, back.cells) == (game.puzzle, game.cells)


@given(st.lists(games_strategy(), min_size=1, max_size=3))
def test_progcomp_round_trip(games: list[Game]) -> None:
    square = [Game(f"G{k}", g.puzzle, g.cells) for k, g in enumerate(games)
              if g.puzzle.rows == g.puzzle.cols]
    back = read_progcomp(write_progcomp(square), "x")
    assert [(g.name, g.puzzle, g.cells) for g in back] == \
        [(g.name, g.puzzle, g.cells) for g in square]


@pytest.mark.parametrize(("text", "message"), [
    (". 1 .\n. x .\n", "puzzle.txt: row 2, column 2: 'x' is not a clue number, '.', 'X' or 'o'"),
    (". 1 .\n. .\n", "puzzle.txt: row 2, column 3: missing cell (row has 2 cells, expected 3)"),
    (". 1 .\n. . . 2\n", "puzzle.txt: row 2, column 4: extra cell '2' (expected 3 cells per row)"),
    (". 0 .\n", "puzzle.txt: row 1, column 2: '0' is not a clue number, '.', 'X' or 'o'"),
    ("3 G\nL D 2\nD D X\n", "puzzle.txt: game G, row 2, column 3: 'X' is not a clue digit, "
                            "'D', 'L' or '.'"),
    ("3 G\nL D 2\nD D\n. . .\n0 END\n",
     "puzzle.txt: game G, row 2, column 3: missing cell (row has 2 cells, expected 3)"),
    ("3 G\nL D 2\nD D D\n", "puzzle.txt: game G, row 3: missing (expected 3 rows)"),
    ("2 G\n1 D\nD D\n", "puzzle.txt: line 4: missing the final '0 END' line"),
    ("0 1 0\n0 _3 0\n", "puzzle.txt: matrix 1, row 2, column 2: '_3' is not a clue, 0, _1 or _2"),
])
def test_parse_errors_are_one_line_with_row_and_column(text: str, message: str) -> None:
    with pytest.raises(ParseError) as info:
        read_games(text, "puzzle.txt")
    assert str(info.value) == message
    assert "\n" not in str(info.value)


def test_impossible_clues() -> None:
    assert clue_problem(read_plain(". 4 .\n. . 3\n").puzzle) == (
        1, 2, "clues add up to more than the 6 cells of the grid")
    assert clue_problem(read_plain(". 2 3\n. . .\n").puzzle) == (
        0, 1, "clue 2 touches clue 3 on its right")
    assert clue_problem(read_plain("9 . .\n. . .\n").puzzle) == (
        0, 0, "clue 9 is larger than the grid (6 cells)")
    assert clue_problem(hui_games()["n7"].puzzle) is None


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(list("0123456789 _-.DLXo#\nEND=:()NBx\t²")), max_size=80))
def test_parsers_fail_only_with_parse_error(text: str) -> None:
    try:
        _, games = read_games(text, "fuzz")
    except ParseError as exc:
        assert str(exc).startswith("fuzz") and "\n" not in str(exc)
        return
    for g in games:
        assert len(g.cells) == g.puzzle.rows * g.puzzle.cols
        clue_problem(g.puzzle)
