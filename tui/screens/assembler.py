"""The assembler bench: an annotated source (.pc1) in a text area, the diagnostics of `pc1 asm`
beside it as it is edited, the listing of `pc1 listing`, the tapes punched into the reader or a
file, and the store or a tape disassembled into a source. pc1.asm does the work."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.timer import Timer
from textual.widgets import Footer, OptionList, Static, TabbedContent, TabPane, TextArea
from textual.widgets.option_list import Option
from textual.worker import Worker, get_current_worker

from pc1.asm import (
    Assembly,
    assemble_text,
    binary_image,
    listing,
    read_store_image,
    source_text,
)
from pc1.base import InputError, confined_path, read_text_file, write_atomically
from pc1.devices import Tape, initial_load_tape, tape_path, write_tape
from tui.dialogs import ConfirmDialog, OpenDialog, PathDialog
from tui.memory_view import MemoryView
from tui.saving import save_as
from tui.screens.base import WorkbenchScreen
from tui.sources import annotate

CHECK_AFTER = 0.3  # seconds of quiet typing before the source is assembled again
WIDE = 110  # columns from which the diagnostics stand beside the text, not below it
MAX_SOURCE_BYTES = 1_250_000  # as `pc1 asm` reads (a whole PC-1 program is some 20 kB)
PROGRAM_AREA = range(68, 512)  # the store beyond R0: what a tape read through R0 can set


def resolve(answer: str, root: Path | None) -> Path:
    """A path the user gave: inside the console's root, or one of our files by bare name."""
    path = confined_path(answer, root)
    if not path.exists() and Path(answer).name == answer and tape_path(answer).is_file():
        return tape_path(answer)  # reading ours is fine; saving over them is refused
    return path


def _count(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


class AssemblerScreen(WorkbenchScreen):
    """Edit an annotated source with its diagnostics, listing and tapes at hand."""

    # the text area takes every printable key: none of the console's may act here
    CONSOLE_KEYS: frozenset[str] = frozenset()
    DEFAULT_CSS = """
    AssemblerScreen #asm-body { layout: vertical; height: 1fr; }
    AssemblerScreen #asm-body.wide { layout: horizontal; }
    AssemblerScreen #asm-tabs { height: 1fr; }
    AssemblerScreen #asm-tabs TabPane { padding: 0; }
    AssemblerScreen #asm-source, AssemblerScreen #asm-listing { height: 1fr; border: none; }
    AssemblerScreen #asm-diagnostics { height: 6; border: round #8a6f4e; }
    AssemblerScreen #asm-body.wide #asm-tabs { width: 1fr; }
    AssemblerScreen #asm-body.wide #asm-diagnostics { height: 1fr; width: 40%; }
    AssemblerScreen #asm-status { height: 1; padding: 0 1; color: #e8dcc0; }
    """
    BINDINGS = [
        Binding("ctrl+o", "open", "Open"),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+n", "next_diagnostic", "Next diagnostic: the cursor goes there", show=False),
        Binding("ctrl+l", "toggle_listing", "Listing"),
        Binding("ctrl+r", "punch_reader('binary')", "To reader"),
        Binding("ctrl+b", "punch_reader('r0')", "The R0 tape into the reader (read through R0)",
                show=False),
        Binding("ctrl+t", "punch_file", "Punch the R0 tape to a file (.ptr)", show=False),
        Binding("ctrl+g", "disassemble_store", "Disassemble the store (68-511) into a source",
                show=False),
        Binding("ctrl+f", "disassemble_file", "Disassemble a tape or a saved state", show=False),
    ]

    def __init__(self, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.source_name = "untitled.pc1"  # the name diagnostics and the listing give
        self.path: Path | None = None  # the file the text was read from or saved to
        self.saved_text = ""  # the text as loaded, made or last saved: edits since are work
        self.assembly: Assembly | None = None
        self.listing_text = ""
        self.punchable: tuple | None = None  # (Source, Assembly) of the text now, if clean
        self.edits = 0  # bumped by every change of the text
        self.checked = -1  # the edit whose assembly is shown
        self._timer: Timer | None = None
        self._assembling = False  # an assembly is running on its thread
        self._again = False  # the text changed while it ran

    def compose(self) -> ComposeResult:
        yield Static(id="asm-title", classes="workbench-title")
        with Container(id="asm-body"):
            with TabbedContent(id="asm-tabs"):
                with TabPane("Source", id="asm-source-pane"):
                    yield TextArea(id="asm-source", show_line_numbers=True, soft_wrap=False)
                with TabPane("Listing", id="asm-listing-pane"):
                    yield TextArea(id="asm-listing", read_only=True, soft_wrap=False)
            yield OptionList(id="asm-diagnostics")
        yield Static("ctrl+o opens a source: ours by name (e1000.pc1) or a path", id="asm-status")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#asm-diagnostics").border_title = "diagnostics (Enter: go there)"
        self._show_title()
        self.query_one("#asm-source", TextArea).focus()

    def on_resize(self) -> None:
        self.query_one("#asm-body").set_class(self.size.width >= WIDE, "wide")

    # --- the text and its assembly ------------------------------------------------------

    @property
    def text(self) -> str:
        """The source as it stands in the text area."""
        return self.query_one("#asm-source", TextArea).text

    def load(self, text: str, name: str, path: Path | None) -> None:
        """Put a source in the text area (it is assembled at once)."""
        self.source_name, self.path = name, path
        self.saved_text = text
        self.query_one("#asm-source", TextArea).load_text(text)
        self.query_one(TabbedContent).active = "asm-source-pane"
        self.query_one("#asm-source", TextArea).focus()
        self._changed(at_once=True)

    def open_path(self, path: Path) -> bool:
        """Read a .pc1 file into the bench; a problem is one message."""
        path = path.absolute()  # (a bare `-` would otherwise mean standard input)
        try:
            text = read_text_file(path, MAX_SOURCE_BYTES, "a PC-1 source")
        except InputError as exc:
            self.say(f"cannot open: {exc}", error=True)
            return False
        self.load(text, str(path), path)
        self.say(f"opened {path.name}")
        return True

    def action_open_file(self, path: str) -> None:
        """Open a source file given by its path (the console's Open hands .pc1 files here)."""
        self.keeping_edits(lambda: self.open_path(Path(path)), f"open {Path(path).name}")

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        if event.text_area.id == "asm-source":
            self._changed()

    def _changed(self, at_once: bool = False) -> None:
        self.edits += 1
        self.punchable = None
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(0 if at_once else CHECK_AFTER, self.check)

    def check(self) -> None:
        """Assemble the text as it is now (off the UI thread: a `;! follow` source runs its
        program). One assembly at a time: a thread cannot be stopped, so edits made during
        one are assembled once it is done."""
        if self._assembling:
            self._again = True
            return
        self._assembling, self._again = True, False
        self._assemble(self.text, self.source_name, self.edits)

    @work(thread=True, group="assemble")
    def _assemble(self, text: str, name: str, edit: int) -> None:
        worker = get_current_worker()
        try:
            src, result = assemble_text(text, name)
            shown = listing(src, result)
            if not worker.is_cancelled:
                self.app.call_from_thread(self._show_assembly, edit, src, result, shown)
        finally:
            if not worker.is_cancelled:
                self.app.call_from_thread(self._assembled)

    def _assembled(self) -> None:
        self._assembling = False
        if self._again:
            self.check()

    def _show_assembly(self, edit: int, src, result: Assembly, shown: str) -> None:
        if edit != self.edits:
            return  # the text changed since: a newer assembly is on its way
        self.checked = edit
        self.assembly = result
        self.punchable = None if result.errors else (src, result)
        self.listing_text = shown
        self.query_one("#asm-listing", TextArea).load_text(shown)
        options = self.query_one("#asm-diagnostics", OptionList)
        rows = []
        for k, d in enumerate(result.diagnostics):
            at = f"{d.position.line}:{d.position.column}" if d.position else "tape"
            style = {"error": "bold red", "warning": "yellow"}.get(d.severity, "dim")
            rows.append(Option(Text.assemble((f"{at} {d.severity}", style), f": {d.message}"),
                               id=str(k)))
        if not rows:
            rows.append(Option("no diagnostics: R0 reads this source cleanly", disabled=True))
        options.clear_options()
        options.add_options(rows)
        options.scroll_home(animate=False)
        self._show_title()

    def _show_title(self) -> None:
        r = self.assembly
        counts = "" if r is None else (f"  {_count(len(r.errors), 'error')}, "
                                        f"{_count(len(r.warnings), 'warning')}, "
                                        f"{_count(len(r.stores()), 'word')}")
        edited = " (not saved)" if self.path is None or self.unsaved else ""
        self.query_one("#asm-title", Static).update(
            f"Assembler: {Path(self.source_name).name}{edited}{counts}")

    @property
    def unsaved(self) -> bool:
        """Whether the text holds edits made since it was opened, made or saved."""
        return self.text != self.saved_text

    def keeping_edits(self, then: Callable[[], None], doing: str) -> None:
        """Do `then`, which replaces the text: at once, or after a yes when edits would go."""
        if not self.unsaved:
            then()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                then()
            else:
                self.say("your edits are kept (ctrl+s saves them)")

        name = Path(self.source_name).name
        self.app.push_screen(ConfirmDialog(f"{name} has changes not saved.\n"
                                           f"{doing[0].upper()}{doing[1:]} and lose them?"),
                             answered)

    # --- going to a diagnostic -----------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.go_to(int(event.option.id))

    def go_to(self, k: int) -> None:
        """Put the text area's cursor on the place of diagnostic k."""
        if self.assembly is None or not 0 <= k < len(self.assembly.diagnostics):
            return
        d = self.assembly.diagnostics[k]
        area = self.query_one("#asm-source", TextArea)
        self.query_one(TabbedContent).active = "asm-source-pane"
        if d.position is not None:
            area.move_cursor((d.position.line - 1, d.position.column - 1))
        area.focus()
        at = f"{d.position.line}:{d.position.column} " if d.position else ""
        self.say(f"{at}{d.severity}: {d.message}")

    def action_next_diagnostic(self) -> None:
        """The next diagnostic after the cursor (from the top after the last)."""
        if not self.assembly or not self.assembly.diagnostics:
            self.say("no diagnostics")
            return
        row, col = self.query_one("#asm-source", TextArea).cursor_location
        here = (row + 1, col + 1)
        places = [(d.position.line, d.position.column) if d.position else (1 << 30, 0)
                  for d in self.assembly.diagnostics]
        k = next((i for i, p in enumerate(places) if p > here), 0)
        self.query_one("#asm-diagnostics", OptionList).highlighted = k
        self.go_to(k)

    def action_toggle_listing(self) -> None:
        """Show the listing, or the source again."""
        tabs = self.query_one(TabbedContent)
        listing_shown = tabs.active == "asm-listing-pane"
        tabs.active = "asm-source-pane" if listing_shown else "asm-listing-pane"
        self.query_one("#asm-source" if listing_shown else "#asm-listing").focus()

    # --- files ----------------------------------------------------------------------------

    @property
    def root(self) -> Path | None:
        """The folder a served console keeps to (None: anywhere)."""
        return getattr(self.app, "root", None)

    def action_open(self) -> None:
        """Ask for a source: ours by bare name, or a path."""
        def chosen(answer: str | None) -> None:
            if answer:
                try:
                    path = resolve(answer, self.root)
                except InputError as exc:
                    self.say(f"cannot open: {exc}", error=True)
                    return
                self.open_path(path)

        # (a prompt of at most 64 columns: the dialog's width at 80)
        self.keeping_edits(lambda: self.app.push_screen(
            OpenDialog("Open a source (.pc1): a path, or ours by name:",
                       self.root or Path.cwd(), root=self.root,
                       placeholder="e1000.pc1, r0.pc1 or a path"), chosen),
            "open another source")

    def action_save(self) -> None:
        """Save the text as a .pc1 file (never over our shipped sources)."""
        def chosen(answer: str | None) -> None:
            if answer:
                try:
                    path, _ = save_as(answer, self.root,
                                      lambda p: write_atomically(p, self.text))
                except InputError as exc:
                    self.say(f"cannot save: {exc}", error=True)
                else:
                    self.path, self.source_name = path, str(path)
                    self.saved_text = self.text
                    self._show_title()
                    self.say(f"saved {path}")

        self.app.push_screen(PathDialog("Save the source as:", self._default("", ".pc1")),
                             chosen)

    def _default(self, tail: str, suffix: str) -> str:
        return Path(self.source_name).stem + tail + suffix

    def _clean(self, what: str) -> tuple | None:
        """The source and its assembly when it assembles without errors; else say why not."""
        if self.punchable is None or self.checked != self.edits:
            if self.assembly is not None and self.checked == self.edits:
                self.say(f"{what}: the source has {len(self.assembly.errors)} errors; fix them "
                         "first (ctrl+n goes to the next)", error=True)
            else:
                self.say(f"{what}: the source is being assembled; try again", error=True)
            return None
        return self.punchable

    def action_punch_reader(self, kind: str) -> None:
        """Punch the assembled tape into the machine's reader: the binary tape (INITIAL LOAD,
        then CLEAR START runs it) or the R0 tape (read through R0: CLEAR START after R0)."""
        clean = self._clean("punch")
        if clean is None:
            return
        src, result = clean
        stem = Path(self.source_name).stem
        try:
            if kind == "binary":
                tape = initial_load_tape(binary_image(result, self.source_name))
                tape = Tape(tape.frames, f"{stem}.ptw")
                how = "i (INITIAL LOAD), then c runs it"
            else:
                tape = Tape(src.tape().frames, f"{stem}.ptr")
                how = "with R0 loaded, c reads it"
        except InputError as exc:
            self.say(f"punch: {exc}", error=True)
            return
        app = self.app
        if app.place_tape(tape):  # type: ignore[attr-defined]
            # the study view names each word's line of this text, saved or not
            view = app.console_screen.query_one(MemoryView)  # type: ignore[attr-defined]
            view.set_sources(annotate(src, result, Path(self.source_name).name))
            self.say(f"{tape.name} ({len(tape)} frames) in the reader: {how}")

    def action_punch_file(self) -> None:
        """Punch the R0 tape (.ptr) to a file (never over our shipped tapes)."""
        clean = self._clean("punch")
        if clean is None:
            return
        frames = clean[0].tape().frames

        def chosen(answer: str | None) -> None:
            if answer:
                try:
                    path, _ = save_as(answer, self.root, lambda p: write_tape(p, frames))
                except InputError as exc:
                    self.say(f"cannot punch: {exc}", error=True)
                else:
                    self.say(f"punched {path} ({len(frames)} frames)")

        self.app.push_screen(PathDialog("Punch the R0 tape as:", self._default("", ".ptr")),
                             chosen)

    # --- disassembling --------------------------------------------------------------------

    def action_disassemble_store(self) -> None:
        """The store's program area (68-511) as a source in the bench."""
        self.keeping_edits(self._disassemble_store, "disassemble the store")

    def _disassemble_store(self) -> None:
        app = self.app
        if app.running:  # type: ignore[attr-defined]
            self.say("the machine is running: STOP it first (x on the console)", error=True)
            return
        words = list(app.machine.memory.words)  # type: ignore[attr-defined]
        text = source_text(words, PROGRAM_AREA, title="the store, words 68-511, disassembled")
        self.load(text, "store.pc1", None)
        self.say("the store disassembled: ctrl+s saves it, ctrl+r punches it")

    def action_disassemble_file(self) -> None:
        """A tape (.ptr, .ptw), a saved state (.json) or a memory image as a source."""
        def chosen(answer: str | None) -> None:
            if not answer:
                return
            try:
                path = resolve(answer, self.root).absolute()  # (`-` is not standard input)
                image = read_store_image(path)
            except InputError as exc:
                self.say(f"cannot disassemble: {exc}", error=True)
                return
            text = source_text(image.words, image.addresses, entry=image.entry,
                               title=f"{path.name}, disassembled")
            self.load(text, f"{path.stem}-disassembled.pc1", None)
            self.say(f"{path.name} disassembled")

        self.keeping_edits(lambda: self.app.push_screen(
            OpenDialog("Disassemble a tape, a saved state or a memory image:",
                       self.root or Path.cwd(), root=self.root,
                       placeholder="e1000.ptr, a .ptw, a .json or a path"), chosen),
            "disassemble another")

    def worker_failed(self, worker: Worker, failure: str) -> None:
        """An assembly that failed says so on the status line (the listing is the last good one)."""
        self.say(f"assembly failed: {failure}")

    def say(self, message: str, error: bool = False) -> None:
        """A message on the bench's status line (errors also pop up)."""
        self.query_one("#asm-status", Static).update(message)
        if error:
            self.notify(message, severity="error", timeout=8)
