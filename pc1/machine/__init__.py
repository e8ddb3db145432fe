"""The PC-1 itself: 18- and 36-bit words, THE order table (`ORDERS`, `encode`, `mnemonic`),
the block compiler, the registers and the 512-word store with the panel's buttons
(`Machine`, `Stop`), the history ring (`TraceRing`) and simulated time (`parse_clock`,
`format_duration`, `Pacer`).

Entry points: `Machine` (initial_load, clear_start, run, step), `Stop`, `ORDERS`.
"""

from pc1.machine.clock import CLOCKS_HZ, Pacer, format_duration, format_hms, parse_clock
from pc1.machine.history import TraceEntry, TraceRing
from pc1.machine.machine import DEFAULT_CLOCK_HZ, Machine, Stop
from pc1.machine.orders import BY_CODE, BY_LETTER, ORDERS, encode, mnemonic, widest_mnemonic
from pc1.machine.word import STORE_MASK, STORE_SIZE, signed18, signed36, to_fraction

__all__ = [
    "BY_CODE",
    "BY_LETTER",
    "CLOCKS_HZ",
    "DEFAULT_CLOCK_HZ",
    "Machine",
    "ORDERS",
    "Pacer",
    "STORE_MASK",
    "STORE_SIZE",
    "Stop",
    "TraceEntry",
    "TraceRing",
    "encode",
    "format_duration",
    "format_hms",
    "mnemonic",
    "parse_clock",
    "signed18",
    "signed36",
    "to_fraction",
    "widest_mnemonic",
]
