"""What every package of ours stands on, importing nothing of ours: the one error type for
bad input (`InputError`, always one line) and the one reader of a text file a user names
(`read_text_file`, `display_name`), and the rule that keeps a served console's paths
to one folder (`confined_path`, `is_inside`).
"""

from pc1.base.confine import confined_path, is_inside
from pc1.base.errors import InputError
from pc1.base.text_file import display_name, read_text_file

__all__ = ["InputError", "confined_path", "display_name", "is_inside", "read_text_file"]
