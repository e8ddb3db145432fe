"""Sample puzzles shipped with the package: one small file per puzzle kind of `pc1 solve`.

They are package data, so an installed wheel has them too; `pc1 samples` lists them and
`pc1 samples KIND` prints one (e.g. `pc1 samples sudoku | pc1 solve sudoku -`).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

# puzzle kind of `pc1 solve` -> its sample file in this package
SAMPLES = {"0hn0": "ohno.txt", "nurikabe": "nurikabe.txt", "sudoku": "sudoku.txt"}


def sample_path(kind: str) -> Path:
    """Where the sample of one puzzle kind lies (inside the installed package)."""
    return Path(str(resources.files(__name__) / SAMPLES[kind]))


def sample_text(kind: str) -> str:
    """The text of one puzzle kind's sample file."""
    return sample_path(kind).read_text(encoding="utf-8")
