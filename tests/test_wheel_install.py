"""The distribution as a user gets it: build the wheel, install it into a fresh virtual
environment, and run the recipes, `pc1 verify` and the console's tape lookup from a
directory outside the checkout.

Speed (this runs in CI): tests/wheel_venv.py builds and installs the wheel offline in
seconds, lending the fresh environment the dependencies that CI has just installed; what it
proves is that the wheel itself carries every module, tape, manifest and sample, which is
what an editable install cannot show.
"""

from __future__ import annotations

import re
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.wheel_venv import ROOT, install_wheel


def _run(argv: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def install(tmp_path_factory) -> tuple[Path, dict[str, str], Path]:
    """(bin folder of the fresh environment, its environment variables, the wheel)."""
    pytest.importorskip("setuptools", reason="building the wheel needs setuptools")
    return install_wheel(tmp_path_factory.mktemp("wheel"))


def _outside(tmp_path: Path) -> Path:
    away = tmp_path / "elsewhere"
    away.mkdir(parents=True)
    assert ROOT not in away.parents
    return away


def test_the_wheel_as_a_user_installs_it(tmp_path_factory, tmp_path: Path) -> None:
    # one test, so that parallel workers do not each build and install the wheel
    installed = install(tmp_path_factory)
    wheel_carries_the_tapes_manifest_and_samples(installed)
    installed_pc1_runs_e1000_from_elsewhere(installed, tmp_path / "a")
    installed_pc1_verifies_pi_and_finds_demo_tapes(installed, tmp_path / "b")
    every_example_of_the_docs_runs_from_an_empty_folder(installed, tmp_path / "c")


def wheel_carries_the_tapes_manifest_and_samples(installed) -> None:
    _, _, wheel = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("tapes/manifest.toml", "tapes/r0.ptw", "tapes/e1000.ptr", "tapes/e1000.pc1",
                   "tapes/e1000.lst", "tapes/pi1000prt.ptr", "tapes/e1000.pc1s", "tui/app.tcss",
                   "tui/web/templates/app_index.html", "tui/web/favicon.ico",
                   "programs/puzzles/samples/sudoku.txt", "pc1/cli/main.py", "pc1/__main__.py",
                   "docs/monitor.md", "docs/machine.md"):
        assert needed in names
    # every document ships (for `pc1 docs`), and the licence in the metadata
    assert {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")} <= names
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith(".dist-info/LICENSE")
               for n in names), sorted(n for n in names if "dist-info" in n)
    assert not any(n.startswith("tests/") for n in names)


def installed_pc1_runs_e1000_from_elsewhere(installed, tmp_path: Path) -> None:
    import mpmath

    bin_dir, env, _ = installed
    away = _outside(tmp_path)
    version = _run([str(bin_dir / "pc1"), "--version"], away, env)
    declared = re.search(r'^__version__ = "(.+)"$', (ROOT / "pc1/__init__.py").read_text(),
                         re.MULTILINE).group(1)
    assert version.returncode == 0 and version.stdout.strip() == f"pc1 {declared}"
    as_module = _run([str(bin_dir / "python"), "-m", "pc1", "--version"], away, env)
    assert as_module.stdout == version.stdout, as_module.stderr
    where = _run([str(bin_dir / "python"), "-c", "import pc1, tapes; print(pc1.__file__); "
                  "print(tapes.__file__)"], away, env)
    assert str(ROOT) not in where.stdout, where.stdout  # the wheel, not the checkout

    done = _run([str(bin_dir / "pc1"), "run", "e1000"], away, env)
    assert done.returncode == 0, done.stderr
    with mpmath.workdps(1030):
        e = mpmath.nstr(+mpmath.e, 1020, strip_zeros=False)
    digits = "".join(ch for ch in done.stdout if ch.isdigit())
    assert digits == e.replace(".", "")[:1001]
    assert done.stdout.startswith("2.") and len(done.stdout.splitlines()) == 20
    assert "halt at" in done.stderr


def installed_pc1_verifies_pi_and_finds_demo_tapes(installed, tmp_path: Path) -> None:
    bin_dir, env, _ = installed
    away = _outside(tmp_path)
    done = _run([str(bin_dir / "pc1"), "verify", "pi"], away, env)
    assert done.returncode == 0, done.stderr
    assert "verdict: OK" in done.stdout
    probe = ("from pathlib import Path\nfrom tui.demos import demo_actions\n"
             "tapes = [Path(a.tape) for a in demo_actions('pi1000') if a.tape is not None]\n"
             "print(all(t.is_file() for t in tapes), len(tapes), tapes[0].parent)\n")
    found = _run([str(bin_dir / "python"), "-c", probe], away, env)
    assert found.returncode == 0, found.stderr
    ok, count, folder = found.stdout.split()
    assert ok == "True" and int(count) >= 4 and str(ROOT) not in folder
    samples = _run([str(bin_dir / "pc1"), "samples", "sudoku"], away, env)
    assert samples.returncode == 0 and len(samples.stdout) > 81


def every_example_of_the_docs_runs_from_an_empty_folder(installed, tmp_path: Path) -> None:
    """README.md's and docs/*.md's shell examples, in order, in one empty folder, with the
    wheel's `pc1` on PATH; their output compared where the docs show it. Then README's Python
    example with the wheel's Python."""
    from tests.doc_examples import all_examples, python_examples, run

    bin_dir, env, _ = installed
    away = _outside(tmp_path)
    examples = [e for e in all_examples() if e.skipped() is None]
    assert len(examples) > 20
    problems = [p for p in (run(e, away, env) for e in examples) if p]
    for where, code in python_examples():
        done = _run([str(bin_dir / "python"), "-c", code], away, env)
        if done.returncode != 0:
            problems.append(f"{where}: the Python example failed: "
                            f"{done.stderr.strip().splitlines()[-1:]}")
        elif not done.stdout.startswith("2.71828"):
            problems.append(f"{where}: the Python example printed {done.stdout[:60]!r}")
    assert not problems, "\n".join(problems)
