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
    Workbench("digits", "Digits", "f3", "tui.screens.digits", "DigitsScreen",
              "N decimals of pi or e by a chosen method, cross-checked, saved to a file",
              (Command("Compute 10,000 digits of pi (Chudnovsky, checked by Machin)",
                       "the form on the digits screen chooses count, method and check",
                       "preset('pi', '10000')"),
               Command("Compute 10,000 digits of e (binary splitting, checked)",
                       "the form on the digits screen chooses count, method and check",
                       "preset('e', '10000')"),
               Command("Save the computed digits to a file", "PC-1 layout or plain", "save"),
               Command("Cancel the digits computation", "the app stays responsive", "cancel"))),
    Workbench("queens", "Queens", "f4", "tui.screens.queens", "QueensScreen",
              "the 92 eight-queens solutions and 12 classes, n-queens counts, infinite queens",
              (Command("Eight queens: step through the 92 solutions",
                       "the board in the seed's order; right/left step", "show_tab('eight')"),
               Command("Eight queens: the 12 classes under symmetry",
                       "one class at a time, [ and ] through its members", "toggle_classes"),
               Command("Count n-queens solutions for boards 1 to 14",
                       "a table of counts with progress; Escape stops; the Counts tab takes "
                       "N up to 20",
                       "start_count('14')"),
               Command("Plot infinite queens against the lines of slope phi and 1/phi",
                       "the seed's figure for the chosen number of terms",
                       "show_tab('infinite')"))),
    Workbench("mex", "mex", "f5", "tui.screens.mex", "MexScreen",
              "the seed's range tree growing value by value, merges highlighted",
              (Command("mex: grow the range tree of the seed's example",
                       "12 1 3 3 4 4 5 11 6 6 10 14 15 13 4 7, one value per right arrow",
                       "example(5)"),
               Command("mex: type values and watch the range tree grow",
                       "minimum excludant of your own numbers", "edit"))),
    Workbench("quintomino", "Quintomino", "f6", "tui.screens.quintomino", "QuintominoScreen",
              "the quintominal dodecahedron: 60 solutions on a flat drawing, 3 classes",
              (Command("Quintominal dodecahedron: step through the 60 solutions",
                       "the 12 faces drawn flat, each edge in its colour", "go(0)"),
               Command("Quintominal dodecahedron: the 3 classes under colour permutation",
                       "c jumps to the next class", "next_class"))),
    Workbench("puzzles", "Puzzles", "f7", "tui.screens.puzzles", "PuzzlesScreen",
              "Nurikabe, Sudoku and 0h n0: open, paste, hint, step, check, solve, count",
              (Command("Puzzles: open one of the seed's puzzles (Hui's n1-n7, ym, su21_99, ...)",
                       "Nurikabe, Sudoku and 0h n0 examples", "seeds"),
               Command("Puzzles: open a Nurikabe, Sudoku or 0h n0 file",
                       "k chooses the kind first", "open"),
               Command("Puzzles: type or paste a puzzle", "any format pc1 solve reads", "paste"),
               Command("Puzzles: hint, the next logical step with its rule",
                       "its cells highlighted; s applies it", "hint"),
               Command("Puzzles: solve the puzzle on the board", "checked by the checker",
                       "solve"),
               Command("Puzzles: check the board against the rules (Progcomp messages)",
                       "cells at fault turn red", "check"),
               Command("Puzzles: is the solution unique? (count up to 2)", "", "count"))),
    Workbench("assembler", "Assembler", "f8", "tui.screens.assembler", "AssemblerScreen",
              "edit an annotated source with its diagnostics and listing; punch it; "
              "disassemble the store or a tape",
              (Command("Assembler: open an annotated source (.pc1)",
                       "ours by name (e1000.pc1) or a path", "open"),
               Command("Assembler: punch the source into the reader",
                       "a binary tape: INITIAL LOAD, then CLEAR START runs it",
                       "punch_reader('binary')"),
               Command("Assembler: punch the source's R0 tape into the reader",
                       "read through R0: CLEAR START with R0 loaded", "punch_reader('r0')"),
               Command("Assembler: punch the source's R0 tape to a file (.ptr)",
                       "never over our shipped tapes", "punch_file"),
               Command("Assembler: show the listing (pc1 listing)",
                       "address, octal word, order, source", "toggle_listing"),
               Command("Assembler: disassemble the store into a source",
                       "words 68-511 as the machine holds them now", "disassemble_store"),
               Command("Assembler: disassemble a tape or a saved state into a source",
                       ".ptr, .ptw, .json or a memory image", "disassemble_file"))),
    Workbench("orders", "Orders", "f9", "tui.screens.orders", "OrdersScreen",
              "the order table: letter, code, cycles, meaning; the study view's word explained",
              (Command("Order table: every order with its code, cycles and meaning",
                       "the word under the study view's cursor explained in words and bits",
                       "explain_word"),)),
    Workbench("profile", "Profile", "f10", "tui.screens.profile", "ProfileScreen",
              "where the time of the last run went: loops, routines, orders, addresses",
              (Command("Profile the last run: where its time went",
                       "by loop, routine, order and address; the share of division; [ ] "
                       "the earlier runs", "latest"),)),
)
