"""The monitor's numbers: addresses, word values, examine lines and assert expressions.

One place parses what an operator types (`76`, `0o114`, `-1`, `tl 300`) and one place
formats a word the way `examine` prints it (`76: 150114 53324 p 76`), for `pc1 script`, the
console's command line and the study view alike.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable

from pc1.base import OutOfRange, parse_whole, shorten
from pc1.machine import BY_LETTER, STORE_SIZE, encode, mnemonic, signed18, signed36, to_fraction

LONGEST = 10**18  # past any word (2^36), count or order budget (10^12) the monitor takes
REGISTERS = ("A", "R", "M", "X", "K")
REGISTER_BITS = {"A": 36, "R": 36, "M": 36, "X": 18, "K": 11}
_ORDER = re.compile(r"([a-z])(l?)\s*([0-9]+),?", re.IGNORECASE)
_COMPARE = re.compile(r"(==|!=|<=|>=|<|>)")
_CELL = re.compile(r"(mem|long)\[\s*([^\]]+?)\s*\]", re.IGNORECASE)
COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
    "<=": operator.le, ">=": operator.ge,
}


class MonitorError(Exception):
    """A line the monitor cannot understand (a bad line: exit status 2 in a script)."""


def parse_number(text: str) -> int:
    """A whole number: decimal (`-5`, `1_000`) or octal with a leading 0o (`0o777`)."""
    t = text.strip().replace("_", "")
    sign = "-" if t.startswith("-") else ""
    body = t[1:] if t[:1] in "+-" else t
    octal = body.lower().startswith("0o")
    try:
        # a longer number than any count or word is refused with the range, before any int()
        return parse_whole(sign + (body[2:] if octal else body), -LONGEST, LONGEST,
                           8 if octal else 10)
    except OutOfRange as exc:
        raise MonitorError(str(exc)) from None
    except ValueError:
        raise MonitorError(f"not a number: {shorten(text)!r} (decimal, or octal as 0o777)") \
            from None


def parse_address(text: str) -> int:
    """A store address 0-511."""
    a = parse_number(text)
    if not 0 <= a < STORE_SIZE:
        raise MonitorError(f"address {a} is outside the store (0-{STORE_SIZE - 1})")
    return a


def parse_range(text: str) -> tuple[int, int]:
    """`ADDR` or `ADDR-ADDR` (inclusive, first <= last)."""
    first, sep, last = text.partition("-")
    lo = parse_address(first)
    hi = parse_address(last) if sep else lo
    if hi < lo:
        raise MonitorError(f"range {text!r} runs backwards")
    return lo, hi


def parse_order(text: str) -> int | None:
    """An order in R0 notation (`tl 300`, `p2,`) as an 18-bit word, or None if not one."""
    m = _ORDER.fullmatch(text.strip())
    if m is None or m.group(1).lower() not in BY_LETTER:
        return None
    digits = m.group(3).lstrip("0") or "0"
    address = int(digits) if len(digits) <= 4 else 2048  # no int() of thousands of digits
    if address > 2047:
        raise MonitorError(f"order address {shorten(m.group(3))} does not fit 11 bits (0-2047)")
    return encode(m.group(1).lower(), address, bool(m.group(2)))


def parse_word(text: str, bits: int = 18) -> int:
    """A value to store: a number (signed decimal or 0o octal) or an R0 order; the bit pattern."""
    order = parse_order(text) if bits == 18 else None
    if order is not None:
        return order
    value = parse_number(text)
    if not -(1 << (bits - 1)) <= value < (1 << bits):
        raise MonitorError(f"{text.strip()} does not fit a {bits}-bit word")
    return value & ((1 << bits) - 1)


def examine_line(address: int, word: int) -> str:
    """`ADDR: OCTAL DECIMAL ORDER` for a short word (the order only if it is one)."""
    order = mnemonic(word)
    return f"{address}: {word:06o} {signed18(word)}" + (f" {order}" if order else "")


def examine_long_line(address: int, value: int) -> str:
    """`ADDR: OCTAL DECIMAL FRACTION` for the long word at an even address."""
    return f"{address}: {value:012o} {signed36(value)} {to_fraction(value):.11f}"


def long_word(words, address: int) -> int:
    """The 36-bit long word at the even address of `address` (the even word is the upper half)."""
    e = address & (STORE_SIZE - 2)
    return (words[e] << 18) | words[e + 1]


def register_value(machine, name: str) -> int:
    """A register's bit pattern."""
    return getattr(machine, name.upper())


def register_line(machine, name: str) -> str:
    """`examine A`: the register's octal and signed decimal (and its order for X)."""
    name = name.upper()
    value = register_value(machine, name)
    if name == "K":
        return f"K: {value:04o} {value}"
    if name == "X":
        return f"X: {value:06o} {signed18(value)}" + (
            f" {mnemonic(value)}" if mnemonic(value) else "")
    return f"{name}: {value:012o} {signed36(value)}"


def _operand(machine, text: str) -> tuple[int, int | None]:
    """(signed value, width in bits or None for a literal) of one side of an assertion."""
    t = text.strip()
    if t.upper() in REGISTERS:
        bits = REGISTER_BITS[t.upper()]
        value = register_value(machine, t)
        return (value if bits == 11 else signed36(value) if bits == 36 else signed18(value),
                bits)
    cell = _CELL.fullmatch(t)
    if cell:
        a = parse_address(cell.group(2))
        if cell.group(1).lower() == "long":
            return signed36(long_word(machine.memory.words, a)), 36
        return signed18(machine.memory.words[a]), 18
    if t.lower() in ("orders", "cycles"):
        return getattr(machine, t.lower()), None
    order = parse_order(t)
    if order is not None:
        return order, None
    try:
        return parse_number(t), None
    except MonitorError:
        raise MonitorError(f"{t!r} is not a register (A R M X K), mem[ADDR], long[ADDR], "
                           "orders, cycles, a number or an order") from None


def evaluate(machine, expression: str) -> tuple[bool, str]:
    """(holds, what each side is) for `LEFT OP RIGHT`; == and != compare bit patterns."""
    parts = _COMPARE.split(expression, maxsplit=1)
    if len(parts) != 3 or not parts[0].strip() or not parts[2].strip():
        raise MonitorError(f"expected LEFT OP RIGHT with OP one of {' '.join(COMPARISONS)}: "
                           f"{expression.strip()!r}")
    left_text, op, right_text = parts
    left, lbits = _operand(machine, left_text)
    right, rbits = _operand(machine, right_text)
    a, b = left, right
    bits = lbits or rbits
    if op in ("==", "!=") and bits:
        # 0o777777 and -1 name the same 18-bit word: compare the patterns
        mask = (1 << bits) - 1
        a, b = a & mask, b & mask
    shown = f"{left_text.strip()} is {left}, {right_text.strip()} is {right}"
    return COMPARISONS[op](a, b), shown

