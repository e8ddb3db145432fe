"""Our tapes and their manifest: where the shipped tapes are, and what each program is.

The tapes are package data of the `tapes` package, so an installed wheel finds them from any
directory; `PC1_TAPES` names another folder (a working copy of the tapes, say) instead.
tapes/manifest.toml is the one place that describes each program; everything that lists or
runs our programs (recipes, the console's tape library, the docs) reads it through here.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import NamedTuple

from pc1.base import InputError, expand_user

MANIFEST = "manifest.toml"
R0_BINARY = "r0.ptw"
# what a user may name from our tapes folder: tapes, sources, listings and operator scripts
SHIPPED_SUFFIXES = (".ptr", ".ptw", ".pc1", ".lst", ".pc1s")


class Program(NamedTuple):
    """One program of ours as the manifest describes it."""

    name: str
    title: str
    description: str
    sources: tuple[str, ...]
    initial_load: str
    tapes: tuple[str, ...]
    procedure: tuple[str, ...]
    recipe: bool

    def files(self) -> tuple[str, ...]:
        """Every file of this program: sources, their tapes and listings, the load tape."""
        names: list[str] = []
        for src in self.sources:
            stem = src.removesuffix(".pc1")
            names += [src, f"{stem}.ptr", f"{stem}.ptw", f"{stem}.lst"]
        for name in (self.initial_load, *self.tapes):
            if name not in names:
                names.append(name)
        return tuple(names)


def tapes_dir() -> Path:
    """The folder of our tapes: $PC1_TAPES if set, else the installed `tapes` package."""
    override = os.environ.get("PC1_TAPES")
    if override:
        return Path(override)
    return _package_dir()


def _package_dir() -> Path:
    """The installed `tapes` package's folder (found by importing it, as importlib.resources
    would, without loading importlib.resources and tempfile on every start)."""
    import tapes

    return Path(tapes.__file__).parent


def tape_path(name: str) -> Path:
    """The path of one of our tapes (it may not exist: callers say so)."""
    return tapes_dir() / name


def find_file(name: str | os.PathLike[str]) -> Path:
    """A file the user named: as given when it exists, else our shipped file of that bare name.

    So `--tape e1000.ptr` and `pc1 script e1000.pc1s` work from any folder; a name with a
    folder in it, or one we do not ship, comes back as given (its reader says it is missing).
    """
    path = expand_user(name)
    if _exists(path) or path.name != str(name) or not path.name:
        return path
    ours = tape_path(path.name)
    return ours if _exists(ours) and ours.is_file() else path


def _exists(path: Path) -> bool:
    """Whether `path` exists; a name too long, or with a NUL, does not (its reader says why)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def shipped_files() -> list[Path]:
    """Every file in our tapes folder (tapes, sources, listings, scripts), sorted by name."""
    folder = tapes_dir()
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir()
                  if p.is_file() and p.suffix in SHIPPED_SUFFIXES)


def installed_files(prog: Program) -> tuple[Path, ...]:
    """Where each file of a program lies, with its operator script (NAME.pc1s) if we ship one."""
    paths = [tape_path(name) for name in prog.files()]
    script = tape_path(prog.name + ".pc1s")
    return tuple(paths + [script] if script.is_file() else paths)


def locate(name: str) -> tuple[Path, ...]:
    """The installed path of a file of ours (e1000.ptr), or every file of a program (e1000)."""
    known = {p.name: installed_files(p) for p in programs()}
    if name in known:
        return known[name]
    path = tape_path(name)
    if Path(name).name == name and path.is_file():
        return (path,)
    raise InputError(f"we ship no tape, source, listing or script named {name!r} "
                     "(pc1 tapes lists them)")
def _our_folders() -> set[Path]:
    """The folders of our shipped tapes: the installed package's, and $PC1_TAPES if set."""
    folders = {_package_dir()}
    override = os.environ.get("PC1_TAPES")
    if override:
        folders.add(Path(override))
    return {f.resolve() for f in folders}


def is_ours(path: str | os.PathLike[str]) -> bool:
    """Whether `path` (followed through links) is in the folder of our shipped tapes."""
    try:
        where = expand_user(path).resolve()
    except (OSError, RuntimeError):  # a loop of links: not ours, and opening it will say so
        return False
    return where.parent in _our_folders()


def refuse_ours(path: str | os.PathLike[str]) -> None:
    """InputError if `path` is one of our shipped tapes or scripts: they are read-only."""
    if is_ours(path):
        name = Path(path).name
        raise InputError(f"one of our shipped tapes, read-only: write elsewhere, or give a "
                         f"path (./{name})", source=str(path))


def _field(entry: dict, key: str, kind: type, where: str):
    if key not in entry:
        raise InputError(f"{where}: missing field {key!r}")
    value = entry[key]
    if kind is tuple:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InputError(f"{where}: field {key!r} must be a list of strings")
        return tuple(value)
    if not isinstance(value, kind):
        raise InputError(f"{where}: field {key!r} must be a {kind.__name__}")
    return value


def parse_manifest(text: str, source: str = MANIFEST) -> list[Program]:
    """The programs a manifest text describes; InputError naming the entry if malformed."""
    import tomllib  # here, not at the top: only a recipe or the library reads the manifest

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"not a valid manifest: {exc}", source=source) from None
    entries = data.get("program", [])
    if not isinstance(entries, list):
        raise InputError(f"{source}: [[program]] entries expected")
    programs: list[Program] = []
    for n, entry in enumerate(entries, 1):
        where = f"{source}: program {n}"
        programs.append(Program(
            name=_field(entry, "name", str, where),
            title=_field(entry, "title", str, where),
            description=_field(entry, "description", str, where),
            sources=_field(entry, "sources", tuple, where),
            initial_load=_field(entry, "initial_load", str, where),
            tapes=_field(entry, "tapes", tuple, where),
            procedure=_field(entry, "procedure", tuple, where),
            recipe=_field(entry, "recipe", bool, where),
        ))
    names = [p.name for p in programs]
    for name in names:
        if names.count(name) > 1:
            raise InputError(f"{source}: program {name!r} is described twice")
    return programs


@cache
def programs() -> tuple[Program, ...]:
    """Every program of ours, in the manifest's order (the manifest shipped with us)."""
    # always the packaged manifest: PC1_TAPES moves the tape files, not the facts about them
    text = (_package_dir() / MANIFEST).read_text(encoding="utf-8")
    return tuple(parse_manifest(text, f"tapes/{MANIFEST}"))


def program(name: str) -> Program:
    """One program by name; InputError listing the known ones."""
    for p in programs():
        if p.name == name:
            return p
    known = ", ".join(p.name for p in programs()) or "none: no tape manifest found"
    raise InputError(f"unknown program {name!r} (known: {known})")


def owner(filename: str) -> Program | None:
    """The program a tape file of ours belongs to, if any."""
    for p in programs():
        if filename in p.files():
            return p
    return None


def initial_load_hint(path: Path) -> str | None:
    """Why this file is not an INITIAL LOAD tape, and which one is; None if it is one."""
    if path.suffix.lower() == ".ptw":
        return None
    prog = owner(path.name)
    if prog is not None:
        if prog.name == "r0":
            return (f"{path.name} is R0's source tape; INITIAL LOAD takes the binary tape "
                    f"{R0_BINARY}")
        return (f"{path.name} is a program tape read through R0: INITIAL LOAD "
                f"{prog.initial_load}, then place {path.name} in the reader and CLEAR START")
    return (f"{path.name} is not a binary tape (.ptw); INITIAL LOAD takes a binary tape, "
            f"such as {R0_BINARY}, and program tapes are read through R0")
