"""The operator at the console: sessions of actions in order (`Action`), the named
procedures of our tapes and their operands (`recipe`, `recipes`, `OPERANDS`, and what
the operator keys when a program waits for a tape, `keyed_form`), shipped
operator scripts as actions, and headless runs that stream the paper (`Operator`,
`PunchWriter`, `describe`).

The names are imported when first used, each from its own module, so that a command
loads only what it uses (a cold `pc1 run` is dominated by imports otherwise).
"""

from __future__ import annotations

from pc1.base import first_use

# each public name -> the module of this package that defines it
_HOME, __getattr__ = first_use(__name__, {
    "headless": "Operator PunchWriter describe",
    "operands": "OPERANDS keyed_form",
    "procedures": "is_recipe recipe recipes",
    "session": "START_ACTIONS Action",
})

__all__ = [
    "Action",
    "OPERANDS",
    "Operator",
    "PunchWriter",
    "START_ACTIONS",
    "describe",
    "keyed_form",
    "is_recipe",
    "recipe",
    "recipes",
]
