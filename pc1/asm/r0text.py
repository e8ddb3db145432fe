"""R0-language text <-> tape frames, keeping the line and column of every frame.

Text conventions (the notation of docs/r0-language.md):
- letters (either case), digits and `, : = . + -` are their tape codes; a space is SP;
- a line break ("\\n" or "\\r\\n") is CR LF; a lone "\\r" is a lone CR;
- `{NAME}` punches a code that has no printable character: {CR} {LF} {SP} {FS} (FIGS)
  {LS} (LTRS) {BEL} (BELL) {ER} (rubout) {BL} (blank), or `{n}` for any code 0-63.
Any other character is an error: a tape cannot hold it, and we do not guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pc1.base import InputError, shorten
from pc1.devices import BELL, BLANK, CHAR_TO_CODE, CR, ER, FIGS, LF, LTRS, SP, Tape

ESCAPES: dict[str, int] = {
    "CR": CR, "LF": LF, "SP": SP, "FS": FIGS, "FIGS": FIGS, "LS": LTRS, "LTRS": LTRS,
    "BEL": BELL, "BELL": BELL, "ER": ER, "BL": BLANK, "BLANK": BLANK,
}
# the short names the reference uses, for writing codes back as text
ESCAPE_NAMES: dict[int, str] = {CR: "CR", LF: "LF", SP: "SP", FIGS: "FS", LTRS: "LS",
                                BELL: "BEL", ER: "ER", BLANK: "BL"}


@dataclass(frozen=True, slots=True)  # one per frame: slots keep a long tape's list small
class Position:
    """Where a frame came from: line and column in the text, and its frame number (1-based)."""

    line: int
    column: int
    frame: int = 0

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}"


@dataclass(frozen=True)
class TextError:
    """A character of the text that has no tape code."""

    position: Position
    message: str


def text_to_frames(text: str) -> tuple[list[int], list[Position], list[TextError]]:
    """R0-language text -> (frames, the position of each frame, characters that had no code)."""
    frames: list[int] = []
    positions: list[Position] = []
    errors: list[TextError] = []
    line, col, i = 1, 1, 0

    def put(code: int, c: int) -> None:
        frames.append(code)
        positions.append(Position(line, c, len(frames)))

    while i < len(text):
        ch = text[i]
        if ch == "\n" or (ch == "\r" and text[i + 1:i + 2] == "\n"):
            put(CR, col)
            put(LF, col)
            i += 2 if ch == "\r" else 1
            line, col = line + 1, 1
            continue
        if ch == "{":
            end = text.find("}", i, i + 8)
            name = text[i + 1:end] if end > 0 else ""
            code = escape_code(name)
            if code is None:
                errors.append(TextError(Position(line, col), _bad_escape(text[i:i + 8])))
            if code is None and end < 0:
                i, col = i + 1, col + 1
                continue
            if code is not None:
                put(code, col)
            col += end + 1 - i
            i = end + 1
            continue
        if ch == "\r":
            code: int | None = CR
        elif ch == " ":
            code = SP
        else:
            code = CHAR_TO_CODE.get(ch.lower()) if ch.isascii() else None
        if code is None:
            errors.append(TextError(Position(line, col), f"{ch!r} has no tape code"))
        else:
            put(code, col)
        i, col = i + 1, col + 1
    return frames, positions, errors


KEYED_LEADER = 5  # blank frames either side of a keyed tape, where the reader can take hold
KEYED_MAX_CHARACTERS = 100_000  # more than an operator keys; a paste of anything bigger is refused


def keyed_tape(text: str, name: str = "") -> Tape:
    """The tape an operator keys: R0-language text (`{CR}` and the like) punched between a
    little blank tape; InputError naming the line and column of a character with no code."""
    if len(text) > KEYED_MAX_CHARACTERS:
        raise InputError(f"{len(text):,} characters is more than a keyed tape holds "
                         f"({KEYED_MAX_CHARACTERS:,})", source=name or None)
    frames, _, errors = text_to_frames(text)
    if errors:
        first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise InputError(f"{first.message}{more}", source=name or None,
                         where=str(first.position))
    if not frames:
        raise InputError("nothing to punch: the text is empty", source=name or None)
    return Tape([BLANK] * KEYED_LEADER + frames + [BLANK] * KEYED_LEADER,
                name=name or shorten(text.replace("\n", " "), 40))


def escape_code(name: str) -> int | None:
    """The code of an escape name (CR, LF, ... or a number 0-63), or None."""
    if name.upper() in ESCAPES:
        return ESCAPES[name.upper()]
    # the length first: a code of thousands of digits is no code (and no int() of it)
    if name.isascii() and name.isdigit() and len(name.lstrip("0")) <= 2 and int(name) < 64:
        return int(name)
    return None


def _bad_escape(fragment: str) -> str:
    names = " ".join("{" + n + "}" for n in ESCAPE_NAMES.values())
    return f"{fragment!r}: unknown escape (use {names} or {{0}}..{{63}})"


def frame_positions(frames: Sequence[int]) -> list[Position]:
    """Positions for a tape read from a file: lines as the teleprinter would print them (LF)."""
    out: list[Position] = []
    line, col = 1, 1
    for k, c in enumerate(frames, 1):
        out.append(Position(line, col, k))
        if c == LF:
            line, col = line + 1, 1
        elif c != BLANK:
            col += 1
    return out


def frames_to_text(frames: Sequence[int]) -> str:
    """Frames -> R0-language text (CR LF -> newline; codes without a character as {NAME})."""
    out: list[str] = []
    k = 0
    while k < len(frames):
        c = frames[k]
        if c == CR and k + 1 < len(frames) and frames[k + 1] == LF:
            out.append("\n")
            k += 2
            continue
        if c == SP:
            out.append(" ")
        elif c in ESCAPE_NAMES:
            out.append("{" + ESCAPE_NAMES[c] + "}")
        elif c in _CODE_TO_CHAR:
            out.append(_CODE_TO_CHAR[c])
        else:
            out.append("{" + str(c) + "}")
        k += 1
    return "".join(out)


_CODE_TO_CHAR = {k: ch for ch, k in CHAR_TO_CODE.items()}
