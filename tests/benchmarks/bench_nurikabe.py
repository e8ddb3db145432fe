"""Nurikabe benchmark: Hui's n6 and n7, the published puzzles of ../shared/puzzles, larger
generated puzzles and generated hard sparse ones (few clues, large islands), pure Python and
the SAT engine side by side in one run.

    .venv/bin/python tests/benchmarks/bench_nurikabe.py [--repeats 3] [--limit 60]
        [--puzzles DIR ...] [--sizes 15x15:4] [--sparse 1] [--only NAME] [--against DIR]

With --against DIR the pure-Python solver of another checkout (its own .venv and benchmark)
runs beside this one, puzzle by puzzle (base columns), and "same" says whether both counted
the same solutions with the same guesses.
For each puzzle and engine: CPU time (time.process_time, best of --repeats) to solve and to
prove the solution unique (count up to 2), pure Python then SAT (python-sat with CaDiCaL,
islands connected by bounded reachability, walls by lazy cuts; columns left out when it is
not installed), the ratio python/SAT of the uniqueness proofs, the guesses of the Python
search, the solutions counted, whether both engines found the same solutions, and whether the
independent checker accepts the solution.
Every measurement runs in a fresh process with a CPU-time limit (--limit seconds): a puzzle
an engine cannot finish shows `>LIMIT` instead of stopping the benchmark.

The published puzzles are third-party data, read from ../shared/puzzles (nurikabe-*.txt)
and from any --puzzles directory, never copied into the repository. Puzzles measured for
issue 28 and where they come from (docs/puzzles.md has the table):
  - nurikabe-puzzlink-grilops-1: https://puzz.link/p?nurikabe/10/10/p2q8j7m2h7zh4h8m4j2q6p,
    grilops issue 10 (the sparse puzzle the z3-based grilops took minutes on);
  - nurikabe-puzzlink-grilops-2: https://puzz.link/p?nurikabe/10/10/5ibj4zp7i9j6zz3i8ja,
    the "ugly" sparse puzzle of the same issue (63 of 100 cells land, 9 clues up to 11);
  - nurikabe-janko-573/903/962/980: janko.at Nurikabe 573, 903, 962 and 980, the puzzles
    microsoft/nurikabe issue 1 reports as too hard for that solver's logic;
  - nurikabe-nikoli-1/2, nurikabe-wikipedia-easy/hard and the larger Nikoli samples 3-10
    (18x10, 24x14, 36x20), as transcribed in microsoft/nurikabe's nurikabe.cpp.
Goals of issues 14 and 28: every published sparse or large puzzle solved in under 5 s and
proven unique in under 10 s.
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

from programs.puzzles.nurikabe.checker import is_solution  # noqa: E402
from programs.puzzles.nurikabe.formats import read_hui, read_plain, write_plain  # noqa: E402
from programs.puzzles.nurikabe.generator import generate, generate_sparse  # noqa: E402
from programs.puzzles.nurikabe.model import Puzzle  # noqa: E402
from programs.puzzles.nurikabe.solver import solve  # noqa: E402

DATA = ROOT / "tests" / "programs" / "puzzles" / "nurikabe" / "data"
SHARED = ROOT.parent / "shared" / "puzzles"


def _child(engine: str, limit: int, repeats: int, limit_s: int) -> int:
    """Measure one engine on the plain-format puzzle on stdin; one JSON line on stdout."""
    puzzle = read_plain(sys.stdin.read()).puzzle
    times = []
    found: list[tuple[int, ...]] = []
    guesses = 0
    for _ in range(repeats):
        # The parent's limit covers one run: each finished run buys the next one its time.
        soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        if soft != resource.RLIM_INFINITY:
            used = resource.getrusage(resource.RUSAGE_SELF)
            spent = used.ru_utime + used.ru_stime
            resource.setrlimit(resource.RLIMIT_CPU, (min(hard, int(spent) + limit_s + 2), hard))
        t = time.process_time()
        if engine == "sat":
            from programs.puzzles.nurikabe import sat

            found = list(itertools.islice(sat.iter_solutions(puzzle), limit))
        else:
            result = solve(puzzle, limit=limit)
            found, guesses = result.solutions, result.guesses
        times.append(time.process_time() - t)
    print(json.dumps({"seconds": min(times), "solutions": found, "guesses": guesses}))
    return 0


def measure(puzzle: Puzzle, engine: str, limit: int, repeats: int,
            cpu_limit: int, checkout: Path | None = None) -> dict | None:
    """Best CPU time of one engine in a fresh process, or None past cpu_limit seconds;
    with `checkout`, that checkout's solver, by its own Python and benchmark."""
    def cap() -> None:
        # The child raises the soft limit run by run (_child); the hard one caps them all.
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit + 2, (cpu_limit + 2) * repeats + 5))

    python, script = sys.executable, __file__
    if checkout is not None:
        python = str(checkout / ".venv" / "bin" / "python")
        script = str(checkout / "tests" / "benchmarks" / "bench_nurikabe.py")
    proc = subprocess.run(
        [python, script, "--child", engine, str(limit), str(repeats), str(cpu_limit)],
        input=write_plain(puzzle), capture_output=True, text=True, preexec_fn=cap,
        check=False)
    if proc.returncode != 0:
        return None
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    if out["seconds"] > cpu_limit:
        return None
    out["solutions"] = [tuple(s) for s in out["solutions"]]
    return out


def _secs(m: dict | None, cpu_limit: int) -> str:
    return f"{m['seconds']:>8.3f}" if m else f"{'>' + str(cpu_limit):>8}"


def row(name: str, puzzle: Puzzle, args: argparse.Namespace, with_sat: bool,
        extra: str = "") -> None:
    """Print one line of the table."""
    reps, lim = args.repeats, args.limit
    base_cols = ""
    if args.against:
        # The other checkout first, then this one: the same rounds under the same load.
        b1 = measure(puzzle, "python", 1, reps, lim, args.against)
        b2 = measure(puzzle, "python", 2, reps, lim, args.against)
    py1 = measure(puzzle, "python", 1, reps, lim)
    py2 = measure(puzzle, "python", 2, reps, lim)
    if args.against:
        # Both counted the same solutions with the same guesses: only the time differs.
        same = ("yes" if b2["solutions"] == py2["solutions"] and b2["guesses"] == py2["guesses"]
                else "NO") if b2 and py2 else "-"
        base_cols = f" {_secs(b1, lim)} {_secs(b2, lim)} {same:>5}"
    ok = py1 is not None and bool(py1["solutions"]) and is_solution(puzzle, py1["solutions"][0])
    count = str(len(py2["solutions"])) if py2 else "?"
    sat_cols = ""
    if with_sat:
        s1 = measure(puzzle, "sat", 1, reps, lim)
        s2 = measure(puzzle, "sat", 2, reps, lim)
        ratio = f"{py2['seconds'] / max(s2['seconds'], 1e-6):>6.1f}" if py2 and s2 else f"{'-':>6}"
        agree = ("yes" if s2["solutions"] == py2["solutions"] else "NO") if py2 and s2 else "-"
        sat_cols = f" {_secs(s1, lim)} {_secs(s2, lim)} {ratio} {agree:>5}"
    guesses = py2["guesses"] if py2 else "?"
    print(f"{name:<30} {puzzle.rows:>3}x{puzzle.cols:<3} {_secs(py1, lim)} {_secs(py2, lim)}"
          f"{base_cols}{sat_cols} {guesses:>7} {count:>5} {'yes' if ok else 'NO':>7}  {extra}",
          flush=True)


def published(dirs: list[Path]) -> list[Path]:
    """The nurikabe-*.txt files of ../shared/puzzles and the --puzzles directories."""
    files: dict[str, Path] = {}
    for d in [SHARED, *dirs]:
        if d.is_dir():
            for path in sorted(d.glob("nurikabe-*.txt")):
                files.setdefault(path.name, path)
        else:
            print(f"(no puzzles at {d})")
    return [files[k] for k in sorted(files)]


def main() -> int:
    if len(sys.argv) == 6 and sys.argv[1] == "--child":
        return _child(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--limit", type=int, default=60,
                        help="CPU seconds an engine may spend on one puzzle (default 60)")
    parser.add_argument("--puzzles", type=Path, action="append", default=[],
                        help="a further directory of nurikabe-*.txt puzzle files")
    parser.add_argument("--only", default="",
                        help="only the published puzzles whose file name holds this")
    parser.add_argument("--sizes", default="15x15:4,14x24:4,20x20:3",
                        help="generated puzzles as ROWSxCOLS:MAX_ISLAND, comma-separated")
    parser.add_argument("--seed", type=int, default=2014)
    parser.add_argument("--against", type=Path, default=None,
                        help="another checkout (with its .venv) whose pure-Python solver runs "
                             "beside this one, puzzle by puzzle, in the same rounds")
    parser.add_argument("--sparse", type=int, default=1,
                        help="generated hard sparse 10x10 puzzles (few clues, large islands)")
    args = parser.parse_args()
    try:
        import pysat  # noqa: F401
        with_sat = True
    except ImportError:
        with_sat = False
        print("python-sat is not installed: pure Python only (pip install '.[sat]')")

    sat_head = f" {'sat s':>8} {'sat u s':>8} {'py/sat':>6} {'agree':>5}" if with_sat else ""
    print(f"CPU seconds, best of {args.repeats}; a limit of {args.limit} s per engine and puzzle")
    if args.against and not (args.against / "tests" / "benchmarks" / "bench_nurikabe.py").is_file():
        print(f"--against {args.against}: no tests/benchmarks/bench_nurikabe.py there")
        return 2
    base_head = (f" {'base s':>8} {'base u s':>8} {'same':>5}" if args.against else "")
    print(f"{'puzzle':<30} {'size':>7} {'solve s':>8} {'unique s':>8}{base_head}{sat_head} "
          f"{'guesses':>7} {'count':>5} {'checked':>7}")
    if not args.only:
        hui = {g.name: g for g in read_hui((DATA / "hui_puzzles.txt").read_text())}
        for name in ("n6", "n7"):
            row(f"Hui {name}", hui[name].puzzle, args, with_sat)
    for path in published(args.puzzles):
        if args.only in path.name:
            puzzle = read_plain(path.read_text(), path.name).puzzle
            row(path.stem, puzzle, args, with_sat,
                f"({sum(1 for c in puzzle.clues if c)} clues, largest {max(puzzle.clues)})")
    if args.only:
        return 0
    for k, spec in enumerate(args.sizes.split(",") if args.sizes else []):
        dims, _, cap = spec.partition(":")
        rows, cols = (int(x) for x in dims.split("x"))
        t = time.process_time()
        puzzle, _solution = generate(rows, cols, args.seed + k, max_island=int(cap or 4))
        made = time.process_time() - t
        row(f"generated {dims} islands<={cap}", puzzle, args, with_sat,
            f"(generated in {made:.1f} s, {sum(1 for c in puzzle.clues if c)} clues)")
    seed = args.seed
    for _ in range(args.sparse):
        t = time.process_time()
        while True:
            seed += 1
            try:
                puzzle, _solution = generate_sparse(10, 10, seed, max_island=20)
                break
            except RuntimeError:
                continue
        made = time.process_time() - t
        row(f"sparse 10x10 seed {seed}", puzzle, args, with_sat,
            f"(generated in {made:.1f} s, {sum(1 for c in puzzle.clues if c)} clues)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
