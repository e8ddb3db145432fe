"""The puzzles workbench's library: seed puzzles, hints as the solver explains them, check,
solve (checker-approved) and count, for Nurikabe, Sudoku and 0h n0."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles import desk
from programs.puzzles.nurikabe.checker import is_solution as nurikabe_is_solution
from programs.puzzles.nurikabe.model import LAND, UNKNOWN, WALL, Puzzle
from programs.puzzles.nurikabe.solver import solve as nurikabe_solve
from programs.puzzles.ohno.formats import IS_BLUE
from programs.puzzles.sudoku.examples import EXAMPLES as SUDOKU
from tests.programs.puzzles.nurikabe.helpers import DATA, hui_games, hui_s1

SEEDS = desk.seed_puzzles()


def positions(name: str) -> list[desk.Position]:
    seed = SEEDS[name]
    return desk.read_positions(seed.kind, seed.text, name)


def test_the_seed_puzzles_are_all_there() -> None:
    wanted = {f"n{k}" for k in range(1, 8)} | {"ym", "su21_99", "clark", "progcomp",
                                                "0hn0 demo", "0hn0 example1"}
    assert wanted <= set(SEEDS)
    assert [p.name for p in positions("progcomp")] == ["Sample1", "Sample2", "Sample3"]


def test_hui_puzzles_shipped_match_the_test_copy() -> None:
    for name, game in hui_games().items():
        (pos,) = positions(name)
        assert pos.givens == game.puzzle.clues
        assert (pos.rows, pos.cols) == (game.puzzle.rows, game.puzzle.cols)


@pytest.mark.parametrize("name", [f"n{k}" for k in range(1, 8)])
def test_hint_is_the_first_batch_of_the_solvers_explanation(name: str) -> None:
    """The hint names the rule and the cells of the solver's first steps, in order."""
    (pos,) = positions(name)
    hint = desk.hint(pos)
    steps = nurikabe_solve(Puzzle(pos.rows, pos.cols, pos.givens)).steps
    first = steps[: len(hint.cells)]
    assert hint.rule == steps[0].rule
    assert all(s.rule == hint.rule for s in first)
    assert hint.cells == tuple(s.cell for s in first)
    assert hint.values == tuple(s.state for s in first)


def test_hint_on_n1_names_the_complete_island() -> None:
    (pos,) = positions("n1")
    hint = desk.hint(pos)
    # Hui's n1: the 1 at row 1, column 2 is complete, so its three neighbours are wall
    assert hint.rule == "complete island"
    assert set(hint.cells) == {0, 2, 6}
    assert hint.values == (WALL, WALL, WALL)
    assert 1 in hint.context


def test_stepping_hints_on_n1_reaches_huis_printed_solution() -> None:
    (pos,) = positions("n1")
    while (hint := desk.hint(pos)) is not None:
        pos = desk.apply_hint(pos, hint)
    expected = tuple(WALL if s == WALL else LAND for s in hui_s1().cells)
    assert pos.state == expected


@pytest.mark.parametrize("name", [n for n in SEEDS if n != "progcomp"])
def test_solve_fills_each_seed_puzzle_with_a_checked_solution(name: str) -> None:
    for pos in positions(name):
        solved = desk.solve(pos)
        assert solved is not None and solved.open_cells == 0
        assert desk.check(solved).ok
        if pos.kind == "nurikabe":
            assert nurikabe_is_solution(Puzzle(pos.rows, pos.cols, pos.givens), solved.state)


@pytest.mark.parametrize("name", ["ym", "su21_99"])
def test_sudoku_solutions_are_the_ones_printed_in_the_seed(name: str) -> None:
    (pos,) = positions(name)
    printed = SUDOKU[name][2]
    assert "".join(map(str, desk.solve(pos).state)) == printed


def test_0hn0_solutions_are_the_ones_printed_in_the_seed() -> None:
    from programs.puzzles.ohno.examples import PRINTED_SOLUTIONS

    for name, printed in PRINTED_SOLUTIONS.items():
        (pos,) = positions(f"0hn0 {name}")
        rows = desk.solve(pos).state
        drawn = "\n".join(
            "".join("O" if rows[r * pos.cols + c] == IS_BLUE else "#" for c in range(pos.cols))
            for r in range(pos.rows))
        assert drawn == printed


def test_count_answers_unique_or_not() -> None:
    assert desk.count(positions("n1")[0]) == 1
    assert desk.count(positions("ym")[0]) == 1
    assert desk.count(positions("clark")[0]) == 2  # Clark's example has more than one
    assert desk.count(positions("0hn0 demo")[0]) == 1


def test_check_gives_the_progcomp_report() -> None:
    expected = (DATA / "task5sample.out").read_text().splitlines()
    reports = [desk.check(pos) for pos in positions("progcomp")]
    assert [r.lines[0] for r in reports] == expected
    assert [r.ok for r in reports] == [True, False, False]
    # highlighted: the dark cells cut off with [0,0] (the 1 below them is land) ...
    assert reports[1].cells == (0, 5)
    # ... and the island at [3,2] that holds two numbers (the 4s at [2,3] and [3,2])
    assert reports[2].cells == (2 * 6 + 2, 2 * 6 + 3, 3 * 6 + 2, 3 * 6 + 3)


def test_check_marks_a_repeated_sudoku_digit() -> None:
    (pos,) = positions("ym")
    state = list(pos.state)
    # ym's first row is .5.7.1.4. ; put a second 5 at r1c3
    state[2] = 5
    report = desk.check(desk.Position(**{**pos.__dict__, "state": tuple(state)}))
    assert not report.ok
    assert set(report.cells) >= {1, 2}
    assert any("row 1" in line for line in report.lines)


def test_check_marks_a_0hn0_number_that_sees_too_much() -> None:
    (pos,) = positions("0hn0 demo")  # .1.. / ..1. / .... / 22#2
    state = list(pos.state)
    state[0] = state[2] = IS_BLUE  # the 1 at r1c2 now sees two blue cells
    report = desk.check(desk.Position(**{**pos.__dict__, "state": tuple(state)}))
    assert not report.ok and 1 in report.cells


def test_hint_on_a_broken_board_says_so_in_one_line() -> None:
    (pos,) = positions("progcomp")[2:]
    with pytest.raises(desk.PuzzleError) as exc:
        desk.hint(pos)
    assert "\n" not in str(exc.value)


@pytest.mark.parametrize(("kind", "text", "where"), [
    ("sudoku", "12345678\n", "line 1"),
    ("0hn0", "..\n.0\n", "line 2, column 2"),
    ("nurikabe", "2 2\n. .\n", "row 1"),
])
def test_bad_text_is_one_line_naming_the_place(kind: str, text: str, where: str) -> None:
    with pytest.raises(desk.PuzzleError) as exc:
        desk.read_positions(kind, text, "typed.txt")
    message = str(exc.value)
    assert "typed.txt" in message and where in message and "\n" not in message


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([f"n{k}" for k in range(1, 6)]), st.data())
def test_hints_from_any_partial_solution_agree_with_the_solution(name: str, data) -> None:
    """Reveal some cells of the unique solution: every hint then agrees with it."""
    (pos,) = positions(name)
    solution = desk.solve(pos).state
    shown = data.draw(st.sets(st.integers(0, len(solution) - 1)))
    state = tuple(solution[i] if i in shown else s for i, s in enumerate(pos.state))
    partial = desk.Position(**{**pos.__dict__, "state": state})
    hint = desk.hint(partial)
    if UNKNOWN not in state:
        assert hint is None
        return
    assert hint is not None
    assert all(solution[c] == v for c, v in zip(hint.cells, hint.values, strict=True))


def _candidates(state: tuple[int, ...], cell: int) -> set[int]:
    """Digits a Sudoku cell may still take, straight from the rules."""
    r, c = divmod(cell, 9)
    peers = {9 * r + k for k in range(9)} | {9 * k + c for k in range(9)} | {
        9 * (r // 3 * 3 + i) + c // 3 * 3 + j for i in range(3) for j in range(3)}
    return set(range(1, 10)) - {state[p] for p in peers}


@pytest.mark.parametrize("name", ["ym", "su21_99", "clark", "x"])
def test_sudoku_hints_follow_their_named_rule_until_the_grid_is_full(name: str) -> None:
    (pos,) = positions(name)
    solution = desk.solve(pos).state if name != "clark" else None
    for _ in range(81):
        hint = desk.hint(pos)
        if hint is None or hint.rule == "guess":
            break
        (cell,), (digit,) = hint.cells, hint.values
        assert pos.state[cell] == 0 and digit in _candidates(pos.state, cell)
        if hint.rule == "only candidate":
            assert _candidates(pos.state, cell) == {digit}
        else:
            region = hint.context
            assert hint.rule.startswith("only place in ") and cell in region
            places = [c for c in region if not pos.state[c] and digit in _candidates(pos.state, c)]
            assert places == [cell]
        if solution is not None:
            assert solution[cell] == digit
        pos = desk.apply_hint(pos, hint)
    if name in ("ym", "su21_99"):
        assert pos.open_cells == 0 or desk.hint(pos).rule == "guess"


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["0hn0 demo", "0hn0 example1", "0hn0 example2"]), st.data())
def test_0hn0_hints_from_any_partial_solution_agree_with_the_solution(name: str, data) -> None:
    (pos,) = positions(name)
    solution = desk.solve(pos).state
    shown = data.draw(st.sets(st.integers(0, len(solution) - 1)))
    state = tuple(solution[i] if i in shown else s for i, s in enumerate(pos.state))
    hint = desk.hint(desk.Position(**{**pos.__dict__, "state": state}))
    if 0 not in state:
        assert hint is None
        return
    assert hint is not None and hint.rule in {rule for _, rule in desk.OHNO_RULES}
    assert all(solution[c] == v for c, v in zip(hint.cells, hint.values, strict=True))


def test_check_marks_the_whole_2x2_block_of_dark_cells() -> None:
    (pos,) = desk.read_positions("nurikabe", "1 X X\nX X X\nX X X\n", "block.txt")
    report = desk.check(pos)
    assert report.lines == ("block.txt violates rule 5: 2x2 block of dark cells at [0,1] "
                            "(0-origin)",)
    assert report.cells == (1, 2, 4, 5)
