"""Verification of the historic computations: the PC-1 programs against independent references.

`verify_pi()` runs the pi-1000 procedure (R0, pi1000cmp, R0 again, pi1000prt) and compares
the 97 limbs the computation leaves at long words 300..492, limb by limb, with the seed's
Scheme program (`bignum.reference.machin_ints(97)`: the steps of the limb-by-limb port
`machin(97)` on one Python integer, which the tests hold equal to the port), then the printed
digits with bignum's Chudnovsky series on Python integers (`settled_decimals`).
`verify_e()` does the same for e1000 (100 limbs at 300..498 against `napier_ints(100)`,
digits from the sum of 1/k!).  Neither formula is the machine's: the digits check does not
lean on Machin or on the 1958 grouping.  mpmath is the tests' oracle for these references,
and the console's paper check (`check_paper`) still asks it, since a paper may hold any
number of digits and mpmath with gmpy2 makes a million quickly.

This module is the one sanctioned crossing of the rule that pc1 imports nothing of ours:
verification by definition joins the machine and the reference.  bignum and mpmath are
imported inside the functions that need them, so importing pc1 (or pc1.verify) never pulls
them in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from pc1.base import InputError
from pc1.devices import (
    CHAR_TO_CODE,
    Tape,
    Teleprinter,
    codes_to_text,
    program,
    read_tape,
    tape_path,
)
from pc1.machine import CLOCKS_HZ, Machine, Stop, format_duration
from pc1.operator import START_ACTIONS, Action, recipe

WORK_AREA = 300  # long word of limb 0 (the integer part) in both programs
DECIMALS = 1000
DIGITS_PER_LINE = 50
LINE_SEPARATOR = "\n  "  # CR LF and two spaces, as the teleprinter text shows it
PI_LIMBS = 97  # Wada's ln: long words 300..492
E_LIMBS = 100  # long words 300..498
PRINT_PARAMETER = "o"  # e1000.pc1 names its printing block with R0 parameter o
VERIFIABLE = {"pi": "pi1000", "e": "e1000"}  # computation -> its program in the manifest
# the digits reference of each: a bignum method whose formula is not the machine's, and its
# name in the report
DIGITS_METHOD = {"pi": "chudnovsky", "e": "bsplit"}
DIGITS_REFERENCE = {"pi": "bignum's Chudnovsky series", "e": "bignum's sum of 1/k!"}


# the records of this module are NamedTuples: a dataclass costs `pc1 verify` about a
# millisecond of start-up apiece
class Press(NamedTuple):
    """One start of the machine in the procedure: what ran and how it stopped."""

    label: str
    stop: Stop


class Report(NamedTuple):
    """The outcome of one verification, with everything needed to explain a difference."""

    name: str  # "pi" or "e"
    reference_name: str  # the Python reference the limbs are compared with, e.g. machin(97)
    reference_what: str  # what that reference is, in words
    machine_limbs: list[int]
    reference_limbs: list[int]
    printed: str
    expected_text: str
    presses: Sequence[Press] = ()
    orders: int = 0
    cycles: int = 0
    characters: int = 0  # codes the teleprinter received (CR and LF count one each)
    digits_reference: str = "the reference digits"  # where expected_text came from, in words

    @property
    def limb_differences(self) -> list[int]:
        """Indices of the limbs that differ (a length mismatch counts from the shorter end)."""
        pairs = zip(self.machine_limbs, self.reference_limbs, strict=False)
        diff = [i for i, (a, b) in enumerate(pairs) if a != b]
        shorter = min(len(self.machine_limbs), len(self.reference_limbs))
        longer = max(len(self.machine_limbs), len(self.reference_limbs))
        return diff + list(range(shorter, longer))

    def limb_rows(self) -> list[LimbRow]:
        """Every limb side by side: the PC-1's long word and the reference's."""
        n = max(len(self.machine_limbs), len(self.reference_limbs))
        return [LimbRow(i, WORK_AREA + 2 * i, _at(self.machine_limbs, i),
                        _at(self.reference_limbs, i)) for i in range(n)]

    def limb_summary(self) -> str:
        """'97 of 97 limbs identical', or which limbs differ."""
        n = len(self.reference_limbs)
        diffs = self.limb_differences
        line = f"{n - len(diffs)} of {n} limbs identical"
        if diffs:
            shown = ", ".join(str(i) for i in diffs[:8]) + (" ..." if len(diffs) > 8 else "")
            line += f"; limb{'s' if len(diffs) > 1 else ''} {shown} differ{'s' * (len(diffs) == 1)}"
        return line

    def digits_summary(self) -> str:
        """'1000 of 1000 decimals identical to <the digits reference>', or where the printout
        first differs."""
        at = self.first_text_difference
        expected = len(_decimals(self.expected_text)) - 1
        if at is None:
            return (f"{expected} of {expected} decimals identical to {self.digits_reference}, "
                    "truncated")
        decimal = len(_decimals(self.expected_text[:at]))
        return (f"the printout differs from {self.digits_reference} at character {at} "
                f"(near decimal {decimal})")

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
               f"{self.reference_name} ({self.reference_what}) and {self.digits_reference}"]
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
                       f"characters: identical to {self.digits_reference}, truncated: OK")
        else:
            decimal = len(_decimals(self.expected_text[:at]))
            out.append(f"  digits  the printout differs from {self.digits_reference} at "
                       f"character {at} "
                       f"(near decimal {decimal}): machine {self.printed[at:at + 12]!r}, "
                       f"expected {self.expected_text[at:at + 12]!r}: DIFFERENT")
        if not self.stopped_cleanly:
            out.append("  stop    a run did not end on the program's own halt: DIFFERENT")
        times = ", ".join(f"{format_duration(self.cycles / hz)} at {name[:-1]} kHz"
                          for name, hz in CLOCKS_HZ.items())
        out.append(f"  time    {self.orders:,} orders, {self.cycles:,} cycles: {times}")
        out.append("verdict: " + ("OK" if self.ok else "DIFFERENT"))
        return out


class LimbRow(NamedTuple):
    """One limb of a verification: where it lives, the machine's and the reference's value."""

    index: int
    address: int  # the long word's even address
    machine: int | None  # None: the run left fewer limbs
    reference: int | None

    @property
    def identical(self) -> bool:
        """Both sides have this limb and it is the same, bit for bit."""
        return self.machine is not None and self.machine == self.reference


def _at(limbs: list[int], i: int) -> int | None:
    return limbs[i] if i < len(limbs) else None


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


def settled_decimals(name: str, count: int = DECIMALS) -> str:
    """The first `count` decimals of pi or e, truncated, from bignum on Python integers."""
    from bignum.backend import IntBackend
    from bignum.digits import compute_digits

    # Python integers, not gmpy2: a thousand digits take a millisecond, gmpy2's import more
    return compute_digits(name, count, DIGITS_METHOD[name], backend=IntBackend()).decimals


def reference_decimals(name: str, count: int = DECIMALS) -> str:
    """The first `count` decimals of pi or e from mpmath, truncated (not rounded)."""
    import mpmath

    with mpmath.workdps(count + 30):
        value = +mpmath.pi if name == "pi" else +mpmath.e
        # ask for more digits than needed and cut: nstr rounds its last digit
        text = mpmath.nstr(value, count + 20, strip_zeros=False)
    return text.split(".")[1][:count]


def read_limbs(machine: Machine, count: int) -> list[int]:
    """`count` long words from the work area (WORK_AREA) up, each as a 36-bit integer (upper
    half at the even address)."""
    mem = machine.memory
    return [mem[WORK_AREA + 2 * i] << 18 | mem[WORK_AREA + 2 * i + 1] for i in range(count)]


def _tape(path: Path) -> Tape:
    from pc1.devices import tapes_dir

    if not path.exists():
        if path.parent == tapes_dir():  # one of ours: say where they live
            raise InputError("tape not found: the installation is incomplete, or PC1_TAPES "
                             f"({tapes_dir()}) names a folder without our tapes",
                             source=str(path))
        raise InputError("tape not found", source=str(path))
    return read_tape(path)


def _short(tape: str | Path | Tape) -> str:
    return Path(tape.name if isinstance(tape, Tape) else tape).name


class Plan(NamedTuple):
    """One verification's operator procedure, and where in it the limbs are read."""

    name: str  # "pi" or "e"
    actions: tuple[Action, ...]  # the manifest's procedure as panel actions
    check_step: int  # index of the start whose run leaves the limbs in memory
    breakpoint: int | None  # e: the limbs are read here, before the printing rewrites them
    limbs: int

    def press_label(self, step: int) -> str:
        """How a start of the machine is named in the report, e.g. 'R0 + pi1000cmp.ptr'."""
        placed = [a for a in self.actions[:step] if a.kind == "tape"]
        return f"R0 + {_short(placed[-1].tape)}" if placed else self.actions[step].label()


def plan(name: str, r0: str | Path | None = None) -> Plan:
    """The procedure of `pc1 verify NAME` (pi or e); InputError if a tape is missing."""
    if name not in VERIFIABLE:
        raise InputError(f"unknown computation {name!r} (choose pi or e)")
    program_name = VERIFIABLE[name]
    actions = recipe(program_name)
    if r0 is not None:
        r0_path = Path(r0)
        _tape(r0_path)  # one clear line now, not halfway through the procedure
        actions = [a._replace(tape=r0_path) if a.kind == "initial-load" else a for a in actions]
    starts = [i for i, a in enumerate(actions) if a.kind in START_ACTIONS]
    breakpoint = None
    if name == "e":
        (tape_name,) = program(program_name).tapes
        breakpoint = print_entry(_tape(tape_path(tape_name)))
    return Plan(name, tuple(actions), starts[0], breakpoint,
                PI_LIMBS if name == "pi" else E_LIMBS)


def compare(name: str, machine_limbs: list[int], printed: str, presses: list[Press],
            orders: int, cycles: int, characters: int) -> Report:
    """The report on what a run left: limbs against the seed's programs, paper against
    bignum's digits by another formula."""
    # the whole-integer form of the ports: fifty times quicker, equal by tests/bignum
    from bignum.seed_ints import machin_ints, napier_ints

    digits = layout("3" if name == "pi" else "2", settled_decimals(name))
    if name == "pi":
        return Report("pi", f"machin_ints({PI_LIMBS})",
                      "the seed's Scheme program on one Python integer, equal to its port",
                      machine_limbs, machin_ints(PI_LIMBS), printed, digits, presses, orders,
                      cycles, characters, DIGITS_REFERENCE["pi"])
    return Report("e", f"napier_ints({E_LIMBS})",
                  "the 1958 method on one Python integer, equal to its port", machine_limbs,
                  napier_ints(E_LIMBS), printed, digits, presses, orders, cycles, characters,
                  DIGITS_REFERENCE["e"])


def run_plan(p: Plan, machine: Machine | None = None, *, max_orders: int = 50_000_000) -> Report:
    """Perform the procedure without a console, read the limbs where the plan says, compare."""
    m = machine if machine is not None else Machine()
    orders, cycles, paper = m.orders, m.cycles, m.teleprinter.printed_count
    presses: list[Press] = []
    limbs: list[int] = []
    for step, action in enumerate(p.actions):
        if action.tape is not None:
            m.load_tape(_tape(Path(str(action.tape))))
        if action.kind == "initial-load":
            m.initial_load()
        if action.kind not in START_ACTIONS:
            continue
        {"clear-start": m.clear_start, "initial-start": m.initial_start,
         "restart": m.restart}[action.kind]()
        at = [p.breakpoint] if step == p.check_step and p.breakpoint is not None else []
        stop = m.run(max_orders=max_orders, breakpoints=at)
        label = p.press_label(step)
        if step == p.check_step:
            limbs = read_limbs(m, p.limbs)
            if at and stop.reason == "breakpoint":
                rest = m.run(max_orders=max_orders)
                stop = Stop(rest.reason, rest.address, stop.orders + rest.orders,
                            stop.cycles + rest.cycles)
            elif at:
                label += f", up to the printing at {p.breakpoint}"
        presses.append(Press(label, stop))
    codes = m.teleprinter.printed_in_runs_since(paper)
    return compare(p.name, limbs, codes_to_text(codes), presses, m.orders - orders,
                   m.cycles - cycles, len(codes))


def verify_pi(r0: str | Path | None = None, *, max_orders: int = 50_000_000) -> Report:
    """Run the pi-1000 procedure and compare limbs and digits with bignum's references."""
    return run_plan(plan("pi", r0), max_orders=max_orders)


def print_entry(tape: Tape) -> int:
    """Where e1000 starts printing: the value its tape gives R0's parameter o."""
    from pc1.asm import SLOT_BASE, assemble_codes  # e only: `verify pi` need not load it

    image = assemble_codes(tape.frames).memory
    return image[SLOT_BASE + CHAR_TO_CODE[PRINT_PARAMETER]] & 2047


def verify_e(r0: str | Path | None = None, *, max_orders: int = 50_000_000) -> Report:
    """Run e1000, compare Q with bignum's napier(100) when printing starts, then the digits."""
    return run_plan(plan("e", r0), max_orders=max_orders)


class PaperCheck(NamedTuple):
    """The digits found on a teleprinter's paper against mpmath's, truncated."""

    name: str  # "pi" or "e"
    integer: str
    decimals: str  # as printed, without spaces and line breaks
    expected: str  # mpmath's decimals, as many as were printed
    run: int | None = None  # which run's paper (1 = the oldest kept), None: the whole paper
    runs: int = 0  # how many runs the paper holds

    @property
    def first_difference(self) -> int | None:
        """The 1-based position of the first decimal that differs, or None."""
        pairs = zip(self.decimals, self.expected, strict=True)
        return next((i + 1 for i, (a, b) in enumerate(pairs) if a != b), None)

    @property
    def ok(self) -> bool:
        """Every printed decimal is mpmath's."""
        return self.first_difference is None

    def line(self) -> str:
        """One line for the operator."""
        n = len(self.decimals)
        run = f"run {self.run} of {self.runs}: " if self.run is not None else ""
        if self.ok:
            return f"{run}{self.name}: {n} of {n} decimals identical to mpmath, truncated"
        at = self.first_difference
        return (f"{run}{self.name}: the paper differs from mpmath at decimal {at} (printed "
                f"{self.decimals[at - 1]}, expected {self.expected[at - 1]}); {at - 1} of {n} "
                f"before it identical")


# the number on a paper: the integer digit, the point, then decimals broken by spaces and
# line breaks (the historic layout, PC-1 on Unity's, or one plain line)
_NUMBER = re.compile(r"([0-9])\.((?:[ \t\r\n]*[0-9])+)")
_INTEGERS = {"3": "pi", "2": "e"}


def check_paper(text: str) -> PaperCheck:
    """Find pi or e on a teleprinter's paper and compare its decimals with mpmath's;
    InputError if the paper holds neither."""
    for match in _NUMBER.finditer(text):
        integer = match.group(1)
        decimals = "".join(ch for ch in match.group(2) if ch.isdigit())
        name = _INTEGERS.get(integer)
        if name is None or len(decimals) < 2:
            continue
        # the first two decimals tell pi (3.14) from e (2.71); another number is not ours
        expected = reference_decimals(name, len(decimals))
        if decimals[:2] == expected[:2]:
            return PaperCheck(name, integer, decimals, expected)
    raise InputError("the paper holds no digits of pi (3.14...) or e (2.71...)",
                     source="teleprinter paper")


def check_run(teleprinter: Teleprinter, run: int | None = None) -> PaperCheck:
    """Check the paper of one run (1 = the oldest run kept; by default the newest that
    printed): two runs' digits never read as one number. InputError if it holds no pi or e;
    a paper printed outside any run is checked whole."""
    runs = len(teleprinter.runs)
    if runs == 0:
        return check_paper(codes_to_text(teleprinter.printed))
    if run is None:
        printed = [i for i in range(runs) if codes_to_text(teleprinter.run_codes(i)).strip()]
        run = (printed[-1] if printed else runs - 1) + 1
    if not 1 <= run <= runs:
        raise InputError(f"no run {run}: the paper holds runs 1 to {runs}",
                         source="teleprinter paper")
    try:
        found = check_paper(codes_to_text(teleprinter.run_codes(run - 1)))
    except InputError as exc:
        raise InputError(f"run {run} of {runs}: {exc.message}",
                         source="teleprinter paper") from None
    return found._replace(run=run, runs=runs)
