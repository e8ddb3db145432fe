"""The assembler: R0-language text in, the memory image R0 itself would leave out.

It runs R0's state machine (docs/r0-language.md) over the tape's 6-bit codes and a
512-word image seeded with R0's parameter slots, so every well-formed tape gives R0's words
bit for bit.  The quirks of the original (category B of the reference) are modelled as R0
does them *and* reported, with the line and column, as warnings or errors: the assembler
never guesses silently.

What the image holds: words 68-511 and the parameter slots 56-67 as R0 leaves them, word 2 = 0
and word 40 = `p 2` (R0's contract); the rest of 0-67 (R0's own code) is 0 unless the tape
stores there.  Word 57 is the store order `t L`, i.e. 4096 + L.

A `.` word is run as R0 runs it at location 18.  A jump hands the machine to the program:
the assembler stops there and `.entry` is the jump address, unless a `runner` is given that
runs the program and returns the memory when it re-enters R0 at 40 (Wada's interlude,
musicplayer + score): then reading goes on.  Without a runner, what follows a starting `.` is
beyond the assembler, and a note says so.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pc1.asm.r0text import Position, frame_positions, frames_to_text, text_to_frames
from pc1.base import InputError
from pc1.devices import BELL, BLANK, CHAR_TO_CODE, CR, ER, FIGS, LF, LTRS, SP, code_name
from pc1.devices import DIGIT_CODES as _DIGITS
from pc1.machine import encode, mnemonic

MASK18 = (1 << 18) - 1
MASK36 = (1 << 36) - 1
SLOT_BASE = 56  # the slot of a parameter letter is 56 + its code
T_SLOT, CR_SLOT, SP_SLOT, LF_SLOT, L_SLOT, R_SLOT = 57, 58, 60, 64, 65, 66
R0_AREA_END = 68  # R0 occupies 0-67
START_L = 67
RE_ENTRY = 40
# R0's words that tapes and programs may rely on, and the slot presets (§3.4, §5)
PRESETS: dict[int, int] = {2: 0, 40: encode("p", 2), 58: 108597, 59: 28, 60: 0, 61: 0, 62: 0,
                           63: 0, 65: 2048, 66: 0, 67: 68}
SAFE_SLOTS = frozenset({59, 61, 62, 63, 65, 66, 67})  # o h n m l r g: R0 survives a store
BROKEN_SLOTS = {T_SLOT: "t (R0's store order)", CR_SLOT: "CR (an order of R0)",
                LF_SLOT: "LF (R0 keeps the word being built there)"}

COMMA, COLON, EQUALS, PERIOD = (CHAR_TO_CODE[c] for c in ",:=.")
PLUS, MINUS = CHAR_TO_CODE["+"], CHAR_TO_CODE["-"]
TERMINATORS = {COMMA: ",", COLON: ":", EQUALS: "=", PERIOD: "."}
OP_J, OP_Z, OP_K = CHAR_TO_CODE["j"], CHAR_TO_CODE["z"], CHAR_TO_CODE["k"]

# (memory, entry, A) -> the memory when the program re-enters R0 at 40, or None if it does not
Runner = Callable[[list[int], int, int], "list[int] | None"]


@dataclass(frozen=True)
class Diagnostic:
    """An error, warning or note about the input, with the place it refers to."""

    severity: str  # "error" | "warning" | "note"
    message: str
    position: Position | None = None

    def where(self) -> str:
        """'line 3, column 7' (or '' when the message concerns the whole tape)."""
        return str(self.position) if self.position else ""

    def format(self, source: str = "<text>") -> str:
        """One line in the compiler style: `file:line:col: warning: message`."""
        p = self.position
        at = f"{source}:{p.line}:{p.column}" if p else source
        return f"{at}: {self.severity}: {self.message}"


@dataclass(frozen=True)
class Word:
    """One word as R0 read it: its text, terminator, value and (for `,`) its address."""

    text: str  # the frames of the word as R0 text, terminator included
    terminator: str  # , : = .
    value: int
    address: int | None  # where `,` stored it (mod 512); None for : = .
    start: Position | None
    end: Position | None


@dataclass(frozen=True)
class Handover:
    """A `.` word that jumped: the program takes the machine."""

    entry: int
    A: int
    position: Position | None


@dataclass
class Assembly:
    """The result: the memory image, where the program starts, the words read, diagnostics."""

    memory: list[int]
    entry: int | None = None
    load_address: int = START_L
    stop: str = "end of tape"  # end of tape | jump | loop at 18 | unmodelled order at 18
    words: list[Word] = field(default_factory=list)
    handovers: list[Handover] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    frames_read: int = 0

    @property
    def r(self) -> int:
        """The relative base: the address field of slot 66."""
        return self.memory[R_SLOT] & 2047

    @property
    def errors(self) -> list[Diagnostic]:
        """The diagnostics of severity error."""
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        """The diagnostics of severity warning."""
        return [d for d in self.diagnostics if d.severity == "warning"]

    def stores(self) -> dict[int, int]:
        """Address -> word for every `,` store, the last one winning."""
        return {w.address: w.value for w in self.words if w.address is not None}

    def raise_errors(self, source: str | None = None) -> None:
        """Raise InputError for the first error, if there is one."""
        for d in self.errors:
            raise InputError(d.message, source=source, where=d.where() or None)

    def listing(self) -> str:
        """One line per word: address, octal word, order, the word as written."""
        return "".join(listing_line(w) + "\n" for w in self.words)


def listing_line(word: Word | None, text: str | None = None, comment: str = "") -> str:
    """Address, octal word, order (or the number for data), the word as written, comment."""
    if word is None or word.address is None:
        head = " " * 25
    else:
        head = f"{word.address:4d}  {word.value:06o}  {order_column(word.value):<9}"
    shown = text if text is not None else (word.text if word else "")
    line = f"{head}  {shown:<14}"
    if comment:
        line += f"  ; {comment}"
    return line.rstrip()


def order_column(value: int) -> str:
    """The word as an order (`al 28`) when its code is an order, else its decimal value."""
    return mnemonic(value) or str(value)


def image_hash(memory: Sequence[int]) -> str:
    """The reference's image hash: SHA-256 over words 68-511 as 6 octal digits + newline."""
    text = "".join(f"{w:06o}\n" for w in memory[R0_AREA_END:512])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def initial_image(memory: Sequence[int] | None = None) -> list[int]:
    """The store as R0 finds it after its initial load: `memory` (or zeros) plus the presets."""
    mem = [0] * 512 if memory is None else [w & MASK18 for w in memory]
    if len(mem) != 512:
        raise InputError(f"an image has 512 words, not {len(mem)}")
    for addr, value in PRESETS.items():
        mem[addr] = value
    mem[T_SLOT] = 4096 + START_L
    return mem


def assemble(text: str, *, memory: Sequence[int] | None = None, runner: Runner | None = None,
             r0_area: bool = False) -> Assembly:
    """Assemble R0-language text (see pc1.asm.r0text for the notation of odd codes)."""
    frames, positions, bad = text_to_frames(text)
    result = assemble_codes(frames, positions, memory=memory, runner=runner, r0_area=r0_area)
    pre = [Diagnostic("error", e.message, e.position) for e in bad]
    result.diagnostics = sorted(pre + result.diagnostics, key=_order_key)
    return result


def assemble_codes(frames: Sequence[int], positions: Sequence[Position] | None = None, *,
                   memory: Sequence[int] | None = None, runner: Runner | None = None,
                   r0_area: bool = False) -> Assembly:
    """Assemble a tape already in 6-bit codes (e.g. read from a .ptr file).

    `r0_area=True` says the program is meant for 0-67 (it is loaded by INITIAL LOAD, like R0
    itself), so stores there are not reported.
    """
    for k, c in enumerate(frames):
        if not 0 <= c <= 63:
            raise InputError(f"code {c} is not a 6-bit code (0-63)", where=f"frame {k + 1}")
    pos = list(positions) if positions is not None else frame_positions(frames)
    reader = _R0(list(frames), pos, initial_image(memory), runner, r0_area)
    return reader.run()


def _order_key(d: Diagnostic) -> tuple[int, int]:
    return (d.position.line, d.position.column) if d.position else (1 << 30, 0)


class _R0:
    """R0's reading loop (reference §3.5) with the bookkeeping for words and diagnostics."""

    def __init__(self, frames: list[int], positions: list[Position], mem: list[int],
                 runner: Runner | None, r0_area: bool):
        self.frames, self.positions, self.mem = frames, positions, mem
        self.runner, self.r0_area = runner, r0_area
        self.result = Assembly(mem)
        self.inside = True  # R0 starts "inside a word" (state I), not at the start of one
        self.first_word = True
        self.n = self.f = self.p = 0
        self.load = START_L
        self.word: list[int] = []  # indices of the non-blank frames of the word being built
        self.param_in_word = False
        self.low_run_end = -2  # last address of the current run of stores into 0-67
        self.warned_slot = -1

    # --- helpers -------------------------------------------------------------------------

    def at(self, k: int) -> Position | None:
        return self.positions[k] if k < len(self.positions) else None

    def diag(self, severity: str, message: str, k: int | None) -> None:
        self.result.diagnostics.append(
            Diagnostic(severity, message, None if k is None else self.at(k)))

    def next_code(self, k: int) -> int | None:
        """The next non-blank code after frame k."""
        frames = self.frames
        for i in range(k + 1, len(frames)):  # by index: a slice would copy the rest of the tape
            if frames[i] != BLANK:
                return frames[i]
        return None

    def set_load(self, value: int) -> None:
        self.load = value % 2048
        self.mem[T_SLOT] = 4096 + self.load  # R0 keeps L in the store order at 57

    def clear(self) -> None:
        self.n = self.f = 0
        self.inside = False
        self.word = []
        self.param_in_word = False
        self.first_word = False

    def word_text(self) -> str:
        return frames_to_text([self.frames[i] for i in self.word])

    # --- the loop ----------------------------------------------------------------------

    def run(self) -> Assembly:
        k = 0
        while k < len(self.frames):
            c = self.frames[k]
            if c != BLANK:
                stop = self.step(k, c)
                if stop:
                    self.result.stop = stop
                    self.note_rest(k)
                    break
            k += 1
        else:
            self.end_of_tape()
        self.result.frames_read = min(k + 1, len(self.frames))
        self.result.load_address = self.load
        return self.result

    def step(self, k: int, c: int) -> str | None:
        if not self.inside:
            self.inside = True
            self.word.append(k)
            if c < 32:
                self.start_letter(k, c)
                self.f = c << 12
                return None
        else:
            self.word.append(k)
        if c < 32:
            return self.parameter(k, c)
        if c in _DIGITS:
            self.n = (10 * self.n + _DIGITS[c]) & MASK36
            return None
        if c in TERMINATORS:
            return self.terminate(k, c)
        return self.odd_code(k, c)

    def start_letter(self, k: int, c: int) -> None:
        """The first character of a word is the op; warn where that is a quirk."""
        nxt = self.next_code(k)
        if c == CR and nxt != LF:
            self.diag("warning", "CR without LF after a word: R0 takes CR as op 2 of the next "
                      "word (0o020000 is added to it)", k)
        elif c == LF:
            self.diag("warning", "LF without CR: R0 takes LF as op 8 of the next word, so the "
                      "letter after it is read as a parameter, not as the order", k)
        elif c == SP and nxt not in TERMINATORS:
            self.diag("warning", "space at the start of a word is op 4 (0o040000), not "
                      "ignored; only a word that is a lone space means 16384", k)
        elif c in (FIGS, LTRS):
            self.diag("warning", f"{code_name(c)} at the start of a word is op {c} "
                      f"(0o{c << 12:06o})", k)

    def parameter(self, k: int, c: int) -> None:
        self.p = SLOT_BASE + c
        if c == LF:
            self.line_feed(k)
            return
        if c == CR:
            if self.next_code(k) != LF:
                self.diag("warning", f"CR inside a word without LF: R0 adds slot 58 "
                          f"({self.mem[CR_SLOT]}) to the word", k)
        elif self.first_word and len(self.word) == 1:
            self.diag("warning", f"the tape starts with {code_name(c)!r}: R0 starts inside a "
                      "word, so it is a parameter, not an op; start the tape with a line "
                      "break", k)
        elif c in (FIGS, LTRS) or (c == SP and self.mem[SP_SLOT]):
            self.diag("warning", f"{code_name(c)} inside a word adds the word at "
                      f"{SLOT_BASE + c} ({self.mem[SLOT_BASE + c]})", k)
        self.param_in_word = True
        self.f = (self.f + self.mem[SLOT_BASE + c]) & MASK18

    def line_feed(self, k: int) -> None:
        content = self.word[:-1]
        if content and self.frames[content[-1]] == CR:
            content = content[:-1]
        else:
            self.diag("warning", "LF without CR: R0 cancels the word being built", k)
        if content and not (self.first_word and not self.has_content(content)):
            text = frames_to_text([self.frames[i] for i in content])
            self.diag("warning", f"line break inside a word: R0 discards {text!r}",
                      content[0])
        self.clear()

    def has_content(self, indices: list[int]) -> bool:
        return any(self.frames[i] not in (CR, LF) for i in indices)

    def odd_code(self, k: int, c: int) -> str | None:
        if c in (PLUS, MINUS):
            self.diag("error", f"'{code_name(c)}': R0 has no signs; it plants `jl 18` at 18 "
                      "and loops there for ever (punch 2^18 - x for -x)", k)
            return "loop at 18"
        if c == ER:
            self.diag("warning", "rubout is not ignored by R0: it is a digit worth 57", k)
            self.n = (10 * self.n + 57) & MASK36
        elif c == BELL:
            self.diag("warning", f"BELL is read by R0 as a digit worth {self.p} (the slot of "
                      "the last parameter letter)", k)
            self.n = (10 * self.n + self.p) & MASK36
        else:
            self.diag("error", f"code {c} is unassigned: what R0 makes of it depends on the "
                      "original's table layout; it is left out", k)
        return None

    # --- terminators ---------------------------------------------------------------------

    def terminate(self, k: int, c: int) -> str | None:
        w = (self.n + self.f) & MASK18
        start = self.at(self.word[0]) if self.word else None
        text = self.word_text()
        address = None
        stop = None
        if c == COMMA:
            address = self.store(k, w)
        elif c == COLON:
            if len(self.word) == 1:
                self.diag("warning", "':' alone sets the load address and r to 0: the next "
                          "word would overwrite R0", k)
            self.set_load(w & 2047)
            self.mem[R_SLOT] = (self.mem[R_SLOT] & ~2047 & MASK18) | (w & 2047)
        elif c == EQUALS:
            self.equals(k)
        else:
            stop = self.period(k, w)
        self.result.words.append(Word(text, TERMINATORS[c], w, address, start, self.at(k)))
        self.clear()
        return stop

    def store(self, k: int, w: int) -> int:
        addr = self.load % 512
        if self.load >= 512:
            self.diag("warning", f"load address {self.load} aliases to {addr} (the store has "
                      "512 words)", k)
        if addr < R0_AREA_END and addr not in SAFE_SLOTS and not self.r0_area:
            if addr != self.low_run_end + 1 and addr != self.warned_slot:
                self.diag("warning", f"store into {addr}: words 0-67 are R0's own (R0 could "
                          "not load this tape)", self.word[0])
            self.low_run_end = addr
        self.mem[addr] = w
        self.set_load(self.load + 1)
        return addr

    def equals(self, k: int) -> None:
        if not self.param_in_word:
            self.diag("warning", f"'=' in a word without a parameter letter: R0 reuses the "
                      f"last slot read ({self.p})", k)
        if self.p in BROKEN_SLOTS and not self.r0_area:
            self.diag("warning", f"'=' aims at slot {self.p}, {BROKEN_SLOTS[self.p]}: a store "
                      "there breaks R0", k)
        self.warned_slot = self.p if self.p in BROKEN_SLOTS else -1
        self.set_load(self.p)

    def period(self, k: int, w: int) -> str | None:
        """Run the word at 18 as R0 does, with A = W * 2^18."""
        op, long, n = w >> 12, bool(w & 2048), w & 2047
        a = w << 18
        jumps: bool | None
        if op == OP_J:
            jumps = long
        elif op == OP_Z:
            jumps = (not a) if long else not (a >> 18) & 2047
        elif op == OP_K:
            jumps = not a >> 35 if long else bool(a >> 35)
        else:
            jumps = None
        if jumps is None:
            self.diag("error", f"R0 would execute '{mnemonic(w) or w}' at 18; the assembler "
                      "models only the j, z and k orders there", k)
            return "unmodelled order at 18"
        if not jumps:
            self.diag("warning", f"'.' with '{mnemonic(w)}', which does not jump: R0 goes on "
                      f"reading with the load address {n}", k)
            self.set_load(n)
            return None
        if n >= 512:
            self.diag("warning", f"jump to {n}, which aliases to {n & 511} (the store has "
                      "512 words)", k)
        entry = n & 511
        if entry == RE_ENTRY:
            self.diag("note", "'.' jumps to R0's own re-entry at 40: R0 simply reads on", k)
            return None
        if entry < R0_AREA_END and not self.r0_area:
            self.diag("warning", f"'.' jumps into R0 itself at {entry}; the assembler "
                      "stops here", k)
        self.result.handovers.append(Handover(entry, a, self.at(k)))
        self.result.entry = entry
        if self.runner is None or not self.more_to_read(k):
            return "jump"
        after = self.runner(list(self.mem), entry, a)
        if after is None:
            return "jump"
        self.mem[:] = [x & MASK18 for x in after]
        self.load = self.mem[T_SLOT] & 2047
        self.result.entry = None
        return None

    def more_to_read(self, k: int) -> bool:
        """Whether the tape holds more than blanks and line breaks after frame k."""
        return any(c not in (BLANK, CR, LF) for c in self.frames[k + 1:])

    def end_of_tape(self) -> None:
        if self.inside and self.has_content(self.word):
            self.diag("warning", f"the tape ends inside the word {self.word_text()!r}: R0 "
                      "waits for more tape and stores nothing", self.word[0])

    def note_rest(self, k: int) -> None:
        rest = next((i for i in range(k + 1, len(self.frames))
                     if self.frames[i] not in (BLANK, CR, LF)), None)
        if self.result.stop != "jump" or rest is None:
            return
        if self.runner is None:
            why = ("the assembler does not run programs unless asked to (`;! follow` in a "
                   "source, --follow on the command line)")
        else:
            why = "run in the simulator, the program did not come back to 40"
        self.diag("note", "the tape goes on after the '.' that starts the program: R0 reads "
                  f"the rest only if the program re-enters it at 40; {why}", rest)
