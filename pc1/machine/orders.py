"""THE order table of the PC-1: letter, function code, cycles and semantics, in one place.

Every order is defined once here.  The machine compiles its behaviour from the `body`
templates (pc1/machine/compiler.py), the assembler and disassembler read letters and codes, the
documentation and the console read the summaries and cycle counts.

Facts: docs/machine.md (the order table, arithmetic details and cycles, with sources).

Template language (Python statements run inside a compiled block):
  A, R, M      the 36-bit registers (plain ints)
  n            the order's 11-bit address field, read from the store when the order runs
  mem          the 512-word store; `operand` loads M first (short: mem[n] << 18; long: pair)
  e            the even address of a long operand (bit 0 ignored)
  cy           extra cycles beyond the base count (shift counts, a taken `i` jump)
  dev          the machine, for the teleprinter, reader and flip-flops
  JUMP(x)      leave the block and continue at x (a jump to itself is a dynamic stop)
  STOP(reason) stop the machine after this order
"""

from __future__ import annotations

from typing import NamedTuple

from pc1.devices import CHAR_TO_CODE


# the records below are NamedTuples, not dataclasses: every `pc1` command that touches the
# machine builds them at import, and a dataclass costs a cold start about a millisecond apiece
class Form(NamedTuple):
    """One form (short or long) of an order."""

    summary: str
    cycles: int
    body: str
    operand: bool = False  # load M from the store before the body
    kind: str = "plain"  # plain | store | address | branch | jump | io | halt
    # (an `address` store changes only address bits, so compiled code stays valid)
    self_stop: str = "dynamic stop"  # the stop reason when it jumps to itself
    used: bool = True  # False: no known meaning (kept as PC-1 on Unity does: no operation)


class Order(NamedTuple):
    """A letter of the order code with its short (L=0) and long (L=1) forms."""

    letter: str
    name: str
    short: Form
    long: Form
    confirmed_by: str = ""

    @property
    def code(self) -> int:
        """The 5-bit function code: the teleprinter code of the order's letter."""
        return CHAR_TO_CODE[self.letter]

    def form(self, long: bool) -> Form:
        """The form selected by the l bit."""
        return self.long if long else self.short


def _same(form: Form) -> tuple[Form, Form]:
    return form, form


_STORE_SHORT = "x = n & 511\nmem[x] = A >> 18"
_STORE_LONG = "x = e\nmem[e] = A >> 18\nmem[e + 1] = A & 0o777777"

ORDERS: tuple[Order, ...] = (
    Order(
        "t", "store",
        Form("mem[n] <- A[35..18]", 8, _STORE_SHORT, kind="store"),
        Form("long word at n <- A", 8, _STORE_LONG, kind="store"),
        "R0, e1000",
    ),
    Order(
        "o", "output",
        *_same(Form(
            "print/punch A[35..30]; if the teleprinter is busy, jump to n", 4,
            "if not dev._output(A >> 30):\n    JUMP(n)", kind="io", self_stop="printer wait",
        )),
        confirmed_by="e1000",
    ),
    Order(
        "n", "negate",
        Form("A <- -M", 4, "A = -M & MASK36", operand=True),
        Form("A <- -(long word)", 4, "A = -M & MASK36", operand=True),
        "PC-1 on Unity",
    ),
    Order(
        "l", "shift left",
        Form("A <<= n (logical); n >= 1024: A >>= 2048-n (zero fill)", 6,
             "c, back = shift_count(n)\ncy += c\n"
             "A = shift_short_right_logical(A, c) if back else shift_short_left(A, c)"),
        Form("A:R <<= n (71 bits); n >= 1024: A:R >>= 2048-n (zero fill)", 6,
             "c, back = shift_count(n)\ncy += c\n"
             "A, R = shift_long_right(A, R, c, False) if back else shift_long_left(A, R, c)"),
        "R0, e1000",
    ),
    Order(
        "r", "shift right",
        Form("A >>= n (sign fill); n >= 1024: A <<= 2048-n", 6,
             "c, back = shift_count(n)\ncy += c\n"
             "A = shift_short_left(A, c) if back else shift_short_right_arith(A, c)"),
        Form("A:R >>= n (71 bits, sign fill); n >= 1024: A:R <<= 2048-n", 6,
             "c, back = shift_count(n)\ncy += c\n"
             "A, R = shift_long_left(A, R, c) if back else shift_long_right(A, R, c, True)"),
        "R0, e1000",
    ),
    Order(
        "i", "input",
        Form("A <- next tape character << 30; if none is ready, jump to n", 4,
             "c = dev._read()\nif c < 0:\n    cy += 6\n    JUMP(n)\nA = c << 30",
             kind="io", self_stop="waiting for tape"),
        Form("no known meaning (no operation)", 0, "pass", used=False),
        "R0",
    ),
    Order(
        "p", "place",
        Form("A <- M", 4, "A = M", operand=True),
        Form("A <- long word", 4, "A = M", operand=True),
        "R0, e1000",
    ),
    Order(
        "c", "and",
        *_same(Form("A <- A AND M", 4, "A &= M", operand=True)),
        confirmed_by="PC-1 on Unity",
    ),
    Order(
        "v", "multiply",
        Form("A:R <- A * M (short operand)", 26, "A, R = multiply(A, M)", operand=True),
        Form("A:R <- A * long word", 44, "A, R = multiply(A, M)", operand=True),
        "e1000",
    ),
    Order(
        "z", "zero jump",
        Form("jump to n if A[28..18] (the address part) = 0", 11,
             "if not (A >> 18) & 2047:\n    JUMP(n)", kind="branch"),
        Form("jump to n if A = 0", 11, "if not A:\n    JUMP(n)", kind="branch"),
        "R0, e1000",
    ),
    Order(
        "d", "divide",
        *_same(Form(
            "A <- (A:R) / M, R <- remainder (0 <= R < |M|); overflow stops", 161,
            "qr = divide(A, R, M)\nif qr is None:\n    STOP('divide overflow')\nA, R = qr",
            operand=True,
        )),
        confirmed_by="e1000",
    ),
    Order(
        "b", "exclusive or",
        *_same(Form("A <- A XOR M", 4, "A ^= M", operand=True)),
        confirmed_by="PC-1 on Unity",
    ),
    Order(
        "s", "subtract",
        Form("A <- A - M", 4, "A = (A - M) & MASK36", operand=True),
        Form("A <- A - long word", 4, "A = (A - M) & MASK36", operand=True),
        "R0, e1000",
    ),
    Order(
        "y", "flip-flop",
        Form("n = 30/31: set flip-flop n (31 drives the speaker)", 4,
             "dev._flip_flop(n, 1)", kind="io"),
        Form("n = 30/31: reset flip-flop n", 4, "dev._flip_flop(n, 0)", kind="io"),
        "soundtest",
    ),
    Order(
        "x", "substitute address",
        Form("mem[n][10..0] <- A[28..18]", 8,
             "x = n & 511\nmem[x] = (mem[x] & 0o774000) | ((A >> 18) & 2047)",
             kind="address"),
        Form("no known meaning (no operation)", 8, "pass", used=False),
        "R0, e1000",
    ),
    Order(
        "a", "add",
        Form("A <- A + M", 4, "A = (A + M) & MASK36", operand=True),
        Form("A <- A + long word", 4, "A = (A + M) & MASK36", operand=True),
        "R0, e1000",
    ),
    Order(
        "w", "multiply and add",
        Form("A:R <- A[35..18] * M + R (17 steps)", 26,
             "A, R = multiply_add_short(A, M, R)", operand=True),
        Form("A:R <- A * long word + R[34..0]", 44,
             "A, R = multiply_add(A, M, R)", operand=True),
        "e1000 (wl)",
    ),
    Order(
        "j", "jump",
        Form("no known meaning (no operation)", 4, "pass", used=False),
        Form("jump to n", 4, "JUMP(n)", kind="jump"),
        "R0, e1000",
    ),
    Order(
        "q", "R to A",
        Form("A <- R; R <- M", 4, "A = R\nR = M", operand=True),
        Form("A <- R; R <- long word", 4, "A = R\nR = M", operand=True),
        "e1000",
    ),
    Order(
        "k", "sign jump",
        Form("jump to n if A < 0", 8, "if A >> 35:\n    JUMP(n)", kind="branch"),
        Form("jump to n if A >= 0", 8, "if not A >> 35:\n    JUMP(n)", kind="branch"),
        "R0, e1000",
    ),
)

HALT = Form("no such order: the machine stops (K already advanced)", 0, "STOP('halt')",
            kind="halt")

BY_LETTER: dict[str, Order] = {o.letter: o for o in ORDERS}
BY_CODE: dict[int, Order] = {o.code: o for o in ORDERS}


def decode(word: int) -> tuple[Order | None, bool, int]:
    """Split an 18-bit order into (order or None if unassigned, long bit, address)."""
    code = (word >> 12) & 63
    return BY_CODE.get(code), bool(word & 0o4000), word & 2047


def _form(bits: int) -> Form:
    order = BY_CODE.get(bits >> 1)
    return HALT if order is None else order.form(bool(bits & 1))


# the form of each function bits (word >> 11: the code and the l bit), looked up, not decoded:
# the compiler asks for tens of thousands of them
_FORMS: tuple[Form, ...] = tuple(_form(bits) for bits in range(128))


def form_of(word: int) -> Form:
    """The form an 18-bit word executes as (HALT for unassigned codes and zero)."""
    return _FORMS[(word >> 11) & 127]


def mnemonic(word: int) -> str | None:
    """R0 notation of an order word (`al 28`), or None if its code is not an order."""
    order, long, n = decode(word)
    if order is None:
        return None
    return f"{order.letter}{'l' if long else ''} {n}"


def widest_mnemonic() -> int:
    """The most characters `mnemonic` gives for any word (a table column can hold them all)."""
    # the widest text of each order is its long form with the widest address
    return max(len(mnemonic(encode(o.letter, 2047, True)) or "") for o in ORDERS)


def encode(letter: str, address: int = 0, long: bool = False) -> int:
    """Build an order word from its letter, address and l bit."""
    return (BY_LETTER[letter].code << 12) | (0o4000 if long else 0) | (address & 2047)


class OrderForm(NamedTuple):
    """One line of the order table as `pc1 orders` and the console show it."""

    name: str  # the letter, with `l` for the long form: `a`, `al`
    order: Order
    form: Form
    long: bool


def order_forms() -> list[OrderForm]:
    """Every order's short form, and its long form where that differs."""
    rows = []
    for o in ORDERS:
        rows.append(OrderForm(o.letter, o, o.short, False))
        if o.long is not o.short:
            rows.append(OrderForm(o.letter + "l", o, o.long, True))
    return rows
