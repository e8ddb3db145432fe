"""Mutation testing of the cores with mutmut, on demand (never in CI).

Each target is one module (or a few) and the tests that must catch a change in it. The
run happens in a scratch copy of the working tree, so the checkout gets no ``mutants/``
directory and a run can go on while the tree is edited. Hypothesis runs with a fixed seed so
a mutant's verdict does not depend on luck. Run on demand:

    .venv/bin/python tests/mutation/mutate.py [TARGET ...] [--workers 1] [--show-survivors]
        [--minutes M] [--only FILE]

TARGET is any of the names below (default: all). mutmut (``pip install mutmut``, in the
[dev] extra) must be on the PATH of the virtual environment. The score is killed / (all
mutants that ran): a timeout counts as killed, "no tests" as survived.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from fnmatch import fnmatch
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
COPIED = ["pc1", "bignum", "programs", "tui", "tapes", "tests", "docs", ".ci", "pyproject.toml",
          "README.md"]

_MONITOR_TESTS = [
    "tests/pc1/monitor/test_monitor.py", "tests/pc1/monitor/test_values.py",
    "tests/pc1/monitor/test_monitor_search.py", "tests/pc1/monitor/test_monitor_stateful.py",
    "tests/pc1/monitor/test_monitor_paper.py", "tests/pc1/monitor/test_monitor_root.py",
    "tests/pc1/monitor/test_monitor_verbs.py", "tests/pc1/monitor/test_values_parsing.py",
]

# target -> (modules to mutate, tests that must kill the mutants)
TARGETS: dict[str, tuple[list[str], list[str]]] = {
    "word": (
        ["pc1/machine/word.py"],
        ["tests/pc1/machine/test_word.py", "tests/pc1/machine/test_arithmetic.py",
         "tests/pc1/machine/test_orders.py"],
    ),
    "orders": (
        ["pc1/machine/orders.py"],
        ["tests/pc1/machine/test_word.py", "tests/pc1/machine/test_orders.py",
         "tests/pc1/machine/test_order_edges.py",
         "tests/pc1/machine/test_machine.py"],
    ),
    "assembler": (
        ["pc1/asm/assembler.py"],
        ["tests/pc1/asm/test_assembler.py", "tests/pc1/asm/test_assembler_paths.py",
         "tests/pc1/cli/test_asm_cli.py", "tests/pc1/asm/test_annotated.py"],
    ),
    "limbs": (["bignum/limbs.py"], ["tests/bignum/test_limbs.py"]),
    "checkers": (
        ["programs/puzzles/nurikabe/checker.py", "programs/puzzles/ohno/checker.py",
         "programs/puzzles/sudoku/checker.py"],
        [
            "tests/programs/puzzles/nurikabe/test_checker.py",
            "tests/programs/puzzles/ohno/test_checker.py",
            "tests/programs/puzzles/sudoku/test_checker.py",
            "tests/programs/puzzles/test_checkers.py",
        ],
    ),
    "mex": (["programs/mex/range_tree.py"], ["tests/programs/mex/test_mex.py"]),
    "halves": (
        ["pc1/machine/halves.py"],
        ["tests/pc1/machine/test_halves.py", "tests/pc1/machine/test_machine.py"],
    ),
    # the quick rules module alone: every function of the solver against its own oracle on
    # small boards, in seconds (with test_solver.py's properties, the CLI and the 40x40 SAT
    # boards a survivor or a timeout cost a minute or more; they stay in the suite)
    "ohno": (
        ["programs/puzzles/ohno/solver.py"],
        ["tests/programs/puzzles/ohno/test_rules.py"],
    ),
    "queens-ledger": (
        ["programs/queens/ledger.py", "programs/queens/units.py"],
        ["tests/programs/queens/test_queens_ledger.py",
         "tests/programs/queens/test_queens_units.py"],
    ),
    # the monitor package in three parts, each with the tests of the verbs it holds
    "monitor-values": (
        ["pc1/monitor/values.py", "pc1/monitor/store.py", "pc1/monitor/store_search.py"],
        _MONITOR_TESTS,
    ),
    "monitor-interpreter": (
        ["pc1/monitor/interpreter.py", "pc1/monitor/verbs.py", "pc1/monitor/panel.py"],
        _MONITOR_TESTS,
    ),
    "monitor-study": (
        ["pc1/monitor/study.py", "pc1/monitor/study_save.py"],
        ["tests/pc1/monitor/test_monitor_study.py", "tests/pc1/monitor/test_monitor_study_verbs.py",
         "tests/pc1/monitor/test_monitor.py"],
    ),
    # behaviour only (runs against a whole reference machine, self-modifying and stale code,
    # run modes and tiers), so the compiler's inner workings may change without these tests
    # changing; deterministic and a few seconds long, so a surviving mutant costs little
    "compiler": (
        ["pc1/machine/compiler.py"],
        ["tests/pc1/machine/test_compiler_runs.py", "tests/pc1/machine/test_machine.py",
         "tests/pc1/machine/test_order_edges.py"],
    ),
}

KILLED = {"killed", "timeout", "segfault", "caught by type check"}
COUNTED = KILLED | {"survived", "no tests", "suspicious"}


def mutmut_section(modules: list[str], tests: list[str]) -> str:
    """The [tool.mutmut] table appended to the scratch copy's pyproject.toml."""
    args = ["-p", "no:cacheprovider", "-n", "0", "--hypothesis-seed=0", "-x"]
    return (
        "\n[tool.mutmut]\n"
        'source_paths = ["pc1", "bignum", "programs", "tui"]\n'
        f"only_mutate = {json.dumps(modules)}\n"
        'also_copy = ["tapes", "docs", "README.md"]\n'
        f"pytest_add_cli_args = {json.dumps(args)}\n"
        f"pytest_add_cli_args_test_selection = {json.dumps(tests)}\n"
        "use_git_change_detection = false\n"
        # a mutant that loops is killed after 3x the clean tests' time, not 15x: on a busy
        # two-core machine the default made a few looping mutants cost most of the run
        "timeout_multiplier = 3.0\n"
    )


def scratch_copy(into: Path) -> None:
    """Copy what the tests need (not .git, the venv or caches) into ``into``."""
    ignore = shutil.ignore_patterns("__pycache__", ".hypothesis", ".pytest_cache", "mutants")
    for name in COPIED:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=ignore)
        elif source.exists():
            shutil.copy2(source, into / name)


def statuses(workdir: Path, mutmut: str) -> dict[str, str]:
    """mutant name -> status, from ``mutmut results --all true``."""
    out = subprocess.run(
        [mutmut, "results", "--all", "true"], cwd=workdir, capture_output=True, text=True,
        check=True,
    ).stdout
    result = {}
    for line in out.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep:
            result[name] = status
    return result


def run_target(name: str, workers: int, show: bool, mutmut: str,
               only: list[str] | None = None, minutes: float = 0) -> tuple[int, int]:
    """Run mutmut on one target (or only the named mutants of it, e.g. the survivors of an
    earlier run), for at most `minutes` if given; print its score and survivors; return
    (killed, counted)."""
    modules, tests = TARGETS[name]
    with tempfile.TemporaryDirectory(prefix=f"pc1-mutate-{name}-") as tmp:
        workdir = Path(tmp)
        scratch_copy(workdir)
        # mutmut runs the tests in workdir/mutants: the team's shared folder must sit beside
        # it, or the corpus tests (the reference image hashes) skip and kill nothing
        shared = REPO.parent / "shared"
        if shared.is_dir():
            (workdir / "shared").symlink_to(shared)
        with open(workdir / "pyproject.toml", "a", encoding="utf-8") as f:
            f.write(mutmut_section(modules, tests))
        run = subprocess.Popen(
            [mutmut, "run", "--max-children", str(workers), *(only or [])], cwd=workdir,
            stdout=subprocess.DEVNULL, start_new_session=True,
        )
        try:
            run.wait(timeout=minutes * 60 if minutes else None)
        except subprocess.TimeoutExpired:
            # mutmut and the pytest it forked form their own session: stop all of them; the
            # mutants finished so far keep their verdicts, the rest are "not checked"
            os.killpg(run.pid, signal.SIGTERM)
            try:
                run.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(run.pid, signal.SIGKILL)
                run.wait()
        found = statuses(workdir, mutmut)
        if only:  # names, or patterns such as programs.puzzles.ohno.solver.x_propagate*
            found = {k: v for k, v in found.items() if any(fnmatch(k, p) for p in only)}
        counted = {k: v for k, v in found.items() if v in COUNTED}
        killed = sum(v in KILLED for v in counted.values())
        total = len(counted)
        share = 100 * killed / total if total else 0.0
        left = len(found) - total
        print(f"{name:10} {killed:4} / {total:4} killed  {share:5.1f} %"
              + (f"  ({left} not run: the time was up)" if left else ""), flush=True)
        for mutant, status in sorted(counted.items()):
            if status not in KILLED:
                print(f"    {status:10} {mutant}")
                if show:
                    diff = subprocess.run(
                        [mutmut, "show", mutant], cwd=workdir, capture_output=True, text=True,
                        check=False,
                    ).stdout
                    print("        " + diff.replace("\n", "\n        "))
        return killed, total


def main(argv: list[str] | None = None) -> int:
    """Parse the targets and run each in its own scratch copy."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", help=f"any of {', '.join(TARGETS)} (default: all)")
    parser.add_argument("--workers", type=int, default=1, help="mutmut --max-children (1)")
    parser.add_argument("--show-survivors", action="store_true", help="print each diff")
    parser.add_argument("--minutes", type=float, default=0,
                        help="stop each target after this long; score the mutants run so far")
    parser.add_argument("--only", metavar="FILE",
                        help="run only the mutants named in FILE, one a line (one target); a "
                             "name may be a pattern (mutmut's, fnmatch: x_propagate*)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.targets) - set(TARGETS))
    if unknown:
        parser.error(f"unknown target {unknown[0]!r}; choose from {', '.join(TARGETS)}")
    mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent))
    if mutmut is None:
        print("mutate: mutmut is not installed in this environment (pip install mutmut)")
        return 2
    only = None
    if args.only:
        only = [ln.split()[-1] for ln in Path(args.only).read_text().splitlines() if ln.strip()]
    for name in args.targets or TARGETS:
        run_target(name, args.workers, args.show_survivors, mutmut, only, args.minutes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
