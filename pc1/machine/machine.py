"""The PC-1: registers A R M X K, the 512-word store, the panel buttons, step and run.

The order semantics live in pc1/machine/orders.py; pc1/machine/compiler.py turns them into Python
blocks
that this module runs.  Facts: docs/machine.md.

Look-ahead: X holds the next order and K its address.  X is re-fetched after every store,
so X always equals the word at K while the machine runs; a deposit or an initial load while
the machine is stopped counts as a store too, so RESTART runs the word that is now at K.
K is kept modulo 512 (addresses alias mod 512).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from pc1.base import InputError
from pc1.devices import BLANK, ER, SEPARATOR_END, Tape, Teleprinter, let_older_go
from pc1.machine.compiler import (
    PLAIN,
    BlockFn,
    Mode,
    Plan,
    compile_plan,
    extent_class,
    plan_block,
    step_function,
    store_targets,
)
from pc1.machine.foresight import aimed_at, flips
from pc1.machine.history import TraceRing
from pc1.machine.word import MASK18, STORE_MASK

DEFAULT_CLOCK_HZ = 15_000
BLOCK_MAX = 48
REGION_MAX = 6  # blocks compiled into one function (a program's inner loop)
# arrivals at an address, run one order at a time, before the block there is compiled: a
# block costs as much to compile as some thousands of orders cost to step, and most code
# (loading, set-up, printing the result) runs once or a few times.  Not more: code stepped
# longer sees more `x` orders change its address fields, and those are read as the orders run
# rather than compiled in (150 compiled e1000 a little faster, but ran Wada's pi_1000 tapes
# 1.4x slower than 40)
COMPILE_AFTER = 40
STEPPED = -(1 << 62)  # the heat of a volatile word: it never gets a block of its own
CHUNK_ORDERS = 1_000_000  # a loop block returns at least this often, so STOP is noticed
NO_LIMIT = 1 << 62
LOAD_CYCLES_PER_FRAME = 4
# the speaker's changes kept (the newest, at most twice this many: some 36 MB), so that a
# loop that toggles it for hours cannot fill the memory; a `speaker_sink` (`pc1 run --wav`)
# takes the older ones instead of letting them go
SPEAKER_KEEP = 200_000

Trace = Callable[[int, int], None]


class Stop(NamedTuple):
    """Why and where the machine stopped (a NamedTuple: a plain run builds no dataclass)."""

    reason: str  # halt | dynamic stop | waiting for tape | printer wait | divide overflow |
    #              order limit | cycle limit | breakpoint | watchpoint | stopped | step
    address: int  # the address of the order that stopped it (or the breakpoint; for a
    #              watchpoint, K: the order that runs next)
    orders: int  # orders executed by this run
    cycles: int  # cycles spent by this run
    watched: int | None = None  # watchpoint: the watched address whose word changed

    @property
    def by_itself(self) -> bool:
        """True when the program stopped the machine (not a limit, breakpoint or STOP)."""
        return self.reason in ("halt", "dynamic stop", "waiting for tape", "printer wait",
                               "divide overflow")

    def describe(self) -> str:
        """One line for the operator, e.g. 'halt at 76' or 'watchpoint at 83 (word 78 changed)'."""
        if self.watched is not None:
            return f"{self.reason} at {self.address} (word {self.watched} changed)"
        return f"{self.reason} at {self.address}"


class Memory:
    """The store as the outside sees it: 18-bit words, addresses alias mod 512.

    Writes through this view count as stores: they refresh X and retire compiled code.
    """

    def __init__(self, machine: Machine) -> None:
        self.words = [0] * (STORE_MASK + 1)
        self._machine = machine

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self):
        return iter(self.words)

    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return self.words[index]
        return self.words[index & STORE_MASK]

    def __setitem__(self, index: int, value: int) -> None:
        a = index & STORE_MASK
        self.words[a] = value & MASK18
        self._machine._stored(a)

    def load(self, start: int, values: Iterable[int]) -> None:
        """Deposit consecutive words from `start`."""
        for i, v in enumerate(values):
            self[start + i] = v


class Machine:
    """One PC-1 with its reader, teleprinter and flip-flops."""

    def __init__(self, clock_hz: float = DEFAULT_CLOCK_HZ,
                 compile_after: int = COMPILE_AFTER) -> None:
        self.clock_hz = clock_hz
        # 1 compiles every block on first entry (the tests that check blocks against steps)
        self.compile_after = compile_after
        self.memory = Memory(self)
        self.A = self.R = self.M = 0
        self.K = 0
        self.X = 0
        self.free_run = True
        self.orders = 0
        self.cycles = 0
        self.clear_start_orders = 0  # `orders` at the last CLEAR START: the time axis's zero
        self.ff30 = 0
        self.ff31 = 0
        self.speaker_events: list[tuple[int, int]] = []  # (cycle, level of FF31)
        self.speaker_dropped = 0  # older changes let go (see SPEAKER_KEEP)
        self.speaker_sink: Callable[[list[tuple[int, int]]], None] | None = None
        self.teleprinter = Teleprinter()
        self.tape: Tape | None = None
        self.tape_position = 0
        self.last_stop: Stop | None = None
        self._stop_requested = False
        # the function that runs from each address: (function, its longest segment, I/O,
        # the start of its plan: this address, or a region's first block)
        self._blocks: list[tuple[BlockFn, int, bool, int] | None] = [None] * 512
        # arrivals at each address while it had no block (stepped), toward compile_after
        self._heat = [0] * 512
        # the step function (and whether it is I/O) for each function bits, in this mode
        self._steps: list[tuple[BlockFn, bool] | None] = [None] * 128
        self._owners: list[set[int]] = [set() for _ in range(512)]
        self._extent: dict[int, Plan] = {}
        self._sig = [-1] * 512
        self._word = [-1] * 512  # each compiled word as the compiled code knows it
        # the flags compiled code tests are lists: Python indexes a list of ints faster than
        # a bytearray
        self._cflag = [0] * 512
        self._pflag = [0] * 512  # at each even address: either word of the pair compiled
        self._bflag = [0] * 512  # plans with this address field compiled in as a constant
        # words whose address field was rewritten while compiled: a new plan reads it as
        # the order runs, so code that plants a fresh address there each time (R0's switch
        # word 18, its `x 12; p (c-8)`) is not compiled again for every value it takes
        self._unsteady = bytearray(512)
        # changes to each word's address field made by `x` orders run as steps: a word
        # changed more than once before its block is compiled is read as the order runs
        self._moves = [0] * 512
        # function bits every plan holding the word has an arm for (Wada's al/sl flips):
        # a store between them needs no bookkeeping at all
        self._armed: list[set[int]] = [set() for _ in range(512)]
        # plans whose code stores into this word without a check, with the flag the check
        # would test (c: nothing was compiled there when they were, b: no address compiled
        # in there): compiling that there drops their code
        self._blind: list[set[tuple[int, str]]] = [set() for _ in range(512)]
        self._cut: frozenset[int] = frozenset()
        # words whose order turned into or out of a jump, I/O or halt, or that took too many
        # orders to be worth arms, while compiled (R0's switch word 18 flips each character):
        # blocks end before them and they are stepped, so the flips retire no code
        self._volatile: frozenset[int] = frozenset()
        self._mode: Mode = PLAIN
        self._wflag = [0] * 512  # watched addresses of the current run
        self._shadow = [0] * 512  # their words as last seen
        self._watch_hit: int | None = None
        self._record: Callable[[tuple[int, int, int, int]], None] | None = None

    # --- devices --------------------------------------------------------------------------

    def load_tape(self, tape: Tape | Sequence[int]) -> None:
        """Put a tape in the reader (replacing any tape there)."""
        self.tape = tape if isinstance(tape, Tape) else Tape(list(tape))
        self.tape_position = 0

    def remove_tape(self) -> None:
        """Take the tape out of the reader."""
        self.tape = None
        self.tape_position = 0

    def rewind_tape(self) -> None:
        """Wind the tape in the reader back to its start."""
        self.tape_position = 0

    @property
    def tape_remaining(self) -> int:
        """Frames left unread in the reader."""
        return len(self.tape.frames) - self.tape_position if self.tape else 0

    def _read(self) -> int:
        """The reader: the next frame, or -1 when no character is ready."""
        tape = self.tape
        if tape is None or self.tape_position >= len(tape.frames):
            return -1
        c = tape.frames[self.tape_position]
        self.tape_position += 1
        return c

    def _output(self, code: int) -> bool:
        return self.teleprinter.output(code)

    def _flip_flop(self, n: int, level: int) -> None:
        if n == 31:
            if self.ff31 != level:
                self.ff31 = level
                self.speaker_events.append((self.cycles, level))
                older = let_older_go(self.speaker_events, SPEAKER_KEEP)
                if older and self.speaker_sink is not None:  # handed on
                    self.speaker_sink(older)
                else:
                    self.speaker_dropped += len(older)
        elif n == 30:
            self.ff30 = level

    def printed_text(self) -> str:
        """Everything the teleprinter has printed, as text (CR LF -> newline)."""
        return self.teleprinter.text()

    @property
    def since_clear_start(self) -> int:
        """Orders run since the last CLEAR START: the time axis of a study."""
        return self.orders - self.clear_start_orders

    @property
    def simulated_seconds(self) -> float:
        """Cycles so far at this machine's clock."""
        return self.cycles / self.clock_hz

    # --- panel buttons --------------------------------------------------------------------

    def initial_load(self, tape: Tape | Sequence[int] | None = None) -> int:
        """INITIAL LOAD: read a binary tape from the reader into the store from address 0.

        With `tape`, that tape is put in the reader first.  A is not cleared: each long word
        loaded is XORed into it (PC-1 on Unity's check pattern).  Returns the words loaded.
        A tape that ends before its closing 63 raises InputError naming the frame.
        """
        if tape is not None:
            self.load_tape(tape)
        name = self.tape.name if self.tape else "reader"
        frames_read = 0

        def frame() -> int:
            nonlocal frames_read
            c = self._read()
            if c < 0:
                raise InputError(
                    "truncated binary tape: it ends before the closing 63 "
                    f"({frames_read} frames read)", source=name,
                    where=f"frame {self.tape_position + 1}")
            frames_read += 1
            return c

        while frame() in (BLANK, ER):
            pass
        # a new program: what was volatile, or had its address fields move, may be plain
        # code now (a loader run again after a program starts afresh: R0 before pi1000prt)
        for a in self._volatile:
            self._heat[a] = 0
        self._volatile = frozenset()
        self._moves = [0] * 512
        self._unsteady = bytearray(512)
        k = 0
        words = self.memory.words
        try:
            while True:
                group = [frame() for _ in range(7)]
                hi = group[0] << 12 | group[1] << 6 | group[2]
                lo = group[3] << 12 | group[4] << 6 | group[5]
                a = (2 * k) & STORE_MASK
                words[a], words[a + 1] = hi, lo
                self._stored(a)
                self._stored(a + 1)
                self.A ^= hi << 18 | lo
                k += 1
                if group[6] == SEPARATOR_END:
                    return 2 * k
        finally:
            self.cycles += LOAD_CYCLES_PER_FRAME * frames_read

    def clear_start(self) -> None:
        """CLEAR START: A = M = R = 0, K = 0; the next run or step starts at address 0."""
        self.A = self.R = self.M = 0
        self.clear_start_orders = self.orders
        self.teleprinter.begin_run()
        self._jump(0)

    def initial_start(self) -> None:
        """INITIAL START: start at address 0 without clearing A and R.

        This is how the seed's operator procedure uses it.  PC-1 on Unity instead continues
        at K+1, which its author marks as uncertain.
        """
        self.teleprinter.begin_run()
        self._jump(0)

    def restart(self) -> None:
        """RESTART: continue with the order in X (at K)."""
        self.X = self.memory.words[self.K]

    def stop(self) -> None:
        """STOP: end a run after the order (block) in progress; safe from another thread."""
        self._stop_requested = True

    def _jump(self, address: int) -> None:
        self.K = address & STORE_MASK
        self.X = self.memory.words[self.K]

    # --- compiled code bookkeeping ----------------------------------------------------------

    def _compile(self, start: int) -> tuple[BlockFn, int, bool, int]:
        words = self.memory.words
        key = start
        plan = self._extent.get(key)
        if plan is None:
            # blocks compile the address fields in until one changes
            # a breakpoint is checked between calls: code that starts at one runs alone, and
            # no block, loop or region goes through one (block_extent and plan_block cut there)
            at_break = start in self._cut
            plan = plan_block(words, start, BLOCK_MAX, self._cut | self._volatile,
                              loops=not at_break,
                              max_segments=1 if at_break else REGION_MAX, bake=True)
            moves, own = self._moves, set(plan.addresses)
            aimed = aimed_at(words)
            plan.hold(a for a in own if self._unsteady[a] or moves[a] > 1 or a in aimed)
            plan.arm(flips(words, own))
            for a in set(plan.addresses):
                if self._blind[a]:
                    # an `x` (b) only moves an address field: it matters where one is baked
                    self._see(a, ("c" if not self._cflag[a] else "")
                              + ("b" if plan.baked(a) and not self._bflag[a] else ""))
                self._owners[a].add(key)
                self._armed[a].clear()  # a new plan has no arms yet
                self._sig[a] = words[a] >> 11
                self._word[a] = words[a]
                self._cflag[a] = 1
                self._pflag[a & 510] = 1
                if plan.baked(a):
                    self._bflag[a] += 1
            self._extent[key] = plan
        # else: its orders changed function bits but not its extent; only the code is new
        fn = compile_plan(words, plan, self._mode, self._unchecked(key, plan))
        entry = (fn, plan.longest, extent_class(words[start]) == "io", key)
        blocks = self._blocks
        blocks[start] = entry
        # the other blocks of a region are entered through its function, not compiled again
        for t, _ in plan.segments[1:]:
            if blocks[t] is None:
                blocks[t] = (fn, plan.longest, False, key)
        return entry

    def _step_function(self, bits: int) -> tuple[BlockFn, bool]:
        entry = self._steps[bits] = step_function(bits, self._mode)
        return entry

    def _unchecked(self, key: int, plan: Plan) -> frozenset[tuple[int, str]]:
        """The plan's store targets that need no check now (and note the plan as blind)."""
        out = []
        for a, width, flag in store_targets(self.memory.words, plan):
            flags = self._cflag if flag == "c" else self._bflag
            if not any(flags[a + i] for i in range(width)):
                out.append((a, flag))
                for i in range(width):
                    self._blind[a + i].add((key, flag))
        return frozenset(out)

    def _see(self, a: int, flags: str) -> None:
        """Code is compiled into word a: plans that store there unchecked, where a check
        would test one of these flags, must check."""
        seen = {(key, flag) for key, flag in self._blind[a] if flag in flags}
        for key in {key for key, _ in seen}:
            plan = self._extent.get(key)
            if plan is not None:
                plan.variants.clear()
                self._respecialize(key)
        self._blind[a] -= seen

    def _unlink(self, key: int, plan: Plan | None) -> None:
        """The plan's function no longer runs: at its start, nor at its other blocks."""
        blocks = self._blocks
        blocks[key] = None
        for t, _ in plan.segments[1:] if plan else ():
            if blocks[t] is not None and blocks[t][3] == key:
                blocks[t] = None

    def _retire(self, key: int) -> None:
        plan = self._extent.pop(key, None)
        self._unlink(key, plan)
        for a in set(plan.addresses) if plan else ():
            owners = self._owners[a]
            owners.discard(key)
            if plan.baked(a):
                self._bflag[a] -= 1
            if not owners:
                self._cflag[a] = 0
                self._pflag[a & 510] = self._cflag[a ^ 1]
                self._sig[a] = -1
                self._word[a] = -1

    def _respecialize(self, key: int) -> None:
        """Drop the block's code but keep its plan: the next entry compiles only the code."""
        self._unlink(key, self._extent.get(key))
        self._heat[key] = self.compile_after  # it is hot: compiled again on its next entry

    def _code_written(self, x: int) -> bool:
        """A store hit compiled code: True if code that may be running now is out of date."""
        stale = False
        words, known = self.memory.words, self._word
        for a in (x, x | 1):  # a long store writes the pair
            if not self._cflag[a] or words[a] == known[a]:
                continue
            if (known[a] ^ words[a]) & 2047:
                self._unsteady[a] = 1  # its address field moves: later plans read it
            known[a] = words[a]
            new = words[a] >> 11
            old = self._sig[a]
            if new == old:
                # only the address field changed: plans that compiled it in must read it
                # as the order runs from now on
                for key in list(self._owners[a]):
                    if self._extent[key].moved(a):
                        self._bflag[a] -= 1
                        self._respecialize(key)
                        stale = True
                continue
            # the extent stays valid while no order turns into or out of a jump, I/O or
            # halt; then the plan stays and its code gains an arm for the new order
            armed = self._armed[a]
            if new in armed and old in armed:
                self._sig[a] = new
                continue  # every plan holding a already picks between these as it runs
            same_extent = extent_class(new << 11) == extent_class(old << 11)
            self._sig[a] = new
            for key in list(self._owners[a]):
                plan = self._extent[key]
                was_baked = plan.baked(a)
                change = plan.changed(a, old, new) if same_extent else None
                if change is None:
                    self._retire(key)
                    self._heat[key] = 0  # rewritten code proves hot again before a new block
                    self._volatile |= {a}
                    self._heat[a] = STEPPED
                    stale = True
                    continue
                if was_baked and not plan.baked(a):  # an order with arms reads its address
                    self._bflag[a] -= 1
                    change = True
                if change:
                    self._respecialize(key)
                    stale = True
            if same_extent:
                armed.update((old, new))
            else:
                armed.clear()
        return stale

    def _retire_at(self, a: int) -> None:
        """Retire every block holding address a (their code no longer fits the store)."""
        for key in list(self._owners[a]):
            self._retire(key)

    def _watch_changed(self, x: int) -> bool:
        """A store hit a watched word: True (and note which) if a watched word changed."""
        words, shadow, wflag = self.memory.words, self._shadow, self._wflag
        hit = None
        for a in (x, x | 1):
            if wflag[a] and words[a] != shadow[a]:
                shadow[a] = words[a]
                if hit is None:
                    hit = a
        if hit is None:
            return False
        self._watch_hit = hit
        return True

    def _stored(self, a: int) -> None:
        if self._cflag[a]:
            self._code_written(a)
        if a == self.K:
            self.X = self.memory.words[a]

    def _set_mode(self, breakpoints: frozenset[int], mode: Mode) -> None:
        if mode != self._mode:
            self._mode = mode
            self._steps = [None] * 128
            self._cut = breakpoints
            for key in list(self._extent):
                self._retire(key)
        elif breakpoints != self._cut:
            self._cut = breakpoints
            for key in list(self._extent):
                self._retire(key)

    def _arm_watch(self, watched: frozenset[int]) -> None:
        wflag, words = self._wflag, self.memory.words
        wflag[:] = [0] * 512
        for a in watched:
            wflag[a] = 1
            self._shadow[a] = words[a]
        self._watch_hit = None

    # --- running ----------------------------------------------------------------------------

    def step(self, trace: Trace | None = None, *, watch: Iterable[int] = (),
             history: TraceRing | None = None) -> Stop:
        """Execute one order (a START press with FREE RUN off); `watch`/`history` as in run."""
        stop = self.run(max_orders=1, trace=trace, watch=watch, history=history)
        if stop.reason == "order limit":
            stop = Stop("step", stop.address, stop.orders, stop.cycles)
            self.last_stop = stop
        return stop

    def run(self, max_orders: int | None = None, *, max_cycles: int | None = None,
            breakpoints: Iterable[int] = (), trace: Trace | None = None,
            watch: Iterable[int] = (), history: TraceRing | None = None) -> Stop:
        """Run from K until the machine stops, a limit is reached, or STOP is pressed.

        `trace(address, order)` is called before each order (and slows the run down);
        a breakpoint stops before the order at that address (not on the first order).
        `watch`: addresses whose words are watched; right after an order changes one of
        them (a store of the same value is no change) the run stops with reason
        "watchpoint", `Stop.address` = K (the order that runs next) and `Stop.watched` =
        the changed address.  `history`: a TraceRing that receives `(address, order, A, R)`
        after every order, recorded inside the compiled blocks at full speed.
        """
        self._stop_requested = False
        bps = frozenset(b & STORE_MASK for b in breakpoints)
        watched = frozenset(a & STORE_MASK for a in watch)
        self._set_mode(bps, Mode(watch=bool(watched), record=history is not None,
                                 timed=max_cycles is not None))
        self._arm_watch(watched)
        self._record = history.record if history is not None else None
        words = self.memory.words
        cflag = self._cflag
        blocks, heat, steps = self._blocks, self._heat, self._steps
        hot = self.compile_after
        A, R, M, K = self.A, self.R, self.M, self.K
        orders0, cycles0 = self.orders, self.cycles
        orders, cycles = orders0, cycles0
        if max_orders is None and max_cycles is None and not bps and trace is None:
            # the common case, max mode with no limit: nothing to check between blocks
            # but the STOP button
            entered = True  # K was reached by a jump or from a block, not by falling through
            while True:
                entry = blocks[K]
                if entry is None:
                    if entered:
                        heat[K] += 1
                    if heat[K] < hot:  # not hot yet: one order by its step function
                        bits = words[K] >> 11
                        fn, is_io = steps[bits] or self._step_function(bits)
                        if is_io:
                            self.cycles = cycles
                        p = K
                        A, R, M, K, n, c, stopped, at = fn(A, R, M, words, self, cflag, p)
                        orders += 1
                        cycles += c
                        if stopped is not None:
                            reason, where = stopped, at
                            break
                        if self._stop_requested:
                            reason, where = "stopped", K
                            break
                        entered = K != (p + 1) & 511
                        continue
                    entry = self._compile(K)
                entered = True
                if entry[2]:
                    self.cycles = cycles
                A, R, M, K, n, c, stopped, at = entry[0](A, R, M, words, self, cflag,
                                                         CHUNK_ORDERS, NO_LIMIT, K)
                orders += n
                cycles += c
                if stopped is not None:
                    reason, where = stopped, at
                    break
                if self._stop_requested:
                    reason, where = "stopped", K
                    break
            return self._finish(A, R, M, K, orders, cycles, reason, where, orders0, cycles0)
        order_limit = orders0 + max_orders if max_orders is not None else None
        cycle_limit = cycles0 + max_cycles if max_cycles is not None else None
        first = True
        entered = True
        reason, where = "order limit", K
        while True:
            if not first:
                if self._stop_requested:
                    reason, where = "stopped", K
                    break
                if K in bps:
                    reason, where = "breakpoint", K
                    break
                if cycle_limit is not None and cycles >= cycle_limit:
                    reason, where = "cycle limit", K
                    break
            first = False
            if order_limit is not None and orders >= order_limit:
                reason, where = "order limit", K
                break
            entry = None
            if trace is None:  # a trace sees every order: all of them stepped
                entry = blocks[K]
                if entry is None:
                    if entered:
                        heat[K] += 1
                    if heat[K] >= hot:
                        entry = self._compile(K)
                if entry is not None and order_limit is not None \
                        and orders + entry[1] > order_limit:
                    entry = None  # the block might run past the limit: step instead
            if entry is None:
                bits = words[K] >> 11
                fn, is_io = steps[bits] or self._step_function(bits)
                if is_io:
                    self.cycles = cycles
                if trace is not None:
                    self.A, self.R, self.M, self.K, self.orders, self.cycles = (
                        A, R, M, K, orders, cycles)
                    trace(K, words[K])
                p = K
                A, R, M, K, n, c, stopped, at = fn(A, R, M, words, self, cflag, p)
                orders += 1
                cycles += c
                if stopped is not None:
                    reason, where = stopped, at
                    break
                entered = K != (p + 1) & 511
                continue
            entered = True
            fn, length, is_io, _ = entry
            if is_io:
                self.cycles = cycles
            budget = (order_limit - orders if order_limit is not None else CHUNK_ORDERS) - length
            cbudget = cycle_limit - cycles if cycle_limit is not None else NO_LIMIT
            A, R, M, K, n, c, stopped, at = fn(A, R, M, words, self, cflag, budget, cbudget, K)
            orders += n
            cycles += c
            if stopped is not None:
                reason, where = stopped, at
                break
        return self._finish(A, R, M, K, orders, cycles, reason, where, orders0, cycles0)

    def _finish(self, A: int, R: int, M: int, K: int, orders: int, cycles: int, reason: str,
                where: int, orders0: int, cycles0: int) -> Stop:
        self.A, self.R, self.M, self.K = A, R, M, K
        self.X = self.memory.words[K]
        self.orders, self.cycles = orders, cycles
        watched = None
        if reason == "watchpoint":
            where, watched = K, self._watch_hit
        stop = Stop(reason, where, orders - orders0, cycles - cycles0, watched)
        self.last_stop = stop
        return stop

    # --- state ------------------------------------------------------------------------------

    def state(self) -> dict:
        """A plain-data snapshot: registers, store, counters, the last stop and the reader
        (the format of a state file: pc1/machine/saved.py)."""
        tape = self.tape
        return {
            "A": self.A, "R": self.R, "M": self.M, "X": self.X, "K": self.K,
            "memory": list(self.memory.words), "orders": self.orders, "cycles": self.cycles,
            "clear_start_orders": self.clear_start_orders,
            "ff30": self.ff30, "ff31": self.ff31,
            "stop": None if self.last_stop is None else {
                "reason": self.last_stop.reason, "address": self.last_stop.address},
            "tape": None if tape is None else {
                "name": tape.name or "", "frames": list(tape.frames),
                "position": self.tape_position},
        }
