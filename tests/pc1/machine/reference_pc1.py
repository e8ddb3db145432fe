"""A whole PC-1, one order at a time, written from docs/machine.md's order table: the oracle
of the compiler's tests (tests/pc1/machine/test_compiler_runs.py).

It shares nothing with pc1/machine/compiler.py or the order templates: the letters come
from the order codes (decode), what each order does and what it costs are written out here,
and the arithmetic is the bit-serial model of tests/pc1/bitserial.py.  It runs every order,
the reader, the teleprinter, the flip-flops and the speaker, and the run
options of Machine.run: an order limit, breakpoints, watched words and a history.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pc1.machine.orders import decode
from tests.pc1 import bitserial

M36 = (1 << 36) - 1
M18 = (1 << 18) - 1
CAP = 128  # shift counts beyond this change nothing more (docs/machine.md)
# cycles of each form (short, long), docs/machine.md's "Time"; shifts add their count,
# a jumping `i` six more
CYCLES = {"t": (8, 8), "o": (4, 4), "n": (4, 4), "l": (6, 6), "r": (6, 6), "i": (4, 0),
          "p": (4, 4), "c": (4, 4), "v": (26, 44), "z": (11, 11), "d": (161, 161),
          "b": (4, 4), "s": (4, 4), "y": (4, 4), "x": (8, 8), "a": (4, 4), "w": (26, 44),
          "j": (4, 4), "q": (4, 4), "k": (8, 8)}


@dataclass
class RefMachine:
    """Registers, store and devices; `run` goes on from where the last run stopped."""

    mem: list[int]
    A: int = 0
    R: int = 0
    M: int = 0
    K: int = 0
    orders: int = 0
    cycles: int = 0
    tape: list[int] = field(default_factory=list)
    tape_position: int = 0
    printed: list[int] = field(default_factory=list)
    ready: bool = True  # the teleprinter takes a character (False: it never frees up)
    ff30: int = 0
    ff31: int = 0
    speaker: list[tuple[int, int]] = field(default_factory=list)
    history: list[tuple[int, int, int, int]] = field(default_factory=list)

    def state(self) -> tuple:
        return (self.A, self.R, self.M, self.K, self.mem[self.K], list(self.mem), self.orders,
                self.cycles, self.ff30, self.ff31, list(self.speaker), list(self.printed),
                self.tape_position)

    def run(self, limit: int | None = None, breakpoints: frozenset[int] = frozenset(),
            watch: frozenset[int] = frozenset()) -> tuple[str, int, int | None]:
        """Run until a stop; (reason, address, watched address or None)."""
        shadow = {a: self.mem[a] for a in watch}
        done = 0
        first = True
        while True:
            if not first and self.K in breakpoints:
                return "breakpoint", self.K, None
            first = False
            if limit is not None and done >= limit:
                return "order limit", self.K, None
            stop = self.one()
            done += 1
            if stop is not None:
                return stop, (self.K - (stop in ("halt", "divide overflow"))) & 511, None
            for a in sorted(watch):  # a store changes a word and at most the next one
                if self.mem[a] != shadow[a]:
                    changed = [b for b in sorted(watch) if self.mem[b] != shadow[b]]
                    for b in changed:
                        shadow[b] = self.mem[b]
                    return "watchpoint", self.K, changed[0]

    def one(self) -> str | None:
        """Run the order at K; the stop it makes, or None."""
        mem, p = self.mem, self.K
        word = mem[p]
        found, long, n = decode(word)
        self.orders += 1
        self.K = (p + 1) & 511
        if found is None:
            self.history.append((p, word, self.A, self.R))
            return "halt"
        letter = found.letter
        cycles = CYCLES[letter][long]
        e = n & 510
        if letter in "npcvdbsawq":
            self.M = mem[e] << 18 | mem[e + 1] if long else mem[n & 511] << 18
        a, r, m = self.A, self.R, self.M
        jump = None
        stop = None
        if letter == "t":
            if long:
                mem[e], mem[e + 1] = a >> 18, a & M18
            else:
                mem[n & 511] = a >> 18
        elif letter == "o":
            if self.ready:
                self.printed.append(a >> 30)
            else:
                jump = n & 511
                stop = "printer wait"
        elif letter == "n":
            a = -m & M36
        elif letter in "lr":
            count, back = (n, False) if n < 1024 else (2048 - n, True)
            count = min(count, CAP)
            cycles += count
            left = (letter == "l") != back
            arithmetic = letter == "r" and not back
            if long:
                a, r = bitserial.shift_long(a, r, count, left, arithmetic)
            else:
                a = bitserial.shift_short(a, count, left, arithmetic)
        elif letter == "i" and not long:
            if self.tape_position < len(self.tape):
                a = self.tape[self.tape_position] << 30
                self.tape_position += 1
            else:
                cycles += 6
                jump = n & 511
                stop = "waiting for tape"
        elif letter == "p":
            a = m
        elif letter == "c":
            a &= m
        elif letter == "v":
            a, r = bitserial.multiply(a, m)
        elif letter == "z":
            if not (a if long else (a >> 18) & 2047):
                jump = n & 511
        elif letter == "d":
            qr = bitserial.divide(a, r, m)
            if qr is None:
                stop = "divide overflow"
            else:
                a, r = qr
        elif letter == "b":
            a ^= m
        elif letter == "s":
            a = (a - m) & M36
        elif letter == "y":
            if n == 31:
                level = 0 if long else 1
                if self.ff31 != level:
                    self.ff31 = level
                    self.speaker.append((self.cycles, level))
            elif n == 30:
                self.ff30 = 0 if long else 1
        elif letter == "x" and not long:
            x = n & 511
            mem[x] = (mem[x] & 0o774000) | ((a >> 18) & 2047)
        elif letter == "a":
            a = (a + m) & M36
        elif letter == "w":
            a, r = (bitserial.multiply_add(a, m, r) if long
                    else bitserial.multiply_add_short(a, m, r))
        elif letter == "j" and long:
            jump = n & 511
        elif letter == "q":
            a, r = r, m
        elif letter == "k":
            if bool(a >> 35) != long:
                jump = n & 511
        self.A, self.R = a, r
        self.cycles += cycles
        self.history.append((p, word, a, r))
        if stop == "divide overflow":
            return stop
        if jump is not None:
            self.K = jump
            if jump == p:
                return stop or "dynamic stop"
        return None
