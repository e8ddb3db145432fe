"""A and M as their upper halves inside compiled code, through runs of short orders.

A short operand is an 18-bit word shifted into the upper half of M, so after a short load
A and M have their lower halves zero.  Python does arithmetic on ints below 2**30 by a fast
path and on 36-bit values by its general big-int code, so compiled code keeps A and M as
their upper halves (`Ah`, `Mh`, small ints) through runs of the orders that can work on
them: short loads, add, subtract, negate, and, xor, and the stores, tests and `x` that only
read A.  Before an order that needs the whole register, and wherever the code leaves its
segment, the whole value is made again (`A = Ah << 18`).

Long operands stay whole: done on two halves with a carry between them they cost more
Python operations than one 36-bit operation (measured on pi_1000: 12.3 against 12.7 M
orders/s).

`Halves` is where A and M are at one point of the generated code; `split_order` gives an
order's code on halves and moves the `Halves` past it.
"""

from __future__ import annotations

from pc1.machine.orders import Form

MASK = "262143"  # 2**18 - 1
WHOLE_ADDRESS = "((A >> 18) & 2047)"  # A's address part (bits 28..18), which `x` stores
ADDRESS = "(Ah & 2047)"  # the same from the upper half
RETURN = "return A, R, M, "

# operand bodies (orders.py) -> (the same on upper halves, whether A must be in halves)
_OPERAND: dict[str, tuple[str, bool]] = {
    "A = M": ("Ah = Mh", False),
    "A = (A + M) & MASK36": (f"Ah = (Ah + Mh) & {MASK}", True),
    "A = (A - M) & MASK36": (f"Ah = (Ah - Mh) & {MASK}", True),
    "A = -M & MASK36": (f"Ah = -Mh & {MASK}", False),
    "A ^= M": ("Ah ^= Mh", True),
    "A &= M": ("Ah &= Mh", True),
}
# bodies that only read A -> the same from Ah (an `x` is handled by its address part)
_READS: dict[str, str] = {
    "x = n & 511\nmem[x] = A >> 18": "x = n & 511\nmem[x] = Ah",
    "x = e\nmem[e] = A >> 18\nmem[e + 1] = A & 0o777777": "x = e\nmem[e] = Ah\nmem[e + 1] = 0",
    "if not (A >> 18) & 2047:\n    JUMP(n)": "if not Ah & 2047:\n    JUMP(n)",
    "if not A:\n    JUMP(n)": "if not Ah:\n    JUMP(n)",
    "if A >> 35:\n    JUMP(n)": "if Ah >> 17:\n    JUMP(n)",
    "if not A >> 35:\n    JUMP(n)": "if not Ah >> 17:\n    JUMP(n)",
}


class Halves:
    """Where A and M are held at a point of a segment: whole (`A`, `M`), upper half, or both."""

    __slots__ = ("a_whole", "a_half", "m_whole", "m_half")

    def __init__(self) -> None:
        self.a_whole, self.a_half, self.m_whole, self.m_half = True, False, True, False

    def copy(self) -> Halves:
        """The same state (to settle a branch without changing this one)."""
        other = Halves()
        other.a_whole, other.a_half, other.m_whole, other.m_half = (
            self.a_whole, self.a_half, self.m_whole, self.m_half)
        return other

    def whole(self, a: bool = True, m: bool = True) -> list[str]:
        """Lines that make A (and M) whole again; their halves stay valid."""
        out = []
        if a and not self.a_whole:
            out.append("A = Ah << 18")
            self.a_whole = True
        if m and not self.m_whole:
            out.append("M = Mh << 18")
            self.m_whole = True
        return out

    def written_whole(self, a: bool, m: bool) -> None:
        """An order wrote A (and/or M) whole: their halves are stale."""
        if a:
            self.a_whole, self.a_half = True, False
        if m:
            self.m_whole, self.m_half = True, False

    def settle(self, lines: list[str]) -> list[str]:
        """The lines with A and M whole wherever they leave the segment."""
        if self.a_whole and self.m_whole:
            return lines
        a = "A" if self.a_whole else "Ah << 18"
        m = "M" if self.m_whole else "Mh << 18"
        out = []
        for line in lines:
            stripped = line.lstrip()
            pad = line[: len(line) - len(stripped)]
            if stripped == "continue":  # on to another segment, which starts with them whole
                out += [pad + w for w in self.copy().whole()]
            out.append(line.replace(RETURN, f"return {a}, R, {m}, "))
        return out


def split_order(form: Form, long: bool, body: str, regs: Halves,
                word_at: str) -> tuple[list[str], str] | None:
    """The order on halves: (lines that load and compute, the rest of the body), or None.

    `regs` is moved past the order when it can be done on halves; None leaves it as it is.
    """
    if form.operand:
        if long or body not in _OPERAND:
            return None
        text, needs_a = _OPERAND[body]
        if needs_a and not regs.a_half:
            if body != "A &= M":
                return None
            text = "Ah = (A >> 18) & Mh"  # the lower half of the result is zero anyway
        load = f"mem[{word_at} & 511]"
        lines = [f"Ah = Mh = {load}"] if text == "Ah = Mh" else [f"Mh = {load}", text]
        regs.a_whole, regs.a_half, regs.m_whole, regs.m_half = False, True, False, True
        return lines, ""
    if not regs.a_half:
        return None
    if form.kind == "address":
        return [], body.replace(WHOLE_ADDRESS, ADDRESS)
    if body not in _READS:
        return None
    return [], _READS[body]
