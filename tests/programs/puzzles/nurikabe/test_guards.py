"""Guards where only speed would show a regression: how far the rules alone get.

Every rule is sound, so losing one still solves every puzzle (the search makes up for it),
only slower. These figures were measured on a fixed set (Hui's n1-n7 and six generated 8x8
puzzles): the cells each is left with by the rules without lookahead, and the search work
(guesses, nodes) with lookahead, which decides them all. Without the "unreachable" rule,
for one, gen0 keeps 14 cells open instead of 5.
"""

from __future__ import annotations

from programs.puzzles.nurikabe.checker import is_solution
from programs.puzzles.nurikabe.formats import read_plain
from programs.puzzles.nurikabe.model import UNKNOWN
from programs.puzzles.nurikabe.solver import logic_only, solve

from .helpers import hui_games

# puzzle -> cells the rules alone (no lookahead) leave undecided
OPEN_AFTER_RULES = {"n1": 0, "n2": 0, "n3": 0, "n4": 7, "n5": 0, "n6": 0, "n7": 0,
                    "gen0": 5, "gen1": 11, "gen2": 0, "gen3": 0, "gen4": 0, "gen5": 8}


# programs.puzzles.nurikabe.generator.generate(8, 8, seed, max_island=6) for seeds 0-5, frozen so
# that a change of the generator does not move the guard
GENERATED = (
    ". 1 . . 3 . . .\n. . . . . 3 . .\n. . . . . . . .\n. . . . 1 . . .\n"
    ". . . 6 . . 1 .\n1 . . . . . . 4\n. . . . 2 . . .\n3 . . . . . . .\n",
    ". . . . . . . .\n. . . 5 . 1 . .\n. 5 . . 1 . . 2\n. . . . . 1 . .\n"
    ". . 2 . 1 . . 1\n. . . . . . 1 .\n. . 2 . 1 . . .\n. . . . . 1 . 1\n",
    ". . . . . . 1 .\n. 3 . . . . . .\n. . . . 3 . . 2\n. . . 2 . . . .\n"
    ". 1 . . 2 . . .\n1 . 2 . . . . .\n. . . . 4 . . .\n1 . . . . . . .\n",
    ". . . 1 . . 1 .\n. 1 . . 1 . . .\n. . . 1 . . 1 .\n. . . . . 3 . 1\n"
    ". 4 . . . . . .\n1 . . . . . . 1\n. . . . 2 . 1 .\n2 . . . . . . .\n",
    ". . . 2 . 2 . 2\n2 . . . . . . .\n. . . 1 . . . .\n. . 3 . . . 3 .\n"
    ". . . 3 . . . .\n. . . . . . 2 .\n2 . . . . 1 . .\n. . 2 . . . . 1\n",
    ". . 1 . . . 1 .\n. 1 . . . . . .\n. . . 4 . . . .\n. . . . . . . .\n"
    ". . . . . 4 . .\n. 3 . . 2 . . .\n1 . 1 . . . 1 .\n. . . . . 2 . .\n",
)


def _puzzles() -> dict:
    out = {name: game.puzzle for name, game in hui_games().items()}
    for seed, text in enumerate(GENERATED):
        out[f"gen{seed}"] = read_plain(text).puzzle
    return out


def test_rules_leave_no_more_open_cells_than_measured() -> None:
    puzzles = _puzzles()
    got = {}
    for name in OPEN_AFTER_RULES:
        cells, _steps = logic_only(puzzles[name], lookahead=False)
        got[name] = cells.count(UNKNOWN)
    assert all(got[n] <= OPEN_AFTER_RULES[n] for n in got), got


def test_lookahead_decides_every_cell_without_a_guess() -> None:
    for name, puzzle in _puzzles().items():
        result = solve(puzzle, limit=2)
        assert (result.guesses, result.nodes) == (0, 1), name
        assert len(result.solutions) == 1 and is_solution(puzzle, result.solutions[0])
