"""The PC-1 parametron computer (University of Tokyo, 1958): machine, order code, tapes."""

from pc1.errors import InputError
from pc1.machine import Machine, Stop
from pc1.tape import Tape, read_tape, write_tape

__all__ = ["InputError", "Machine", "Stop", "Tape", "read_tape", "write_tape"]
