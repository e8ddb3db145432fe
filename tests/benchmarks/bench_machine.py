"""Benchmark: orders per second in max mode on the four pi_1000 tapes (1.72 million orders).

Side by side: our machine (compiled blocks) and a straightforward fetch-decode-execute
interpreter written here, on the same tapes, in one run.  Run on demand:

    .venv/bin/python tests/benchmarks/bench_machine.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from pc1 import Machine, read_tape
from pc1 import word as w
from pc1.tape import decode_initial_load

TAPES = Path(__file__).resolve().parents[2].parent / "shared" / "third_party" / "pc1onunity"


class PlainInterpreter:
    """One order at a time through an if-chain: the straightforward way."""

    def __init__(self) -> None:
        self.mem = [0] * 512
        self.A = self.R = 0
        self.K = 0
        self.orders = 0
        self.printed: list[int] = []

    def run(self, limit: int = 10_000_000) -> None:
        mem = self.mem
        while self.orders < limit:
            order = mem[self.K]
            k = self.K
            self.K = (k + 1) & 511
            self.orders += 1
            op, long, n = order >> 12, order & 0o4000, order & 2047
            if long:
                e = n & 510
                m = mem[e] << 18 | mem[e + 1]
            else:
                m = mem[n & 511] << 18
            a, r = self.A, self.R
            if op == 24:
                self.A = (a + m) & w.MASK36
            elif op == 20:
                self.A = (a - m) & w.MASK36
            elif op == 13:
                self.A = m
            elif op == 6:
                self.A = -m & w.MASK36
            elif op == 14:
                self.A = a & m
            elif op == 19:
                self.A = a ^ m
            elif op == 29:
                self.A, self.R = r, m
            elif op == 1:
                if long:
                    mem[e], mem[e + 1] = a >> 18, a & w.MASK18
                else:
                    mem[n & 511] = a >> 18
            elif op == 23:
                x = n & 511
                mem[x] = (mem[x] & 0o774000) | ((a >> 18) & 2047)
            elif op in (9, 10):
                c, back = w.shift_count(n)
                left = (op == 9) != back
                if long:
                    self.A, self.R = (w.shift_long_left(a, r, c) if left else
                                      w.shift_long_right(a, r, c, op == 10))
                else:
                    self.A = (w.shift_short_left(a, c) if left else
                              w.shift_short_right_arith(a, c) if op == 10 else a >> c)
            elif op == 15:
                self.A, self.R = w.multiply(a, m)
            elif op == 25:
                self.A, self.R = (w.multiply_add(a, m, r) if long
                                  else w.multiply_add_short(a, m, r))
            elif op == 18:
                qr = w.divide(a, r, m)
                if qr is None:
                    return
                self.A, self.R = qr
            elif op == 26 and long:
                if n & 511 == k:
                    return
                self.K = n & 511
            elif op == 17:
                if (a == 0) if long else not (a >> 18) & 2047:
                    if n & 511 == k:
                        return
                    self.K = n & 511
            elif op == 30:
                if bool(a >> 35) != bool(long):
                    if n & 511 == k:
                        return
                    self.K = n & 511
            elif op == 3:
                self.printed.append(a >> 30)
            elif op in (12, 21, 26):
                pass
            else:
                return


def run_ours() -> tuple[int, float, str]:
    m = Machine()
    tapes = [read_tape(TAPES / f"pi_1000_{i}.ptw") for i in range(4)]
    t = time.perf_counter()
    for tape in tapes:
        m.initial_load(tape)
        m.clear_start()
        m.run()
    return m.orders, time.perf_counter() - t, m.printed_text()


def run_plain() -> tuple[int, float]:
    p = PlainInterpreter()
    images = [decode_initial_load(read_tape(TAPES / f"pi_1000_{i}.ptw").frames)[0]
              for i in range(4)]
    t = time.perf_counter()
    for words in images:
        p.mem[: len(words)] = words
        p.A, p.R, p.K = 0, 0, 0
        p.run()
    return p.orders, time.perf_counter() - t


def main() -> int:
    if not TAPES.exists():
        print(f"skipped: the pi_1000 tapes are not in {TAPES}")
        return 0
    best = min(run_ours() for _ in range(3))
    orders, secs, text = best
    assert text.rstrip().endswith("18577805321712268066130019278766111959092164201989")
    p_orders, p_secs = run_plain()
    assert p_orders == orders, (p_orders, orders)
    ours, plain = orders / secs, p_orders / p_secs
    print(f"pi_1000 (4 tapes), {orders:,} orders, max mode, Python {sys.version.split()[0]}")
    print(f"{'':28}{'seconds':>10}{'orders/s':>14}")
    print(f"{'pc1.Machine (blocks)':28}{secs:>10.3f}{ours:>14,.0f}")
    print(f"{'plain interpreter':28}{p_secs:>10.3f}{plain:>14,.0f}")
    print(f"ratio: {ours / plain:.2f}x the plain interpreter; target >= 3,000,000 orders/s: "
          f"{'met' if ours >= 3e6 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
