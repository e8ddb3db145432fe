"""The PC-1 teleprinter: the 6-bit character code (both ways), the printer and the punch.

The code table is THE character table of the project (docs/machine.md, "The character code"): the
5-bit codes are the ITA2 letters shift, digits and punctuation carry the sixth hole.
"""

from __future__ import annotations

from pc1.devices.newest import let_older_go

BLANK, CR, SP, LF, FIGS, LTRS, BELL, ER = 0, 2, 4, 8, 27, 31, 32, 63

# code -> the character it stands for on tape and in R0 language; control codes by name
CODE_TO_CHAR: dict[int, str] = {
    1: "t", 3: "o", 5: "h", 6: "n", 7: "m", 9: "l", 10: "r", 11: "g", 12: "i", 13: "p",
    14: "c", 15: "v", 16: "e", 17: "z", 18: "d", 19: "b", 20: "s", 21: "y", 22: "f",
    23: "x", 24: "a", 25: "w", 26: "j", 28: "u", 29: "q", 30: "k",
    33: "4", 34: "-", 35: "8", 38: ",", 39: ".", 40: "+", 42: "3", 44: "7", 45: "9",
    47: ":", 48: "2", 53: "5", 55: "=", 56: "0", 57: "1", 60: "6",
}
CHAR_TO_CODE: dict[str, int] = {c: k for k, c in CODE_TO_CHAR.items()}

CONTROL_NAMES: dict[int, str] = {
    BLANK: "BLANK", CR: "CR", SP: "SP", LF: "LF", FIGS: "FIGS", LTRS: "LTRS", BELL: "BELL",
    ER: "ER",
}
DIGIT_CODES: dict[int, int] = {CHAR_TO_CODE[str(d)]: d for d in range(10)}


def code_name(code: int) -> str:
    """A readable name for a 6-bit code: its character, a control name, or #n."""
    if code in CODE_TO_CHAR:
        return CODE_TO_CHAR[code]
    return CONTROL_NAMES.get(code, f"#{code}")


def text_to_codes(text: str) -> list[int]:
    """Printable text to codes: letters, digits, punctuation, space, newline -> CR LF."""
    out: list[int] = []
    for ch in text:
        if ch == "\n":
            out += [CR, LF]
        elif ch == " ":
            out.append(SP)
        elif ch == "\r":
            continue
        else:
            out.append(CHAR_TO_CODE[ch.lower()])
    return out


def codes_to_text(codes: list[int] | bytes) -> str:
    """What the printer shows: CR LF (or a lone LF) -> newline; shifts and blanks vanish.

    SP and BELL print a space (as PC-1 on Unity does); codes with no glyph print '?'.
    """
    out: list[str] = []
    for c in codes:
        if c == LF:
            out.append("\n")
        elif c in (CR, BLANK, FIGS, LTRS):
            continue
        elif c in (SP, BELL):
            out.append(" ")
        else:
            out.append(CODE_TO_CHAR.get(c, "?"))
    return "".join(out)


# what a run that may go on for hours (the console, a script) keeps: the newest million
# characters of paper (some 12,500 full lines) and a reel of a million frames
PAPER_KEEP = 1_000_000
PUNCH_REEL = 1_000_000
RUNS_KEPT = 1_000  # where the newest runs began on the paper
_SILENT = (CR, BLANK, FIGS, LTRS)  # codes that move nothing along the line


def codes_for_characters(codes: list[int], characters: int) -> int:
    """How many of `codes` make the first `characters` characters of their text (each
    code is one character or none in codes_to_text)."""
    made = 0
    for i, c in enumerate(codes):
        if made >= characters:
            return i
        if c not in (CR, BLANK, FIGS, LTRS):
            made += 1
    return len(codes)


class Teleprinter:
    """The printer and punch that an `o` order drives."""

    def __init__(self, *, punch_on: bool = False, ready: bool = True,
                 paper_keep: int | None = None, punch_reel: int | None = None) -> None:
        self.punch_on = punch_on
        self.ready = ready  # False models a printer that never frees up ("printer wait")
        # a console that runs for days keeps the newest `paper_keep` to twice that many codes
        # of paper, and a reel of `punch_reel` frames (the punch goes on, its frames are not
        # kept): a runaway printing loop cannot fill the memory. None: all of it (runs that end).
        self.paper_keep = paper_keep
        self.punch_reel = punch_reel
        self.printed: list[int] = []  # the paper still here
        self.punched: list[int] = []
        self.torn_off = 0  # codes of paper gone from the front (printed_count counts them)
        self.punch_overrun = 0  # frames punched past the end of the reel
        # each run's place on the paper: (where its fresh line was fed, where its own codes
        # begin)
        self.runs: list[tuple[int, int]] = []
        self.line_open = False  # something was printed since the last line feed

    def output(self, code: int) -> bool:
        """Accept one character; False if the printer cannot take it now."""
        if not self.ready:
            return False
        self._print(code)
        if self.punch_on:
            if self.punch_reel is not None and len(self.punched) >= self.punch_reel:
                self.punch_overrun += 1
            else:
                self.punched.append(code)
        return True

    def _print(self, code: int) -> None:
        self.printed.append(code)
        self.torn_off += len(let_older_go(self.printed, self.paper_keep))
        if code == LF:
            self.line_open = False
        elif code not in _SILENT:
            self.line_open = True

    def begin_run(self) -> None:
        """A run begins (CLEAR START, INITIAL START): on a fresh line of the paper, so that two
        runs' printouts never read as one line (the feed is printed, not punched)."""
        fed = self.printed_count
        if self.line_open:
            self._print(CR)
            self._print(LF)
        self.runs.append((fed, self.printed_count))
        del self.runs[:-RUNS_KEPT]

    def run_codes(self, index: int = -1) -> list[int]:
        """What one run printed (the newest by default), without the feed before the next;
        only codes still kept.  IndexError if there is no such run."""
        start = self.runs[index][1]
        following = index + 1 if index >= 0 else index + 1 + len(self.runs)
        end = self.runs[following][0] if following < len(self.runs) else self.printed_count
        return self.printed_since(start)[:max(0, end - max(start, self.torn_off))]

    def printed_in_runs_since(self, count: int) -> list[int]:
        """What the runs begun after the first `count` codes printed, each run's codes
        joined without the line feeds between them."""
        out: list[int] = []
        for index, (fed, _) in enumerate(self.runs):
            if fed >= count:
                out += self.run_codes(index)
        return out

    @property
    def printed_count(self) -> int:
        """Codes printed since the paper was last cleared, kept or not (a cursor for
        `printed_since`)."""
        return self.torn_off + len(self.printed)

    def printed_since(self, count: int) -> list[int]:
        """The codes printed after the first `count` (those still kept)."""
        return self.printed[max(0, count - self.torn_off):]

    def take_printed(self) -> list[int]:
        """The paper still here, torn off (a headless run writes it out as it comes)."""
        codes = self.printed
        self.printed = []
        self.torn_off += len(codes)
        return codes

    def clear_paper(self) -> None:
        """Tear off all the paper: counting starts again at 0."""
        self.printed.clear()
        self.torn_off = 0
        self.runs.clear()
        self.line_open = False

    def clear_punch(self) -> None:
        """Start a new reel."""
        self.punched.clear()
        self.punch_overrun = 0

    def text(self) -> str:
        """Everything printed so far, as text."""
        return codes_to_text(self.printed)
