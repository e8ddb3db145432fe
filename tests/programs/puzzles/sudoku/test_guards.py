"""Guards where only speed would show a regression: the fast solver's branch counts.

The fast solver prunes with naked singles, row, column and box hidden singles and, where
those stall, claiming; losing one of them still solves every puzzle, only with more
guessing. These figures were measured on a fixed set (12 minimal puzzles from the Sudoku
benchmark's hard set): 96 branches for the proofs (128 without claiming; with column
hidden singles removed as well, 202). Hidden pairs in boxes do not change those; they
show on four famous hard puzzles: 139 guesses to the first solution, 210 without them.
"""

from __future__ import annotations

from programs.puzzles.sudoku import fast
from programs.puzzles.sudoku.checker import is_solution
from programs.puzzles.sudoku.examples import EXAMPLES, cells

HARD = (
    "003008000900057010000000000890000020200040300007200104640300000009020500002894000",
    "540008030080000000000000500713000000000900000005310060070004200000003009100602403",
    "200000800041000600000000503060002000007000002004058000090100060000207005100800300",
    "060090000000007090005206004040000007002500100600800000000000000070102086900050030",
    "040008000000406000097205000250000000004700050300000002500000180000600400008090020",
    "005940060903057000706008000009000600000000904400000027200009000000500102501700090",
    "026004070000000910700500006000056007050700040000908000530000001000319000008000020",
    "730090000400002000010500004170800050000060701000200080250000000000300200000000390",
    "048100900007000000000060057070000040006000003015700020000809100602450000090000000",
    "380019000000350200000000000200103900007600000050000060030407002074500000090000003",
    "200401000060020080100000600000000500000056890091000020070100000009500017000003000",
    "000035200000900407000060090000009020001000500700603000006520003840000000032700800",
)
# branches of the full search (every solution, so the uniqueness proof) per puzzle
PROOF_BRANCHES = (6, 0, 2, 30, 2, 16, 14, 4, 4, 2, 12, 4)
FIRST_BRANCHES = {"ym": 0, "su21_1": 0, "su21_99": 2, "clark": 11, "x": 0}
# four well-known hard puzzles, as in tests/benchmarks/bench_sudoku.py, and their guesses
FAMOUS = {
    "800000000003600000070090200050007000000045700000100030001000068008500010090000400": 38,
    "100000002090400050006000700050903000000070000000850040700000600030009080002000001": 65,
    "000000039000001005003050800008090006070002000100400000009080050020000600400700000": 17,
    "100007090030020008009600500005300900010080002600004000300000010040000007007000300": 19,
}


def test_uniqueness_proofs_take_no_more_branches_than_measured() -> None:
    branches = []
    for puzzle in HARD:
        stats = [0]
        found = list(fast.iter_solutions(cells(puzzle), stats))
        assert len(found) == 1 and is_solution(cells(puzzle), found[0])
        branches.append(stats[0])
    assert sum(branches) <= sum(PROOF_BRANCHES), branches


def test_first_solutions_take_no_more_guesses_than_measured() -> None:
    got = {name: fast.guesses(cells(EXAMPLES[name][1])) for name in FIRST_BRANCHES}
    assert sum(got.values()) <= sum(FIRST_BRANCHES.values()), got


def test_famous_hard_puzzles_take_no_more_guesses_than_measured() -> None:
    got = []
    for puzzle in FAMOUS:
        found = fast.solve(cells(puzzle))
        assert found is not None and is_solution(cells(puzzle), found)
        got.append(fast.guesses(cells(puzzle)))
    assert sum(got) <= sum(FAMOUS.values()), got
