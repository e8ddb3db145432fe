"""The monitor: one command language for `pc1 script` and the console's command line.

Each verb is defined once below with its usage, help and aliases (as py65's monitor does);
`help` and docs/monitor.md are drawn from the same table.  The monitor holds the operator's
state around the machine (breakpoints, watchpoints, the punch file, how far `expect` has
read the paper); running the machine is left to `runner`, which a script does at once
(Monitor.perform) and the console does on its worker thread, paced and with STOP.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pc1.errors import InputError
from pc1.machine import Machine, Stop
from pc1.monitor_values import (
    REGISTERS,
    MonitorError,
    evaluate,
    examine_line,
    examine_long_line,
    long_word,
    parse_address,
    parse_number,
    parse_range,
    parse_word,
    register_line,
)
from pc1.r0text import text_to_frames
from pc1.tape import Tape, read_tape, write_tape
from pc1.tape_library import initial_load_hint, tape_path
from pc1.teleprinter import codes_to_text
from pc1.word import STORE_MASK

CHUNK_ORDERS = 2_000_000  # a run checks the wall-time limit at least this often
MAX_DEPTH = 8  # `do` inside `do`: deep enough for real use, shallow enough to catch a loop

Output = Callable[[str, str], None]  # (kind, text); kind: result | paper | report


@dataclass(frozen=True)
class Run:
    """A request to run the machine from K: until it stops (orders None) or for N orders."""

    label: str
    orders: int | None = None


class CheckFailed(Exception):
    """An `expect` or `assert` that did not hold (exit status 1 in a script)."""


class LimitReached(Exception):
    """The order or wall-time limit ended a run (exit status 3 in a script)."""


@dataclass(frozen=True)
class Verb:
    """One verb of the language: its name, arguments, one line of help, aliases."""

    name: str
    usage: str
    help: str
    aliases: tuple[str, ...]
    do: Callable[[Monitor, str], None]


VERBS: dict[str, Verb] = {}
_BY_NAME: dict[str, Verb] = {}


def verb(name: str, usage: str, help: str, aliases: tuple[str, ...] = ()):
    """Register a Monitor method as a verb (the table `help` and the docs are drawn from)."""

    def add(fn: Callable[[Monitor, str], None]):
        v = Verb(name, usage, help, aliases, fn)
        VERBS[name] = v
        for key in (name, *aliases):
            _BY_NAME[key] = v
        return fn

    return add


def find_verb(word: str) -> Verb | None:
    """The verb a word names (its name or an alias), or None."""
    return _BY_NAME.get(word.lower())


def strip_comment(line: str) -> str:
    """The line without its `;` comment and surrounding blanks."""
    return line.split(";", 1)[0].strip()


def _on_off(arg: str, what: str) -> bool:
    word = arg.strip().lower()
    if word not in ("on", "off"):
        raise MonitorError(f"{what} takes on or off, not {arg.strip()!r}")
    return word == "on"


def _unquote(text: str) -> str:
    t = text.strip()
    if len(t) >= 2 and t[0] == t[-1] == '"':
        return t[1:-1]
    return t


class Monitor:
    """The operator's command language over one machine."""

    def __init__(self, machine: Machine | None = None, *, folder: Path | None = None,
                 max_orders: int | None = None, time_limit: float | None = None,
                 out: Output | None = None) -> None:
        self.machine = machine if machine is not None else Machine()
        self.folder = folder if folder is not None else Path.cwd()
        self.max_orders = max_orders
        self.time_limit = time_limit
        self.out: Output = out or (lambda kind, text: None)
        self.runner: Callable[[Run], Stop] = self.perform
        self.breakpoints: set[int] = set()
        self.watchpoints: set[int] = set()
        self.punch_file: Path | None = None
        self.orders_used = 0
        self.started = time.monotonic()
        self._expect_from = 0  # how far `expect` has read the paper
        self._depth = 0

    # --- lines and scripts ------------------------------------------------------------------

    def execute(self, line: str) -> None:
        """Carry out one line; MonitorError if it is not understood."""
        text = strip_comment(line)
        if not text:
            return
        word, _, rest = text.partition(" ")
        v = find_verb(word)
        if v is None:
            raise MonitorError(f"unknown verb {word!r} (help lists the verbs)")
        v.do(self, rest.strip())

    def run_text(self, text: str, source: str) -> None:
        """Carry out a script's lines; a bad line raises InputError naming source and line."""
        for number, line in enumerate(text.splitlines(), 1):
            try:
                self.execute(line)
            except MonitorError as exc:
                raise InputError(str(exc), source=source, where=f"line {number}") from None
            except (CheckFailed, LimitReached) as exc:
                if getattr(exc, "placed", False):
                    raise
                placed = type(exc)(f"{source}: line {number}: {exc}")
                placed.placed = True  # type: ignore[attr-defined]
                raise placed from None

    def run_file(self, path: Path) -> None:
        """Carry out a script file; its relative paths are relative to its folder."""
        limit = 1_000_000  # bytes: a script is written by hand; a bigger file is refused unread
        try:
            if path.stat().st_size > limit:
                raise InputError(f"more than {limit:,} bytes: too large for a monitor script",
                                 source=str(path))
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise InputError(exc.strerror or str(exc), source=str(path)) from None
        except UnicodeDecodeError:
            raise InputError("not a text file", source=str(path)) from None
        folder, self.folder = self.folder, path.parent
        self._depth += 1
        try:
            self.run_text(text, str(path))
        finally:
            self.folder = folder
            self._depth -= 1

    def resolve(self, name: str) -> Path:
        """A file named in a line: beside the script (or here), else one of our tapes."""
        path = Path(name).expanduser()
        if path.is_absolute():
            return path
        here = self.folder / path
        if not here.exists() and path.name == name and tape_path(name).exists():
            return tape_path(name)
        return here

    def _tape(self, name: str) -> Tape:
        if not name:
            raise MonitorError("name a tape file")
        path = self.resolve(_unquote(name))
        try:
            return read_tape(path)
        except InputError as exc:
            raise MonitorError(str(exc)) from None
        except OSError as exc:
            raise MonitorError(f"{path}: {exc.strerror or exc}") from None

    # --- running --------------------------------------------------------------------------

    def perform(self, run: Run) -> Stop:
        """Run the machine here and now, within the order and wall-time limits."""
        m = self.machine
        budget = None if self.max_orders is None else self.max_orders - self.orders_used
        deadline = None if self.time_limit is None else self.started + self.time_limit
        orders = cycles = 0
        first = True
        while True:
            want = CHUNK_ORDERS
            for cap in (run.orders, budget):
                if cap is not None:
                    want = min(want, cap - orders)
            if want <= 0:
                reason = "step" if run.orders is not None and orders >= run.orders \
                    else "order limit"
                stop = Stop(reason, m.K, orders, cycles)
                break
            if not first and m.K in self.breakpoints:
                stop = Stop("breakpoint", m.K, orders, cycles)
                break
            first = False
            part = m.run(max_orders=want, breakpoints=self.breakpoints,
                         **self._watch_argument())
            orders += part.orders
            cycles += part.cycles
            if part.reason != "order limit":
                stop = Stop(part.reason, part.address, orders, cycles)
                break
            if deadline is not None and time.monotonic() > deadline:
                stop = Stop("time limit", m.K, orders, cycles)
                break
        m.last_stop = stop
        return stop

    def _watch_argument(self) -> dict:
        return {"watch": frozenset(self.watchpoints)} if self.watchpoints else {}

    def start(self, run: Run) -> Stop:
        """Run through `runner`, then show what was printed and how the machine stopped."""
        m = self.machine
        before = len(m.teleprinter.printed)
        punched = len(m.teleprinter.punched)
        stop = self.runner(run)
        self.orders_used += stop.orders
        text = codes_to_text(m.teleprinter.printed[before:])
        if text:
            self.out("paper", text)
        self.out("report", f"{run.label}: {stop.describe()} after {stop.orders:,} orders")
        if self.punch_file is not None and len(m.teleprinter.punched) != punched:
            self._save_punch()
        if stop.reason == "time limit":
            raise LimitReached(f"wall-time limit of {self.time_limit:g} s reached "
                               "(raise it with --time-limit SECONDS)")
        if stop.reason == "order limit" and self.max_orders is not None \
                and self.orders_used >= self.max_orders:
            raise LimitReached(f"order limit of {self.max_orders:,} orders reached "
                               "(raise it with --max-orders N)")
        return stop

    def _save_punch(self) -> None:
        try:
            write_tape(self.punch_file, self.machine.teleprinter.punched)
        except OSError as exc:
            raise MonitorError(f"{self.punch_file}: {exc.strerror or exc}") from None

    def _press(self, label: str, press: Callable[[], None]) -> None:
        press()
        self.start(Run(label, None if self.machine.free_run else 1))

    # --- the verbs: devices ---------------------------------------------------------------

    @verb("initial-load", "[FILE]", "place FILE (a binary tape) in the reader and press "
          "INITIAL LOAD", ("load",))
    def _initial_load(self, arg: str) -> None:
        m = self.machine
        if arg:
            tape = self._tape(arg)
            m.load_tape(tape)
        elif m.tape is None:
            raise MonitorError("the reader is empty: initial-load FILE")
        tape = m.tape
        try:
            words = m.initial_load()
        except InputError as exc:
            hint = initial_load_hint(Path(tape.name)) if tape.name else None
            raise MonitorError(f"{exc}" + (f" ({hint})" if hint else "")) from None
        self.out("report", f"INITIAL LOAD: {words} words loaded from {Path(tape.name).name}")

    @verb("attach", "FILE", "place a tape file in the reader", ("tape",))
    def _attach(self, arg: str) -> None:
        tape = self._tape(arg)
        self.machine.load_tape(tape)
        self.out("report", f"tape {Path(tape.name).name} placed in the reader "
                 f"({len(tape)} frames)")

    @verb("detach", "", "take the tape out of the reader")
    def _detach(self, arg: str) -> None:
        self.machine.remove_tape()
        self.out("report", "reader emptied")

    @verb("type", "TEXT", "punch TEXT onto a fresh tape and place it in the reader "
          "(R0 notation: {CR} {LF} {SP} ... for codes without a character)")
    def _type(self, arg: str) -> None:
        frames, _, errors = text_to_frames(arg)
        if errors:
            e = errors[0]
            raise MonitorError(f"type: column {e.position.column}: {e.message}")
        if not frames:
            raise MonitorError("type: nothing to punch")
        self.machine.load_tape(Tape(frames, "typed"))
        self.out("report", f"typed tape of {len(frames)} frames placed in the reader")

    @verb("punch", "FILE|off", "punch on, the punched tape saved to FILE after each run; "
          "or punch off")
    def _punch(self, arg: str) -> None:
        tp = self.machine.teleprinter
        if arg.strip().lower() == "off":
            tp.punch_on = False
            self.punch_file = None
            self.out("report", "punch off")
            return
        if not arg:
            raise MonitorError("punch FILE or punch off")
        self.punch_file = self.resolve(_unquote(arg))
        tp.punch_on = True
        tp.punched.clear()
        self._save_punch()
        self.out("report", f"punch on: to {self.punch_file}")

    @verb("tear", "", "tear off the teleprinter's paper (expect reads the new paper)")
    def _tear(self, arg: str) -> None:
        self.machine.teleprinter.printed.clear()
        self._expect_from = 0
        self.out("report", "paper torn off")

    # --- the verbs: buttons and running -----------------------------------------------------

    @verb("clear-start", "", "press CLEAR START: A=R=M=0, start at 0 (one order if FREE RUN "
          "is off)", ("cs",))
    def _clear_start(self, arg: str) -> None:
        self._press("CLEAR START", self.machine.clear_start)

    @verb("initial-start", "", "press INITIAL START: start at 0 keeping A and R")
    def _initial_start(self, arg: str) -> None:
        self._press("INITIAL START", self.machine.initial_start)

    @verb("restart", "", "press RESTART: continue with the order at K")
    def _restart(self, arg: str) -> None:
        self._press("RESTART", self.machine.restart)

    @verb("free-run", "on|off", "the FREE RUN switch: off makes each start run one order")
    def _free_run(self, arg: str) -> None:
        self.machine.free_run = _on_off(arg, "free-run")
        self.out("report", f"FREE RUN {'on' if self.machine.free_run else 'off'}")

    @verb("step", "[N]", "run N orders (default 1) from K, stopping early at a break or "
          "watch", ("s",))
    def _step(self, arg: str) -> None:
        n = parse_number(arg) if arg else 1
        if n < 1:
            raise MonitorError(f"step takes a count of at least 1, not {n}")
        self.machine.restart()
        self.start(Run(f"STEP {n}", n))

    @verb("go", "[ADDR]", "free run from ADDR (default: from K) until the machine stops",
          ("g", "run"))
    def _go(self, arg: str) -> None:
        m = self.machine
        if arg:
            m.K = parse_address(arg)
        m.restart()
        self.start(Run(f"GO {m.K}"))

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
        self.out("report", f"breakpoints: {_listed(self.breakpoints)}")

    @verb("watch", "ADDR...", "stop after an order changes the word at ADDR", ("w",))
    def _watch(self, arg: str) -> None:
        self.watchpoints.update(self._addresses(arg, "watch"))
        self.out("report", f"watchpoints: {_listed(self.watchpoints)}")

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
        self.out("report", f"breakpoints: {_listed(self.breakpoints)}; "
                 f"watchpoints: {_listed(self.watchpoints)}")

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

    # --- the verbs: checks and scripts --------------------------------------------------------

    @verb("expect", "TEXT", "the teleprinter must have printed TEXT (after what the last "
          "expect matched); else the script fails")
    def _expect(self, arg: str) -> None:
        want = _unquote(arg)
        if not want:
            raise MonitorError("expect TEXT")
        paper = self.machine.printed_text()
        at = paper.find(want, self._expect_from)
        if at < 0:
            rest = paper[self._expect_from:]
            if not rest:
                since = " since the last match" if paper else ""
                raise CheckFailed(f"expect {want!r}: nothing printed{since}")
            tail = rest[-60:].replace("\n", "\\n")
            raise CheckFailed(f"expect {want!r}: not printed (the paper since the last match "
                              f"ends {tail!r})")
        self._expect_from = at + len(want)
        self.out("report", f"expect {want!r}: printed")

    @verb("assert", "LEFT OP RIGHT", "check registers, mem[ADDR], long[ADDR], orders with "
          "== != < > <= >=; else the script fails")
    def _assert(self, arg: str) -> None:
        holds, shown = evaluate(self.machine, arg)
        if not holds:
            raise CheckFailed(f"assert {arg.strip()}: {shown}")
        self.out("report", f"assert {arg.strip()}: holds")

    @verb("echo", "TEXT", "print TEXT")
    def _echo(self, arg: str) -> None:
        self.out("result", _unquote(arg))

    @verb("do", "FILE", "carry out the lines of a script file")
    def _do(self, arg: str) -> None:
        if not arg:
            raise MonitorError("do FILE")
        if self._depth >= MAX_DEPTH:
            raise MonitorError(f"do nested deeper than {MAX_DEPTH} (does a script call itself?)")
        path = self.resolve(_unquote(arg))
        if not path.is_file():
            raise MonitorError(f"{path}: no such script")
        self.run_file(path)

    @verb("help", "[VERB]", "list the verbs, or the help of one", ("?",))
    def _help(self, arg: str) -> None:
        for line in help_lines(arg):
            self.out("result", line)


def _listed(addresses: set[int]) -> str:
    return " ".join(str(a) for a in sorted(addresses)) or "none"


def help_lines(word: str = "") -> list[str]:
    """Help drawn from the verb table: every verb, or one."""
    if word:
        v = find_verb(word.strip())
        if v is None:
            raise MonitorError(f"unknown verb {word.strip()!r}")
        also = f"  (also: {', '.join(v.aliases)})" if v.aliases else ""
        return [f"{v.name} {v.usage}".rstrip() + also, f"  {v.help}"]
    width = max(len(f"{v.name} {v.usage}") for v in VERBS.values())
    return [f"{f'{v.name} {v.usage}':<{width}}  {v.help}" for v in VERBS.values()]
