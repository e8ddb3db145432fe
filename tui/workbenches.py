"""The console's workbenches: one entry per screen, the one list the app, the command palette
and the help screen read. A screen module adds its entry here and nothing else."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from textual.screen import Screen


@dataclass(frozen=True)
class Command:
    """One palette command of a workbench: what it is called, what it does, the action run."""

    name: str     # as a user searches for it, e.g. "Verify pi-1000 against the Scheme reference"
    help: str     # one line
    action: str   # a Textual action string run on the screen once it is shown, e.g. "verify('pi')"


@dataclass(frozen=True)
class Workbench:
    """A workbench screen: its name, title, the key that opens it, where its class lives."""

    name: str                      # the screen's name in the app (mode or installed screen)
    title: str
    key: str                       # opens it from anywhere in the console
    module: str                    # e.g. "tui.screens.verify"
    screen: str                    # the Screen subclass in that module
    summary: str                   # one line for the help screen
    commands: tuple[Command, ...] = ()

    def load(self) -> type[Screen]:
        """The screen class (imported when first wanted, so the console starts fast)."""
        return getattr(importlib.import_module(self.module), self.screen)


WORKBENCHES: tuple[Workbench, ...] = (
    Workbench("help", "Help", "f1", "tui.screens.help", "HelpScreen",
              "the workbenches, every key, the operator procedures of our tapes",
              (Command("Help: keys and operator procedures", "also ? and F1", ""),)),
    Workbench("verify", "Verify", "f2", "tui.screens.verify", "VerifyScreen",
              "pi-1000 and e-1000 run and checked limb by limb and digit by digit",
              (Command("Verify pi-1000 against the Scheme reference",
                       "run the pi tapes on the machine, compare the 97 limbs and the digits",
                       "verify('pi')"),
               Command("Verify e-1000 against the Python reference",
                       "run the e tape on the machine, compare the 100 limbs and the digits",
                       "verify('e')"),
               Command("Check the teleprinter paper: digits of pi or e against mpmath",
                       "any pi or e tape, ours or another's", "check_paper"))),
)
