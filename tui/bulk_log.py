"""A Log that takes thousands of lines at once: Textual's Log refreshes the screen region of
every line it is given (about 0.1 ms a line), so a program printing short lines at full speed
kept the UI thread busy for seconds a frame and STOP unanswered. This one appends the lines
and refreshes once."""

from __future__ import annotations

from rich.cells import cell_len
from textual.geometry import Size
from textual.widgets import Log


class BulkLog(Log):
    """Textual's Log with `write` in one step: the same lines, one refresh."""

    def write(self, data: str, scroll_end: bool | None = None) -> BulkLog:
        """Append `data` (lines end with \\n, \\r\\n or \\r) and follow it if auto-scrolling."""
        if not data:
            return super().write(data, scroll_end)
        lines = self._lines
        if not lines:
            lines.append("")
        first = len(lines) - 1
        parts = data.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        lines[-1] += parts[0]
        lines.extend(parts[1:])
        process = self._process_line
        changed = [lines[first], *parts[1:]]
        # ASCII paper (the usual case) is as wide as it is long, without asking each cell
        widest = max(map(len, changed)) if all(map(str.isascii, changed)) else max(
            cell_len(process(line)) for line in changed)
        self._width = max(self._width, widest)
        self._render_line_cache.discard(first)
        self.virtual_size = Size(self._width, self.line_count)
        if self.max_lines is not None and len(lines) > self.max_lines:
            self._prune_max_lines()
        self.refresh()
        if self.auto_scroll if scroll_end is None else scroll_end:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        return self
