"""Compile runs of PC-1 orders into Python functions, from the order table's templates.

A block is a straight run of orders starting at one address.  Its function takes the
registers and the store, runs the orders, and returns
`(A, R, M, next_K, orders_done, cycles_done, stop_reason_or_None, stop_address)`.
Address fields are read from the store when each order runs, so the common self-modifying
idiom (`x` rewriting an address) needs no recompilation.  Only a store that changes the
function bits of a compiled order changes a block (see Machine._code_written), and then the
machine swaps in the variant compiled for the new function bits (`compile_variant`).

Blocks end at any jump, branch, I/O or flip-flop order (those run as one-order blocks, so the
cycle count is exact when they act), at a halt, and at `max_len` orders.

The hot arithmetic (multiply, divide, shifts) is written straight into the generated code
(`_INLINE`): the same formulas as pc1/word.py, without a function call or the signed36 calls.
Two optional features are compiled in only when a run asks for them (`Mode`): watchpoints
(a store that changes a watched word ends the block with the stop "watchpoint") and the
history ring (each order appends `(address, order, A, R)` after it runs).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from pc1 import word
from pc1.orders import Form, form_of

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

# template line (or whole body) -> the same computation without calls (pc1/word.py's formulas)
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
            f"mv = {_S.format('M')}",
            f"v = ({_S.format('A')} << 35) + (R & MASK35)",
            "if mv > 0:",
            "    q = v // mv",
            "elif mv:",
            "    q = -(v // -mv)",
            "else:",
            "    STOP('divide overflow')",
            "if not -34359738368 <= q < 34359738368:",
            "    STOP('divide overflow')",
            "R = v - q * mv",
            "A = q & MASK36",
        ]),
}


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


PLAIN = Mode()
_USES_N = re.compile(r"\bn\b")
_JUMP = re.compile(r"JUMP\((.+)\)")
_STOP = re.compile(r"STOP\((.+)\)")
STARTS_ALONE = ("jump", "io", "halt")  # these make a block of their own at a block start


def _indent(lines: list[str], prefix: str) -> list[str]:
    return [prefix + line for line in lines]


def _order_source(p: int, index: int, form: Form, long: bool, static_cycles: int,
                  mode: Mode) -> list[str]:
    """Python lines for the order at address p, the `index`-th of its block."""
    nxt = (p + 1) & 511
    done = f"d0 + {index + 1}"
    cyc = f"c0 + {static_cycles + form.cycles} + cy"
    body = inline_body(form.body)
    rec = f"rec(({p}, o, A, R))"
    word_at = "o" if mode.record else f"mem[{p}]"
    out = [f"o = mem[{p}]"] if mode.record else []
    # n is needed up front unless the body uses it only as a jump target
    rest = _JUMP.sub("", body)
    if _USES_N.search(rest):
        out.append(f"n = {word_at} & 2047")
    if form.operand:
        out += (
            [f"e = {word_at} & 510", "M = (mem[e] << 18) | mem[e + 1]"]
            if long else [f"M = mem[{word_at} & 511] << 18"]
        )
    elif "e]" in body or "e +" in body:
        out.append(f"e = {word_at} & 510")
    for line in body.splitlines():
        stripped = line.lstrip()
        pad = line[: len(line) - len(stripped)]
        m = _JUMP.fullmatch(stripped)
        if m:
            target = m.group(1)
            if target == "n":
                out.append(f"{pad}k = {word_at} & 511")
            else:
                out.append(f"{pad}k = {target} & 511")
            if mode.record:
                out.append(pad + rec)
            out.append(
                f"{pad}return A, R, M, k, {done}, {cyc}, "
                f"({form.self_stop!r} if k == {p} else None), {p}"
            )
            continue
        m = _STOP.fullmatch(stripped)
        if m:
            if mode.record:
                out.append(pad + rec)
            out.append(f"{pad}return A, R, M, {nxt}, {done}, {cyc}, {m.group(1)}, {p}")
            continue
        out.append(line)
    if mode.record:
        out.append(rec)
    if mode.watch and form.kind in ("store", "address"):
        pair = "wflag[x] or wflag[x | 1]" if form.kind == "store" else "wflag[x]"
        out.append(f"if ({pair}) and dev._watch_changed(x):")
        if form.kind == "store":
            out.append("    if cflag[x] or cflag[x | 1]:")
            out.append("        dev._code_written(x)")
        out.append(f"    return A, R, M, {nxt}, {done}, {cyc}, 'watchpoint', {p}")
    if form.kind == "store":
        # a store into compiled code that changes an order's function bits ends the block
        out.append("if (cflag[x] or cflag[x | 1]) and dev._code_written(x):")
        out.append(f"    return A, R, M, {nxt}, {done}, {cyc}, None, {p}")
    return out


def _loop_back(p: int, start: int, count: int, static_cycles: int, mode: Mode) -> list[str]:
    """The closing `jl start` of a loop block: go round again unless a budget is spent."""
    head = [f"o = mem[{p}]", f"rec(({p}, o, A, R))", "k = o & 511"] if mode.record else [
        f"k = mem[{p}] & 511"]
    return head + [
        f"if k != {start}:",  # the jump was rewritten: leave like a plain jl
        f"    return A, R, M, k, d0 + {count}, c0 + {static_cycles} + cy, "
        f"('dynamic stop' if k == {p} else None), {p}",
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


_CACHE: dict[tuple, BlockFn] = {}


def is_loop(mem: list[int], start: int, addrs: list[int]) -> bool:
    """True if the block ends with `jl start`: it can go round inside one call."""
    last = addrs[-1]
    return (len(addrs) > 1 and form_of(mem[last]).kind == "jump"
            and mem[last] & 511 == start)


def compile_block(mem: list[int], start: int, max_len: int = 48,
                  cut: frozenset[int] = frozenset(),
                  loops: bool = True, mode: Mode = PLAIN) -> tuple[BlockFn, list[int], bool]:
    """Compile the block starting at `start`: (function, its addresses, loop).

    The function is `block(A, R, M, mem, dev, cflag, budget, cbudget)`; a loop block goes
    round until it has run `budget` orders or `cbudget` cycles (or leaves by a jump).
    Functions are cached by the function bits of their orders (addresses are read at run
    time), so a program that flips an order between `a` and `s` each term compiles twice.
    """
    addrs = block_extent(mem, start, max_len, cut)
    loop = loops and is_loop(mem, start, addrs)
    return compile_variant(mem, start, addrs, loop, mode), addrs, loop


def compile_variant(mem: list[int], start: int, addrs: list[int] | tuple[int, ...], loop: bool,
                    mode: Mode = PLAIN) -> BlockFn:
    """The function for a known extent with the store's current function bits (cached)."""
    key = (start, tuple(addrs), tuple([mem[a] >> 11 for a in addrs]), loop, mode)
    fn = _CACHE.get(key)
    if fn is None:
        fn = _CACHE[key] = _build(mem, start, list(addrs), loop, mode)
    return fn


def block_source(mem: list[int], start: int, addrs: list[int], loop: bool,
                 mode: Mode = PLAIN) -> str:
    """The Python source of a block (for study and for the tests)."""
    lines = ["def block(A, R, M, mem, dev, cflag, budget, cbudget):", "    cy = d0 = c0 = 0"]
    if mode.record:
        lines.append("    rec = dev._record")
    if mode.watch:
        lines.append("    wflag = dev._wflag")
    pad = "    "
    if loop:
        lines.append("    while True:")
        pad = "        "
    static = 0
    for i, p in enumerate(addrs):
        form = form_of(mem[p])
        if loop and i == len(addrs) - 1:
            lines += _indent(_loop_back(p, start, len(addrs), static + form.cycles, mode), pad)
            break
        lines += _indent(_order_source(p, i, form, bool(mem[p] & 0o4000), static, mode), pad)
        static += form.cycles
        if form.kind in ("halt", "jump"):
            break
    else:
        last = addrs[-1]
        lines.append(
            f"    return A, R, M, {(last + 1) & 511}, {len(addrs)}, {static} + cy, None, {last}"
        )
    return "\n".join(lines)


def _build(mem: list[int], start: int, addrs: list[int], loop: bool, mode: Mode) -> BlockFn:
    namespace = dict(_NAMESPACE)
    source = block_source(mem, start, addrs, loop, mode)
    exec(compile(source, f"<block {start}>", "exec"), namespace)  # noqa: S102
    return namespace["block"]
