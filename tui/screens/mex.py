"""The mex workbench: the seed's range tree growing input by input, merges highlighted."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Input, Label, Static

from programs.mex import EXAMPLES, Growth, Shape, growth, parse_values
from tui.screens.base import WorkbenchScreen

MAX_VALUES = 500  # typed by hand; every step keeps its tree, so the steps cost n^2
STRIP_SIDE = 10  # inputs shown either side of the newest: 500 values would fill the screen
EVENT_STYLE = {
    "present": "dim",
    "new": "bold green",
    "extend": "bold yellow",
    "merge": "bold white on dark_magenta",
}


def tree_text(shape: Shape | None, mark: tuple[int, int] | None, style: str) -> Text:
    """The tree sideways (right subtree above, root at the left), one range per line."""
    text = Text(no_wrap=True)
    if shape is None:
        text.append("(empty tree)", style="dim")
        return text
    lines: list[tuple[str, tuple[int, int]]] = []

    def walk(node: Shape | None, prefix: str, side: str) -> None:
        # an explicit stack would be needed past a thousand levels; typed input stays small
        if node is None:
            return
        left, (lo, hi), right = node
        above = prefix + ("    " if side in ("root", "up") else "│   ")
        below = prefix + ("    " if side in ("root", "down") else "│   ")
        walk(right, above if side != "root" else "", "up")
        joint = {"root": "", "up": "┌── ", "down": "└── "}[side]
        lines.append((prefix + joint, (lo, hi)))
        walk(left, below if side != "root" else "", "down")

    walk(shape, "", "root")
    for n, (lead, rng) in enumerate(lines):
        if n:
            text.append("\n")
        text.append(lead, style="grey50")
        text.append(f"[{rng[0]},{rng[1]}]", style=style if rng == mark else "")
    return text


class MexScreen(WorkbenchScreen):
    """Type values (or pick one of the seed's examples) and watch the range tree grow."""

    DEFAULT_CSS = """
    MexScreen .row { height: auto; }
    MexScreen .row Label { padding: 1 1 0 0; }
    MexScreen #values { width: 1fr; }
    MexScreen #inputs, MexScreen #event, MexScreen #ranges, MexScreen #mex { padding: 0 1; }
    MexScreen #tree-box { height: 1fr; min-height: 6; border: round $primary-darken-2; }
    MexScreen #ranges-box { height: auto; max-height: 3; }
    MexScreen #mex { text-style: bold; }
    MexScreen #tree { padding: 0 1; width: auto; }
    """

    BINDINGS = [
        Binding("right,n", "step(1)", "Next value"),
        Binding("left,p", "step(-1)", "Back"),
        Binding("home", "go(0)", "Empty tree", show=False),
        Binding("end", "go(-1)", "All values", show=False),
        Binding("e", "next_example", "Seed example"),
        *[Binding(str(k + 1), f"example({k})", f"Example {k + 1}", show=False)
          for k in range(len(EXAMPLES))],
        Binding("slash", "edit", "Type values"),
    ]

    def __init__(self, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.values: list[int] = []
        self.steps: list[Growth] = []
        self.position = 0  # how many values are in the tree
        self.example = len(EXAMPLES) - 1

    def compose(self) -> ComposeResult:
        yield Static("mex: the seed's range tree", classes="workbench-title")
        with Horizontal(classes="row"):
            yield Label("values:")
            yield Input(id="values", placeholder="natural numbers, e.g. 12 1 3 3 4")
        yield Static(id="inputs")
        yield Static(id="event")
        with VerticalScroll(id="tree-box"):
            yield Static(id="tree")
        with VerticalScroll(id="ranges-box"):  # hundreds of ranges scroll; the mex stays put
            yield Static(id="ranges")
        yield Static(id="mex")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#tree-box").border_title = "range tree (right subtree above)"
        self.action_example(len(EXAMPLES) - 1)

    def load(self, values: list[int]) -> None:
        """Start again with these values; the tree holds the first of them."""
        self.values = values
        self.steps = growth(values)
        self.position = min(1, len(values))
        self.query_one("#values", Input).value = " ".join(map(str, values))
        self.show()

    def action_example(self, k: int) -> None:
        """One of the seed's examples."""
        self.example = k
        self.load(list(EXAMPLES[k]))
        self.query_one("#tree-box").focus()

    def action_next_example(self) -> None:
        """The seed's next example."""
        self.action_example((self.example + 1) % len(EXAMPLES))

    def action_edit(self) -> None:
        """Type values of your own."""
        self.query_one("#values", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            values = parse_values(event.value)
        except ValueError as exc:
            self.query_one("#event", Static).update(Text(str(exc), style="bold red"))
            return
        if len(values) > MAX_VALUES:
            self.query_one("#event", Static).update(
                Text(f"{len(values)} values: at most {MAX_VALUES} here", style="bold red"))
            return
        self.load(values)
        self.query_one("#tree-box").focus()

    def action_step(self, delta: int) -> None:
        """Add the next value (or take the last one back)."""
        self.position = max(0, min(len(self.values), self.position + delta))
        self.show()

    def action_go(self, where: int) -> None:
        """The empty tree, or the tree of all the values."""
        self.position = len(self.values) if where < 0 else where
        self.show()

    @property
    def current(self) -> Growth | None:
        """What the last value in the tree did (None for the empty tree)."""
        return self.steps[self.position - 1] if self.position else None

    def show(self) -> None:
        """Draw the inputs, the event, the tree, its ranges and the mex."""
        step = self.current
        strip = Text("inputs: ")
        first = max(0, self.position - 1 - STRIP_SIDE)
        last = min(len(self.values), max(self.position, 1) + STRIP_SIDE)
        if first:
            strip.append(f"({first} more) … ", style="dim")
        for k, value in enumerate(self.values[first:last], start=first):
            style = "reverse bold" if k == self.position - 1 else ("" if k < self.position
                                                                   else "dim")
            strip.append(str(value), style=style)
            strip.append(" ")
        if last < len(self.values):
            strip.append(f"… ({len(self.values) - last} more)", style="dim")
        if not self.values:
            strip.append("(none)", style="dim")
        self.query_one("#inputs", Static).update(strip)
        event = self.query_one("#event", Static)
        if step is None:
            event.update(Text(f"{self.position} of {len(self.values)} values in the tree"
                              + ("; → adds the first" if self.values else "")))
            shape, mark, style = None, None, ""
        else:
            style = EVENT_STYLE[step.event]
            event.update(Text.assemble(
                (f"{self.position} of {len(self.values)}: ", ""), (step.describe(), style)))
            shape, mark = step.shape, step.after
        tree = tree_text(shape, mark, style)
        self.query_one("#tree", Static).update(tree)
        if mark is not None:
            # a tree of hundreds of ranges is taller than the box: bring the touched one into view
            token = f"[{mark[0]},{mark[1]}]"
            line = next((n for n, text in enumerate(tree.plain.split("\n"))
                         if text.endswith(token)), 0)
            box = self.query_one("#tree-box", VerticalScroll)
            self.call_after_refresh(
                lambda: box.scroll_to(y=max(0, line - box.size.height // 2), animate=False))
        ranges = step.ranges if step else ()
        mex = step.mex if step else 0
        self.query_one("#ranges", Static).update(
            f"ranges ({len(ranges)}): " + (" ".join(f"[{lo},{hi}]" for lo, hi in ranges) or "none"))
        self.query_one("#mex", Static).update(f"mex = {mex}")
