"""Compile runs of PC-1 orders into Python functions, from the order table's templates.

A block is a straight run of orders starting at one address.  Its function takes the
registers and the store, runs the orders, and returns
`(A, R, M, next_K, orders_done, cycles_done, stop_reason_or_None, stop_address)`.
Address fields are read from the store when each order runs, so the common self-modifying
idiom (`x` rewriting an address) needs no recompilation.  Only a store that changes the
function bits of a compiled order invalidates blocks (see Machine._code_written).

Blocks end at any jump, branch, I/O or flip-flop order (those run as one-order blocks, so the
cycle count is exact when they act), at a halt, and at `max_len` orders.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pc1 import word
from pc1.orders import Form, form_of

BlockFn = Callable[..., tuple]

_NAMESPACE = {
    name: getattr(word, name)
    for name in (
        "MASK36", "shift_count", "shift_short_left", "shift_short_right_logical",
        "shift_short_right_arith", "shift_long_left", "shift_long_right", "multiply",
        "multiply_add", "multiply_add_short", "divide",
    )
}

_USES_N = re.compile(r"\bn\b")
_JUMP = re.compile(r"JUMP\((.+)\)")
_STOP = re.compile(r"STOP\((.+)\)")
STARTS_ALONE = ("jump", "io", "halt")  # these make a block of their own at a block start


def _indent(lines: list[str], prefix: str) -> list[str]:
    return [prefix + line for line in lines]


def _order_source(p: int, index: int, form: Form, long: bool, static_cycles: int) -> list[str]:
    """Python lines for the order at address p, the `index`-th of its block."""
    nxt = (p + 1) & 511
    done = f"d0 + {index + 1}"
    cyc = f"c0 + {static_cycles + form.cycles} + cy"
    body = form.body.splitlines()
    uses_n = bool(_USES_N.search(form.body))
    out = [f"n = mem[{p}] & 2047"] if uses_n else []
    if form.operand:
        out += (
            [f"e = mem[{p}] & 510", "M = (mem[e] << 18) | mem[e + 1]"]
            if long else [f"M = mem[mem[{p}] & 511] << 18"]
        )
    elif "e]" in form.body or "e +" in form.body:
        out.append(f"e = mem[{p}] & 510")
    for line in body:
        stripped = line.lstrip()
        pad = line[: len(line) - len(stripped)]
        m = _JUMP.fullmatch(stripped)
        if m:
            target = m.group(1)
            out.append(
                f"{pad}return A, R, M, {target} & 511, {done}, {cyc}, "
                f"({form.self_stop!r} if ({target} & 511) == {p} else None), {p}"
            )
            continue
        m = _STOP.fullmatch(stripped)
        if m:
            out.append(f"{pad}return A, R, M, {nxt}, {done}, {cyc}, {m.group(1)}, {p}")
            continue
        out.append(line)
    if form.kind == "store":
        # a store into compiled code that changes an order's function bits ends the block
        out.append("if (cflag[x] or cflag[x | 1]) and dev._code_written(x):")
        out.append(f"    return A, R, M, {nxt}, {done}, {cyc}, None, {p}")
    return out


def _loop_back(p: int, start: int, count: int, static_cycles: int) -> list[str]:
    """The closing `jl start` of a loop block: go round again unless a budget is spent."""
    return [
        f"n = mem[{p}] & 2047",
        f"if (n & 511) != {start}:",  # the jump was rewritten: leave like a plain jl
        f"    return A, R, M, n & 511, d0 + {count}, c0 + {static_cycles} + cy, "
        f"('dynamic stop' if (n & 511) == {p} else None), {p}",
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


_CACHE: dict[tuple, BlockFn] = {}


def is_loop(mem: list[int], start: int, addrs: list[int]) -> bool:
    """True if the block ends with `jl start`: it can go round inside one call."""
    last = addrs[-1]
    return (len(addrs) > 1 and form_of(mem[last]).kind == "jump"
            and mem[last] & 511 == start)


def compile_block(mem: list[int], start: int, max_len: int = 48,
                  cut: frozenset[int] = frozenset(),
                  loops: bool = True) -> tuple[BlockFn, list[int]]:
    """Compile the block starting at `start`: (function, its addresses).

    The function is `block(A, R, M, mem, dev, cflag, budget, cbudget)`; a loop block goes
    round until it has run `budget` orders or `cbudget` cycles (or leaves by a jump).
    Functions are cached by the function bits of their orders (addresses are read at run
    time), so a program that flips an order between `a` and `s` each term compiles twice.
    """
    addrs = block_extent(mem, start, max_len, cut)
    loop = loops and is_loop(mem, start, addrs)
    key = (start, tuple(addrs), tuple(mem[a] >> 11 for a in addrs), loop)
    fn = _CACHE.get(key)
    if fn is None:
        fn = _CACHE[key] = _build(mem, start, addrs, loop)
    return fn, addrs


def _build(mem: list[int], start: int, addrs: list[int], loop: bool) -> BlockFn:
    lines = ["def block(A, R, M, mem, dev, cflag, budget, cbudget):", "    cy = d0 = c0 = 0"]
    pad = "    "
    if loop:
        lines.append("    while True:")
        pad = "        "
    static = 0
    for i, p in enumerate(addrs):
        form = form_of(mem[p])
        if loop and i == len(addrs) - 1:
            lines += _indent(_loop_back(p, start, len(addrs), static + form.cycles), pad)
            break
        lines += _indent(_order_source(p, i, form, bool(mem[p] & 0o4000), static), pad)
        static += form.cycles
        if form.kind in ("halt", "jump"):
            break
    else:
        last = addrs[-1]
        lines.append(
            f"    return A, R, M, {(last + 1) & 511}, {len(addrs)}, {static} + cy, None, {last}"
        )
    namespace = dict(_NAMESPACE)
    exec(compile("\n".join(lines), f"<block {start}>", "exec"), namespace)  # noqa: S102
    return namespace["block"]
