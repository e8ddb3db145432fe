"""`pc1 docs [TOPIC]`: the shipped documentation, in a pager on a terminal, plain otherwise."""

from __future__ import annotations

import argparse
import os
import sys

from pc1.base import InputError


def _page(markdown: str) -> None:
    """Show Markdown rendered by rich in the pager ($PAGER, else less)."""
    from rich.console import Console
    from rich.markdown import Markdown

    # less shows rich's colours only with -R; a LESS the user set is theirs to keep
    os.environ.setdefault("LESS", "-R")
    console = Console()
    with console.pager(styles=True):
        console.print(Markdown(markdown))


def _docs(args: argparse.Namespace) -> int:
    import docs

    if args.topic is None:
        print("Topics (pc1 docs TOPIC shows one; --plain prints its Markdown):")
        for name, title in docs.topics().items():
            print(f"  {name:<17} {title}")
        return 0
    topic = docs.topic_name(args.topic)
    if topic is None:
        raise InputError(f"no topic {args.topic!r} (topics: {', '.join(docs.topics())})")
    text = docs.text(topic)
    if args.plain or not sys.stdout.isatty():
        sys.stdout.write(text)
        return 0
    _page(text)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add `pc1 docs` to the `pc1` parser."""
    p = sub.add_parser(
        "docs", help="read the documentation that comes with pc1 (pc1 docs monitor)",
        description="Without TOPIC: the topics and their titles. With TOPIC: that document, "
        "rendered in a pager ($PAGER, else less) on a terminal, or its Markdown text when "
        "the output is a pipe or a file.")
    p.add_argument("topic", nargs="?", metavar="TOPIC", help="a topic the list shows, e.g. "
                   "monitor, machine, puzzles, historic-tapes")
    p.add_argument("--plain", action="store_true",
                   help="print the Markdown text, even on a terminal")
    p.set_defaults(func=_docs)
