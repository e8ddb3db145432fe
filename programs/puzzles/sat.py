"""The optional SAT engine behind `--engine sat`: CaDiCaL through python-sat (extra `[sat]`).

Each puzzle module writes its rules as clauses; this module runs the solver and enumerates
solutions. One solver serves every puzzle of a file (`SatSolver`): the clauses that hold for
every puzzle of its kind and size go in once, a puzzle's givens are assumptions, and what
belongs to one puzzle alone (its blocking clauses, and any rule of its own) is guarded by an
activation literal of that puzzle, assumed while it is solved and retired by a unit clause
when it is done, so that it never constrains the next puzzle.

A model the rules written so far accept may still break a rule too large to write in full
(Nurikabe's connectivity), so `refine` may answer with cuts instead; every solution found is
blocked by one clause over the cells before the next one is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

SOLVER = "cadical153"  # incremental: clauses and assumptions go into the running solver

Clause = list[int]


@dataclass
class SatStats:
    """Work the SAT engine did: solver calls and the lazy cuts it needed."""

    calls: int = 0
    cuts: int = 0
    solutions: int = 0
    extra: dict[str, int] = field(default_factory=dict)


class SatSolver:
    """One incremental CaDiCaL solver reused for many puzzles of one kind and size."""

    def __init__(self, rules: Iterable[Clause] = (), top: int = 0) -> None:
        from pysat.solvers import Solver  # optional dependency: imported only when used

        self._solver: Any = Solver(name=SOLVER, bootstrap_with=rules)
        self.top = top  # the highest variable in use
        self.live = 0  # activation literal of the puzzle being solved (0: none)
        self.retired: list[int] = []  # activation literals of the puzzles done

    def fresh(self) -> int:
        """A new variable."""
        self.top += 1
        return self.top

    def add(self, clauses: Iterable[Clause]) -> None:
        """Clauses that hold from now on, for every later puzzle too."""
        for clause in clauses:
            self._solver.add_clause(clause)

    def holds(self, assumptions: Sequence[int]) -> bool:
        """Whether the clauses so far allow `assumptions` all true."""
        return bool(self._solver.solve(assumptions=list(assumptions)))

    def retire(self) -> None:
        """End the puzzle in progress: its guarded clauses stop applying, for good."""
        if self.live:
            self._solver.add_clause([-self.live])
            self.retired.append(self.live)
            self.live = 0

    def models(self, cells: Sequence[int], assumptions: Sequence[int] = (),
               guarded: Iterable[Clause] = (),
               refine: Callable[[set[int]], list[Clause]] | None = None,
               stats: SatStats | None = None, one_hot: bool = False,
               watch: Sequence[int] | None = None) -> Iterator[set[int]]:
        """Every model under `assumptions` and this puzzle's `guarded` clauses, as the set
        of its true variables among `watch` (default: `cells`), distinct on `cells`.

        With `one_hot` the true variables among `cells` determine the others (one value per
        cell), so the blocking clause needs only those.

        `refine(true_vars)` returns cuts the model breaks (then the solver is asked again) or
        [] when the model is a solution; a cut is added as given, so it must hold for every
        puzzle of the solver or carry a guard of its own.
        """
        self.retire()  # a puzzle whose solutions were not all asked for
        act = self.live = self.fresh()
        self.add([-act, *clause] for clause in guarded)
        stats = stats if stats is not None else SatStats()
        solver = self._solver
        assume = [act, *assumptions]
        # only this puzzle's variables are read: the solver holds other puzzles' too
        watched = cells if watch is None else watch
        try:
            while True:
                stats.calls += 1
                if not solver.solve(assumptions=assume):
                    return
                model = solver.get_model()
                true = {v for v in watched if model[v - 1] > 0}
                cuts = refine(true) if refine is not None else []
                if cuts:
                    stats.cuts += len(cuts)
                    self.add(cuts)
                    continue
                stats.solutions += 1
                yield true
                # Block this assignment of the cells, for this puzzle only.
                if one_hot:
                    solver.add_clause([-act, *(-v for v in cells if v in true)])
                else:
                    solver.add_clause([-act, *(-v if v in true else v for v in cells)])
        finally:
            if self.live == act:
                self.retire()

    def close(self) -> None:
        """Free the solver (python-sat also frees it when it is collected)."""
        self._solver.delete()


def exactly_one(lits: Sequence[int]) -> list[Clause]:
    """At least one and pairwise at most one of `lits` (the sets here are small)."""
    out: list[Clause] = [list(lits)]
    for a in range(len(lits)):
        for b in range(a + 1, len(lits)):
            out.append([-lits[a], -lits[b]])
    return out
