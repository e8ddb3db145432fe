"""Shared test data: Hui's puzzles, the Progcomp sample, the shared puzzle files."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from programs.puzzles.nurikabe.checker import is_solution
from programs.puzzles.nurikabe.formats import read_hui, read_progcomp
from programs.puzzles.nurikabe.generator import random_solution
from programs.puzzles.nurikabe.model import LAND, UNKNOWN, WALL, Game, Puzzle
from tests.shared_data import SHARED_PUZZLES, shared_path, without_shared

DATA = Path(__file__).parent / "data"


def hui_games() -> dict[str, Game]:
    """n1..n7 from Hui's essay, by name."""
    text = (DATA / "hui_puzzles.txt").read_text()
    return {g.name: g for g in read_hui(text, "hui_puzzles.txt")}


def hui_s1() -> Game:
    """Hui's printed solution of n1."""
    return read_hui((DATA / "hui_s1.txt").read_text(), "hui_s1.txt")[0]


def progcomp_sample() -> list[Game]:
    """The Progcomp 2014 task 5 sample games."""
    return read_progcomp((DATA / "task5sample.dat").read_text(), "task5sample.dat")


def shared_files(containing: str = "") -> list[Path]:
    """The shared Nurikabe puzzle files (those whose name holds `containing`); without them
    the test skips (fails in CI: tests.shared_data)."""
    shared_path(SHARED_PUZZLES, "the shared puzzles (../shared/puzzles)")
    files = sorted(p for p in SHARED_PUZZLES.glob("nurikabe-*.txt") if containing in p.name)
    if not files:
        without_shared(f"no nurikabe-*{containing}*.txt in {SHARED_PUZZLES}")
    return files


def reference_solution(path: Path) -> tuple[int, ...]:
    """The solution printed in a shared file's comments ('#' wall, '.' land, numbers)."""
    lines = path.read_text().splitlines()
    start = next(k for k, ln in enumerate(lines) if ln.startswith("# solution"))
    out = []
    for ln in lines[start + 1:]:
        tokens = ln[1:].split()
        if not ln.startswith("#") or not tokens:
            break
        out.extend(WALL if t == "#" else LAND for t in tokens)
    return tuple(out)


def brute_force_count(puzzle: Puzzle, cells: tuple[int, ...] | None = None) -> int:
    """Count solutions by trying every colouring of the unknown cells with the checker."""
    start = cells if cells is not None else puzzle.empty_state()
    free = [i for i, s in enumerate(start) if s == UNKNOWN]
    count = 0
    for colours in itertools.product((LAND, WALL), repeat=len(free)):
        grid = list(start)
        for i, s in zip(free, colours, strict=True):
            grid[i] = s
        count += is_solution(puzzle, tuple(grid))
    return count


def clued_puzzle(rows: int, cols: int, rnd: random.Random,
                 max_island: int) -> tuple[Puzzle, tuple[int, ...]]:
    """A clue on one random cell of each island of a random valid grid, and that grid."""
    grid, island = random_solution(rows, cols, rnd, max_island)
    members: dict[int, list[int]] = {}
    for i, k in enumerate(island):
        if k >= 0:
            members.setdefault(k, []).append(i)
    clues = [0] * (rows * cols)
    for cells in members.values():
        clues[rnd.choice(cells)] = len(cells)
    return Puzzle(rows, cols, tuple(clues)), grid
