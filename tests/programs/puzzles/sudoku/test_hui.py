"""Hui's method against the intermediate results printed in the seed (Nishikawa's lab)."""

from __future__ import annotations

import re

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from programs.puzzles.sudoku import checker, hui
from programs.puzzles.sudoku.examples import EXAMPLES, cells
from programs.puzzles.sudoku.explain import explain
from programs.puzzles.sudoku.formats import format_grid


def grid(text: str) -> tuple[int, ...]:
    """A '+---+' boxed grid as printed by `see` (dots are zeros)."""
    rows = [ln.replace("|", "") for ln in text.split() if not ln.startswith("+")]
    assert len(rows) == 9 and all(len(r) == 9 for r in rows)
    return tuple(0 if ch == "." else int(ch) for row in rows for ch in row)


YM = cells(EXAMPLES["ym"][1])
SU99 = cells(EXAMPLES["su21_99"][1])

FREQ = """
|2.2|.4.|1.2| |.3.|122|.2.| |1.2|.2.|2.2|
|.2.|2.1|.3.| |322|.5.|322| |.2.|2.2|.1.|
|2.3|.3.|3.2| |.3.|133|.1.| |2.1|.4.|1.2|
"""
AC = """
|...|...|3..| |...|9..|...| |2..|...|...|
|...|..2|...| |...|...|...| |...|...|.7.|
|...|...|...| |...|2..|.3.| |..7|...|4..|
"""
AR = """
|...|...|...| |.4.|..5|...| |..1|...|..7|
|...|1..|.5.| |3..|.9.|2..| |...|3..|...|
|...|...|...| |...|...|.3.| |8..|.1.|...|
"""
ASS_1 = """
|.5.|7.1|34.| |743|9.5|1.2| |281|4.6|.97|
|9.4|162|853| |3..|897|2..| |1.8|35.|679|
|.1.|6.3|.8.| |5.6|2..|731| |837|519|42.|
"""
ASS_2 = """
|659|721|34.| |743|985|162| |281|436|597|
|974|162|853| |365|897|214| |128|354|679|
|412|673|985| |596|2.8|731| |837|519|426|
"""
SU99_ASSIGNED = """
|..4|81.|...| |..2|...|3..| |1..|.94|6..|
|74.|...|...| |.9.|.2.|.5.| |...|...|.83|
|..7|13.|..2| |..6|...|1..| |.19|.45|8..|
"""
SU99_FREQ = """
|44.|..4|433| |44.|332|.46| |.43|4..|.23|
|..4|435|243| |3.3|4.5|2.4| |332|534|4..|
|32.|..3|33.| |54.|324|.44| |2..|3..|.32|
"""


def test_frequency_table_of_ym() -> None:
    assert tuple(hui.frequency(YM)) == grid(FREQ)


def test_candidates_as_in_nishikawa_cand() -> None:
    assert hui.candidates(YM, 3, 1) == [2]
    assert hui.candidates(YM, 2, 2) == [4, 6, 9]
    assert hui.candidates(YM, 1, 1) == [2, 6]
    assert hui.candidates(YM, 1, 2) == []  # a clue


def test_ac_and_ar_of_ym() -> None:
    b = hui.free(YM)
    assert tuple(hui.ac(b)) == grid(AC)
    assert tuple(hui.ar(b)) == grid(AR)


def test_func_steps_of_ym() -> None:
    one = hui.step(YM)
    assert one == grid(ASS_1)
    two = hui.step(one)
    assert two == grid(ASS_2)
    three = hui.step(two)
    assert three == cells(EXAMPLES["ym"][2])
    assert hui.assign(YM) == three


def test_round_placements_explain_the_first_step() -> None:
    placed = hui.round_placements(YM)
    diff = tuple(a - b for a, b in zip(grid(ASS_1), YM, strict=True))
    shown = [0] * 81
    for p in placed:
        shown[p.cell] = p.digit
    assert tuple(shown) == diff
    reasons = {str(p) for p in placed}
    assert "r1c7=3 (only candidate)" in reasons
    assert "r2c2=4 (only place in row 2)" in reasons  # block 1 would be true too
    for p in placed:  # each reason checked by brute force on the grid
        assert reason_holds(YM, p.cell, p.digit, p.reason), str(p)


# the cells that share a row, column or block with each cell (itself included)
_SEEN_FROM = [[k for k in range(81)
               if k // 9 == r or k % 9 == c or (k // 27 == r // 3 and k % 9 // 3 == c // 3)]
              for r, c in (divmod(cell, 9) for cell in range(81))]


def fits(y, cell: int, digit: int) -> bool:
    """No equal digit in the cell's row, column or block, and the cell empty."""
    return not y[cell] and all(y[k] != digit for k in _SEEN_FROM[cell])


def reason_holds(y, cell: int, digit: int, reason: str) -> bool:
    """'only candidate': no other digit fits; 'only place in <region>': no other cell
    of that region takes the digit."""
    if reason == "only candidate":
        return [d for d in range(1, 10) if fits(y, cell, d)] == [digit]
    kind, number = reason.removeprefix("only place in ").split()
    k = int(number) - 1
    region = {
        "row": [9 * k + c for c in range(9)],
        "column": [9 * r + k for r in range(9)],
        "block": [9 * (3 * (k // 3) + i) + 3 * (k % 3) + j for i in range(3) for j in range(3)],
    }[kind]
    return cell in region and [x for x in region if fits(y, x, digit)] == [cell]


def test_assign_su21_99_gets_only_two_cells() -> None:
    assigned = hui.assign(SU99)
    assert assigned == grid(SU99_ASSIGNED)
    assert tuple(hui.frequency(assigned)) == grid(SU99_FREQ)


def test_guess_on_su21_99_is_row2_column6() -> None:
    assigned = hui.assign(SU99)
    assert hui.guess_cell(assigned) == (9 * 1 + 5, (6, 7))
    boards = hui.guessa(assigned)
    assert [b[14] for b in boards] == [6, 7]
    assert all(sum(x != y for x, y in zip(b, assigned, strict=True)) == 1 for b in boards)


@pytest.mark.parametrize("name", ["ym", "su21_99"])
def test_sudoku_gives_the_printed_solution(name: str) -> None:
    _, puzzle, printed = EXAMPLES[name]
    assert printed is not None
    solutions = hui.sudoku(cells(puzzle))
    assert solutions == [cells(printed)]
    assert checker.is_solution(cells(puzzle), solutions[0])


@pytest.mark.parametrize("name", ["su21_1", "x"])
def test_sudoku_solves_the_other_seed_puzzles(name: str) -> None:
    puzzle = cells(EXAMPLES[name][1])
    solutions = hui.sudoku(puzzle)
    assert len(solutions) == 1
    assert checker.is_solution(puzzle, solutions[0])


def test_board_limit_stops_clark_early() -> None:
    puzzle = cells(EXAMPLES["clark"][1])
    trace = hui.Trace()
    found = hui.sudoku(puzzle, max_boards=50, trace=trace)
    assert trace.stopped
    assert all(checker.is_solution(puzzle, s) for s in found)


def test_ok_and_guessa_edge_cases() -> None:
    solved = cells(EXAMPLES["ym"][2])
    assert hui.ok(solved)
    assert hui.guessa(solved) == [solved]
    bad = list(solved)
    bad[0], bad[1] = bad[1], bad[0]
    assert not hui.ok(bad)
    # an empty cell whose peers hold all nine digits has no candidates; guessa never
    # picks it (Hui's 10,}.i.10 key), so the board dies only when nothing else is left
    blocked = [0] * 81
    for k, d in enumerate(range(1, 9)):
        blocked[k + 1] = d
    blocked[9] = 9
    assert hui.free(blocked)[0] == [False] * 9
    assert hui.guess_cell(blocked)[0] != 0
    only_dead = list(solved)
    only_dead[0] = 0
    only_dead[1] = solved[0]  # now a repeat, and cell 0 has no candidate
    assert hui.guess_cell(only_dead)[1] == ()
    assert hui.guessa(only_dead) == []


def test_trace_records_generations() -> None:
    trace = hui.Trace()
    hui.sudoku(SU99, trace=trace)
    first = trace.generations[0][0]
    assert [str(p) for r in first.rounds for p in r] == [
        "r9c3=9 (only place in column 3)",
        "r9c2=1 (only place in row 9)",
    ]
    assert first.guess == (14, (6, 7))
    assert len(trace.generations[1]) == 2
    assert format_grid(trace.solutions[0]) == format_grid(cells(EXAMPLES["su21_99"][2]))


def test_explain_reports_a_stop_and_the_board_counts() -> None:
    lines = explain(cells(EXAMPLES["clark"][1]), max_boards=50)
    assert "stopped: more than 50 boards at once" in lines
    generations = [ln for ln in lines if ln.startswith("generation ")]
    assert generations[0] == "generation 1: 1 board"
    assert len(generations) >= 2


# --- every explanation names what its step concerns (issue 29) ------------------------------

_PLACED = re.compile(r"r([1-9])c([1-9])=([1-9]) \((only candidate|only place in "
                     r"(?:row|column|block) [1-9])\)")


def candidate_count(y, cell: int) -> int:
    """How many digits fit an empty cell (by brute force on the grid; 0 for a filled one)."""
    return sum(fits(y, cell, d) for d in range(1, 10))


_GUESS = re.compile(r"    guess: r([1-9])c([1-9]) has the fewest candidates \{([1-9,]+)\}: "
                    r"\d+ boards")


@st.composite
def puzzles(draw) -> tuple[int, ...]:
    """A printed solution with its digits relabelled and some cells emptied."""
    solved = cells(EXAMPLES[draw(st.sampled_from(["ym", "su21_99"]))][2])
    relabel = draw(st.permutations(range(1, 10)))
    empty = draw(st.sets(st.integers(0, 80), min_size=40, max_size=55))
    return tuple(0 if i in empty else relabel[v - 1] for i, v in enumerate(solved))


@settings(max_examples=8, deadline=None)
@example(SU99)  # a guess in the first generation, hidden singles in a row and a column
@given(puzzles())
def test_every_reason_and_guess_names_what_its_step_concerns(puzzle) -> None:
    """Each placement as printed ("r9c2=1 (only place in row 9)") holds on the board it was
    made on: the only digit that fits the cell, or the only cell of the region named that
    takes the digit. Each guess is on the first cell with the fewest candidates (a cell
    without any does not count), and branches on exactly the digits that fit it."""
    trace = hui.Trace()
    hui.sudoku(puzzle, max_boards=8, trace=trace)
    kinds = set()
    for generation in trace.generations:
        for board_step in generation:
            y = list(board_step.start)
            for placed in board_step.rounds:
                before = tuple(y)
                for p in placed:
                    r, c, digit, reason = _PLACED.fullmatch(str(p)).groups()
                    cell = 9 * (int(r) - 1) + int(c) - 1
                    assert reason_holds(before, cell, int(digit), reason), str(p)
                    y[cell] = int(digit)
                    kinds.add(reason if "candidate" in reason else reason.rsplit(" ", 1)[0])
            assert tuple(y) == board_step.assigned  # the rounds shown are all that happened
            if board_step.guess is None or not board_step.guess[1]:
                continue
            cell, digits = board_step.guess
            y = board_step.assigned
            counts = [candidate_count(y, i) or 10 for i in range(81)]
            assert counts[cell] == min(counts) and counts.index(min(counts)) == cell
            assert list(digits) == [d for d in range(1, 10) if fits(y, cell, d)]
            kinds.add("guess")
    # the explanation as printed: each guess line names the first cell with the fewest
    # candidates of the grid printed just above it, and lists exactly the digits that fit
    lines = explain(puzzle, max_boards=8, detail=8)
    for k, line in enumerate(lines):
        m = _GUESS.fullmatch(line)
        if m:
            y = grid("\n".join(lines[k - 13:k]))
            cell = 9 * (int(m[1]) - 1) + int(m[2]) - 1
            counts = [candidate_count(y, i) or 10 for i in range(81)]
            assert counts.index(min(counts)) == cell, line
            assert m[3].split(",") == [str(d) for d in range(1, 10) if fits(y, cell, d)], line
            kinds.add("guess printed")
    for kind in kinds:
        event(kind)
    assert kinds or 0 not in puzzle
