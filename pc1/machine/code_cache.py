"""Compiled PC-1 code kept on disk between runs, so a fresh `pc1 run` need not compile again.

A function's entry is its code object (marshal), named by a hash of what the code is made
from (the plan, the words it compiled in, the mode) together with the compiler's own source
files and the Python version: a changed compiler or another Python never reads old code.
The folder is $PC1_CODE_CACHE (`off` turns the cache off), else $XDG_CACHE_HOME/pc1-workbench
or ~/.cache/pc1-workbench.  Any trouble with the folder (read-only, full, garbled file) only
means compiling as if there were no cache.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from pathlib import Path
from types import CodeType

# the modules whose text decides the generated code
_SOURCES = ("compiler.py", "halves.py", "orders.py", "word.py")
_fingerprint: str | None = None


def folder() -> Path | None:
    """Where compiled code is kept, or None when the cache is off."""
    chosen = os.environ.get("PC1_CODE_CACHE")
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "no") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pc1-workbench" / f"code-{sys.implementation.cache_tag}"


def _compiler_fingerprint() -> str:
    global _fingerprint
    if _fingerprint is None:
        digest = hashlib.sha256(sys.version.encode())
        here = Path(__file__).parent
        for name in _SOURCES:
            digest.update((here / name).read_bytes())
        _fingerprint = digest.hexdigest()
    return _fingerprint


def key_of(what: object) -> str:
    """The entry name for code made from `what` (a repr-stable tuple of plain values)."""
    return hashlib.sha256((_compiler_fingerprint() + repr(what)).encode()).hexdigest()[:40]


def load(key: str) -> CodeType | None:
    """The code kept under `key`, or None."""
    where = folder()
    if where is None:
        return None
    try:
        code = marshal.loads((where / key).read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    return code if isinstance(code, CodeType) else None


def store(key: str, code: CodeType) -> None:
    """Keep `code` under `key` (written whole, or not at all)."""
    where = folder()
    if where is None:
        return
    try:
        where.mkdir(parents=True, exist_ok=True)
        part = where / f"{key}.{os.getpid()}.part"
        part.write_bytes(marshal.dumps(code))
        os.replace(part, where / key)  # another process reading it sees all of it or none
    except OSError:
        pass
