"""Compile runs of PC-1 orders into Python functions, from the order table's templates.

A block is a straight run of orders starting at one address; a plan (`plan_block`) is a
block and, when the machine asks for it, the blocks it jumps or falls into (a region), all
compiled into one function that picks the next block by K (its blocks in order of address:
a step forward falls through to the later block's test, and only a step back, which every
cycle of blocks has, checks the order budget; see _go).  The function takes the
registers and the store, runs the orders, and returns
`(A, R, M, next_K, orders_done, cycles_done, stop_reason_or_None, stop_address)`.
Address fields are read from the store when each order runs, so the common self-modifying
idiom (`x` rewriting an address) needs no recompilation.  Only a store that changes the
function bits of a compiled order changes the code (see Machine._code_written): the plan
notes the new order (`Plan.changed`) and is compiled again with an arm for each order seen
at that address, chosen as it runs, so a program that flips an order each term compiles
once more and never again.

Blocks end at any jump, I/O or flip-flop order (those run as one-order blocks, so the
cycle count is exact when they act), at a halt, and at `max_len` orders; a conditional jump
leaves from the middle.

The hot arithmetic (multiply, divide, shifts) is written straight into the generated code
(`_INLINE`): the same formulas as pc1/machine/word.py, without a function call or the signed36
calls.
Two optional features are compiled in only when a run asks for them (`Mode`): watchpoints
(a store that changes a watched word ends the block with the stop "watchpoint") and the
history ring (each order appends `(address, order, A, R)` after it runs).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import NamedTuple

from pc1.machine import code_cache, word
from pc1.machine.halves import ADDRESS as HALF_ADDRESS
from pc1.machine.halves import WHOLE_ADDRESS as _A_ADDRESS
from pc1.machine.halves import Halves, split_order
from pc1.machine.orders import Form, form_of

BlockFn = Callable[..., tuple]

_NAMESPACE = {
    name: getattr(word, name)
    for name in (
        "MASK35", "MASK36", "BIT35", "shift_count", "shift_short_left",
        "shift_short_right_logical", "shift_short_right_arith", "shift_long_left",
        "shift_long_right", "multiply", "multiply_add", "multiply_add_short", "divide",
    )
}

# signed36(X) spelled inline; 68719476736 = 2**36
_S = "({0} - 68719476736 if {0} >> 35 else {0})"
_SPLIT = ["A = (v >> 35) & MASK36", "R = v & MASK35"]
_LONG_SHIFT_TAIL = ["A = (v >> 35) & MASK36", "R = (R & BIT35) | (v & MASK35)"]

# template line (or whole body) -> the same computation without calls
# (pc1/machine/word.py's formulas)
_INLINE: dict[str, str] = {
    "c, back = shift_count(n)": "back = n >= 1024\nc = 2048 - n if back else n\n"
                                "if c > 128:\n    c = 128",
    "A = shift_short_right_logical(A, c) if back else shift_short_left(A, c)":
        "A = A >> c if back else (A << c) & MASK36",
    "A = shift_short_left(A, c) if back else shift_short_right_arith(A, c)":
        f"A = (A << c) & MASK36 if back else ({_S.format('A')} >> c) & MASK36",
    "A, R = shift_long_right(A, R, c, False) if back else shift_long_left(A, R, c)":
        "\n".join(["if back:", "    v = ((A << 35) | (R & MASK35)) >> c", "else:",
                   "    v = ((A << 35) | (R & MASK35)) << c", *_LONG_SHIFT_TAIL]),
    "A, R = shift_long_left(A, R, c) if back else shift_long_right(A, R, c, True)":
        "\n".join(["if back:", "    v = ((A << 35) | (R & MASK35)) << c", "else:",
                   f"    v = (({_S.format('A')} << 35) | (R & MASK35)) >> c",
                   *_LONG_SHIFT_TAIL]),
    "A, R = multiply(A, M)": "\n".join([f"v = {_S.format('A')} * {_S.format('M')}", *_SPLIT]),
    "A, R = multiply_add(A, M, R)":
        "\n".join([f"v = {_S.format('A')} * {_S.format('M')} + (R & MASK35)", *_SPLIT]),
    "A, R = multiply_add_short(A, M, R)":
        "\n".join([f"v = ({_S.format('A')} >> 18) * {_S.format('M')} + {_S.format('R')}",
                   "A = (v >> 17) & MASK36", "R = (v & 131071) << 18"]),
    "qr = divide(A, R, M)\nif qr is None:\n    STOP('divide overflow')\nA, R = qr":
        "\n".join([
            # the usual case first: A and M positive and A < M, so the quotient fits
            "if A < M < 34359738368:",
            "    A, R = divmod((A << 35) | (R & MASK35), M)",
            "else:",
            f"    mv = {_S.format('M')}",
            f"    v = ({_S.format('A')} << 35) + (R & MASK35)",
            "    if mv > 0:",
            "        q, r = divmod(v, mv)",
            "    elif mv:",
            "        q, r = divmod(v, -mv)",  # the remainder is never negative
            "        q = -q",
            "    else:",
            "        STOP('divide overflow')",
            "    if not -34359738368 <= q < 34359738368:",
            "        STOP('divide overflow')",
            "    R = r",
            "    A = q & MASK36",
        ]),
}


# a shift's formula line -> what it does when its count is known: (forwards, reversed), with
# {c} for the count (the same formulas as _INLINE, the `if back` settled when compiling)
_SHIFT_HEAD = "c, back = shift_count(n)\ncy += c\n"
_LONG_JOIN = "v = ((A << 35) | (R & MASK35))"
_SHIFTS: dict[str, tuple[str, str]] = {
    "A = shift_short_right_logical(A, c) if back else shift_short_left(A, c)":
        ("A = (A << {c}) & MASK36", "A = A >> {c}"),
    "A = shift_short_left(A, c) if back else shift_short_right_arith(A, c)":
        (f"A = ({_S.format('A')} >> {{c}}) & MASK36", "A = (A << {c}) & MASK36"),
    "A, R = shift_long_right(A, R, c, False) if back else shift_long_left(A, R, c)":
        ("\n".join([_LONG_JOIN + " << {c}", *_LONG_SHIFT_TAIL]),
         "\n".join([_LONG_JOIN + " >> {c}", *_LONG_SHIFT_TAIL])),
    "A, R = shift_long_left(A, R, c) if back else shift_long_right(A, R, c, True)":
        ("\n".join([f"v = (({_S.format('A')} << 35) | (R & MASK35)) >> {{c}}",
                    *_LONG_SHIFT_TAIL]),
         "\n".join([_LONG_JOIN + " << {c}", *_LONG_SHIFT_TAIL])),
}


def fixed_shift(body: str, n: int) -> str | None:
    """A shift order's body for the address field n, compiled in: the count and the way
    worked out now (most shifts have a constant count), or None if the body is no shift."""
    formula = _SHIFTS.get(body[len(_SHIFT_HEAD):]) if body.startswith(_SHIFT_HEAD) else None
    if formula is None:
        return None
    c, back = word.shift_count(n)
    return f"cy += {c}\n" + formula[back].format(c=c)


@cache
def inline_body(body: str) -> str:
    """The template body with its arithmetic calls replaced by inline formulas."""
    if body in _INLINE:
        return _INLINE[body]
    out = []
    for line in body.splitlines():
        stripped = line.lstrip()
        pad = line[: len(line) - len(stripped)]
        out += [pad + part for part in _INLINE.get(stripped, stripped).splitlines()]
    return "\n".join(out)


class Mode(NamedTuple):
    """What a run compiles into its blocks besides the orders themselves."""

    watch: bool = False  # stores check the watched words
    record: bool = False  # every order appends to the history ring
    # a cycle limit: every segment's end checks both budgets, so the run stops at the first
    # segment's end past the limit (without one, only the order budget is checked, and only
    # where a region goes back to a segment at the same or a lower address)
    timed: bool = False


PLAIN = Mode()
_USES_N = re.compile(r"\bn\b")
# literals load faster than globals (no longer name contains these: str.replace will do)
_CONSTANTS = [(name, str(getattr(word, name))) for name in ("MASK35", "MASK36", "BIT35")]
_N_ADDRESS = re.compile(r"\bn & 511\b")
_JUMP = re.compile(r"JUMP\((.+)\)")
STARTS_ALONE = ("jump", "io", "halt")  # these make a block of their own at a block start


def _indent(lines: list[str], prefix: str) -> list[str]:
    return [prefix + line for line in lines]


class Route(NamedTuple):
    """Where a region's segment can go on without returning to the machine."""

    start: int  # the segment's own start
    starts: frozenset[int]  # the starts of the region's segments
    timed: bool  # every segment's end checks both budgets (Mode.timed)
    # the code of a small later segment to run on into, written in where the step to it is
    # (None: go there by K): a loop through it then loops inside one segment's code
    inline: Callable[[int], list[str] | None] | None = None

    def forward(self, target: str) -> bool:
        """True if `target` is a segment of the region after this one (laid out later)."""
        return target.isdigit() and int(target) > self.start and int(target) in self.starts


def _go(pad: str, target: str, done: str, cyc: str, p: int, route: Route | None) -> list[str]:
    """Leave the segment for `target`: return to the machine, or in a region go on there.

    Going forward (to a later segment) needs no order-budget check: every cycle of segments
    has a step back to the same or a lower start, which checks it (Plan.longest allows for
    the orders in between).  The lines end in `continue`, which block_source drops where the
    code falls through to the target's segment instead.
    """
    if route is None or target.isdigit() and int(target) not in route.starts:
        return [f"{pad}return A, R, M, {target}, {done}, {cyc}, None, {p}"]
    inlined = route.inline(int(target)) if route.inline and route.forward(target) else None
    if inlined is not None:
        return [f"{pad}d0 = {done}", f"{pad}c0 = {cyc}", f"{pad}cy = 0",
                *_indent(inlined, pad)]
    lines = [f"{pad}d0 = {done}", f"{pad}c0 = {cyc}", f"{pad}cy = 0", f"{pad}K = {target}"]
    if route.timed:
        lines.append(f"{pad}if d0 >= budget or c0 >= cbudget:")
    elif not route.forward(target):
        lines.append(f"{pad}if d0 >= budget:")
    if len(lines) > 4:
        lines.append(f"{pad}    return A, R, M, K, d0, c0, None, {p}")
    return [*lines, f"{pad}continue"]


_USES_M = re.compile(r"\bM\b")
_O = re.compile(r"\bo\b")
_CONSTANT_ADDRESS = re.compile(r"([xe]) = (\d+)")


def _replace_name(line: str, name: str, value: str) -> str:
    """The line with `name` replaced by `value` where it stands alone (not inside a longer
    name or number): a regular expression's `\\bname\\b`, without one."""
    out, i, width = [], 0, len(name)
    while (j := line.find(name, i)) >= 0:
        before = line[j - 1] if j else " "
        after = line[j + width] if j + width < len(line) else " "
        if before.isalnum() or before == "_" or after.isalnum() or after == "_":
            out.append(line[i:j + width])
        else:
            out.append(line[i:j] + value)
        i = j + width
    out.append(line[i:])
    return "".join(out)


def _bake(lines: list[str], p: int, word: int | None) -> list[str]:
    """Write the order's own address field in as a constant (the word is `word` for good)."""
    if word is None:
        return lines
    # `mem[p] & 511` (or `o & 511`, the word read once) and the like become numbers
    # (string operations, not a regular expression per order: this runs for every order)
    fields = [(" & 2047", str(word & 2047)), (" & 511", str(word & 511)),
              (" & 510", str(word & 510))]
    baked = []
    for line in lines:
        for held in (f"mem[{p}]", "o"):
            if held + " & " not in line:
                continue
            for mask, value in fields:
                line = _replace_name(line, held + mask, value) if held == "o" else \
                    line.replace(held + mask, value)
        baked.append(line)
    lines = baked
    # a store address that is now a constant goes straight into its uses
    for i, line in enumerate(lines):
        var, eq, value = line[:1], line[1:4], line[4:]
        if var in ("x", "e") and eq == " = " and value.isdigit():
            rest = [_replace_name(line.replace(f"{var} + 1", str(int(value) + 1)), var, value)
                    for line in lines[i + 1:]]
            return lines[:i] + rest
    return lines


_READS_A = re.compile(r"\bA\b(?! = )")
_WRITES_A = re.compile(r"^\s*(?:A|A, R) (?:=|&=|\^=)", re.M)


# What the code generator asks of a template body, answered once per body (the bodies are a
# few dozen; the questions come for every order compiled)
@cache
def _reads_a(body: str) -> bool:
    return bool(_READS_A.search(body))


@cache
def _writes_a(body: str) -> bool:
    return bool(_WRITES_A.search(body))


@cache
def _n_address(body: str, word_at: str) -> str:
    return _N_ADDRESS.sub(f"{word_at} & 511", body)


@cache
def _needs_n(body: str) -> bool:
    """True if the body uses n other than as a jump target."""
    return bool(_USES_N.search(_JUMP.sub("", body)))


@cache
def _m_uses(body: str) -> int:
    return len(_USES_M.findall(body))


@cache
def _m_into(body: str, load: str) -> str:
    return _USES_M.sub(load, body)


class Known(NamedTuple):
    """What the machine vouches for while a plan's code runs (it recompiles when it changes)."""

    # store targets (address, flag) of store_targets that no compiled code depends on now:
    # no check after the store
    unchecked: frozenset[tuple[int, str]] = frozenset()
    # function bits (word & 0o774000) of the plan's own orders, which an `x` keeps
    bits: tuple[tuple[int, int], ...] = ()


NOTHING_KNOWN = Known()


def store_targets(mem: list[int], plan: Plan) -> list[tuple[int, int, str]]:
    """The fixed targets of the plan's stores: (address, words written, flag they test).

    A store whose address is compiled in writes the same words every time; its check
    after the store tests `cflag` (a store: the words hold compiled orders) or `bflag`
    (an `x`: an address compiled in).
    """
    out = []
    for a in dict.fromkeys(plan.addresses):
        if not plan.baked(a):
            continue
        form = form_of(mem[a])
        if form.kind == "store":
            long = bool(mem[a] & 0o4000)
            out.append((mem[a] & (510 if long else 511), 2 if long else 1, "c"))
        elif form.kind == "address":
            out.append((mem[a] & 511, 1, "b"))
    return out


def _order_source(p: int, index: int, form: Form, long: bool, static_cycles: int,
                  mode: Mode, region: Route | None = None, a_address_known: bool = False,
                  m_dead: bool = False, baked: int | None = None,
                  known: Known = NOTHING_KNOWN, regs: Halves | None = None,
                  at: str | None = None) -> list[str]:
    """Python lines for the order at address p, the `index`-th of its block.

    `a_address_known`: the previous order was an `x` too, so `ax` still holds A's address
    part (runs of two or three `x` orders are common).  `m_dead`: the next order loads M
    before anything can see it, so an operand used once goes straight into the expression.
    `baked`: the order's word, when its address field is compiled in as a constant.
    `regs`: where A and M are held before the order (updated to where they are after it).
    `at`: the name of a variable holding the order's address (a step function, for any
    address), instead of p.
    """
    halves_allowed = regs is not None and not mode.record
    if regs is None:  # an arm: whole A and M in and out
        regs = Halves()
    here = str(p) if at is None else at
    nxt = str((p + 1) & 511) if at is None else f"({at} + 1) & 511"
    done = f"d0 + {index + 1}"
    cyc = f"c0 + {static_cycles + form.cycles} + cy"
    body = inline_body(form.body)
    if baked is not None:
        body = fixed_shift(form.body, baked & 2047) or body
    rec = f"rec(({here}, o, A, R))"
    word_at = "o" if mode.record else f"mem[{here}]"
    out = [f"o = mem[{here}]"] if mode.record else []
    split = split_order(form, long, body, regs, word_at) if halves_allowed else None
    if split is None:
        # the order needs A (and M) whole; after it, what it writes is whole
        leaves = "JUMP(" in body or "STOP(" in body  # it may leave before it writes A
        out += regs.whole(a=_reads_a(body) or leaves, m=not form.operand and "M" in body)
        regs.written_whole(a=_writes_a(body), m=form.operand)
    else:
        out += split[0]
        body = split[1]
    # n is needed up front unless the body uses it only as a jump target or a store address
    body = _n_address(body, word_at)
    if _needs_n(body):
        out.append(f"n = {word_at} & 2047")
    address = HALF_ADDRESS if split is not None else _A_ADDRESS
    if form.kind == "address" and address in body:
        if not a_address_known:
            out.append(f"ax = {address}")
        body = body.replace(address, "ax")
    if form.operand and split is None:
        load = "(mem[e] << 18 | mem[e + 1])" if long else f"(mem[{word_at} & 511] << 18)"
        if long:
            out.append(f"e = {word_at} & 510")
        if m_dead and _m_uses(body) == 1 and "\n" not in body:
            out.append(_m_into(body, load))
            body = ""
        elif body == "A = M":  # `p` loads A along with M
            out.append(f"A = M = {load}")
            body = ""
        else:
            out.append(f"M = {load}")
    elif "e]" in body or "e +" in body:
        out.append(f"e = {word_at} & 510")
    for line in body.splitlines():
        stripped = line.lstrip()
        pad = line[: len(line) - len(stripped)]
        if stripped.startswith("JUMP(") and stripped.endswith(")") and len(stripped) > 6:
            target = stripped[5:-1]
            if mode.record:
                out.append(pad + rec)
            if target == "n" and baked is not None:  # the jump's target is a constant
                t = baked & 511
                if t == p:
                    out.append(f"{pad}return A, R, M, {t}, {done}, {cyc}, "
                               f"{form.self_stop!r}, {p}")
                else:  # (inside an `if`, A and M are made whole later: no code written in)
                    out += _go(pad, str(t), done, cyc, p,
                               region._replace(inline=None) if region and pad else region)
                continue
            out.insert(len(out) - (1 if mode.record else 0),
                       f"{pad}k = {word_at if target == 'n' else target} & 511")
            if region:
                out.append(f"{pad}if k == {p}:")
                out.append(f"{pad}    return A, R, M, k, {done}, {cyc}, {form.self_stop!r}, {p}")
                out += _go(pad, "k", done, cyc, p, region)
            else:
                out.append(f"{pad}return A, R, M, k, {done}, {cyc}, "
                           f"({form.self_stop!r} if k == {here} else None), {here}")
            continue
        if stripped.startswith("STOP(") and stripped.endswith(")") and len(stripped) > 6:
            if mode.record:
                out.append(pad + rec)
            out.append(f"{pad}return A, R, M, {nxt}, {done}, {cyc}, {stripped[5:-1]}, {here}")
            continue
        out.append(line)
    if mode.record:
        out.append(rec)
    # a short store writes word x, a long one the pair x, x + 1 (x even); an `x` order
    # changes only an address field, which matters where one is compiled in (bflag)
    # (pflag[x]: either word of the even pair x, x + 1)
    if form.kind == "store":
        written = "pflag[x]" if long else "cflag[x]"
    else:
        written = "bflag[x]"
    if baked is not None and (baked & (510 if long and form.kind == "store" else 511),
                              "c" if form.kind == "store" else "b") in known.unchecked:
        written = ""  # nothing compiled depends on the words it writes
    if mode.watch and form.kind in ("store", "address"):
        watched = "wflag[x] or wflag[x + 1]" if long and form.kind == "store" else "wflag[x]"
        out.append(f"if ({watched}) and dev._watch_changed(x):")
        if written:
            out.append(f"    if {written}:")
            out.append("        dev._code_written(x)")
        out.append(f"    return A, R, M, {nxt}, {done}, {cyc}, 'watchpoint', {here}")
    if form.kind in ("store", "address") and written:
        # a store into compiled code that changes an order's function bits, or an address
        # compiled in, ends the block: the code running now may be stale
        out.append(f"if ({written}) and dev._code_written(x):")
        out.append(f"    return A, R, M, {nxt}, {done}, {cyc}, None, {here}")
    if "x = e" in out:  # the long store's address is e already
        out = [_replace_name(line, "x", "e") for line in out if line != "x = e"]
    out = [_TESTS.get(line, line) for line in regs.settle(_bake(out, p, baked))]
    if mode.record and baked is not None:
        # the history entry names the order's word: compiled in, it is a constant too
        out = [line.replace(f"rec(({p}, o, ", f"rec(({p}, {baked}, ") for line in out[1:]]
        if any(_O.search(line) for line in out):  # the word is read in some other way
            out = [f"o = mem[{p}]", *out]
    if form.kind == "address" and baked is not None:
        # an `x` into an order of this plan keeps function bits the code was compiled for
        for a, bits in known.bits:
            if a == baked & 511:
                out = [line.replace(f"(mem[{a}] & 0o774000)", str(bits)) for line in out]
    return out


# a sign or address test as a comparison (A < 2**36, Ah < 2**18): a shift goes through
# Python's general number code, a comparison of small ints does not
_TESTS = {
    f"{pad}{test}:": f"{pad}{compare}:"
    for pad in ("", "    ")
    for test, compare in (("if A >> 35", "if A >= 34359738368"),
                          ("if not A >> 35", "if A < 34359738368"),
                          ("if not (A >> 18) & 2047", "if not A & 536608768"),
                          ("if Ah >> 17", "if Ah >= 131072"),
                          ("if not Ah >> 17", "if Ah < 131072"))
}


def _loop_back(p: int, start: int, count: int, static_cycles: int, mode: Mode,
               baked: int | None = None) -> list[str]:
    """The closing `jl start` of a loop block: go round again unless a budget is spent."""
    head = [f"o = mem[{p}]", f"rec(({p}, o, A, R))", "k = o & 511"] if mode.record else [
        f"k = mem[{p}] & 511"]
    if baked is not None:  # planned as `jl start` and unchanged since
        head = head[:2] if mode.record else []
    else:
        head += [
            f"if k != {start}:",  # the jump was rewritten: leave like a plain jl
            f"    return A, R, M, k, d0 + {count}, c0 + {static_cycles} + cy, "
            f"('dynamic stop' if k == {p} else None), {p}"]
    return head + [
        f"d0 += {count}",
        f"c0 += {static_cycles} + cy",
        "cy = 0",
        "if d0 >= budget or c0 >= cbudget:",
        f"    return A, R, M, {start}, d0, c0, None, {p}",
    ]


def block_extent(mem: list[int], start: int, max_len: int, cut: frozenset[int]) -> list[int]:
    """The addresses of the block starting at `start`.

    A block runs on past conditional jumps (they leave from the middle) and ends after an
    unconditional jump or a halt, before an I/O order (which runs alone), or at `max_len`.
    """
    addrs = [start]
    form = form_of(mem[start])
    if form.kind in STARTS_ALONE:
        return addrs
    p = start
    while len(addrs) < max_len:
        p = (p + 1) & 511
        if p == start or p in cut:
            break
        form = form_of(mem[p])
        if form.kind == "io":
            break
        addrs.append(p)
        if form.kind in ("jump", "halt"):
            break
    return addrs


def extent_class(order: int) -> str:
    """What an order means for a block's extent: io, jump, halt, or plain (runs inside)."""
    kind = form_of(order).kind
    return kind if kind in STARTS_ALONE else "plain"


def is_loop(mem: list[int], start: int, addrs: list[int]) -> bool:
    """True if the block ends with `jl start`: it can go round inside one call."""
    last = addrs[-1]
    return (len(addrs) > 1 and form_of(mem[last]).kind == "jump"
            and mem[last] & 511 == start)


class Plan:
    """What one compiled function covers: its segments (blocks) and whether it loops."""

    __slots__ = ("segments", "loop", "bake", "addresses", "longest", "arms", "arms_key",
                 "moving", "moving_key", "variants", "_hash")

    def __init__(self, segments: tuple[tuple[int, tuple[int, ...]], ...], loop: bool,
                 bake: bool = False) -> None:
        self.segments = segments  # (start, addresses) of each block, the entry first
        self.loop = loop  # one segment ending in `jl start`: it goes round inside the call
        # address fields compiled in as constants, except at the `moving` addresses
        self.bake = bake
        # every address compiled in, segment by segment (overlaps repeat)
        self.addresses = tuple(a for _, addrs in segments for a in addrs)
        # the most orders run between two budget checks: one segment, or in a region a run
        # of segments at rising addresses (a step forward does not check; see _go): at most
        # all of them (plan_block works out the longest such run)
        self.longest = sum(len(addrs) for _, addrs in segments)
        # the orders rewritten since planning: address -> every function bits seen there;
        # the code picks among them when the order runs (see _arms_source)
        self.arms: dict[int, set[int]] = {}
        self.arms_key: tuple = ()
        # addresses whose address field changed since planning (read as the order runs)
        self.moving: set[int] = set()
        self.moving_key: tuple = ()
        self.variants: dict[tuple, BlockFn] = {}
        self._hash = hash((segments, loop, bake))

    def baked(self, address: int) -> bool:
        """True if the order at `address` has its address field compiled in."""
        return self.bake and address not in self.moving and address not in self.arms

    def hold(self, addresses: Iterable[int]) -> None:
        """Read these addresses as the orders run, from the start (words known to change)."""
        self.moving.update(addresses)
        self.moving_key = tuple(sorted(self.moving))

    def arm(self, flips: dict[int, frozenset[int]]) -> None:
        """Give these orders an arm for each of their function bits from the start (orders
        the plan's own code is seen to flip: see pc1/machine/foresight.py)."""
        for address, bits in flips.items():
            self.arms.setdefault(address, set()).update(bits)
        self._key_arms()

    def moved(self, address: int) -> bool:
        """The address field at `address` changed: True if it was compiled in (recompile)."""
        if not self.baked(address):
            return False
        self.moving.add(address)
        self.moving_key = tuple(sorted(self.moving))
        self.variants.clear()
        return True

    def changed(self, address: int, old: int, new: int) -> bool | None:
        """The order at `address` changed function bits `old` -> `new` (same extent class).

        True if the compiled code cannot run the new order (compile again), False if an
        arm for it is already compiled in, None if the word changes too often to be an
        order worth arms (data stored inside a block): plan again from scratch.
        """
        arms = self.arms.setdefault(address, {old})
        if new in arms:
            return False
        if len(arms) >= MAX_ARMS:
            return None
        arms.add(new)
        self._key_arms()
        self.variants.clear()
        return True

    def _key_arms(self) -> None:
        self.arms_key = tuple(sorted((a, tuple(sorted(s))) for a, s in self.arms.items()))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Plan) and self.segments == other.segments
                and self.loop == other.loop and self.bake == other.bake)


def _successors(mem: list[int], addrs: tuple[int, ...]) -> list[int]:
    """Where a block can go next, by the address fields as they are now."""
    out = [mem[a] & 511 for a in addrs if form_of(mem[a]).kind in ("branch", "jump")]
    if form_of(mem[addrs[-1]]).kind not in ("jump", "halt"):
        out.append((addrs[-1] + 1) & 511)
    return out


def plan_block(mem: list[int], start: int, max_len: int = 48,
               cut: frozenset[int] = frozenset(), loops: bool = True,
               max_segments: int = 1, bake: bool = False) -> Plan:
    """The block at `start` and, up to `max_segments`, the blocks it jumps or falls into.

    A region of several blocks runs them in one call, choosing the next block by K, so a
    program's inner loop of three or four blocks costs no return to the machine between
    them.  I/O and halt blocks stay outside (they run alone, with the cycle count exact).
    `bake`: compile the orders' address fields in as constants until one changes.
    """
    first = tuple(block_extent(mem, start, max_len, cut))
    segments = [(start, first)]
    starts = {start}
    queue = _successors(mem, first)
    while queue and len(segments) < max_segments:
        t = queue.pop(0)
        if t in starts or t in cut or extent_class(mem[t]) in ("io", "halt"):
            continue
        addrs = tuple(block_extent(mem, t, max_len, cut))
        segments.append((t, addrs))
        starts.add(t)
        queue += _successors(mem, addrs)
    if len(segments) == 1:
        return Plan(tuple(segments), loops and is_loop(mem, start, list(first)), bake)
    plan = Plan(tuple(segments), False, bake)
    plan.longest = _longest_run(mem, plan.segments)
    return plan


def _longest_run(mem: list[int], segments: tuple[tuple[int, tuple[int, ...]], ...]) -> int:
    """The most orders a region runs between two budget checks: along steps forward, to
    segments at higher addresses (the jumps compiled in as planned; a jump that moves later
    reads its target as it runs, and checks)."""
    starts = {start for start, _ in segments}
    most: dict[int, int] = {}
    for start, addrs in sorted(segments, reverse=True):
        on = [most[t] for t in _successors(mem, addrs) if t > start and t in starts]
        most[start] = len(addrs) + max(on, default=0)
    return max(most.values())


_CACHE: dict[tuple, BlockFn] = {}
MAX_ARMS = 8  # different orders seen at one address before it counts as data


def compile_plan(mem: list[int], plan: Plan, mode: Mode = PLAIN,
                 unchecked: frozenset[tuple[int, str]] = frozenset()) -> BlockFn:
    """The function for a plan with the store's current function bits (cached).

    `unchecked`: targets of the plan's stores (`store_targets`) that no compiled code
    depends on now; their stores go without a check, so the caller must drop this
    function (clear `plan.variants`) before anything is compiled into those words.

    The function is `block(A, R, M, mem, dev, cflag, budget, cbudget)`; a loop or a region
    goes round until it has run `budget` orders or `cbudget` cycles (or leaves by a jump).
    Functions are cached by the function bits of their orders (addresses are read at run
    time), so a program that flips an order between `a` and `s` each term compiles twice.
    """
    # Every order not in plan.arms has kept its function bits since planning (and, if
    # baked, its address unless in plan.moving), and the arms are chosen at run time, so a
    # plan's code depends only on the mode, the arms, the moving addresses and `unchecked`.
    fn = plan.variants.get(mode)
    if fn is None:
        arms = plan.arms
        key = (plan, tuple([-1 if a in arms else mem[a] if plan.baked(a) else mem[a] >> 11
                            for a in plan.addresses]), plan.arms_key, plan.moving_key, mode,
               unchecked)
        fn = _CACHE.get(key)
        if fn is None:
            bits = tuple((a, mem[a] & 0o774000) for a in sorted(set(plan.addresses))
                         if a not in arms)
            fn = _CACHE[key] = _build(mem, plan, mode, Known(unchecked, bits), key)
        plan.variants[mode] = fn
    return fn


def _strip_cy(lines: list[str]) -> list[str]:
    """Without shifts or input in a segment, `cy` stays 0 there: leave it out."""
    lines = _share_stores(_forward_stores(lines))
    if any("cy +=" in line for line in lines):
        return lines
    return [line.replace(" + cy", "") for line in lines if line.strip() != "cy = 0"]


_CONSTANT_STORE = re.compile(r"mem\[\d+\]")
_ADDRESS_STORE = re.compile(r"( *)mem\[(\d+)\] = (\d+ \| ax)")


def _pad(line: str) -> int:
    return len(line) - len(line.lstrip())


def _forward_stores(lines: list[str]) -> list[str]:
    """An address field read soon after an `x` stored it (`mem[78] = 55296 | ax`, then
    `e = mem[78] & 510`) taken from `ax`, without reading the store again.

    The store stays (it is visible state).  A stored word is forgotten when the code leaves
    the block the store is in, when `ax` changes, and at any store whose address is not
    compiled in (it may hit the word).  The function bits stored (55296) have no bits in
    the address field, so the word's address field is ax's.
    """
    first = next((i for i, line in enumerate(lines) if " | ax" in line), None)
    if first is None:  # no `x` stores a word compiled in (most code: done at once)
        return lines
    out = lines[:first]
    held: dict[str, int] = {}  # `mem[N]` -> the indentation of its store
    deepest = 0  # the deepest indentation in held
    for line in lines[first:]:
        pad = len(line) - len(line.lstrip())
        if held:
            if pad < deepest:
                held = {read: at for read, at in held.items() if at <= pad}
                deepest = max(held.values(), default=0)
            if "mem[" in line:
                for read in held:
                    if read + " & " in line:
                        line = (line.replace(read + " & 2047", "ax")
                                .replace(read + " & 511", "ax & 511")
                                .replace(read + " & 510", "ax & 510"))
        out.append(line)
        target, eq, _ = line.partition(" = ")
        if not eq:
            continue
        target = target.lstrip()
        if _ADDRESS_STORE.fullmatch(line):
            held[target] = pad
            deepest = max(deepest, pad)
        elif _CONSTANT_STORE.fullmatch(target):
            held.pop(target, None)
        elif target == "ax" or "mem[" in target:
            held = {}  # ax changes, or a store whose address may be any word's
    return out


def _share_stores(lines: list[str]) -> list[str]:
    """A run of `x` orders storing the same word in several places (`x 82; x 91` with the
    same function bits) computes it once: `mem[82] = mem[91] = 6144 | ax`.

    Only stores next to each other, to addresses compiled in, are joined: nothing reads
    the store between them, so their order does not matter.
    """
    if sum(" | ax" in line for line in lines) < 2:
        return lines
    out: list[str] = []
    run: dict[str, list[str]] = {}  # the run so far: value -> its targets
    pad = ""
    for line in [*lines, ""]:
        store = _ADDRESS_STORE.fullmatch(line)
        if store and (not run or store[1] == pad):
            pad = store[1]
            run.setdefault(store[3], []).append(f"mem[{store[2]}]")
            continue
        out += [f"{pad}{' = '.join(targets)} = {value}" for value, targets in run.items()]
        run = {}
        if store:
            pad = store[1]
            run[store[3]] = [f"mem[{store[2]}]"]
        else:
            out.append(line)
    return out[:-1]


def _arms_source(p: int, index: int, arms: list[int], static: int, mode: Mode,
                 region: Route | None) -> list[str]:
    """A rewritten order: the code for each function bits seen at p, chosen as it runs.

    The segment goes on with the first arm's cycle count; the others add the difference.
    """
    base = form_of(arms[0] << 11).cycles
    # the word read once; its function bits told by comparisons (no shift), its address
    # field taken from it
    lines = [f"f = mem[{p}]"]
    for i, bits in enumerate(arms):
        form = form_of(bits << 11)
        lines.append(f"{'if' if i == 0 else 'elif'} {bits << 11} <= f < {bits + 1 << 11}:")
        body = [line.replace(f"mem[{p}] & ", "f & ")
                for line in _order_source(p, index, form, bool(bits & 1), static, mode, region)]
        if form.cycles != base:
            body.append(f"cy += {form.cycles - base}")
        lines += _indent(body, "    ")
    lines += ["else:",  # cannot happen: every store into code notes its new bits
              f"    dev._retire_at({p})",
              f"    return A, R, M, {p}, d0 + {index}, c0 + {static} + cy, None, {p}"]
    return lines


def _segment_source(mem: list[int], start: int, addrs: tuple[int, ...], loop: bool,
                    mode: Mode, region: Route | None, pad: str, plan: Plan,
                    known: Known) -> list[str]:
    arms = plan.arms
    lines: list[str] = []
    static = 0
    after_x = False
    regs = Halves()
    for i, p in enumerate(addrs):
        form = form_of(mem[p])
        if loop and i == len(addrs) - 1:
            lines += _indent(regs.whole(), pad)
            lines += _indent(_loop_back(p, start, len(addrs), static + form.cycles, mode,
                                        mem[p] if plan.baked(p) else None), pad)
            return _strip_cy(lines)
        if p in arms:
            choices = sorted(arms[p])
            form = form_of(choices[0] << 11)
            lines += _indent(regs.whole(), pad)
            lines += _indent(_arms_source(p, i, choices, static, mode, region), pad)
            regs = Halves()  # the arm leaves A and M whole (and the halves stale)
            after_x = False
        else:
            following = addrs[i + 1] if i + 1 < len(addrs) else None
            m_dead = (following is not None and following not in arms
                      and form_of(mem[following]).operand and not (loop and i + 2 == len(addrs)))
            lines += _indent(_order_source(p, i, form, bool(mem[p] & 0o4000), static, mode,
                                           region, after_x, m_dead,
                                           mem[p] if plan.baked(p) else None, known, regs),
                             pad)
            after_x = form.kind == "address"
        static += form.cycles
        if form.kind in ("halt", "jump"):
            return _strip_cy(lines)
    last = addrs[-1]
    done = f"d0 + {len(addrs)}" if region else str(len(addrs))
    cyc = f"c0 + {static} + cy" if region else f"{static} + cy"
    lines += _indent(regs.whole(), pad)
    return _strip_cy(lines + _go(pad, str((last + 1) & 511), done, cyc, last, region))


def block_source(mem: list[int], plan: Plan, mode: Mode = PLAIN,
                 known: Known = NOTHING_KNOWN) -> str:
    """The Python source of a plan's function (for study and for the tests)."""
    # K: where to enter; a region can be entered at any of its blocks (the machine links
    # each block start of a region to the region's function instead of compiling it again)
    first = plan.segments[0][0]
    lines = [f"def block(A, R, M, mem, dev, cflag, budget, cbudget, K={first}):",
             "    cy = d0 = c0 = 0"]
    if mode.record:
        lines.append("    rec = dev._record")
    if mode.watch:
        lines.append("    wflag = dev._wflag")
    lines += ["    bflag = dev._bflag", "    pflag = dev._pflag"]
    if len(plan.segments) == 1:
        start, addrs = plan.segments[0]
        pad = "    "
        if plan.loop:
            lines.append("    while True:")
            pad = "        "
        return "\n".join(lines + _segment_source(mem, start, addrs, plan.loop, mode, None, pad,
                                                  plan, known))
    # the segments in order of address, each `if K == start:` on its own (no elif): a step
    # forward falls through to the later segment's test, one step back goes round the loop
    lines.append("    while True:")
    starts = frozenset(start for start, _ in plan.segments)
    extents = dict(plan.segments)

    def inline(target: int) -> list[str] | None:
        addrs = extents[target]
        if len(addrs) > INLINE_MAX:
            return None
        return _segment_source(mem, target, addrs, False, mode,
                               Route(target, starts, mode.timed), "", plan, known)

    for start, addrs in sorted(plan.segments):
        lines.append(f"        if K == {start}:")
        # (written in only in a plain run: a history, watchpoints or a cycle limit keep the
        # code a step at a time as it was)
        route = Route(start, starts, mode.timed, inline if mode == PLAIN else None)
        segment = _segment_source(mem, start, addrs, False, mode, route, " " * 16, plan, known)
        lines += _inner_loop(segment, route) or [
            line[4:] for line in _fall_through(segment, " " * 16, route)]
    lines.append("        return A, R, M, K, d0, c0, None, K")
    return "\n".join(lines)


def _target(lines: list[str], pad: str) -> str:
    """Where the last `K = ...` at this indentation sends the code."""
    return next(s for s in reversed(lines) if s.startswith(pad + "K = "))[len(pad) + 4:]


INLINE_MAX = 4  # orders of a segment small enough to be written in where a step goes to it
MAX_NESTING = 24  # `else:` levels a segment's steps forward may nest (Python allows 100)


def _fall_through(segment: list[str], pad: str, route: Route, depth: int = 0) -> list[str]:
    """The segment with its steps forward falling through to the later segment's test: an
    `if` that leaves from the middle gets the rest of the segment as its `else:`."""
    out = []
    for i, line in enumerate(segment):
        if line == pad + "continue" and route.forward(_target(segment[:i], pad)):
            return out  # on to the tests that follow (anything after it never runs)
        out.append(line)
        if not line.startswith(pad + "if ") or depth >= MAX_NESTING:
            continue
        end = i + 1
        while end < len(segment) and segment[end].startswith(pad + " "):
            end += 1
        inner = pad + "    "
        if (end < len(segment) and segment[end - 1] == inner + "continue"
                and not segment[end].startswith(pad + "el")
                and route.forward(_target(segment[i + 1:end], inner))):
            rest = _fall_through(segment[end:], pad, route, depth + 1)
            return out + segment[i + 1:end - 1] + [pad + "else:"] + _indent(rest, "    ")
    return out


def _inner_loop(segment: list[str], route: Route) -> list[str] | None:
    """A region's segment that jumps back to its own start (an inner loop) as a loop of its
    own: going round costs no choosing of the segment by K.  None if it never does."""
    out, looping, back = [], False, False
    for i, line in enumerate(segment):
        stripped = line.lstrip()
        if stripped == "continue":  # on to the segment at K: this one, or leave for another
            pad = line[: len(line) - len(stripped)]
            target = _target(segment[:i], pad)
            if target == str(route.start):
                looping = True
            else:
                line = pad + "break"
                back = back or not route.forward(target)
        out.append(line)
    if not looping:
        return None
    # after the loop, on to a later segment by the tests that follow, or back to the top
    tail = [f"            if K < {route.start}:", "                continue"] if back else []
    return ["            while True:", *out, *tail]


def _build(mem: list[int], plan: Plan, mode: Mode, known: Known, key: tuple) -> BlockFn:
    _, words, arms_key, moving_key, _, unchecked = key
    what = ("block", plan.segments, plan.loop, plan.bake, words, arms_key, moving_key,
            tuple(mode), tuple(sorted(unchecked)))
    return _function(lambda: block_source(mem, plan, mode, known), "block",
                     f"<block {plan.segments[0][0]}>", what)


def _function(make_source: Callable[[], str], name: str, filename: str,
              what: object) -> Callable[..., tuple]:
    """The function `name` of generated source, compiled, or its code from the disk cache
    (pc1/machine/code_cache.py) when `what` it is made from was compiled before."""
    entry = code_cache.entry(what)
    code = code_cache.load(entry) if entry else None
    if code is None:
        source = make_source()
        for constant, value in _CONSTANTS:
            source = source.replace(constant, value)
        code = compile(source, filename, "exec")
        if entry:
            code_cache.store(entry, code)
    namespace = dict(_NAMESPACE)
    exec(code, namespace)  # noqa: S102
    return namespace[name]


# Step functions: one for each kind of order (its function bits, word >> 11), good for any
# address.  Code that has not proved hot runs through them one order at a time, so a block
# is compiled only where the program spends its time (see Machine.run).
StepFn = Callable[..., tuple]
_STEPS: dict[tuple[int, Mode], tuple[StepFn, bool]] = {}


def step_source(bits: int, mode: Mode = PLAIN) -> str:
    """The Python source of the step function for orders with function bits `bits`.

    `step(A, R, M, mem, dev, cflag, p)` runs the order at address p, reading its address
    field from the store, and returns what a block returns (one order done).
    """
    form = form_of(bits << 11)
    body = _order_source(0, 0, form, bool(bits & 1), 0, mode, at="p")
    if form.kind == "address" and form.used:
        # an `x` counts the changes it makes to each word's address field (dev._moves):
        # a block compiled later reads a word changed more than once as its order runs,
        # rather than compiling in an address that will not last
        at = next(i for i, line in enumerate(body) if line.startswith("mem[x] = "))
        body[at:at + 1] = ["old = mem[x]", body[at], "if mem[x] != old:", "    moves[x] += 1"]
    if form.kind not in ("halt", "jump"):
        body.append(f"return A, R, M, (p + 1) & 511, 1, {form.cycles} + cy, None, p")
    body = _strip_cy(body)
    text = "\n".join(body)
    lines = ["def step(A, R, M, mem, dev, cflag, p):"]
    if "cy" in text:
        lines.append("    cy = 0")
    lines.append("    d0 = c0 = 0")
    for flag, source in (("rec", "dev._record"), ("wflag", "dev._wflag"), ("moves", "dev._moves"),
                         ("bflag", "dev._bflag"), ("pflag", "dev._pflag")):
        if flag in text:
            lines.append(f"    {flag} = {source}")
    return "\n".join(lines + _indent(body, "    "))


def step_function(bits: int, mode: Mode = PLAIN) -> tuple[StepFn, bool]:
    """The step function for orders with these function bits, and whether they are I/O."""
    mode = mode._replace(timed=False)  # one order: no budgets to check
    key = (bits, mode)
    entry = _STEPS.get(key)
    if entry is None:
        if mode == PLAIN:  # written out in pc1/machine/steps.py: loaded, not compiled
            from pc1.machine.steps import STEPS

            fn = STEPS[bits]
        else:
            fn = _function(lambda: step_source(bits, mode), "step", f"<step {bits}>",
                           ("step", bits, tuple(mode)))
        entry = _STEPS[key] = (fn, form_of(bits << 11).kind == "io")
    return entry


_STEPS_HEADER = '''\
"""The plain run's step functions (step_source's code for each function bits), written out.

GENERATED by pc1.machine.compiler.steps_module_source(); do not edit.  A first run (no code
cache) loads these from bytecode instead of compiling some thirty functions as it starts;
tests/pc1/machine/test_steps_module.py holds this text equal to what the compiler writes
now, and says how to write it again.
"""

# ruff: noqa
'''


def steps_module_source() -> str:
    """The text of pc1/machine/steps.py: the plain run's step functions (functions bits
    with the same code share one), and STEPS, the function for each function bits."""
    names: dict[str, str] = {}  # body -> its function's name
    table = []
    for bits in range(128):
        source = step_source(bits)
        for constant, value in _CONSTANTS:
            source = source.replace(constant, value)
        body = source.split("\n", 1)[1]
        table.append(names.setdefault(body, f"_step_{bits}"))
    lines = [_STEPS_HEADER]
    for body, name in names.items():
        lines += ["", f"def {name}(A, R, M, mem, dev, cflag, p):", body, ""]
    lines += ["", "STEPS = (", *(f"    {name},  # {bits}" for bits, name in enumerate(table)),
              ")", ""]
    return "\n".join(lines)
