"""From one annotated source, punch the R0 tape (.ptr), a binary tape (.ptw) and a listing (.lst).

The .ptw of an R0-language program (docs/annotated-source.md): INITIAL LOAD always fills
words from 0, so the binary tape holds words 0..h of the assembled image, h the highest
address the tape stores into.  A program at 0 (our R0) is simply its words.  For a program
loaded higher up, words 0-67 are what the program could see of R0 after loading (word 2 = 0,
word 40 = `p 2`, the parameter slots), and word 0 becomes `jl entry` when the tape starts the
program with a jumping `.`, so INITIAL LOAD + CLEAR START runs it.  Differences from loading
through R0: A is 0 at the start (CLEAR START), not W * 2^18, and there is no R0 to re-enter
at 40.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pc1.asm.annotated import Source, assemble_source, read_source
from pc1.asm.assembler import Assembly, Runner, Word, listing_line
from pc1.base import InputError, write_atomically
from pc1.devices import format_numeric, initial_load_tape
from pc1.machine import encode, mnemonic

SUFFIXES = (".ptr", ".ptw", ".lst")


@dataclass(frozen=True)
class Punched:
    """The three products of one annotated source, as file texts."""

    assembly: Assembly
    files: dict[str, str]  # suffix -> content


def binary_image(result: Assembly, name: str | None = None) -> list[int]:
    """Words 0..highest stored address, as a binary (initial-load) tape carries them."""
    stored = {w.address for w in result.words if w.address is not None}
    if not stored:
        # R0 stores a word at its terminator: `p 100` alone (no comma) is read, and forgotten
        raise InputError("the tape stores no words, so there is no binary tape to punch (R0 "
                         "stores a word at its terminator , : = or ., as in 'p100,')",
                         source=name)
    words = list(result.memory[:max(stored) + 1])
    if 0 not in stored and result.entry is not None:
        words[0] = encode("j", result.entry, long=True)
    return words


def listing(src: Source, result: Assembly) -> str:
    """Address, octal word, order and comment for every word, in source order."""
    head = [f"; {Path(src.name).name}: listing (address, word in octal, order, source)"]
    if result.entry is not None:
        head.append(f"; starts at {result.entry} ({mnemonic(encode('j', result.entry, True))})")
    return "\n".join(head + [""] + list(_rows(src, result))) + "\n"


def _rows(src: Source, result: Assembly) -> Iterator[str]:
    by_line: dict[int, list[Word]] = {}
    for w in result.words:
        if w.end is not None:
            by_line.setdefault(w.end.line, []).append(w)
    last = result.words[-1] if result.words and result.stop == "jump" else None
    for line in src.lines:
        words = by_line.get(line.number, [])
        for k, w in enumerate(words):
            comment = line.comment if k == len(words) - 1 else ""
            yield listing_line(w, _written(line.raw, w), comment)
            if w is last:
                yield ("; -- the program starts here; R0 reads what follows only if the "
                       "program re-enters it at 40")
        if not words and line.raw.strip():
            yield listing_line(None, line.raw.strip(), line.comment)
        elif not words:
            yield f"; {line.comment}" if line.comment else ""


def _written(raw: str, w: Word) -> str:
    """The word as the source writes it (keeps `tl(300)`), if it sits on one line."""
    if w.start is None or w.end is None or w.start.line != w.end.line:
        return w.text
    out, depth = [], 0
    for ch in raw[w.start.column - 1:w.end.column]:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth or ch not in " \t":
            out.append(ch)
    return "".join(out) or w.text


def punch(path: str | Path, runner: Runner | None = None) -> Punched:
    """Assemble an annotated source and produce the .ptr, .ptw and .lst texts."""
    src = read_source(path)
    if runner is None and src.follow:
        from pc1.asm.reentry import machine_runner

        runner = machine_runner()
    result = assemble_source(src, runner)
    result.raise_errors(src.name)
    files = {
        ".ptr": format_numeric(src.tape().frames),
        ".ptw": format_numeric(initial_load_tape(binary_image(result, src.name)).frames),
        ".lst": listing(src, result),
    }
    return Punched(result, files)


def outputs(path: str | Path, out_dir: str | Path | None = None) -> dict[str, Path]:
    """Where the products of a source go: next to it, or in out_dir."""
    p = Path(path)
    d = Path(out_dir) if out_dir is not None else p.parent
    return {s: d / (p.stem + s) for s in SUFFIXES}


def write(path: str | Path, out_dir: str | Path | None = None,
          runner: Runner | None = None) -> Punched:
    """Punch a source and write its three files."""
    punched = punch(path, runner)
    for suffix, target in outputs(path, out_dir).items():
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(target, punched.files[suffix])  # whole or not at all
    return punched


def stale(path: str | Path, out_dir: str | Path | None = None) -> list[Path]:
    """The products of a source that are missing or differ from what it punches now."""
    punched = punch(path)
    out = []
    for suffix, target in outputs(path, out_dir).items():
        if not target.exists() or target.read_text(encoding="utf-8") != punched.files[suffix]:
            out.append(target)
    return out


def regenerate_all(tapes_dir: str | Path = "tapes") -> list[Path]:
    """(Re)punch every tapes/*.pc1; return the files written."""
    written: list[Path] = []
    for src in sorted(Path(tapes_dir).glob("*.pc1")):
        write(src)
        written += outputs(src).values()
    return written


def stale_tapes(tapes_dir: str | Path = "tapes") -> list[Path]:
    """Every committed tape in tapes_dir that its .pc1 source would punch differently."""
    return [t for src in sorted(Path(tapes_dir).glob("*.pc1")) for t in stale(src)]
