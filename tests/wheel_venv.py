"""A checkout's wheel, built and installed into a fresh virtual environment, as a user gets it.

Shared by tests/test_wheel_install.py (the wheel carries everything and runs from anywhere)
and tests/benchmarks/bench_cold_start.py (start-up measured as a user meets it: an editable
install's import hook makes every Python of its environment, `python -c pass` included, start
some 20 ms slower, which flatters every ratio against it).

Fast and offline: the wheel is built from a copy of the sources without build isolation, and
the fresh environment has no pip of its own; the pip of this environment installs the wheel
into it with --no-deps (compiling its .pyc, as pip does for a user), and one .pth line lends it
the dependencies (textual, gmpy2, mpmath) this environment already has.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("pc1", "bignum", "programs", "tui", "tapes", "docs", "pyproject.toml", "README.md",
           "LICENSE")


class InstallFailed(RuntimeError):
    """Building or installing the wheel failed (the message has pip's own words)."""


def _run(argv: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def install_wheel(base: Path, checkout: Path = ROOT) -> tuple[Path, dict[str, str], Path]:
    """(bin folder of a fresh environment in `base`, its environment variables, the wheel)."""
    src = base / "src"
    src.mkdir(parents=True)
    for name in SHIPPED:
        path = checkout / name
        if path.is_dir():
            shutil.copytree(path, src / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
        else:
            shutil.copy2(path, src / name)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PC1_TAPES")}
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                  "--no-index", "-q", "-w", str(base / "dist"), str(src)], base, env)
    if built.returncode != 0:
        raise InstallFailed(f"building the wheel of {checkout}: {built.stderr.strip()}")
    [wheel] = (base / "dist").glob("pc1_workbench-*.whl")

    target = base / "venv"
    venv.EnvBuilder(with_pip=False).create(target)
    bin_dir = target / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    done = _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                 "--no-index", "-q", str(wheel)], base, env)
    if done.returncode != 0:
        raise InstallFailed(f"installing {wheel.name}: {done.stderr.strip()}")
    purelib = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                   base, env).stdout.strip()
    # the dependencies come from this environment's site-packages, appended after the wheel's
    # own (a plain path line: the editable install's .pth hook there is not run)
    deps = {sysconfig.get_path("purelib"), *site.getsitepackages()}
    Path(purelib, "zz_test_dependencies.pth").write_text("\n".join(sorted(deps)) + "\n")
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return bin_dir, env, wheel
