"""F1 (tui/screens/help.py, tui/help_data.py): every key of every screen, drawn from the
bindings, and every binding a key Textual can send."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from rich.console import Console
from textual.binding import Binding
from textual.keys import Keys, _character_to_key

import tui
from tui.app import PC1App
from tui.palette import CONSOLE_COMMANDS, demo_commands, open_command
from tui.screens.help import HelpScreen, help_renderable
from tui.workbenches import WORKBENCHES

BASE_KEYS = ({k.value for k in Keys} | {_character_to_key(chr(c)) for c in range(33, 127)}
             | {"enter", "tab", "space", "backspace", *(f"f{n}" for n in range(1, 25))})
MODIFIERS = {"ctrl", "shift", "alt", "meta"}


def classes_with_bindings() -> list[type]:
    """Every class of the console that declares BINDINGS (found, not listed by hand)."""
    found = []
    for info in pkgutil.walk_packages(tui.__path__, "tui."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and "BINDINGS" in cls.__dict__:
                found.append(cls)
    return found


def bindings(cls: type) -> list[Binding]:
    return [b if isinstance(b, Binding) else Binding(*b) for b in cls.__dict__["BINDINGS"]]


def test_every_binding_is_a_key_textual_sends() -> None:
    wrong = []
    for cls in classes_with_bindings():
        for b in bindings(cls):
            for key in b.key.split(","):
                *mods, base = key.strip().split("+")
                base = _character_to_key(base) if len(base) == 1 else base
                if base not in BASE_KEYS or not set(mods) <= MODIFIERS:
                    wrong.append(f"{cls.__name__}: {key!r}")
    assert not wrong, wrong


def plain_help(show) -> str:
    console = Console(width=300, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(help_renderable(list(PC1App.BINDINGS), "ctrl+p", show))
    return console.export_text()


def test_help_lists_every_key_of_every_screen_and_part() -> None:
    def show(b: Binding) -> str:
        return f"<{b.key}>"

    lines = plain_help(show).splitlines()
    # on the console, help names a key as the palette does where the palette has the action
    commands = (*CONSOLE_COMMANDS, *demo_commands(), *map(open_command, WORKBENCHES))
    palette_names = {c.action: c.name for c in commands}
    missing = []
    for cls in [c for c in classes_with_bindings() if c is not HelpScreen]:
        for b in bindings(cls):
            if not b.description:
                continue
            for key in b.key.split(","):
                said = (b.description, palette_names.get(b.action, b.description))
                if not any(f"<{key.strip()}>" in line and any(w in line for w in said)
                           for line in lines):
                    missing.append(f"{cls.__name__}: {key} {b.description}")
    assert not missing, missing


def test_the_study_view_keys_are_in_help() -> None:
    text = plain_help(lambda b: b.key)
    for key in ("g", "slash", "left_square_bracket", "right_square_bracket", "enter", "R",
                "b", "W", "L", "full_stop", "greater_than_sign", "S", "T"):
        assert any(line.split()[:1] == [key] for line in text.splitlines()), key
    assert "Side panel" in text and "Study view" in text and "Command line" in text


async def test_f1_shows_the_study_keys_as_the_footer_names_them() -> None:
    app = PC1App(include_our_tapes=False, speed="max")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        text = str(app.screen.query_one("#help-text").render())
        shown = plain_help(app.get_key_display)
        assert "Slow run" in shown and "Earlier" in shown
        assert text  # the screen renders it
