"""What a file holds as words of the store, for the disassembler: a binary tape (.ptw), an R0
tape (.ptr, assembled first), a machine state (.json) or a memory image (octal text)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pc1.asm.assembler import R0_AREA_END, Assembly, Runner, assemble_codes
from pc1.base import InputError

STORE = 512


@dataclass(frozen=True)
class StoreImage:
    """A store's 512 words, the addresses the file gives, where its program starts."""

    words: list[int]
    addresses: range
    entry: int | None = None
    assembly: Assembly | None = None  # an R0 tape's assembly (its warnings are worth saying)


def read_store_image(path: str | Path) -> StoreImage:
    """The words a file puts in the store: a .ptr's program area 68-511 (and entry), a .ptw's
    words from 0, a state's whole store, an image's words from 0."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix == ".ptr":
        result = assemble_tape(p)
        return StoreImage(list(result.memory), range(R0_AREA_END, STORE), result.entry, result)
    words = (binary_words(p) if suffix == ".ptw" else _state_words(p) if suffix == ".json"
             else read_image(p))
    if not words:
        raise InputError("the image is empty: no words to disassemble", source=str(p))
    return StoreImage((words + [0] * STORE)[:STORE], range(min(len(words), STORE)))


def assemble_tape(path: str | Path, runner: Runner | None = None) -> Assembly:
    """Assemble an R0 tape file; InputError for an empty tape or the first error."""
    from pc1.devices import read_tape

    frames = read_tape(path).frames
    if not frames:
        raise InputError("the tape is empty: no frames to read", source=str(path))
    result = assemble_codes(frames, runner=runner)
    result.raise_errors(str(path))
    return result


def binary_words(path: str | Path) -> list[int]:
    """The words INITIAL LOAD takes from a binary tape file."""
    from pc1.devices import decode_initial_load, iter_tape

    # INITIAL LOAD stops at the closing 63: so does the reading of the file
    return decode_initial_load(iter_tape(path), str(path))[0]


def _state_words(path: Path) -> list[int]:
    from pc1.machine import read_state_memory

    return read_state_memory(path)


def read_image(path: str | Path) -> list[int]:
    """A memory image file: octal words from address 0, whitespace-separated."""
    from pc1.devices import numeric_tokens, open_tape

    p = Path(path)
    words: list[int] = []
    with open_tape(p) as stream:  # read as a stream: a huge file stops at its 513th word
        for token, line, col in numeric_tokens(stream, str(p)):
            if not (set(token) <= set(b"01234567")) or int(token, 8) >= 1 << 18:
                shown = token.decode("ascii", "replace")
                raise InputError(f"{shown!r} is not an 18-bit octal word", source=str(p),
                                 where=f"line {line}, column {col}")
            words.append(int(token, 8))
            if len(words) > STORE:
                raise InputError("more than 512 words: the store has 512", source=str(p),
                                 where=f"line {line}, column {col}")
    return words
