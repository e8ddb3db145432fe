"""The operator scripts that ship beside our tapes (tapes/NAME.pc1s) as operator actions.

A script is the one written form of a historic procedure: `pc1 script` carries it out with
its checks, and the recipes (`pc1 run NAME`, the console's guided demos) take its tape and
button lines from here, with the comment of each line as the note the operator reads.
"""

from __future__ import annotations

from pathlib import Path

from pc1.base import InputError
from pc1.devices import tape_path
from pc1.operator.session import Action

SUFFIX = ".pc1s"
ACTION_OF_VERB = {"initial-load": "initial-load", "attach": "tape", "clear-start": "clear-start",
                  "initial-start": "initial-start", "restart": "restart"}
# lines that check or comment on a run change nothing an operator does with the machine
CHECKS = ("expect", "assert", "echo", "examine", "show", "help")
# the verbs our scripts spell out in full: read without loading the monitor (its verbs come
# with the whole command language, a cold `pc1 run`'s largest import)
PLAIN_VERBS = frozenset((*ACTION_OF_VERB, *CHECKS, "free-run"))


def script_path(name: str) -> Path | None:
    """Our script for a program (tapes/NAME.pc1s), or None if there is none."""
    path = tape_path(name + SUFFIX)
    return path if path.is_file() else None


def verb_name(word: str) -> str:
    """The name of the monitor verb a word names (an alias, any case), else the word."""
    from pc1.monitor import find_verb

    v = find_verb(word)
    return v.name if v else word


def script_actions(path: Path) -> list[Action]:
    """The tape and button lines of a script as actions; InputError for any other verb."""
    text = path.read_text(encoding="utf-8")
    actions: list[Action] = []
    for number, line in enumerate(text.splitlines(), 1):
        # `;` begins a comment, as in the monitor (its strip_comment), read here without
        # loading the monitor; the comment of a button or tape line is the operator's note
        body, _, note = (part.strip() for part in line.partition(";"))
        if not body:
            continue
        word, _, arg = body.partition(" ")
        name = word if word in PLAIN_VERBS else verb_name(word)
        if name in ACTION_OF_VERB:
            tape = (path.parent / arg.strip()) if arg.strip() else None
            actions.append(Action(ACTION_OF_VERB[name], tape, note))
        elif name == "free-run" and arg.strip().lower() == "on":
            continue  # recipes press their start buttons with FREE RUN on
        elif name not in CHECKS:
            raise InputError(f"{body!r} is not an operator action a recipe can perform",
                             source=str(path), where=f"line {number}")
    return actions
