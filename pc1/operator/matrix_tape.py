"""Matrix files for determinant.pc1: read, check, and punch as the tape the program reads.

A matrix file is text: `#` starts a comment; the first number is the prime p; each following
non-empty line is one row of the matrix, whole numbers separated by spaces (negative ones
too: the tape carries them as their residues modulo p).  For example

    # det mod the prime 131071 = 2^17 - 1
    131071
    2 -1  0
    -1 2 -1
    0 -1  2

The tape holds `p+ n+` and the entries row by row, each ended by `+`, a row to a line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pc1.base import InputError, read_text_file
from pc1.devices import BLANK, Tape, text_to_codes

LARGEST_PRIME = 2**17 - 1  # residues are short words: below 2^17, so 2xy fits a long word
LARGEST_N = 11  # 121 words below the program (words 0-120)
# 11 x 11 residues with comments take a few kB; a bigger file is refused unread
MAX_MATRIX_BYTES = 100_000

EXAMPLE = """\
# the example of `pc1 run determinant`: a 4 x 4 matrix modulo 131071 = 2^17 - 1
131071
 3  1  4  1
 5  9  2  6
 5  3  5  8
 9  7  9  3
"""


@dataclass(frozen=True)
class Matrix:
    """A square matrix of residues modulo a prime."""

    prime: int
    rows: tuple[tuple[int, ...], ...]


def _is_prime(p: int) -> bool:
    return p >= 2 and all(p % d for d in range(2, int(p**0.5) + 1))


def parse_matrix(text: str, name: str = "matrix") -> Matrix:
    """Read a matrix file; InputError naming the line and column of the first problem."""
    prime: int | None = None
    rows: list[tuple[int, ...]] = []
    for lineno, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0]
        values, pos = [], 0
        for token in code.split():
            start = code.index(token, pos)
            pos = start + len(token)
            try:
                values.append(int(token))
            except ValueError:
                raise InputError(f"{token!r} is not a whole number", source=name,
                                 where=f"line {lineno}, column {start + 1}") from None
        if not values:
            continue
        where = f"line {lineno}"
        if prime is None:
            if len(values) != 1:
                raise InputError("the first line must hold the prime p alone", source=name,
                                 where=where)
            prime = values[0]
            if not (_is_prime(prime) and prime <= LARGEST_PRIME):
                raise InputError(f"p = {prime} must be a prime below 2^17 = 131072",
                                 source=name, where=where)
            continue
        if rows and len(values) != len(rows[0]):
            raise InputError(f"this row has {len(values)} numbers, the first has "
                             f"{len(rows[0])}", source=name, where=where)
        rows.append(tuple(v % prime for v in values))
        if len(rows) > LARGEST_N:
            raise InputError(f"more than {LARGEST_N} rows: the store holds at most "
                             f"{LARGEST_N} x {LARGEST_N}", source=name, where=where)
    if prime is None or not rows:
        raise InputError("no matrix: give the prime p, then the rows", source=name)
    if len(rows) != len(rows[0]):
        raise InputError(f"not square: {len(rows)} rows of {len(rows[0])}", source=name)
    return Matrix(prime, tuple(rows))


def punch_matrix(matrix: Matrix, name: str = "matrix") -> Tape:
    """The tape: `p+n+` on a line, then the rows, each entry ended by `+`."""
    lines = [f"{matrix.prime}+{len(matrix.rows)}+"]
    lines += ["".join(f"{v}+" for v in row) for row in matrix.rows]
    codes = text_to_codes("\n".join(lines) + "\n")
    return Tape([BLANK] * 5 + codes + [BLANK] * 5, name=name)


def matrix_tape(path: str | None) -> Tape:
    """The tape of a matrix file (or of the example when `path` is None)."""
    if path is None:
        return punch_matrix(parse_matrix(EXAMPLE, "example"), "example matrix")
    p = Path(path)
    text = read_text_file(p, MAX_MATRIX_BYTES, "a matrix file")
    return punch_matrix(parse_matrix(text, str(p)), p.name)
