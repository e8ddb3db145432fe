"""Nurikabe frontier count with and without the look-ahead (lookahead.py), side by side.

    .venv/bin/python tests/benchmarks/bench_nurikabe_frontier.py [--repeats 3]
        [--ahead 0,100] [--budget 3000000] [--puzzles DIR ...] [--only NAME ...]

Each puzzle (nurikabe-*.txt of ../shared/puzzles and of any --puzzles directory, third-party
data read where it lies) is counted up to two with each --ahead setting in turn (0: no
look-ahead; k: the rules run every k cells of a row and at its end), in one process, the
settings taking turns each repeat. Shown per setting: CPU time (time.process_time, best of
--repeats), the count, the frontiers made in all and the most at one cell.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from programs.puzzles.nurikabe.formats import read_games  # noqa: E402
from programs.puzzles.nurikabe.frontier import TooWide, count  # noqa: E402

SHARED = ROOT.parent / "shared" / "puzzles"


def _puzzles(dirs: list[Path], only: list[str]) -> list[tuple[str, object]]:
    """The puzzles of the directories, by file name (without .txt)."""
    out = []
    names = set()
    for d in dirs:
        for path in sorted(d.glob("nurikabe-*.txt")):
            name = path.stem
            if name in names or only and not any(o in name for o in only):
                continue
            names.add(name)
            games = read_games(path.read_text())[1]
            if games:
                out.append((name, games[0].puzzle))
    return out


def main() -> int:
    """Run the side-by-side measurement and print one line per puzzle and setting."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--ahead", default="0,100")
    ap.add_argument("--budget", type=int, default=3_000_000)
    ap.add_argument("--puzzles", type=Path, action="append", default=[])
    ap.add_argument("--only", action="append", default=[])
    args = ap.parse_args()
    settings = [int(x) for x in args.ahead.split(",")]
    dirs = [d for d in [SHARED, *args.puzzles] if d.is_dir()]
    print(f"{'puzzle':40} {'ahead':>5} {'cpu s':>8} {'count':>5} {'frontiers':>10} {'peak':>8}")
    for name, puzzle in _puzzles(dirs, args.only):
        best: dict[int, float] = {}
        seen: dict[int, str] = {}
        for _ in range(args.repeats):
            for ahead in settings:
                gc.collect()
                t = time.process_time()
                try:
                    res = count(puzzle, cap=2, budget=args.budget, ahead=ahead)
                    seen[ahead] = f"{res.count:>5} {res.total:>10} {res.peak:>8}"
                except TooWide:
                    seen[ahead] = f"{'wide':>5}"
                spent = time.process_time() - t
                best[ahead] = min(best.get(ahead, spent), spent)
        for ahead in settings:
            print(f"{name:40} {ahead:>5} {best[ahead]:>8.2f} {seen[ahead]}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
