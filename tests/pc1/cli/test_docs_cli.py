"""`pc1 docs`: the shipped documents, and every --help pointing to them, not to the repository."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pc1.cli.main import build_parser, main

ROOT = Path(__file__).resolve().parents[3]


def test_docs_lists_every_document_with_its_title(capsys) -> None:
    assert main(["docs"]) == 0
    out = capsys.readouterr().out
    for path in sorted((ROOT / "docs").glob("*.md")):
        title = path.read_text(encoding="utf-8").partition("\n")[0].lstrip("# ")
        assert f"  {path.stem:<17} {title}" in out


@pytest.mark.parametrize("name", ["monitor", "monitor.md", "docs/monitor.md", "Monitor"])
def test_a_topic_off_a_terminal_is_its_markdown(name: str, capsys) -> None:
    assert main(["docs", name]) == 0
    assert capsys.readouterr().out == (ROOT / "docs/monitor.md").read_text(encoding="utf-8")


def test_an_unknown_topic_is_one_line_naming_the_topics(capsys) -> None:
    assert main(["docs", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "monitor" in err and "historic-tapes" in err


@pytest.mark.skipif(shutil.which("script") is None, reason="needs script(1) for a terminal")
def test_on_a_terminal_the_topic_is_rendered_in_the_pager() -> None:
    env = {**os.environ, "PAGER": "cat", "COLUMNS": "100", "TERM": "xterm"}
    command = f"{sys.executable} -m pc1 docs puzzles"
    done = subprocess.run(["script", "-qec", command, "/dev/null"], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert "Puzzles: Nurikabe, Sudoku and 0h n0" in done.stdout
    assert "# Puzzles" not in done.stdout  # rendered, not the Markdown source
    assert "\x1b[" in done.stdout  # with rich's styles


def _every_parser() -> list[argparse.ArgumentParser]:
    parser = build_parser()
    [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return [parser, *sub.choices.values()]


def test_every_help_points_to_a_topic_not_a_repository_path() -> None:
    import docs

    topics = docs.topics()
    for parser in _every_parser():
        text = parser.format_help()
        assert "docs/" not in text and ".md" not in text, parser.prog
        for topic in re.findall(r"pc1 docs ([\w-]+)", text):
            assert topic in topics, f"{parser.prog}: pc1 docs {topic}"


def test_every_subcommand_has_a_description() -> None:
    for parser in _every_parser()[1:]:
        assert parser.description and len(parser.description) > 20, parser.prog
