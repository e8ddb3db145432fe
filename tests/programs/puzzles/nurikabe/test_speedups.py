"""The fast analysis and rules give the same answers as the earlier ones (reference_rules.py)
and as plain counting, on random boards: every state mix, contradictions included."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe import rules
from programs.puzzles.nurikabe.board import Analysis, Board, Contradiction, block_counts, members
from programs.puzzles.nurikabe.formats import read_plain
from programs.puzzles.nurikabe.model import LAND, UNKNOWN, WALL

from . import reference_rules as ref
from .helpers import clued_puzzle


def _random_board(seed: int, unknown: float, land: float) -> Board:
    """A random puzzle with every other cell set at random: often a broken board."""
    rnd = random.Random(seed)
    puzzle, _grid = clued_puzzle(rnd.randint(2, 7), rnd.randint(2, 7), rnd, rnd.randint(1, 12))
    state = []
    for clue in puzzle.clues:
        x = rnd.random()
        state.append(LAND if clue else UNKNOWN if x < unknown else LAND if x < unknown + land
                     else WALL)
    return Board(puzzle, state)


def _decide_some(board: Board, share: float, more: int) -> tuple[Board, list[int]]:
    """A copy of the board (sharing what its rules kept) with about `share` of its open cells
    decided at random, and those cells."""
    rnd = random.Random(more)
    changed = [i for i, s in enumerate(board.cells) if s == UNKNOWN and rnd.random() < share]
    after = board.copy()
    for i in changed:
        after.cells[i] = rnd.choice((LAND, WALL))
    return after, changed


def _outcome(run) -> object:  # noqa: ANN001 - any rule call
    """What a call gives: its answer, or the contradiction it found."""
    try:
        return run()
    except Contradiction as exc:
        return ("contradiction", str(exc))


def _regions(a: Analysis | ref.Analysis) -> object:
    return [[(r.cells, r.clue, r.clue_cell, sorted(r.frontier)) for r in group]
            for group in (a.islands, a.walls)] + [a.region_of, a.land_count, a.wall_count]


BOARDS = dict(seed=st.integers(0, 10**9), unknown=st.sampled_from([0.1, 0.4, 0.7, 0.9]),
              land=st.floats(0.0, 0.6))


@settings(max_examples=300, deadline=None)
@given(**BOARDS)
def test_analysis_finds_the_regions_and_contradictions_the_reference_finds(
        seed: int, unknown: float, land: float) -> None:
    board = _random_board(seed, unknown, land)
    assert (_outcome(lambda: _regions(Analysis(board)))
            == _outcome(lambda: _regions(ref.Analysis(board))))


@settings(max_examples=300, deadline=None)
@given(**BOARDS, share=st.floats(0.0, 1.0), more=st.integers(0, 10**9))
def test_analysis_grown_from_the_one_before_is_a_fresh_one(
        seed: int, unknown: float, land: float, share: float, more: int) -> None:
    board = _random_board(seed, unknown, land)
    try:
        before = Analysis(board)
    except Contradiction:
        return
    after, changed = _decide_some(board, share, more)
    assert (_outcome(lambda: _regions(Analysis(after, before, changed)))
            == _outcome(lambda: _regions(ref.Analysis(after))))


@settings(max_examples=300, deadline=None)
@given(**BOARDS, share=st.floats(0.0, 1.0), more=st.integers(0, 10**9))
def test_bottleneck_kept_from_an_earlier_board_answers_as_the_reference(
        seed: int, unknown: float, land: float, share: float, more: int) -> None:
    board = _random_board(seed, unknown, land)
    after, _ = _decide_some(board, share, more)
    for b in (board, after):
        try:
            a = Analysis(b)
        except Contradiction:
            continue
        assert (_outcome(lambda b=b, a=a: rules.island_bottleneck(b, a))
                == _outcome(lambda b=b: ref.island_bottleneck(b, Analysis(b))))


def _counted(board: Board) -> list[tuple[int, int]]:
    """Walls and land of every 2x2 block, by its top-left cell, counted one by one."""
    cols, cells = board.puzzle.cols, board.cells
    out = []
    for a, b, c, d in board.blocks:
        four = [cells[a], cells[b], cells[c], cells[d]]
        out.append((a, four.count(WALL) + 16 * four.count(LAND)))
    assert all(a % cols < cols - 1 for a, _ in out)
    return out


@settings(max_examples=300, deadline=None)
@given(**BOARDS)
def test_block_counts_agree_with_counting_each_block(seed: int, unknown: float,
                                                     land: float) -> None:
    board = _random_board(seed, unknown, land)
    p = board.puzzle
    counts = block_counts(board.cells, p.rows, p.cols)
    expected = dict(_counted(board))
    assert {i: v for i, v in enumerate(counts) if v < 0x80} == expected
    assert len(counts) == p.size


@settings(max_examples=300, deadline=None)
@given(**BOARDS)
def test_fast_rules_answer_as_the_reference_rules(seed: int, unknown: float,
                                                  land: float) -> None:
    board = _random_board(seed, unknown, land)
    try:
        a = Analysis(board)
    except Contradiction:
        return
    for fast, slow in ((rules.pool, ref.pool), (rules.wall_connectivity, ref.wall_connectivity),
                       (rules.separate_islands, ref.separate_islands),
                       (rules.unreachable, ref.unreachable), (rules.endgame, ref.endgame),
                       (rules.island_bottleneck, ref.island_bottleneck)):
        assert _outcome(lambda f=fast: f(board, Analysis(board))) == _outcome(
            lambda s=slow: s(board, Analysis(board))), fast.__name__
    touch = rules._touching(board, a)
    for k, region in enumerate(a.islands):
        if region.clue:
            assert rules._grow_steps(board, a, touch, k) == ref._grow_steps(board, a, touch, k)
    landless = [b for b in board.blocks if LAND not in (board.cells[i] for i in b)]
    assert rules._landless(board, a) == landless


@settings(max_examples=300, deadline=None)
@given(**BOARDS, limit=st.sampled_from([1, 3, 10, 400]))
def test_island_completions_are_the_reference_ones_in_its_order(
        seed: int, unknown: float, land: float, limit: int) -> None:
    board = _random_board(seed, unknown, land)
    try:
        a = Analysis(board)
    except Contradiction:
        return
    touch = rules._touching(board, a)
    for k, region in enumerate(a.islands):
        if region.clue and len(region.cells) < region.clue:
            assert (rules._completions(board, a, touch, k, limit)
                    == ref._completions(board, a, touch, k, limit))


def test_island_completions_meet_a_land_fragment_from_two_sides_as_the_reference() -> None:
    # The 7 grows down the left column and touches the two-cell fragment twice: the second
    # of its cells waits in the frontier after the first brought it in.
    game = read_plain("7 . .\n. o .\n. o .\n. . .\n")
    board = Board(game.puzzle, game.cells)
    a = Analysis(board)
    touch = rules._touching(board, a)
    fast = rules._completions(board, a, touch, 0, 400)
    assert fast is not None and len(fast) > 10
    assert fast == ref._completions(board, a, touch, 0, 400)


def _reaches(board: Board) -> list[tuple[set[int], set[int], bool]]:
    """For each unfinished clued island of the board: the whole-set reach, the reference
    reach, and whether the island can enter unnumbered land."""
    a = Analysis(board)
    touch = rules._touching(board, a)
    out = []
    for k, region in enumerate(a.islands):
        if region.clue and len(region.cells) < region.clue:
            expected = ref._grow_reach(board, a, touch, k)
            fragment = any(board.cells[i] == LAND and not a.islands[a.region_of[i]].clue
                           for i in expected)
            out.append((set(members(rules._reaches(board, a)[k], board.puzzle.size)),
                        set(expected), fragment))
    return out


@settings(max_examples=400, deadline=None)
@given(**BOARDS)
def test_whole_set_reach_is_the_reference_reach(seed: int, unknown: float, land: float) -> None:
    try:
        reaches = _reaches(_random_board(seed, unknown, land))
    except Contradiction:
        return
    for fast, slow, _fragment in reaches:
        assert fast == slow


def test_random_boards_reach_into_unnumbered_land_often() -> None:
    """The reaches compared above often enter land fragments, where stepping costs more."""
    islands = fragments = 0
    for seed in range(300):
        try:
            reaches = _reaches(_random_board(seed, 0.9, 0.05))
        except Contradiction:
            continue
        islands += len(reaches)
        fragments += sum(f for _fast, _slow, f in reaches)
    assert islands >= 200 and fragments >= 20, (islands, fragments)


def test_overlapping_blocks_count_once_against_an_islands_budget() -> None:
    # The 2 alone reaches the blocks at b1 and a2 (three blocks overlap at b2): they share a
    # cell, so one land cell could break both, and its one cell left is enough.
    game = read_plain("2 . .\n. . .\n. . 1\n")
    board = Board(game.puzzle, game.cells)
    fast = _outcome(lambda: rules.unreachable(board, Analysis(board)))
    assert fast == _outcome(lambda: ref.unreachable(board, Analysis(board)))
    assert [d.cell for d in fast] == [2, 4, 5, 6, 7]


def test_wall_connectivity_answers_as_the_reference_and_finds_all_it_can() -> None:
    """On random boards the rule gives the reference's cuts, pockets of land and broken
    walls, and each of them (a pocket of one cell too) comes up often enough to matter."""
    seen = {"cut": 0, "one pocket": 0, "pockets": 0, "broken": 0}
    for seed in range(3000):
        board = _random_board(seed, (0.4, 0.7, 0.9)[seed % 3], (0.2, 0.4)[seed % 2])
        try:
            Analysis(board)
        except Contradiction:
            continue
        fast = _outcome(lambda b=board: rules.wall_connectivity(b, Analysis(b)))
        assert fast == _outcome(lambda b=board: ref.wall_connectivity(b, Analysis(b))), seed
        if isinstance(fast, tuple):
            seen["broken"] += 1
            continue
        land = [d for d in fast if d.state == LAND]
        seen["cut"] += len(fast) > len(land)
        seen["one pocket"] += len(land) == 1
        seen["pockets"] += len(land) > 1
    assert min(seen.values()) >= 20, seen
