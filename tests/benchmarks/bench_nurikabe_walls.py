"""The Nurikabe SAT engine with and without the walls' connectivity written out (`sat.py`:
the walls' reach after TREE_AFTER calls with lazy cuts), side by side in one run.

    .venv/bin/python tests/benchmarks/bench_nurikabe_walls.py [--repeats 3] [--limit 120]
        [--puzzles DIR ...] [--only NAME]

For each published puzzle (nurikabe-*.txt of ../shared/puzzles and the --puzzles
directories, third-party data read from there, never copied into the repository): CPU time
(time.process_time, best of --repeats, each run in a fresh process under a CPU-time limit)
to prove the solution unique (count up to 2) with lazy cuts alone ("cuts s") and with the
reach written after TREE_AFTER calls ("reach s", what `--engine sat` does), the two rounds
alternating so both see the same load, and whether both found the same solutions.
"""

from __future__ import annotations

import argparse
import itertools
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from programs.puzzles.nurikabe.formats import read_plain  # noqa: E402

SHARED = ROOT.parent / "shared" / "puzzles"


def _child(after: int) -> int:
    """Count up to 2 solutions of the plain-format puzzle on stdin; one JSON line."""
    from programs.puzzles.nurikabe import sat

    sat.TREE_AFTER = after
    puzzle = read_plain(sys.stdin.read()).puzzle
    t = time.process_time()
    found = list(itertools.islice(sat.iter_solutions(puzzle), 2))
    print(json.dumps({"seconds": time.process_time() - t, "solutions": found}))
    return 0


def _run(text: str, after: int, limit: int) -> dict | None:
    """One measurement in a fresh process, or None past `limit` CPU seconds."""
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (limit + 2, limit + 5))

    proc = subprocess.run([sys.executable, __file__, "--child", str(after)], input=text,
                          capture_output=True, text=True, preexec_fn=cap, check=False)
    if proc.returncode != 0:
        return None
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    return out if out["seconds"] <= limit else None


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        return _child(int(sys.argv[2]))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--limit", type=int, default=120,
                        help="CPU seconds one run may take (default 120)")
    parser.add_argument("--puzzles", type=Path, action="append", default=[])
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    from programs.puzzles.nurikabe import sat

    files: dict[str, Path] = {}
    for d in [SHARED, *args.puzzles]:
        for path in sorted(d.glob("nurikabe-*.txt")) if d.is_dir() else ():
            files.setdefault(path.name, path)
    print(f"CPU seconds to prove uniqueness, best of {args.repeats}; limit {args.limit} s "
          f"a run; the reach after {sat.TREE_AFTER} calls with cuts")
    print(f"{'puzzle':<34} {'cuts s':>8} {'reach s':>8} {'same':>5}")
    for name in sorted(files):
        if args.only not in name:
            continue
        text = files[name].read_text()
        best: dict[int, dict | None] = {}
        for _ in range(args.repeats):
            for after in (-1, sat.TREE_AFTER):  # -1: never written
                m = _run(text, after, args.limit)
                if m and (best.get(after) is None or m["seconds"] < best[after]["seconds"]):
                    best[after] = m
                best.setdefault(after, None)
        cuts, reach = best[-1], best[sat.TREE_AFTER]
        same = ("yes" if cuts["solutions"] == reach["solutions"] else "NO") if cuts and reach \
            else "-"
        cols = [f"{m['seconds']:>8.2f}" if m else f"{'>' + str(args.limit):>8}"
                for m in (cuts, reach)]
        print(f"{Path(name).stem:<34} {cols[0]} {cols[1]} {same:>5}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
