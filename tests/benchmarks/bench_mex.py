"""Benchmark: the three mex methods side by side on 20,000 sparse values.

Sparse means no two values touch, so every value is a range of its own and the range tree
holds 20,000 nodes: the input that made the seed's unbalanced tree quadratic (a sorted run
is one long spine). Each method gets one warm-up run, then the best CPU time of this
process (time.process_time) over ``--repeat`` runs, all in the same run of this script.
Run on demand:

    .venv/bin/python tests/benchmarks/bench_mex.py [--count 20000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from programs.mex.range_tree import RangeTree, mex_bitstring, mex_naive, mex_tree  # noqa: E402

METHODS: dict[str, Callable[[list[int]], int]] = {
    "naive": mex_naive,
    "bitstring": mex_bitstring,
    "tree": mex_tree,
}


def inputs(count: int) -> dict[str, list[int]]:
    """``count`` sparse values (the even numbers: mex 1), ascending, descending, shuffled."""
    ascending = list(range(0, 2 * count, 2))
    shuffled = ascending[:]
    random.Random(20_000).shuffle(shuffled)
    return {"ascending": ascending, "descending": ascending[::-1], "shuffled": shuffled}


def best_cpu(task: Callable[[], object], repeat: int) -> tuple[object, float]:
    """The task's result and its best CPU time over ``repeat`` runs after one warm-up."""
    result = task()
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        result = task()
        best = min(best, time.process_time() - start)
    return result, best


def main(argv: list[str] | None = None) -> int:
    """Time every method on every input and print a table, naive first."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"mex of {args.count:,} sparse values, best CPU time of {args.repeat} after a warm-up")
    print(f"{'input':12}" + "".join(f"{name:>12}" for name in METHODS) + "   mex  tree height")
    for label, values in inputs(args.count).items():
        cells, answers = [], set()
        for method in METHODS.values():
            answer, seconds = best_cpu(lambda m=method, v=values: m(v), args.repeat)
            answers.add(answer)
            cells.append(f"{seconds * 1000:10.1f}ms")
        if len(answers) != 1:
            print(f"{label}: the methods disagree: {sorted(answers)}")
            return 1
        height = RangeTree(values).height()
        print(f"{label:12}" + "".join(cells) + f"   {answers.pop():3}  {height:11}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
