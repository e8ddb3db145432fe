"""The three puzzle checkers give the exact problems of each broken rule.

The expected lists are worked out from the rules and the grid's geometry, not read from
the checkers: changing one cell of a Sudoku solution from d to e leaves d missing from that
cell's row, column and box; a 0h n0 number counts the blue cells it sees; a Nurikabe grid
breaks the numbered rules in the order 1, 2, 4, 5.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe import checker as nurikabe
from programs.puzzles.nurikabe.model import LAND, UNKNOWN, WALL, Puzzle
from programs.puzzles.ohno import checker as ohno
from programs.puzzles.sudoku import checker as sudoku
from programs.puzzles.sudoku.examples import EXAMPLES, cells

SOLUTION = cells(EXAMPLES["ym"][2])
PUZZLE = cells(EXAMPLES["ym"][1])


# --- Sudoku ---------------------------------------------------------------------------------


@given(st.integers(0, 80), st.integers(1, 8))
def test_one_changed_cell_leaves_its_digit_missing_in_three_houses(cell: int, step: int) -> None:
    r, c = divmod(cell, 9)
    old = SOLUTION[cell]
    new = (old - 1 + step) % 9 + 1
    bad = list(SOLUTION)
    bad[cell] = new
    box = 3 * (r // 3) + c // 3 + 1
    expected = [f"row {r + 1}: digits [{old}] missing", f"column {c + 1}: digits [{old}] missing",
                f"box {box}: digits [{old}] missing"]
    assert sudoku.solution_problems([0] * 81, bad) == expected
    clue = [f"row {r + 1}, column {c + 1}: clue {old} changed to {new}"] if PUZZLE[cell] else []
    assert sudoku.solution_problems(PUZZLE, bad) == clue + expected
    assert not sudoku.is_solution([0] * 81, bad)


def test_sudoku_cells_outside_1_to_9_and_lengths() -> None:
    bad = list(SOLUTION)
    bad[80] = 10
    assert sudoku.solution_problems([0] * 81, bad) == [
        "row 9, column 9: 10 is not 1-9", f"row 9: digits [{SOLUTION[80]}] missing",
        f"column 9: digits [{SOLUTION[80]}] missing", f"box 9: digits [{SOLUTION[80]}] missing"]
    assert sudoku.solution_problems(PUZZLE[:80], SOLUTION) == [
        "expected 81 cells, got puzzle 80 and solution 81"]
    assert sudoku.solution_problems(PUZZLE, SOLUTION[:80]) == [
        "expected 81 cells, got puzzle 81 and solution 80"]
    assert sudoku.is_solution(PUZZLE, SOLUTION)


# --- 0h n0 -----------------------------------------------------------------------------------

# a 3x3 board worked by hand (B blue, R red):
#   B B R
#   B R B
#   R B B
BLUE = [True, True, False, True, False, True, False, True, True]
EMPTY, RED, BLUE_GIVEN = -2, -1, 0


def test_ohno_a_right_board_passes() -> None:
    # cell 0 sees right 1 and down 1: 2; cell 8 sees up 1 and left 1: 2
    givens = [2, EMPTY, RED, EMPTY, EMPTY, EMPTY, EMPTY, BLUE_GIVEN, 2]
    assert ohno.solution_problems(3, 3, givens, BLUE) == []
    assert ohno.is_solution(3, 3, givens, BLUE)


def test_ohno_each_rule_names_the_cell() -> None:
    givens = [3, EMPTY, EMPTY, EMPTY, RED, EMPTY, BLUE_GIVEN, EMPTY, EMPTY]
    blue = [True, True, False, True, True, False, False, False, True]
    # cell 0 (3) sees right 1, down 1: 2; cell 4 is given red but blue; cell 6 is given
    # blue but red; cell 8 is blue and sees nothing
    assert ohno.solution_problems(3, 3, givens, blue) == [
        "row 1, column 1: 3 sees 2 blue cells",
        "row 2, column 2: given red is blue",
        "row 3, column 1: given blue is red",
        "row 3, column 3: blue cell sees no other blue",
    ]


def test_ohno_sight_stops_at_red_and_the_edge() -> None:
    # one row: B B B R B B; cell 0 sees 2, cell 4 sees 1
    blue = [True, True, True, False, True, True]
    assert ohno.solution_problems(1, 6, [2, EMPTY, EMPTY, EMPTY, 1, EMPTY], blue) == []
    assert ohno.solution_problems(1, 6, [3, EMPTY, EMPTY, EMPTY, 2, EMPTY], blue) == [
        "row 1, column 1: 3 sees 2 blue cells", "row 1, column 5: 2 sees 1 blue cells"]
    # a column, the same board turned
    assert ohno.solution_problems(6, 1, [2, EMPTY, EMPTY, EMPTY, 1, EMPTY], blue) == []


def test_ohno_sizes() -> None:
    assert ohno.solution_problems(2, 2, [EMPTY] * 3, [True] * 4) == [
        "expected 2x2 cells, got 3 and 4"]
    assert ohno.solution_problems(2, 2, [EMPTY] * 4, [True] * 5) == [
        "expected 2x2 cells, got 4 and 5"]


# --- Nurikabe --------------------------------------------------------------------------------

L, W, U = LAND, WALL, UNKNOWN


def grid(rows: int, cols: int, clues: dict[int, int], cells: list[int]):
    clue = [0] * (rows * cols)
    for i, n in clues.items():
        clue[i] = n
    return Puzzle(rows, cols, tuple(clue)), tuple(cells)


NURIKABE = [
    # 2x3: islands {0,3} (2) and {2} (1); walls 1, 4, 5 connected, no 2x2: solved
    ((2, 3, {0: 2, 2: 1}, [L, W, L, L, W, W]), None),
    # two numbers in one island: the second in reading order is named
    ((2, 3, {0: 1, 1: 1}, [L, L, W, W, W, W]),
     (1, 0, 1, "multiple numbered cell in island at [0,1] (0-origin)")),
    # a closed island without a number
    ((2, 3, {0: 1}, [L, W, L, W, W, W]),
     (1, 0, 2, "no numbered cell in island at [0,2] (0-origin)")),
    # an island too large, and one closed too small
    ((2, 3, {0: 1}, [L, L, W, W, W, W]),
     (2, 0, 0, "wrong number of cells (2, not 1) in island at [0,0] (0-origin)")),
    ((2, 3, {0: 3}, [L, W, W, W, W, W]),
     (2, 0, 0, "wrong number of cells (1, not 3) in island at [0,0] (0-origin)")),
    # walls cut in two by an island
    ((3, 3, {1: 3}, [W, L, W, W, L, W, W, L, W]),
     (4, 0, 0, "dark cell at [0,0] (0-origin) is not connected to all other dark cells")),
    # a 2x2 pool of walls
    ((3, 3, {0: 1}, [L, W, W, W, W, W, W, W, W]),
     (5, 0, 1, "2x2 block of dark cells at [0,1] (0-origin)")),
    # a 2x2 pool in the top rows, with land below it (a pool is four cells in two rows)
    ((3, 3, {8: 5}, [W, W, L, W, W, L, L, L, L]),
     (5, 0, 0, "2x2 block of dark cells at [0,0] (0-origin)")),
    # a single dark cell is connected to itself
    ((1, 3, {0: 1, 2: 1}, [L, W, L]), None),
    # unfinished: an island still touching grey is not judged too small, and walls joined
    # through grey cells count as connected
    ((2, 3, {0: 3}, [L, U, W, U, W, W]), None),
]


@pytest.mark.parametrize(("case", "violation"), NURIKABE)
def test_nurikabe_first_violation(case, violation) -> None:
    puzzle, cells = grid(*case)
    got = nurikabe.first_violation(puzzle, cells)
    if violation is None:
        assert got is None
    else:
        assert (got.rule, got.row, got.col, got.text) == violation
        assert nurikabe.progcomp_line("g1", got) == f"g1 violates rule {violation[0]}: " + (
            violation[3])


def test_nurikabe_solution_problems() -> None:
    puzzle, cells = grid(2, 3, {0: 2, 2: 1}, [L, W, L, L, W, W])
    assert nurikabe.solution_problems(puzzle, cells) == []
    assert nurikabe.is_solution(puzzle, cells)
    assert nurikabe.solution_problems(puzzle, cells[:5]) == ["grid has 5 cells, expected 6"]
    assert nurikabe.solution_problems(puzzle, (W, L, W, W, W, U)) == [
        "numbered cell [0,0] is dark", "numbered cell [0,2] is dark",
        "cell [1,2] is not decided"]
    start = (U, L, U, U, U, U)
    assert nurikabe.solution_problems(puzzle, cells, start) == [
        "cell [0,1] differs from the given state"]
    assert nurikabe.solution_problems(puzzle, cells, (L, W, L, U, U, U)) == []
    assert nurikabe.solution_problems(puzzle, (L, W, L, L, L, W)) == [
        "rule 2: wrong number of cells (3, not 2) in island at [0,0] (0-origin)"]


def test_nurikabe_clue_cells_count_as_land_whatever_state_they_are_given() -> None:
    # the clue cell 0 is given dark: read as land it is the solved grid above; read as
    # dark, cell [1,0] would be a closed island without a number
    puzzle, cells = grid(2, 3, {0: 2, 2: 1}, [W, W, L, L, W, W])
    assert nurikabe.first_violation(puzzle, cells) is None


# --- near misses: one cell away from a unique solution (issue 29) ----------------------------
# A generated board has exactly one solution, so any other colouring is none: the checker
# must refuse each grid one flipped cell away from it, not only junk.


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), rows=st.integers(2, 6), cols=st.integers(2, 6),
       pick=st.integers(0, 35))
def test_ohno_one_cell_flipped_from_the_solution_is_refused(seed: int, rows: int, cols: int,
                                                            pick: int) -> None:
    from programs.puzzles.ohno.generator import generate

    board, truth = generate(rows, cols, seed=seed)
    assert ohno.is_solution(rows, cols, board.cells, truth)
    cell = pick % (rows * cols)
    near = list(truth)
    near[cell] = not near[cell]
    assert not ohno.is_solution(rows, cols, board.cells, near)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(4, 6), pick=st.integers(0, 35))
def test_nurikabe_one_cell_flipped_from_the_solution_is_refused(seed: int, size: int,
                                                                pick: int) -> None:
    """Any cell but a clue (a clue's cell is land whatever state it is given)."""
    from programs.puzzles.nurikabe.generator import generate

    puzzle, truth = generate(size, size, seed, max_island=4)
    assert nurikabe.is_solution(puzzle, truth)
    free = [i for i, clue in enumerate(puzzle.clues) if not clue]
    cell = free[pick % len(free)]
    near = list(truth)
    near[cell] = WALL if near[cell] == LAND else LAND
    assert not nurikabe.is_solution(puzzle, tuple(near))
