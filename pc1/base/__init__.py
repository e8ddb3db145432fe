"""What every package of ours stands on, importing nothing of ours: the one error type for
bad input (`InputError`, always one line) and the one reader of a text file a user names
(`read_text_file`, `display_name`), and progress on stderr for long work (`Reporter`).
"""

from pc1.base.errors import InputError
from pc1.base.progress import Progress, Reporter, report
from pc1.base.text_file import STDIN, display_name, read_text_file

__all__ = ["STDIN", "InputError", "Progress", "Reporter", "display_name", "read_text_file",
           "report"]
