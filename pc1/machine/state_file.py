"""Reading back the machine state `pc1 run --dump-state FILE.json` writes (`Machine.state`):
the JSON and its store, checked (pc1/machine/saved.py checks the rest for a restore)."""

from __future__ import annotations

import json
from pathlib import Path

from pc1.base import InputError, display_name, read_text_file
from pc1.machine.word import MASK18, STORE_SIZE

# bytes: a dump is about 8 kB, and the tape in the reader (some 6 bytes a frame)
STATE_LIMIT = 4_000_000


def read_state_memory(path: str | Path) -> list[int]:
    """The 512 words of the store in a dumped state; InputError naming what is wrong."""
    return read_state_file(path)["memory"]


def read_state_file(path: str | Path) -> dict:
    """A dumped state as its JSON object, its store checked; InputError naming what is
    wrong."""
    name = display_name(path)
    text = read_text_file(path, STATE_LIMIT, "a machine state (.json)")
    try:
        state = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc.msg}", source=name,
                         where=f"line {exc.lineno}, column {exc.colno}") from None
    memory = state.get("memory") if isinstance(state, dict) else None
    if not isinstance(memory, list) or len(memory) != STORE_SIZE:
        raise InputError(f"not a machine state: no \"memory\" list of {STORE_SIZE} words "
                         "(as pc1 run --dump-state writes)", source=name)
    for address, word in enumerate(memory):
        if type(word) is not int or not 0 <= word <= MASK18:
            raise InputError(f"memory[{address}] is {str(word)[:20]!r}, not an 18-bit word",
                             source=name)
    return state
