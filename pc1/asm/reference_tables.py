"""The machine's facts as Markdown tables for docs/machine.md, rendered from the one order
table (pc1/machine/orders.py) and the one character table (pc1/devices/teleprinter.py),
so the docs can never
disagree with the code. `python -m pc1.asm.reference_tables docs/machine.md` rewrites them."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from pc1.devices import CODE_TO_CHAR, CONTROL_NAMES
from pc1.machine import ORDERS

MARKER = re.compile(r"(<!-- (\w+):begin -->\n).*?(<!-- \2:end -->)", re.S)


def order_table() -> str:
    """Every order, short and long form: code, cycles, what it does, what confirms it."""
    rows = ["| order | code | cycles | what it does | confirmed by |",
            "|---|---|---|---|---|"]
    for o in ORDERS:
        for long, form in ((False, o.short), (True, o.long)):
            name = o.letter + ("l" if long else "")
            what = form.summary.replace("|", "\\|")
            rows.append(f"| `{name}` | {o.code} | {form.cycles} | {what} | "
                        f"{o.confirmed_by if form.used else '—'} |")
    return "\n".join(rows) + "\n"


def code_table() -> str:
    """The 6-bit teleprinter code: each code with its character or control name."""
    def cell(code: int) -> str:
        if code in CODE_TO_CHAR:
            return f"`{CODE_TO_CHAR[code]}`"
        return CONTROL_NAMES.get(code, "—")

    rows = ["| code | char | code | char | code | char | code | char |",
            "|---|---|---|---|---|---|---|---|"]
    for r in range(16):
        rows.append("| " + " | ".join(f"{c} | {cell(c)}" for c in (r, r + 16, r + 32, r + 48))
                    + " |")
    return "\n".join(rows) + "\n"


TABLES = {"orders": order_table, "codes": code_table}


def render(text: str) -> str:
    """The text with every marked table replaced by its current rendering."""
    return MARKER.sub(lambda m: m.group(1) + TABLES[m.group(2)]() + m.group(3), text)


def main(argv: list[str]) -> int:
    """Rewrite the marked tables in the named Markdown files."""
    for name in argv:
        path = Path(name)
        path.write_text(render(path.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
