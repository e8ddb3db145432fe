"""The user documentation (this folder's .md files), shipped as package data so that an
installed `pc1` shows it (`pc1 docs TOPIC`, the console's help) without the repository.

A topic is a file's name without `.md`: `pc1 docs monitor` shows monitor.md.
"""

from __future__ import annotations

from importlib import resources

SUFFIX = ".md"


def topics() -> dict[str, str]:
    """Every topic with its title (the file's first heading), in name order."""
    found = {}
    for entry in sorted(resources.files(__name__).iterdir(), key=lambda e: e.name):
        if entry.name.endswith(SUFFIX):
            first = entry.read_text(encoding="utf-8").partition("\n")[0]
            found[entry.name.removesuffix(SUFFIX)] = first.lstrip("# ").strip()
    return found


def topic_name(name: str) -> str | None:
    """The topic a user means by `name` (monitor, monitor.md, docs/monitor.md), or None."""
    stem = name.replace("\\", "/").rpartition("/")[2].removesuffix(SUFFIX).lower()
    return stem if stem in topics() else None


def text(topic: str) -> str:
    """The Markdown text of a topic (a name `topics()` lists)."""
    return resources.files(__name__).joinpath(topic + SUFFIX).read_text(encoding="utf-8")
