"""Verification of the historic computations: the PC-1 programs against independent references.

`verify_pi()` runs the pi-1000 procedure (R0, pi1000cmp, R0 again, pi1000prt) and compares
the 97 limbs the computation leaves at long words 300..492, limb by limb, with the pure-Python
port of the seed's Scheme program (`bignum.reference.machin(97)`), then the printed digits
with mpmath.  `verify_e()` does the same for e1000 (100 limbs at 300..498 against
`bignum.reference.napier(100)`).

This module is the one sanctioned crossing of the rule that pc1 imports nothing of ours:
verification by definition joins the machine and the reference.  bignum and mpmath are
imported inside the functions that need them, so importing pc1 (or pc1.verify) never pulls
them in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pc1.assembler import SLOT_BASE, assemble_codes
from pc1.clock import CLOCKS_HZ, format_duration
from pc1.errors import InputError
from pc1.machine import Machine, Stop
from pc1.tape import Tape, read_tape
from pc1.tape_library import program, tape_path
from pc1.teleprinter import CHAR_TO_CODE

WORK_AREA = 300  # long word of limb 0 (the integer part) in both programs
DECIMALS = 1000
DIGITS_PER_LINE = 50
LINE_SEPARATOR = "\n  "  # CR LF and two spaces, as the teleprinter text shows it
PI_LIMBS = 97  # Wada's ln: long words 300..492
E_LIMBS = 100  # long words 300..498
PRINT_PARAMETER = "o"  # e1000.pc1 names its printing block with R0 parameter o


@dataclass(frozen=True)
class Press:
    """One start of the machine in the procedure: what ran and how it stopped."""

    label: str
    stop: Stop


@dataclass
class Report:
    """The outcome of one verification, with everything needed to explain a difference."""

    name: str  # "pi" or "e"
    reference_name: str  # the Python reference the limbs are compared with, e.g. machin(97)
    reference_what: str  # what that reference is, in words
    machine_limbs: list[int]
    reference_limbs: list[int]
    printed: str
    expected_text: str
    presses: list[Press] = field(default_factory=list)
    orders: int = 0
    cycles: int = 0
    characters: int = 0  # codes the teleprinter received (CR and LF count one each)

    @property
    def limb_differences(self) -> list[int]:
        """Indices of the limbs that differ (a length mismatch counts from the shorter end)."""
        pairs = zip(self.machine_limbs, self.reference_limbs, strict=False)
        diff = [i for i, (a, b) in enumerate(pairs) if a != b]
        shorter = min(len(self.machine_limbs), len(self.reference_limbs))
        longer = max(len(self.machine_limbs), len(self.reference_limbs))
        return diff + list(range(shorter, longer))

    @property
    def first_text_difference(self) -> int | None:
        """The index of the first character where the printout differs, or None."""
        if self.printed == self.expected_text:
            return None
        for i, (a, b) in enumerate(zip(self.printed, self.expected_text, strict=False)):
            if a != b:
                return i
        return min(len(self.printed), len(self.expected_text))

    @property
    def stopped_cleanly(self) -> bool:
        """Every press ended with the program stopping itself on a halt."""
        return bool(self.presses) and all(p.stop.reason == "halt" for p in self.presses)

    @property
    def ok(self) -> bool:
        """Limbs identical, printout identical, every run halted by itself."""
        return (not self.limb_differences and self.first_text_difference is None
                and self.stopped_cleanly)

    def lines(self) -> list[str]:
        """The short readable report that `pc1 verify` prints."""
        n = len(self.reference_limbs)
        last = WORK_AREA + 2 * (n - 1)
        out = [f"pc1 verify {self.name}: the PC-1 tapes against bignum.reference."
               f"{self.reference_name} ({self.reference_what}) and mpmath"]
        for p in self.presses:
            out.append(f"  run     {p.label}: {p.stop.describe()} after {p.stop.orders:,} orders, "
                       f"{p.stop.cycles:,} cycles")
        diffs = self.limb_differences
        mark = "OK" if not diffs else "DIFFERENT"
        out.append(f"  limbs   long words {WORK_AREA}..{last}: {n - len(diffs)} of {n} identical "
                   f"to {self.reference_name}, bit for bit: {mark}")
        for i in diffs[:5]:
            got = _octal(self.machine_limbs, i)
            want = _octal(self.reference_limbs, i)
            out.append(f"          limb {i} (long word {WORK_AREA + 2 * i}): machine {got}, "
                       f"reference {want}")
        if len(diffs) > 5:
            out.append(f"          ... and {len(diffs) - 5} more")
        at = self.first_text_difference
        digits = _decimals(self.printed)
        if at is None:
            out.append(f"  digits  {digits[:1]}.{digits[1:9]}... {len(digits) - 1} decimals "
                       f"in {self.printed.count(chr(10)) + 1} lines, {self.characters:,} "
                       f"characters: identical to mpmath, truncated: OK")
        else:
            decimal = len(_decimals(self.expected_text[:at]))
            out.append(f"  digits  the printout differs from mpmath's at character {at} "
                       f"(near decimal {decimal}): machine {self.printed[at:at + 12]!r}, "
                       f"expected {self.expected_text[at:at + 12]!r}: DIFFERENT")
        if not self.stopped_cleanly:
            out.append("  stop    a run did not end on the program's own halt: DIFFERENT")
        times = ", ".join(f"{format_duration(self.cycles / hz)} at {name[:-1]} kHz"
                          for name, hz in CLOCKS_HZ.items())
        out.append(f"  time    {self.orders:,} orders, {self.cycles:,} cycles: {times}")
        out.append("verdict: " + ("OK" if self.ok else "DIFFERENT"))
        return out


def _octal(limbs: list[int], i: int) -> str:
    return f"{limbs[i]:012o}" if i < len(limbs) else "(missing)"


def _decimals(printed: str) -> str:
    """The digits of a printout, integer part first, without point, spaces or line breaks."""
    return "".join(ch for ch in printed if ch.isdigit())


def layout(integer: str, decimals: str) -> str:
    """The teleprinter text of e1000 and pi1000prt: `2.` + 50 decimals a line, lines joined by
    CR LF and two spaces, no final line break."""
    lines = [decimals[i:i + DIGITS_PER_LINE] for i in range(0, len(decimals), DIGITS_PER_LINE)]
    return f"{integer}." + LINE_SEPARATOR.join(lines)


def reference_decimals(name: str, count: int = DECIMALS) -> str:
    """The first `count` decimals of pi or e from mpmath, truncated (not rounded)."""
    import mpmath

    with mpmath.workdps(count + 30):
        value = +mpmath.pi if name == "pi" else +mpmath.e
        # ask for more digits than needed and cut: nstr rounds its last digit
        text = mpmath.nstr(value, count + 20, strip_zeros=False)
    return text.split(".")[1][:count]


def read_limbs(machine: Machine, count: int, first: int = WORK_AREA) -> list[int]:
    """`count` long words from `first` up, each as a 36-bit integer (upper half at the even
    address)."""
    mem = machine.memory
    return [mem[first + 2 * i] << 18 | mem[first + 2 * i + 1] for i in range(count)]


def _tape(path: Path) -> Tape:
    if not path.exists():
        raise InputError("tape not found (run `pc1 asm tapes/*.pc1` to punch our tapes)",
                         source=str(path))
    return read_tape(path)


def _short(tape: Tape) -> str:
    return Path(tape.name).name


def _load(machine: Machine, r0: Tape, tape: Tape) -> None:
    """The operator: INITIAL LOAD R0, place the tape, CLEAR START."""
    machine.initial_load(Tape(list(r0.frames), r0.name))
    machine.load_tape(tape)
    machine.clear_start()


def _r0(r0: str | Path | None) -> Tape:
    return _tape(Path(r0) if r0 is not None else tape_path("r0.ptw"))


def verify_pi(r0: str | Path | None = None, *, max_orders: int = 50_000_000) -> Report:
    """Run the pi-1000 procedure and compare limbs (bignum) and digits (mpmath)."""
    from bignum.reference import machin

    r0_tape = _r0(r0)
    compute, printer = (_tape(tape_path(n)) for n in program("pi1000").tapes)
    m = Machine()
    presses = []
    _load(m, r0_tape, compute)
    presses.append(Press(f"R0 + {_short(compute)}", m.run(max_orders=max_orders)))
    limbs = read_limbs(m, PI_LIMBS)
    _load(m, r0_tape, printer)
    presses.append(Press(f"R0 + {_short(printer)}", m.run(max_orders=max_orders)))
    expected = layout("3", reference_decimals("pi"))
    return Report("pi", f"machin({PI_LIMBS})", "the seed's Scheme program in Python", limbs,
                  machin(PI_LIMBS), m.printed_text(), expected, presses, m.orders, m.cycles,
                  len(m.teleprinter.printed))


def print_entry(tape: Tape) -> int:
    """Where e1000 starts printing: the value its tape gives R0's parameter o."""
    image = assemble_codes(tape.frames).memory
    return image[SLOT_BASE + CHAR_TO_CODE[PRINT_PARAMETER]] & 2047


def verify_e(r0: str | Path | None = None, *, max_orders: int = 50_000_000) -> Report:
    """Run e1000, compare Q with bignum's napier(100) when printing starts, then the digits."""
    from bignum.reference import napier

    r0_tape = _r0(r0)
    (name,) = program("e1000").tapes
    tape = _tape(tape_path(name))
    entry = print_entry(tape)
    m = Machine()
    _load(m, r0_tape, tape)
    computed = m.run(max_orders=max_orders, breakpoints=[entry])
    presses = [Press(f"R0 + {_short(tape)}, up to the printing at {entry}", computed)]
    limbs = read_limbs(m, E_LIMBS)
    if computed.reason == "breakpoint":
        printed = m.run(max_orders=max_orders)
        presses = [Press(f"R0 + {_short(tape)}", Stop(printed.reason, printed.address,
                                                   computed.orders + printed.orders,
                                                   computed.cycles + printed.cycles))]
    expected = layout("2", reference_decimals("e"))
    return Report("e", f"napier({E_LIMBS})", "the 1958 method in Python", limbs,
                  napier(E_LIMBS), m.printed_text(), expected, presses, m.orders, m.cycles,
                  len(m.teleprinter.printed))
