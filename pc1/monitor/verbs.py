"""The monitor's verb table: each verb defined once with its usage, help and aliases.

`help`, docs/monitor.md and the tests read this one table (as py65's monitor draws its help
from its `do_`/`help_` pairs).  The verbs themselves are Monitor methods in
pc1/monitor/interpreter.py,
pc1/monitor/panel.py, pc1/monitor/store.py, pc1/monitor/study.py and
pc1.monitor.study_save.py, registered here with @verb.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pc1.monitor.values import MonitorError


@dataclass(frozen=True)
class Run:
    """A request to run the machine from K: until it stops (orders None) or for N orders."""

    label: str
    orders: int | None = None


class CheckFailed(Exception):
    """An `expect` or `assert` that did not hold (exit status 1 in a script)."""


class LimitReached(Exception):
    """The order or wall-time limit ended a run (exit status 3 in a script)."""


class Interrupted(Exception):
    """Ctrl-C or SIGTERM stopped a run; what it printed and punched is kept (exit 130)."""


@dataclass(frozen=True)
class Verb:
    """One verb of the language: its name, arguments, one line of help, aliases."""

    name: str
    usage: str
    help: str
    aliases: tuple[str, ...]
    do: Callable[[Any, str], None]


VERBS: dict[str, Verb] = {}
_BY_NAME: dict[str, Verb] = {}


def verb(name: str, usage: str, help: str, aliases: tuple[str, ...] = ()):
    """Register a Monitor method as a verb (the table `help` and the docs are drawn from)."""

    def add(fn: Callable[[Any, str], None]):
        v = Verb(name, usage, help, aliases, fn)
        VERBS[name] = v
        for key in (name, *aliases):
            _BY_NAME[key] = v
        return fn

    return add


def find_verb(word: str) -> Verb | None:
    """The verb a word names (its name or an alias), or None."""
    return _BY_NAME.get(word.lower())


def strip_comment(line: str) -> str:
    """The line without its `;` comment and surrounding blanks."""
    return line.split(";", 1)[0].strip()


def on_off(arg: str, what: str) -> bool:
    word = arg.strip().lower()
    if word not in ("on", "off"):
        raise MonitorError(f"{what} takes on or off, not {arg.strip()!r}")
    return word == "on"


def unquote(text: str) -> str:
    t = text.strip()
    if len(t) >= 2 and t[0] == t[-1] == '"':
        return t[1:-1]
    return t


def listed(addresses: set[int]) -> str:
    return " ".join(str(a) for a in sorted(addresses)) or "none"


def help_lines(word: str = "") -> list[str]:
    """Help drawn from the verb table: every verb, or one."""
    if word:
        v = find_verb(word.strip())
        if v is None:
            raise MonitorError(f"unknown verb {word.strip()!r}")
        also = f"  (also: {', '.join(v.aliases)})" if v.aliases else ""
        return [f"{v.name} {v.usage}".rstrip() + also, f"  {v.help}"]
    width = max(len(f"{v.name} {v.usage}") for v in VERBS.values())
    return [f"{f'{v.name} {v.usage}':<{width}}  {v.help}" for v in VERBS.values()]
