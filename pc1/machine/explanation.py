"""One word explained as the order it is: letter, function code, l bit, address, cycles,
meaning, and its 18 bits — read from THE order table (pc1/machine/orders.py).

An order word is 6 bits of function code (bits 17-12), the l bit (11) that selects the long
form, and an 11-bit address field n (10-0); the store has 512 words, so a store or a jump
uses n mod 512, a shift uses all of n (1024 and above shift the other way).
"""

from __future__ import annotations

from pc1.devices import code_name
from pc1.machine.orders import decode, form_of, mnemonic
from pc1.machine.word import shift_count
from pc1.machine.xref import relations


def bits(word: int) -> str:
    """The word's 18 bits in its three fields: `000001 1 00100101100`."""
    b = f"{word & 0o777777:018b}"
    return f"{b[:6]} {b[6]} {b[7:]}"


def explain(word: int) -> list[str]:
    """Lines that explain an 18-bit word as the order the machine would run."""
    order, long, n = decode(word)
    code = (word >> 12) & 63
    head = f"{word:06o} {mnemonic(word) or '(no order)'}"
    fields = (f"function code {code} (bits 17-12, the tape code of {code_name(code)!r}), "
              f"l bit {int(long)} (bit 11), address n = {n} (bits 10-0, 0o{n:o})")
    if order is None:
        return [head, f"  {fields}",
                "  no order has this code: the machine halts here (K already advanced)",
                f"  bits: {bits(word)}"]
    form = form_of(word)
    cycles = f"{form.cycles} cycles"
    if order.letter in "lr":
        count, back = shift_count(n)
        cycles += f" + {count} for the shift ({'the other way' if back else 'as written'})"
    elif order.letter == "i" and not long:
        cycles += " (+ 6 when no character is ready and it jumps to n)"
    lines = [head,
             f"  {order.letter}{'l' if long else ''}: {order.name}"
             f"{' (long form)' if long else ''} -- {form.summary}",
             f"  {fields}", f"  {cycles}"]
    maybe = form.kind in ("branch", "io")  # it jumps only when its test says so
    effects = [f"{'may jump to' if maybe and kind == 'jumps to' else kind} "
               f"{' and '.join(map(str, where))}" for kind, where in relations(word)]
    if effects:
        lines.append(f"  when it runs it {'; '.join(effects)}")
    if not form.used:
        lines.append("  (this form has no known meaning; the machine treats it as no operation)")
    lines.append(f"  bits: {bits(word)}  (function | l | address)")
    return lines
