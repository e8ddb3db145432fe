"""Recipe operands: what the operator keys or places for a program that reads data.

`pc1 run factorize N [N ...]` places one tape `N+` per number and presses RESTART each
time, as the operator did; `pc1 run determinant FILE` places the matrix tape punched from
FILE.  Without operands a recipe uses its example (the console's guided demos do).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from pc1.base import InputError, parse_whole, shorten
from pc1.devices import Tape, programs
from pc1.operator.session import Action

LARGEST_N = 2**35 - 1  # a long word holds N; 35 bits of magnitude


class Operands(NamedTuple):
    """How a recipe turns its operands into operator actions."""

    usage: str
    example: tuple[str, ...]
    actions: Callable[[Sequence[str]], list[Action]]
    keyed: str = ""  # what the operator keys when the program waits for a tape, if keyed


def number_tape(n: int) -> Tape:
    """The tape an operator keys for factorize: `N+`, with a little blank tape either side."""
    from pc1.asm import keyed_tape

    return keyed_tape(f"{n}+", name=f"{n}+")


def factor_numbers(args: Sequence[str]) -> list[int]:
    """The numbers of `pc1 run factorize N ...`; InputError naming a bad one."""
    numbers = []
    for text in args:
        if not (text.isascii() and text.isdigit()):
            raise InputError(f"factorize: {shorten(text)!r} is not a whole number (N+ takes "
                             "digits only)")
        try:
            n = parse_whole(text, 1, LARGEST_N)
        except ValueError as exc:
            raise InputError(f"factorize: {exc} (2^35 - 1, a long word)") from None
        numbers.append(n)
    return numbers


def _factorize(args: Sequence[str]) -> list[Action]:
    actions = []
    for n in factor_numbers(args):
        actions += [Action("tape", number_tape(n), f"place the tape {n}+ in the reader"),
                    Action("restart", note="RESTART: the program reads N and prints its factors")]
    return actions


def _determinant(args: Sequence[str]) -> list[Action]:
    from pc1.operator.matrix_tape import matrix_tape

    if len(args) > 1:
        raise InputError(f"determinant: give one matrix file, not {len(args)}")
    tape = matrix_tape(args[0] if args else None)
    return [Action("tape", tape, f"place the matrix tape {tape.name} in the reader"),
            Action("restart", note="RESTART: the program reads the matrix and prints det")]


OPERANDS: dict[str, Operands] = {
    "factorize": Operands("N [N ...]", (str(LARGEST_N),), _factorize,
                          f"N+ (N a whole number 1 to {LARGEST_N}), e.g. {LARGEST_N}+"),
    "determinant": Operands("FILE", (), _determinant),
}


def operand_actions(name: str, args: Sequence[str]) -> list[Action]:
    """The actions after the program is loaded; the example ones when `args` is empty."""
    spec = OPERANDS.get(name)
    if spec is None:
        if args:
            raise InputError(f"recipe {name!r} takes no operands (got {' '.join(args)})")
        return []
    return spec.actions(list(args) or list(spec.example))  # determinant: its own example


def keyed_form(tape_name: str | None) -> tuple[str, str] | None:
    """(program, what its operator keys) for a program of ours whose tape this is and that
    waits for a keyed tape (factorize: `N+`), else None."""
    if not tape_name:
        return None
    base = tape_name.replace("\\", "/").rsplit("/", 1)[-1]
    for p in programs():
        spec = OPERANDS.get(p.name)
        if spec is not None and spec.keyed and base in p.tapes:
            return p.name, spec.keyed
    return None
