"""The docs' examples are found as a user reads them (tests/doc_examples.py); the wheel test
runs them (tests/test_wheel_install.py)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from pc1.cli.main import build_parser
from tests.doc_examples import ROOT, SKIPPED, all_examples, extract, matches


def test_the_examples_with_output_and_files_are_found() -> None:
    by_command = {e.command: e for e in all_examples()}
    factorize = by_command["pc1 run factorize 34359738367 12"]
    assert factorize.expected == ["34359738367.=31.71.127.122921", "12.=2.2.3"]
    determinant = by_command["pc1 run determinant m.txt"]
    assert determinant.expected == ["det=4"] and "131071\n" in determinant.files["m.txt"]
    script = by_command["pc1 script first.pc1s"]
    assert script.expected[2] == "  ..." and "examine 285-286\n" in script.files["first.pc1s"]
    assert "pc1 samples sudoku | pc1 solve sudoku -" in by_command  # a pipe in a table row
    assert "pc1 tapes --path e1000.ptr" in by_command
    assert not any("FILE" in c or "…" in c or "[" in c for c in by_command)  # no synopsis


def test_every_skipped_example_is_still_shown_and_says_why() -> None:
    commands = {e.command for e in all_examples()}
    for command, why in SKIPPED.items():
        assert command in commands, f"stale entry: {command}"
        assert len(why) > 10


def test_a_session_block_gives_commands_their_output(tmp_path: Path, monkeypatch) -> None:
    import tests.doc_examples as doc_examples

    monkeypatch.setattr(doc_examples, "ROOT", tmp_path)
    page = tmp_path / "page.md"
    page.write_text("text\n\n```sh\n$ cat a.txt\nx y\n$ pc1 mex - < a.txt\n0\n```\n\n"
                    "```\npc1 not a shell block\n```\n\n```sh\npc1 orders   # a comment\n```\n")
    [mex, orders] = extract(page)
    assert (mex.command, mex.expected, mex.files) == ("pc1 mex - < a.txt", ["0"],
                                                      {"a.txt": "x y\n"})
    assert (orders.command, orders.expected, orders.source) == ("pc1 orders", None, "page.md:15")


def test_ellipsis_stands_for_any_run_of_lines() -> None:
    assert matches(["a", "  ...", "d"], ["a", "b", "c", "d"])
    assert not matches(["a", "...", "e"], ["a", "b", "c", "d"])
    assert matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "...", "d"], ["a", "b", "c"])
    assert matches(["x  "], ["x"]) and not matches(["x"], ["x", "y"])


def test_every_command_the_readme_names_exists() -> None:
    parser = build_parser()
    [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`pc1 ([a-z][a-z0-9-]*)", text))
    assert named and named <= set(sub.choices), named - set(sub.choices)
