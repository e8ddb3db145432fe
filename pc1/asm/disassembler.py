"""The disassembler: memory words -> R0-language text that assembles back to the same words.

`disassemble` yields small records (address, word, text), capstone style, and leaves the
formatting to its callers; `r0_text` writes a whole tape's text.

How a word is written: an order whose code is a PC-1 order letter as letter, `l`, decimal
address (`al28`); every other word (codes that are not order letters, codes >= 32, zero) as
its decimal value.  Parameters are never used, except `l` = slot 65, and the text is laid
out so that slot 65 still holds 2048 whenever an `l` is read.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from pc1.asm.assembler import L_SLOT, R0_AREA_END, R_SLOT, T_SLOT, initial_image
from pc1.machine import BY_CODE

LONG = 2048


@dataclass(frozen=True)
class Record:
    """One disassembled word."""

    address: int
    word: int
    text: str  # the word in R0 language, without its terminator
    is_order: bool


def word_text(word: int, l_param: bool = True) -> str:
    """The word in R0 language: `al28` for an order, `123` for data.

    With l_param=False a long order is written without the `l` parameter (`a2076`), for
    places where slot 65 no longer holds 2048.
    """
    order = BY_CODE.get(word >> 12)
    if order is None:
        return str(word)
    n = word & 2047
    if word & LONG:
        return f"{order.letter}l{n}" if l_param else f"{order.letter}{LONG + n}"
    return f"{order.letter}{n}"


def disassemble(words: Sequence[int], origin: int = 0) -> Iterator[Record]:
    """A record for every word, the first at address `origin`."""
    for i, w in enumerate(words):
        yield Record(origin + i, w, word_text(w), w >> 12 in BY_CODE)


def r0_text(memory: Sequence[int], addresses: Iterable[int] | None = None, *,
            entry: int | None = None, per_line: int = 8) -> str:
    """R0-language text that makes the assembler (and R0) leave these words in the store.

    `memory` is indexed by address; `addresses` (default: all of memory) picks the words to
    write.  Words equal to what a fresh load already holds there are left out.  Words in R0's
    own area 0-67 come last (the assembler warns about them; 57 is R0's load address and
    cannot be set), the slots r (66) and l (65) at the very end so that neither `N:` nor an
    `l` read later disturbs them.  `entry` adds the starting word `jl entry.`.
    """
    fresh = initial_image()
    wanted = sorted(set(range(len(memory)) if addresses is None else addresses))
    todo = [a for a in wanted if 0 <= a < 512 and memory[a] & 0o777777 != fresh[a]]
    high = [a for a in todo if a >= R0_AREA_END]
    low = [a for a in todo if a < R0_AREA_END and a not in (T_SLOT, L_SLOT, R_SLOT)]
    lines = _runs([(a, memory[a]) for a in high + low], per_line)
    r_after = fresh[R_SLOT]
    for line in lines:
        head, colon, _ = line.partition(":")
        if colon and head.isdigit():
            r_after = (r_after & ~2047) | int(head)  # `N:` sets r's address field
    if R_SLOT in wanted and memory[R_SLOT] & 0o777777 != r_after:
        lines.append(f"0r={word_text(memory[R_SLOT])},")
    l_changed = L_SLOT in todo and memory[L_SLOT] != LONG
    if L_SLOT in todo:
        lines.append(f"0l={word_text(memory[L_SLOT])},")
    if entry is not None:
        lines.append(f"{word_text(0o324000 | (entry & 2047), not l_changed)}.")
    return "\n" + "".join(line + "\n" for line in lines)


def _runs(items: list[tuple[int, int]], per_line: int) -> list[str]:
    """Lines of `N:w,w,...`; a new `N:` wherever the address does not follow on."""
    lines: list[str] = []
    current: list[str] = []
    expect = -1
    for addr, word in items:
        if addr != expect or len(current) >= per_line:
            if current:
                lines.append("".join(current))
            current = [f"{addr}:"] if addr != expect else []
        current.append(word_text(word & 0o777777) + ",")
        expect = addr + 1
    if current:
        lines.append("".join(current))
    return lines
