"""The monitor's verbs for the store and the registers: marks, examine, deposit, set.

A mixin of pc1.monitor.Monitor, which provides machine, out, breakpoints and watchpoints;
each verb is registered in the one verb table (pc1.monitor.verbs).
"""

from __future__ import annotations

from pc1.machine import STORE_MASK
from pc1.monitor.values import (
    REGISTERS,
    MonitorError,
    examine_line,
    examine_long_line,
    long_word,
    parse_address,
    parse_range,
    parse_word,
    register_line,
)
from pc1.monitor.verbs import listed, verb


class StoreVerbs:
    """break, watch, nobreak, show; examine, deposit, set."""

    # --- the verbs: breakpoints and watchpoints ---------------------------------------------

    def _addresses(self, arg: str, what: str) -> list[int]:
        if not arg:
            raise MonitorError(f"{what} takes one or more addresses")
        found: list[int] = []
        for part in arg.replace(",", " ").split():
            lo, hi = parse_range(part)
            found += range(lo, hi + 1)
        return found

    @verb("break", "ADDR...", "stop before the order at ADDR is run", ("b",))
    def _break(self, arg: str) -> None:
        self.breakpoints.update(self._addresses(arg, "break"))
        self.out("report", f"breakpoints: {listed(self.breakpoints)}")

    @verb("watch", "ADDR...", "stop after an order changes the word at ADDR", ("w",))
    def _watch(self, arg: str) -> None:
        self.watchpoints.update(self._addresses(arg, "watch"))
        self.out("report", f"watchpoints: {listed(self.watchpoints)}")

    @verb("nobreak", "ADDR...|all", "remove the breakpoints and watchpoints at ADDR, or all",
          ("nb", "nowatch"))
    def _nobreak(self, arg: str) -> None:
        if arg.strip().lower() == "all":
            self.breakpoints.clear()
            self.watchpoints.clear()
        else:
            gone = set(self._addresses(arg, "nobreak"))
            self.breakpoints -= gone
            self.watchpoints -= gone
        self.out("report", f"breakpoints: {listed(self.breakpoints)}; "
                 f"watchpoints: {listed(self.watchpoints)}")

    @verb("show", "breaks", "list the breakpoints and watchpoints")
    def _show(self, arg: str) -> None:
        if arg.strip().lower() not in ("breaks", "break", "watch"):
            raise MonitorError(f"show breaks (not {arg.strip()!r})")
        for a in sorted(self.breakpoints):
            self.out("result", f"break {a}")
        for a in sorted(self.watchpoints):
            self.out("result", f"watch {a}")
        if not self.breakpoints and not self.watchpoints:
            self.out("result", "no breakpoints or watchpoints")

    # --- the verbs: store and registers -------------------------------------------------------

    @verb("examine", "ADDR[-ADDR] [long] | A|R|M|X|K", "show words as ADDR: OCTAL DECIMAL "
          "ORDER (long: 36-bit pairs with their fraction), or a register", ("e", "ex"))
    def _examine(self, arg: str) -> None:
        for line in self.examine(arg):
            self.out("result", line)

    def examine(self, arg: str) -> list[str]:
        """The lines `examine ARG` prints."""
        parts = arg.split()
        if not parts or len(parts) > 2 or (len(parts) == 2 and parts[1].lower() != "long"):
            raise MonitorError("examine ADDR[-ADDR] [long], or examine A|R|M|X|K")
        if parts[0].upper() in REGISTERS and len(parts) == 1:
            return [register_line(self.machine, parts[0])]
        lo, hi = parse_range(parts[0])
        words = self.machine.memory.words
        if len(parts) == 2:
            return [examine_long_line(a, long_word(words, a))
                    for a in range(lo & ~1, hi + 1, 2)]
        return [examine_line(a, words[a]) for a in range(lo, hi + 1)]

    @verb("deposit", "ADDR VALUE [long]", "store VALUE (decimal, 0o octal, or an order such "
          "as tl 300) at ADDR; long: a 36-bit value in the pair at ADDR", ("d",))
    def _deposit(self, arg: str) -> None:
        parts = arg.split(maxsplit=1)
        if len(parts) != 2:
            raise MonitorError("deposit ADDR VALUE")
        a = parse_address(parts[0])
        value_text = parts[1]
        long = value_text.lower().endswith(" long")
        if long:
            value_text = value_text[:-5]
        mem = self.machine.memory
        if long:
            value = parse_word(value_text, 36)
            e = a & (STORE_MASK - 1)
            mem[e], mem[e + 1] = value >> 18, value & 0o777777
            self.out("result", examine_long_line(e, value))
        else:
            mem[a] = parse_word(value_text, 18)
            self.out("result", examine_line(a, mem[a]))

    @verb("set", "A|R|M|K VALUE", "set a register (K: the next order is the word at K)")
    def _set(self, arg: str) -> None:
        parts = arg.split(maxsplit=1)
        if len(parts) != 2 or parts[0].upper() not in ("A", "R", "M", "K"):
            raise MonitorError("set A|R|M|K VALUE")
        name = parts[0].upper()
        m = self.machine
        if name == "K":
            m.K = parse_address(parts[1])
            m.restart()  # X follows K: the look-ahead holds the order at K
        else:
            setattr(m, name, parse_word(parts[1], 36))
        self.out("result", register_line(m, name))
