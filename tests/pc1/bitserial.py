"""A slow, bit-at-a-time model of the PC-1's arithmetic unit: the oracle for pc1/machine/word.py.

Each function steps the way serial hardware does (add-and-shift multiply, restoring
division, one-place shifts) and shares no arithmetic shortcut with the fast code.
"""

from __future__ import annotations

M36 = (1 << 36) - 1
M35 = (1 << 35) - 1
B35 = 1 << 35


def s36(x: int) -> int:
    """Signed view of 36 bits."""
    return x - (1 << 36) if x & B35 else x


def _shift_right_one(acc: int, low: int) -> tuple[int, int]:
    """Arithmetic right shift of acc:low (low 35 bits) by one place."""
    low = (low >> 1) | ((acc & 1) << 34)
    return acc >> 1, low


def multiply(a: int, m: int) -> tuple[int, int]:
    """35 add-and-shift steps over the multiplier's magnitude bits, then the sign correction."""
    x, mv = a, s36(m)
    acc, low = 0, 0
    for i in range(35):
        if (x >> i) & 1:
            acc += mv
        acc, low = _shift_right_one(acc, low)
    if x & B35:
        acc -= mv
    return acc & M36, low


def multiply_add(a: int, m: int, r: int) -> tuple[int, int]:
    """Long w: the product, then R[34..0] added at the bottom with a serial carry upwards."""
    hi, lo = multiply(a, m)
    carry = 0
    out = 0
    addend = r & M35
    for bit in range(35):  # a serial adder: one bit and the carry at a time
        total = ((lo >> bit) & 1) + ((addend >> bit) & 1) + carry
        out |= (total & 1) << bit
        carry = total >> 1
    return (hi + carry) & M36, out


def multiply_add_short(a: int, m: int, r: int) -> tuple[int, int]:
    """Short w: 17 steps over the upper half of A, starting from the old R, sign-extended."""
    h = (a >> 18) & ((1 << 18) - 1)
    mv = s36(m)
    acc, low = s36(r), 0
    for i in range(17):
        if (h >> i) & 1:
            acc += mv
        low = (low >> 1) | ((acc & 1) << 34)
        acc >>= 1
    if (h >> 17) & 1:
        acc -= mv
    return acc & M36, low & (((1 << 17) - 1) << 18)


def divide(a: int, r: int, m: int) -> tuple[int, int] | None:
    """Restoring division bit by bit on magnitudes, then the Euclidean sign fix-up."""
    dividend = s36(a) * (1 << 35) + (r & M35)
    mv = s36(m)
    if mv == 0:
        return None
    n, d = abs(dividend), abs(mv)
    q, rem = 0, 0
    for bit in reversed(range(72)):
        rem = (rem << 1) | ((n >> bit) & 1)
        q <<= 1
        if rem >= d:
            rem -= d
            q |= 1
    quotient = q if (dividend >= 0) == (mv > 0) else -q
    remainder = rem if dividend >= 0 else -rem
    if remainder < 0:
        remainder += d
        quotient -= 1 if mv > 0 else -1
    if not -B35 <= quotient < B35:
        return None
    return quotient & M36, remainder


def shift_long(a: int, r: int, count: int, left: bool, arithmetic: bool) -> tuple[int, int]:
    """Double-length shifts one place at a time; R bit 35 is held."""
    for _ in range(count):
        if left:
            a = ((a << 1) | ((r >> 34) & 1)) & M36
            r = (r & B35) | ((r << 1) & M35)
        else:
            r = (r & B35) | ((r & M35) >> 1) | ((a & 1) << 34)
            a = (a >> 1) | (a & B35 if arithmetic else 0)
    return a, r


def shift_short(a: int, count: int, left: bool, arithmetic: bool) -> int:
    """Single-length shifts one place at a time."""
    for _ in range(count):
        a = ((a << 1) & M36) if left else ((a >> 1) | (a & B35 if arithmetic else 0))
    return a
