"""Sample puzzles shipped with the package: one small file per puzzle kind of `pc1 solve`,
and a few more in other formats.

They are package data, so an installed wheel has them too; `pc1 samples` lists them and
`pc1 samples NAME` prints one (e.g. `pc1 samples sudoku | pc1 solve sudoku -`).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

# puzzle kind of `pc1 solve` -> its sample file in this package
SAMPLES = {"0hn0": "ohno.txt", "nurikabe": "nurikabe.txt", "sudoku": "sudoku.txt"}


def sample_names() -> list[str]:
    """Every sample: the puzzle kinds, then the other files by name without .txt."""
    files = sorted(p.name for p in resources.files(__name__).iterdir() if p.name.endswith(".txt"))
    others = [f.removesuffix(".txt") for f in files if f not in SAMPLES.values()]
    return sorted(SAMPLES) + others


def sample_path(name: str) -> Path:
    """Where a sample lies (inside the installed package): by puzzle kind or by file name."""
    return Path(str(resources.files(__name__) / SAMPLES.get(name, f"{name}.txt")))


def sample_text(name: str) -> str:
    """The text of a sample file."""
    return sample_path(name).read_text(encoding="utf-8")
