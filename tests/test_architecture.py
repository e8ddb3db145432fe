"""The layers of docs/architecture.md, checked by import-linter against the contracts in
pyproject.toml; and a copy of the tree with one arrow turned the wrong way must fail."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("pc1", "programs", "bignum", "tui", "tapes")


def _lint(where: Path) -> subprocess.CompletedProcess[str]:
    # no cache: a stale graph must never pass a broken tree (or fail a mended one)
    code = "import sys; from importlinter.cli import lint_imports_command; lint_imports_command()"
    return subprocess.run([sys.executable, "-c", code, "--no-cache"], cwd=where,
                          capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(where), "PATH": "/usr/bin:/bin"})


def _copy(tmp_path: Path) -> Path:
    tree = tmp_path / "tree"
    tree.mkdir()
    shutil.copy(ROOT / "pyproject.toml", tree)
    for name in PACKAGES:
        shutil.copytree(ROOT / name, tree / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.ptr", "*.ptw", "*.lst"))
    return tree


def test_the_code_keeps_every_contract() -> None:
    pytest.importorskip("importlinter", reason="import-linter is in the [dev] extra")
    done = _lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "broken" not in done.stdout.lower().replace("0 broken", "")


# (file to plant the import in, the import, the contract that must break)
LAYERS = "The command line above the console"
PLANTED = [
    ("pc1/machine/word.py", "import tui.app", LAYERS),
    ("pc1/devices/tape.py", "from pc1.machine import Machine", LAYERS),
    ("tui/status.py", "from pc1.cli import main", LAYERS),
    ("programs/mex/range_tree.py", "from pc1.machine import ORDERS", "programs and bignum stand"),
    ("bignum/limbs.py", "import programs.queens", "programs and bignum are independent"),
    ("pc1/base/errors.py", "import pc1.devices", "pc1.base imports nothing of ours"),
    ("tui/panel.py", "from pc1.machine.compiler import compile_plan",
     "internal modules are reached from outside"),
]


@pytest.mark.parametrize(("path", "line", "contract"), PLANTED,
                         ids=[p[0] + ":" + p[1] for p in PLANTED])
def test_an_arrow_the_wrong_way_breaks_its_contract(tmp_path: Path, path: str, line: str,
                                                     contract: str) -> None:
    pytest.importorskip("importlinter", reason="import-linter is in the [dev] extra")
    tree = _copy(tmp_path)
    target = tree / path
    target.write_text(target.read_text() + f"\n{line}  # planted by the test\n")
    done = _lint(tree)
    assert done.returncode != 0, done.stdout
    broken = done.stdout.split("Broken contracts", 1)[-1]
    assert contract in " ".join(broken.split()), done.stdout
