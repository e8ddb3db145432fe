"""The teleprinter's paper: it scrolls as the machine prints, 80 columns a line."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import Log

from pc1.teleprinter import BELL, BLANK, CR, FIGS, LF, LTRS, SP, code_name

PAPER_COLUMNS = 80  # the printer wraps at the end of the carriage, as PC-1 on Unity does


class PaperFeed:
    """Turns printer codes into text, keeping the carriage column for wrapping."""

    def __init__(self, columns: int = PAPER_COLUMNS) -> None:
        self.columns = columns
        self.column = 0

    def feed(self, codes: Sequence[int]) -> str:
        """Text for these codes: LF starts a new line, CR and shifts print nothing."""
        out: list[str] = []
        for c in codes:
            if c == LF:
                out.append("\n")
                self.column = 0
                continue
            if c in (CR, BLANK, FIGS, LTRS):
                continue
            if self.column >= self.columns:
                out.append("\n")
                self.column = 0
            name = code_name(c)
            out.append(" " if c in (SP, BELL) else (name if len(name) == 1 else "?"))
            self.column += 1
        return "".join(out)


class TeleprinterView(Log):
    """The paper: new text is appended as it is printed and the view follows it."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, highlight=False, auto_scroll=True)
        self._feed = PaperFeed()
        self._shown = 0
        self.text = ""

    def show(self, printed: Sequence[int]) -> None:
        """Print what is new in `printed` (the machine's list of printed codes)."""
        n = len(printed)
        if n < self._shown:
            self.reset()
        if n > self._shown:
            chunk = self._feed.feed(printed[self._shown:n])
            self._shown = n
            self.text += chunk
            self.write(chunk)
            # a scrollbar that appears with this text shrinks the view after the write's own
            # scroll: follow the paper again once the layout has settled
            self.call_after_refresh(self.scroll_end, animate=False)

    def reset(self) -> None:
        """Tear off the paper."""
        self.clear()
        self._feed = PaperFeed()
        self._shown = 0
        self.text = ""
