"""The optional SAT engine behind `--engine sat`: CaDiCaL through python-sat (extra `[sat]`).

Each puzzle module writes its rules as clauses; this module runs the solver and enumerates
solutions: a model the rules written so far accept may still break a rule too large to write
in full (Nurikabe's connectivity), so `refine` may answer with cuts instead, and every
solution found is blocked by one clause over the cells before the next one is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

SOLVER = "cadical153"  # incremental: blocking clauses and cuts go into the running solver

Clause = list[int]


@dataclass
class SatStats:
    """Work the SAT engine did: solver calls and the lazy cuts it needed."""

    calls: int = 0
    cuts: int = 0
    solutions: int = 0
    extra: dict[str, int] = field(default_factory=dict)


def models(clauses: Sequence[Clause], cells: Sequence[int],
           refine: Callable[[set[int]], list[Clause]] | None = None,
           stats: SatStats | None = None, one_hot: bool = False) -> Iterator[set[int]]:
    """Every model of `clauses`, as the set of true variables, distinct on `cells` (variables).

    With `one_hot` the true variables among `cells` determine the others (one value per
    cell), so the blocking clause needs only those.

    `refine(true_vars)` returns cuts the model breaks (then the solver is asked again) or []
    when the model is a solution.
    """
    from pysat.solvers import Solver  # optional dependency: imported only when used

    stats = stats if stats is not None else SatStats()
    with Solver(name=SOLVER, bootstrap_with=clauses) as solver:
        while True:
            stats.calls += 1
            if not solver.solve():
                return
            model = solver.get_model()
            true = {v for v in model if v > 0}
            cuts = refine(true) if refine is not None else []
            if cuts:
                stats.cuts += len(cuts)
                for cut in cuts:
                    solver.add_clause(cut)
                continue
            stats.solutions += 1
            yield true
            # Block this assignment of the cells: the next model differs in one at least.
            if one_hot:
                solver.add_clause([-v for v in cells if v in true])
            else:
                solver.add_clause([-v if v in true else v for v in cells])


def exactly_one(lits: Sequence[int]) -> list[Clause]:
    """At least one and pairwise at most one of `lits` (the sets here are small)."""
    out: list[Clause] = [list(lits)]
    for a in range(len(lits)):
        for b in range(a + 1, len(lits)):
            out.append([-lits[a], -lits[b]])
    return out
