"""The PC-1 itself: 18- and 36-bit words, THE order table (`ORDERS`, `encode`, `mnemonic`),
the block compiler, the registers and the 512-word store with the panel's buttons
(`Machine`, `Stop`), the history ring (`TraceRing`), time travel (`Timeline`), the profile
of a run (`Profile`), saved states (`read_state`, `write_state`), cross-references
(`static_xref`, `Observed`) and simulated time (`parse_clock`, `format_duration`, `Pacer`).

Entry points: `Machine` (initial_load, clear_start, run, step), `Stop`, `ORDERS`, and
`explain` (one word as the order it is).
"""

from pc1.machine.clock import CLOCKS_HZ, Pacer, format_duration, format_hms, parse_clock
from pc1.machine.explain import explain
from pc1.machine.history import TraceEntry, TraceRing
from pc1.machine.machine import DEFAULT_CLOCK_HZ, Machine, Stop
from pc1.machine.orders import BY_CODE, BY_LETTER, ORDERS, encode, mnemonic, widest_mnemonic
from pc1.machine.profile import Profile, Tally, cycles_of, profile_table
from pc1.machine.run_limits import (
    LIMIT_REASONS,
    MAX_ORDERS_LIMIT,
    TIME_LIMIT_MAX,
    Limits,
    parse_limit,
)
from pc1.machine.saved import apply_state, read_state, state_text, write_state
from pc1.machine.state_file import read_state_memory
from pc1.machine.timeline import Moment, Snapshot, Timeline, TimelineError, Write, written_by
from pc1.machine.word import STORE_MASK, STORE_SIZE, signed18, signed36, to_fraction
from pc1.machine.xref import Observed, Reference, relations, static_xref

__all__ = [
    "BY_CODE",
    "BY_LETTER",
    "CLOCKS_HZ",
    "DEFAULT_CLOCK_HZ",
    "LIMIT_REASONS",
    "Limits",
    "MAX_ORDERS_LIMIT",
    "Machine",
    "Moment",
    "Observed",
    "ORDERS",
    "Pacer",
    "Profile",
    "Reference",
    "STORE_MASK",
    "STORE_SIZE",
    "TIME_LIMIT_MAX",
    "Snapshot",
    "Stop",
    "Tally",
    "TraceEntry",
    "TimelineError",
    "Timeline",
    "TraceRing",
    "Write",
    "cycles_of",
    "encode",
    "explain",
    "format_duration",
    "format_hms",
    "mnemonic",
    "apply_state",
    "read_state_memory",
    "parse_clock",
    "parse_limit",
    "profile_table",
    "read_state",
    "relations",
    "signed18",
    "signed36",
    "state_text",
    "static_xref",
    "to_fraction",
    "widest_mnemonic",
    "write_state",
    "written_by",
]
