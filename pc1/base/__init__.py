"""What every package of ours stands on, importing nothing of ours: the one error type for
bad input (`InputError`, always one line), the one reader of a text file a user names
(`read_text_file`, `display_name`), progress on stderr for long work (`Reporter`), opening
files safely (`open_regular` for reading only regular files, `atomic_output` for writing whole
or not at all), numbers of any length (`parse_whole`) and messages fit for one line
(`one_line`, `shorten`, `say`), and the rule that keeps a served console's paths to one
folder (`confined_path`, `is_inside`).
"""

from pc1.base.confine import confined_path, is_inside
from pc1.base.errors import InputError
from pc1.base.files import (
    Output,
    atomic_output,
    check_input,
    check_output,
    expand_user,
    kind_of,
    open_regular,
    write_atomically,
)
from pc1.base.messages import escape, one_line, say, shorten
from pc1.base.numbers import OutOfRange, parse_whole, span
from pc1.base.progress import Progress, Reporter, report
from pc1.base.signals import stopping_on_signals, term_as_interrupt
from pc1.base.text_file import STDIN, display_name, read_text_file

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
