"""What every package of ours stands on, importing nothing of ours: the one error type for
bad input (`InputError`, always one line), the one reader of a text file a user names
(`read_text_file`, `display_name`), progress on stderr for long work (`Reporter`), opening
files safely (`open_regular` for reading only regular files, `atomic_output` for writing whole
or not at all), numbers of any length (`parse_whole`) and messages fit for one line
(`one_line`, `shorten`, `say`), and the rule that keeps a served console's paths to one
folder (`confined_path`, `is_inside`); and `first_use`, how every package of ours imports
its public names only when asked for.

The names are imported when first used, each from its own module, so that a command
loads only what it uses (a cold `pc1 run` is dominated by imports otherwise).
"""

from __future__ import annotations

from pc1.base.lazy_names import first_use

# each public name -> the module of this package that defines it
_HOME, __getattr__ = first_use(__name__, {
    "confine": "confined_path is_inside",
    "errors": "InputError",
    "files": "Output atomic_output check_input check_output expand_user kind_of open_regular "
             "write_atomically",
    "messages": "escape one_line say shorten",
    "numbers": "OutOfRange parse_whole span",
    "progress": "Progress Reporter report",
    "signals": "stopping_on_signals term_as_interrupt",
    "text_file": "STDIN display_name read_text_file",
})

__all__ = [
    "STDIN",
    "InputError",
    "OutOfRange",
    "Output",
    "Progress",
    "Reporter",
    "atomic_output",
    "check_input",
    "check_output",
    "confined_path",
    "display_name",
    "escape",
    "expand_user",
    "first_use",
    "is_inside",
    "kind_of",
    "one_line",
    "open_regular",
    "parse_whole",
    "read_text_file",
    "report",
    "say",
    "shorten",
    "span",
    "stopping_on_signals",
    "term_as_interrupt",
    "write_atomically",
]
