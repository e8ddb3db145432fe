"""The PC-1 itself: 18- and 36-bit words, THE order table (`ORDERS`, `encode`, `mnemonic`),
the block compiler, the registers and the 512-word store with the panel's buttons
(`Machine`, `Stop`), the history ring (`TraceRing`), time travel (`Timeline`), the profile
of a run (`Profile`), saved states (`read_state`, `write_state`), cross-references
(`static_xref`, `Observed`) and simulated time (`parse_clock`, `format_duration`, `Pacer`).

Entry points: `Machine` (initial_load, clear_start, run, step), `Stop`, `ORDERS`, and
`explain` (one word as the order it is).

The names are imported when first used, each from its own module, so that a command
loads only what it uses (a cold `pc1 run` is dominated by imports otherwise).
"""

from __future__ import annotations

from pc1.base import first_use

# each public name -> the module of this package that defines it
_HOME, __getattr__ = first_use(__name__, {
    "clock": "CLOCKS_HZ Pacer format_duration format_hms parse_clock",
    "explanation": "explain",
    "history": "TraceEntry TraceRing",
    "machine": "DEFAULT_CLOCK_HZ Machine Stop",
    "orders": "BY_CODE BY_LETTER ORDERS OrderForm encode mnemonic order_forms widest_mnemonic",
    "profile": ("Loop Profile RunProfile Tally cycles_of findings loops profile_stretch "
                "profile_table runs_of twin"),
    "run_limits": "LIMIT_REASONS MAX_ORDERS_LIMIT TIME_LIMIT_MAX Limits parse_limit",
    "saved": "apply_state read_state state_text write_state",
    "state_file": "read_state_memory",
    "timeline": "Moment Snapshot Timeline TimelineError Write written_by",
    "word": "STORE_MASK STORE_SIZE signed18 signed36 to_fraction",
    "xref": "Observed Reference relations static_xref",
})

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
    "OrderForm",
    "Pacer",
    "Loop",
    "Profile",
    "RunProfile",
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
    "order_forms",
    "apply_state",
    "read_state_memory",
    "parse_clock",
    "findings",
    "loops",
    "profile_stretch",
    "parse_limit",
    "profile_table",
    "runs_of",
    "twin",
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
