"""Compiled PC-1 code kept on disk between runs, so a fresh `pc1 run` need not compile again.

A function's entry is its code object (marshal), filed under a checksum of what the code is
made from (the plan, the words it compiled in, the mode) together with the compiler's own
source files and the Python version; the entry holds that description in full and is read
only when it matches, so neither a checksum that collides, nor a changed compiler, nor
another Python ever reads the wrong code.
The folder is $PC1_CODE_CACHE (`off` turns the cache off), else $XDG_CACHE_HOME/pc1-workbench
or ~/.cache/pc1-workbench.  Any trouble with the folder (read-only, full, a garbled or
foreign file) only means compiling as if there were no cache.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib
from types import CodeType

# the modules whose text decides the generated code
_SOURCES = ("compiler.py", "halves.py", "orders.py", "word.py")
_fingerprint: str | None = None
_folders: dict[tuple[str | None, ...], str | None] = {}


def folder() -> str | None:
    """Where compiled code is kept, or None when the cache is off."""
    settings = tuple(map(os.environ.get, ("PC1_CODE_CACHE", "XDG_CACHE_HOME", "HOME")))
    chosen, xdg, _ = settings
    where = _folders.get(settings, "")
    if where == "":  # not asked yet with these settings (it is asked for every function)
        if chosen is not None:
            where = None if chosen.strip().lower() in ("", "off", "0", "no") else chosen
        else:
            base = xdg or os.path.join(os.path.expanduser("~"), ".cache")
            where = os.path.join(base, "pc1-workbench", f"code-{sys.implementation.cache_tag}")
        _folders[settings] = where
    return where


def _compiler_fingerprint() -> str:
    global _fingerprint
    if _fingerprint is None:
        here = os.path.dirname(__file__)
        sums = []
        for name in _SOURCES:
            with open(os.path.join(here, name), "rb") as f:
                text = f.read()
            sums.append(f"{zlib.crc32(text):08x}{len(text):x}")
        _fingerprint = f"{sys.version} {' '.join(sums)}"
    return _fingerprint


def entry(what: object) -> tuple[str, str] | None:
    """Where code made from `what` (a repr-stable tuple of plain values) is kept: the file
    and the full description it must hold; None when the cache is off."""
    where = folder()
    if where is None:
        return None
    text = f"{_compiler_fingerprint()}\n{what!r}"
    data = text.encode()
    name = f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}{len(data):x}"
    return os.path.join(where, name), text


def load(kept: tuple[str, str]) -> CodeType | None:
    """The code kept at an `entry`, or None."""
    path, description = kept
    try:
        with open(path, "rb") as f:
            text, code = marshal.loads(f.read())
    except Exception:  # noqa: BLE001 - missing, unreadable or not ours: compile instead
        return None
    return code if text == description and isinstance(code, CodeType) else None


def store(kept: tuple[str, str], code: CodeType) -> None:
    """Keep `code` at an `entry` (written whole, or not at all)."""
    path, description = kept
    part = f"{path}.{os.getpid()}.part"
    try:
        try:
            f = open(part, "wb")
        except FileNotFoundError:  # no folder yet: made once, not asked about on every store
            os.makedirs(os.path.dirname(path), exist_ok=True)
            f = open(part, "wb")
        with f:
            f.write(marshal.dumps((description, code)))
        os.replace(part, path)  # another process reading it sees all of it or none
    except (OSError, ValueError):
        try:
            os.unlink(part)
        except OSError:
            pass
