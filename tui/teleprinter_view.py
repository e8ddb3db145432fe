"""The teleprinter's paper: it scrolls as the machine prints, 80 columns a line."""

from __future__ import annotations

from collections.abc import Sequence

from pc1.devices import BELL, BLANK, CR, FIGS, LF, LTRS, PAPER_KEEP, SP, Teleprinter, code_name
from tui.bulk_log import BulkLog

PAPER_COLUMNS = 80  # the printer wraps at the end of the carriage, as PC-1 on Unity does
# the view keeps what the teleprinter keeps (pc1.devices.teleprinter.PAPER_KEEP characters)
PAPER_LINES = 20_000  # and at most this many lines of it (a loop may print only line feeds)


class PaperFeed:
    """Turns printer codes into text, keeping the carriage column for wrapping."""

    def __init__(self, columns: int = PAPER_COLUMNS) -> None:
        self.columns = columns
        self.column = 0

    def feed(self, codes: Sequence[int]) -> str:
        """Text for these codes: LF starts a new line, CR and shifts print nothing."""
        # a whole frame's codes at once, in C where it can be: a program printing at full
        # speed hands the view some hundred thousand codes a second
        lines = "".join(map(_GLYPHS.__getitem__, codes)).split("\n")
        out: list[str] = []
        for n, line in enumerate(lines):
            start = self.column if n == 0 else 0
            if start + len(line) > self.columns:  # longer than the carriage: wrap
                room = max(self.columns - start, 0)
                pieces = [line[:room]] + [line[i:i + self.columns]
                                          for i in range(room, len(line), self.columns)]
                out.append("\n".join(pieces))
                self.column = len(pieces[-1])
            else:
                out.append(line)
                self.column = start + len(line)
        return "\n".join(out)


class _Glyphs(dict):
    """code -> what the paper shows; a code with no glyph prints '?'."""

    def __missing__(self, code: int) -> str:
        return "?"


_GLYPHS = _Glyphs({c: "" for c in (CR, BLANK, FIGS, LTRS)})
_GLYPHS.update({LF: "\n", SP: " ", BELL: " "})
_GLYPHS.update({c: code_name(c) for c in range(64) if c not in _GLYPHS
                and len(code_name(c)) == 1})


class TeleprinterView(BulkLog):
    """The paper: new text is appended as it is printed and the view follows it."""

    def __init__(self, *, id: str | None = None) -> None:
        # (not Log's max_lines: its write leaves the scroll range at the unpruned length, and
        # the view scrolls past the end of the paper)
        super().__init__(id=id, highlight=False, auto_scroll=True)
        self._feed = PaperFeed()
        self._shown = 0
        self.text = ""  # the newest PAPER_KEEP characters (copy and save take it)
        self.torn_off = 0  # characters of text no longer kept

    def on_mount(self) -> None:
        # anchored, the paper keeps its newest line in view when the view changes size (a
        # smaller view would keep its top line, the oldest if the paper fitted before) until
        # the user scrolls back to read; scrolling to the end anchors it again
        self.anchor()

    def show(self, teleprinter: Teleprinter) -> None:
        """Print what is new on the teleprinter's paper since the last call."""
        n = teleprinter.printed_count
        if n < self._shown:  # the paper was torn off
            self.reset()
        if n > self._shown:
            codes = teleprinter.printed_since(self._shown)
            unseen = n - self._shown - len(codes)  # gone before this view caught up
            chunk = self._feed.feed(codes)
            if unseen:
                chunk = f"\n[{unseen:,} characters not kept]\n" + chunk
            self._shown = n
            self.text += chunk
            self.write(chunk)
            if len(self.text) > 2 * PAPER_KEEP or self.line_count > 2 * PAPER_LINES:
                self._tear_off_older()
            # a scrollbar that appears with this text shrinks the view after the write's own
            # scroll: follow the paper again once the layout has settled
            self.call_after_refresh(self.scroll_end, animate=False)

    def _tear_off_older(self) -> None:
        """Keep the newest PAPER_KEEP characters and PAPER_LINES lines, and show them."""
        kept = self.text[-PAPER_KEEP:]
        cut = len(kept)
        for _ in range(PAPER_LINES):
            cut = kept.rfind("\n", 0, cut)
            if cut < 0:
                break
        if cut >= 0:
            kept = kept[cut + 1:]
        self.torn_off += len(self.text) - len(kept)
        self.text = kept
        self.clear()
        self.write(kept)

    def reset(self) -> None:
        """Tear off the paper."""
        self.clear()
        self._feed = PaperFeed()
        self._shown = 0
        self.text = ""
        self.torn_off = 0
