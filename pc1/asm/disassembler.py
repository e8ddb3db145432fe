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
from pc1.machine import BY_CODE, mnemonic

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
    lines = r0_lines(memory, addresses, entry=entry, per_line=per_line)
    return "\n" + "".join(line.text + "\n" for line in lines)


@dataclass(frozen=True)
class Line:
    """One line of disassembled R0 text and the addresses whose words it writes."""

    text: str
    addresses: tuple[int, ...]  # empty for the closing `jl entry.`


def r0_lines(memory: Sequence[int], addresses: Iterable[int] | None = None, *,
             entry: int | None = None, per_line: int = 8) -> list[Line]:
    """The lines of `r0_text`, each with the addresses it writes."""
    fresh = initial_image()
    wanted = sorted(set(range(len(memory)) if addresses is None else addresses))
    todo = [a for a in wanted if 0 <= a < 512 and memory[a] & 0o777777 != fresh[a]]
    high = [a for a in todo if a >= R0_AREA_END]
    low = [a for a in todo if a < R0_AREA_END and a not in (T_SLOT, L_SLOT, R_SLOT)]
    lines = _runs([(a, memory[a]) for a in high + low], per_line)
    r_after = fresh[R_SLOT]
    for line in lines:
        head, colon, _ = line.text.partition(":")
        if colon and head.isdigit():
            r_after = (r_after & ~2047) | int(head)  # `N:` sets r's address field
    if R_SLOT in wanted and memory[R_SLOT] & 0o777777 != r_after:
        lines.append(Line(f"0r={word_text(memory[R_SLOT])},", (R_SLOT,)))
    l_changed = L_SLOT in todo and memory[L_SLOT] != LONG
    if L_SLOT in todo:
        lines.append(Line(f"0l={word_text(memory[L_SLOT])},", (L_SLOT,)))
    if entry is not None:
        lines.append(Line(f"{word_text(0o324000 | (entry & 2047), not l_changed)}.", ()))
    return lines


def _runs(items: list[tuple[int, int]], per_line: int) -> list[Line]:
    """Lines of `N:w,w,...`; a new `N:` wherever the address does not follow on."""
    lines: list[Line] = []
    current: list[str] = []
    held: list[int] = []
    expect = -1
    for addr, word in items:
        if addr != expect or len(current) >= per_line:
            if current:
                lines.append(Line("".join(current), tuple(held)))
            current = [f"{addr}:"] if addr != expect else []
            held = []
        current.append(word_text(word & 0o777777) + ",")
        held.append(addr)
        expect = addr + 1
    if current:
        lines.append(Line("".join(current), tuple(held)))
    return lines


def source_text(memory: Sequence[int], addresses: Iterable[int] | None = None, *,
                entry: int | None = None, title: str = "") -> str:
    """An annotated source (.pc1) of these words: one word a line, its address, octal value
    and order in the comment; it assembles back to the same words, as `r0_text` does."""
    lines = r0_lines(memory, addresses, entry=entry, per_line=1)
    width = max((len(line.text) for line in lines), default=0) + 2
    head = [f"; {title}" if title else "; disassembled words",
            "; (pc1 asm assembles this back to the same words; the comments are the "
            "disassembler's)"]
    if any(a < R0_AREA_END for line in lines for a in line.addresses):
        head.append(";! r0-area")  # the words of 0-67 are meant: no warning for each
    body = []
    for line in lines:
        if line.addresses:
            a = line.addresses[0]
            w = memory[a] & 0o777777
            note = f"{a:3d}  {w:06o}  {mnemonic(w) or w}"
        else:
            note = f"the program starts at {entry}"
        body.append(f"{line.text:<{width}}; {note}")
    return "\n".join(head + [""] + body) + "\n"
