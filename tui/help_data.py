"""What the help screen shows, as data: the operator procedures of the tape manifest, the
keys of the console and of every workbench (read from their bindings), the workbenches."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from textual.binding import Binding

from pc1.devices import programs
from tui.workbenches import WORKBENCHES, Workbench


@dataclass(frozen=True)
class Procedure:
    """One program's operator procedure, step by step."""

    name: str
    title: str
    steps: tuple[str, ...]


@dataclass(frozen=True)
class KeyGroup:
    """The keys of one screen: (key as shown, what it does)."""

    where: str
    keys: tuple[tuple[str, str], ...]


def procedures() -> list[Procedure]:
    """Every program of the tape manifest with its procedure."""
    return [Procedure(p.name, p.title, tuple(p.procedure)) for p in programs()]


def _bindings(items: Iterable) -> list[Binding]:
    return [b if isinstance(b, Binding) else Binding(*b) for b in items]


def _keys(binding: Binding, show: Callable[[Binding], str]) -> str:
    """Every key of a binding ("right,n" binds two), each as the footer shows it."""
    return " ".join(show(Binding(key.strip(), binding.action)) for key in binding.key.split(","))


def key_groups(console: Iterable, palette_key: str,
               show: Callable[[Binding], str] = lambda b: b.key,
               workbenches: Iterable[Workbench] = WORKBENCHES,
               names: Mapping[str, str] | None = None,
               parts: Iterable[tuple[str, Iterable]] = ()) -> list[KeyGroup]:
    """The console's keys, its parts' (`parts`: where, bindings; the study view, the command
    line), then each workbench's own (keys without a description are left out: Textual's
    internal ones). `names` (action -> palette name) says more than a footer's short
    description where it has the action."""
    named = names or {}
    console_keys = [(_keys(b, show), named.get(b.action, b.description))
                    for b in _bindings(console) if b.description]
    console_keys.append((show(Binding(palette_key, "command_palette")),
                         "Command palette: every action by name"))
    groups = [KeyGroup("Console (on the console; STOP and the workbench keys from anywhere)",
                       tuple(console_keys))]
    for where, bindings in parts:
        groups.append(KeyGroup(where, tuple((_keys(b, show), b.description)
                                            for b in _bindings(bindings) if b.description)))
    for wb in workbenches:
        own = [(_keys(b, show), b.description)
               for b in _bindings(getattr(wb.load(), "BINDINGS", [])) if b.description]
        if own:
            groups.append(KeyGroup(f"{wb.title} (key {show(Binding(wb.key, ''))})", tuple(own)))
    return groups
