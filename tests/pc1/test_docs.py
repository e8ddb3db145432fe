"""The docs stand alone: their tables are the code's tables, and nothing a user reads points
to files a user does not have."""

from __future__ import annotations

import re
from pathlib import Path

from pc1.asm.reference_tables import MARKER, code_table, order_table, render

ROOT = Path(__file__).resolve().parents[2]
USER_FACING = ("README.md", "docs/*.md", "tapes/*.pc1", "tapes/*.lst", "tapes/*.toml",
               "pc1/*.py", "bignum/*.py", "programs/**/*.py", "tui/**/*.py")


def test_machine_md_tables_are_rendered_from_the_code() -> None:
    text = (ROOT / "docs/machine.md").read_text(encoding="utf-8")
    assert {m.group(2) for m in MARKER.finditer(text)} == {"orders", "codes"}
    assert render(text) == text, "run: python -m pc1.asm.reference_tables docs/machine.md"


def test_the_tables_hold_known_facts() -> None:
    # facts stated by the sources, typed here, not taken from pc1/machine/orders.py
    orders = order_table()
    assert "| `d` | 18 | 161 |" in orders and "| `jl` | 26 | 4 | jump to n |" in orders
    assert "| `vl` | 15 | 44 |" in orders and "| `t` | 1 | 8 |" in orders
    codes = code_table()
    assert "| 0 | BLANK | 16 | `e` | 32 | BELL | 48 | `2` |" in codes
    assert "| 7 | `m` | 23 | `x` | 39 | `.` | 55 | `=` |" in codes


def test_render_replaces_only_marked_tables() -> None:
    text = "a\n<!-- codes:begin -->\nold\n<!-- codes:end -->\nb\n"
    out = render(text)
    assert out.startswith("a\n<!-- codes:begin -->\n| code |") and out.endswith(
        "<!-- codes:end -->\nb\n") and "old" not in out


def test_nothing_a_user_reads_points_to_the_teams_files() -> None:
    bad = re.compile(r"\.\./shared|shared/reference|reference/[\w-]+\.md")
    found = []
    for pattern in USER_FACING:
        for path in ROOT.glob(pattern):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if bad.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def test_docs_links_resolve() -> None:
    for path in sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", path.read_text("utf-8")):
            if "://" in target:
                continue
            assert (path.parent / target).exists(), f"{path.name}: broken link {target}"
