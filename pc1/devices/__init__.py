"""The machine's devices and the paper between them: tapes and their file formats (`Tape`,
`read_tape`, `write_tape`), the teleprinter with THE character code table (`CHAR_TO_CODE`,
`CODE_TO_CHAR`, `Teleprinter`), the speaker on flip-flop 31 (`WavStream`, `write_wav`), and
the tape library, the manifest of our shipped tapes (`tape_path`, `program`, `programs`).

The machine holds its devices, so this package sits below `pc1.machine` and imports none of it.

The names are imported when first used, each from its own module, so that a command
loads only what it uses (a cold `pc1 run` is dominated by imports otherwise).
"""

from __future__ import annotations

from pc1.base import first_use

# each public name -> the module of this package that defines it
_HOME, __getattr__ = first_use(__name__, {
    "newest": "let_older_go",
    "speaker": "WavStream describe_now excerpt write_wav",
    "tape": "NUMERIC_SUFFIXES RAW_SUFFIXES SEPARATOR_END TEXT_SUFFIXES Tape decode_initial_load "
            "format_ascii format_numeric initial_load_tape iter_tape numeric_tokens open_tape "
            "read_tape tape_format write_tape",
    "tape_library": "R0_BINARY Program find_file initial_load_hint installed_files is_ours locate "
                    "owner program programs refuse_ours shipped_files tape_path tapes_dir",
    "teleprinter": "BELL BLANK CHAR_TO_CODE CODE_TO_CHAR CONTROL_NAMES CR DIGIT_CODES ER FIGS LF "
                   "LTRS PAPER_KEEP PUNCH_REEL SP Teleprinter code_name codes_for_characters "
                   "codes_to_text text_to_codes",
})

__all__ = [
    "BELL",
    "BLANK",
    "CHAR_TO_CODE",
    "CODE_TO_CHAR",
    "CONTROL_NAMES",
    "CR",
    "DIGIT_CODES",
    "ER",
    "FIGS",
    "LF",
    "LTRS",
    "NUMERIC_SUFFIXES",
    "PAPER_KEEP",
    "PUNCH_REEL",
    "Program",
    "find_file",
    "R0_BINARY",
    "RAW_SUFFIXES",
    "SEPARATOR_END",
    "SP",
    "TEXT_SUFFIXES",
    "Tape",
    "Teleprinter",
    "WavStream",
    "code_name",
    "codes_for_characters",
    "codes_to_text",
    "decode_initial_load",
    "describe_now",
    "excerpt",
    "format_ascii",
    "format_numeric",
    "initial_load_hint",
    "initial_load_tape",
    "installed_files",
    "is_ours",
    "locate",
    "iter_tape",
    "let_older_go",
    "numeric_tokens",
    "open_tape",
    "owner",
    "program",
    "programs",
    "read_tape",
    "refuse_ours",
    "tape_format",
    "shipped_files",
    "tape_path",
    "tapes_dir",
    "text_to_codes",
    "write_tape",
    "write_wav",
]
