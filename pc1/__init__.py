"""The PC-1 parametron computer (University of Tokyo, 1958): machine, order code, tapes.

The packages, lowest first (docs/architecture.md draws them): `pc1.base` (one-line input
errors, reading a user's text file), `pc1.devices` (tapes, teleprinter, speaker, the tape
library), `pc1.machine` (words, the order table, the compiler, the machine), `pc1.asm`
(assembler, disassembler, annotated sources), `pc1.monitor` (the command language),
`pc1.operator` (sessions, recipes, headless runs), `pc1.verify`, and `pc1.cli` on top.

`from pc1 import Machine, read_tape` still works: the names below are looked up when first
used, so that `import pc1.base` (as the other packages do) loads nothing of the machine.
"""

from __future__ import annotations

# the distribution's version: pyproject.toml reads it from here, and `pc1 --version` prints it
# without asking importlib.metadata (which costs a cold start as much as Python itself)
__version__ = "0.1.0"

__all__ = ["InputError", "Machine", "Stop", "Tape", "read_tape", "write_tape"]


def __getattr__(name: str) -> object:
    """The package's public names, imported on first use."""
    if name == "InputError":
        from pc1.base import InputError

        return InputError
    if name in ("Machine", "Stop"):
        from pc1 import machine

        return getattr(machine, name)
    if name in ("Tape", "read_tape", "write_tape"):
        from pc1 import devices

        return getattr(devices, name)
    raise AttributeError(f"module 'pc1' has no attribute {name!r}")
