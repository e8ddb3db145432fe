"""Pilot tests of the console's shell: workbenches by key and palette, verify, digits, help."""

from __future__ import annotations

import io
from pathlib import Path

from textual.widgets import DataTable, Input, Static

from pc1.devices.tape_library import programs
from pc1.verify import layout, reference_decimals
from tests.tui.conftest import read_through_r0, wait_until
from tui import palette
from tui.app import PC1App
from tui.dialogs import PathDialog
from tui.palette import ConsoleCommands
from tui.panel import BUTTONS
from tui.screens.digits import DigitsScreen
from tui.screens.help import HelpScreen
from tui.screens.verify import VerifyScreen
from tui.workbenches import WORKBENCHES


def make_app(**kw) -> PC1App:
    kw.setdefault("speed", "max")
    kw.setdefault("max_orders", 5_000_000)
    return PC1App(demo_pause=0, **kw)


def text_of(widget: Static) -> str:
    return str(widget.render())


def help_text(screen: HelpScreen) -> str:
    """The help as plain text, wide enough that no line wraps."""
    from rich.console import Console

    console = Console(width=300, record=True, file=io.StringIO())
    console.print(screen.query_one("#help-text", Static).content)
    return console.export_text()


def busy(app: PC1App) -> bool:
    return any(not w.is_finished for w in app.workers)


async def verified(pilot, app: PC1App) -> VerifyScreen:
    await wait_until(pilot, lambda: isinstance(app.screen, VerifyScreen)
                     and app.screen.report is not None and not busy(app),
                     timeout=50)
    await pilot.pause(0.1)
    return app.screen


async def test_verify_pi_through_the_palette() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause(0.2)
        await pilot.press(*"verify pi")
        await pilot.pause(0.5)
        await pilot.press("enter")
        screen = await verified(pilot, app)
        assert "97 of 97 limbs identical" in text_of(screen.query_one("#verify-summary"))
        assert "1000 of 1000 decimals identical" in text_of(screen.query_one("#verify-summary"))
        table = screen.query_one("#limb-table", DataTable)
        assert table.row_count == 97
        assert {str(table.get_row_at(i)[-1]) for i in range(97)} == {"identical"}
        # the run happened on the machine: the paper holds what the print tape printed
        assert app.machine.printed_text().endswith(layout("3", reference_decimals("pi")))


async def test_a_limb_corrupted_in_memory_is_the_one_marked(monkeypatch) -> None:
    import tui.verifier

    real = tui.verifier.read_limbs
    corrupted = 42  # limb 42 = long word 384; flip the lowest bit of its lower half (385)

    def corrupt_then_read(machine, count):
        machine.memory[300 + 2 * corrupted + 1] ^= 1
        return real(machine, count)

    monkeypatch.setattr(tui.verifier, "read_limbs", corrupt_then_read)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_workbench_command("verify", "verify('e')")
        screen = await verified(pilot, app)
        summary = text_of(screen.query_one("#verify-summary"))
        assert "99 of 100 limbs identical; limb 42 differs" in summary
        table = screen.query_one("#limb-table", DataTable)
        marks = [str(table.get_row_at(i)[-1]) for i in range(table.row_count)]
        assert [i for i, m in enumerate(marks) if m != "identical"] == [corrupted]
        assert screen.report is not None and not screen.report.ok


async def test_the_paper_check_finds_e_on_the_teleprinter() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_workbench_command("verify", "verify('e')")
        screen = await verified(pilot, app)
        await pilot.press("t")
        await pilot.pause(0.1)
        assert screen.paper is not None and screen.paper.name == "e"
        assert "e: 1000 of 1000 decimals identical" in text_of(screen.query_one("#paper-text"))


async def test_the_paper_of_a_third_party_e_tape_is_checked(pc1onunity: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await read_through_r0(pilot, pc1onunity / "R0.ptw", pc1onunity / "napier.ptr")
        await app.run_workbench_command("verify", "check_paper")
        await pilot.pause(0.1)
        screen = app.screen
        assert isinstance(screen, VerifyScreen) and screen.paper is not None
        assert screen.paper.ok and len(screen.paper.decimals) >= 1000


async def test_digits_compute_shows_and_saves_the_reference_digits(tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")
        await pilot.pause(0.1)
        screen = app.screen
        assert isinstance(screen, DigitsScreen)
        screen.set_request("e", "300")
        await pilot.pause(0.1)
        await pilot.click("#compute")
        await wait_until(pilot, lambda: screen.result is not None)
        await pilot.pause(0.1)
        expected = reference_decimals("e", 300)
        assert screen.result.digits.decimals == expected
        assert "e: 300 decimals by bsplit" in text_of(screen.query_one("#digits-status"))
        assert "agrees on all of them" in text_of(screen.query_one("#digits-status"))
        assert text_of(screen.query_one("#digits-text")).startswith("2." + expected[:50] + "\n")
        await pilot.press("ctrl+s")
        await pilot.pause(0.1)
        assert isinstance(app.screen, PathDialog)
        app.screen.query_one(Input).value = str(tmp_path / "e.txt")
        await pilot.press("enter")
        await pilot.pause(0.1)
        saved = (tmp_path / "e.txt").read_bytes().decode("ascii")
        assert saved == layout("2", expected).replace("\n", "\r\n") + "\r\n"


async def test_cancelling_a_long_digits_run_leaves_the_app_responsive() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_workbench_command("digits", "")
        screen = app.screen
        assert isinstance(screen, DigitsScreen)
        # the fixed-point Machin series reports every term: seconds of work at 100,000
        screen.set_request("pi", "100000", "machin-series", "no check")
        await pilot.pause(0.1)
        screen.action_compute()
        await wait_until(pilot, lambda: "%" in text_of(screen.query_one("#digits-status")))
        assert screen.running
        await pilot.press("escape")
        await wait_until(pilot, lambda: not screen.running, timeout=5)
        assert screen.result is None and "cancelled" in text_of(screen.query_one("#digits-status"))
        assert isinstance(app.screen, DigitsScreen)  # Escape cancelled; it did not leave
        await pilot.press("escape")  # now it does: the app answers keys
        await pilot.pause(0.1)
        assert app.screen is app.console_screen
        await wait_until(pilot, lambda: not busy(app), timeout=5)


async def test_every_workbench_opens_by_its_key_and_escape_returns() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for wb in WORKBENCHES:
            await pilot.press(wb.key)
            await pilot.pause(0.1)
            assert isinstance(app.screen, wb.load()), wb.name
        await pilot.press("escape")
        await pilot.pause(0.1)
        assert app.screen is app.console_screen


async def test_the_palette_holds_every_console_action_and_finds_pi() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        entries = list(palette.entries(app))
        names = [e.name for e in entries]
        assert len(names) == len(set(names))
        for wb in WORKBENCHES:
            assert f"Open the {wb.title} workbench" in names
            assert all(c.name in names for c in wb.commands)
        for name in ("pi1000", "e1000"):
            assert any(n.startswith(f"Run the {name} demo") for n in names)
        actions = {e.action for e in entries}
        assert {b.action for b in app.BINDINGS} <= actions  # every key is also a command
        assert {f"press('{name}')" for name, _ in BUTTONS} <= actions
        found = [hit.text async for hit in ConsoleCommands(app.screen).search("pi")]
        assert "Verify pi-1000 against the Scheme reference" in found
        # a palette console command runs on the console, visibly
        await pilot.press("f2")
        await pilot.pause(0.1)
        choice = next(e for e in entries if e.name == "Show the tape library")
        await choice.run()
        await pilot.pause(0.1)
        assert app.screen is app.console_screen
        assert str(app.console_screen.query_one("#tabs").active) == "tapes"


async def test_help_shows_the_keys_and_procedures_and_scrolls() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        text = help_text(screen)
        commands = (*palette.CONSOLE_COMMANDS, *palette.demo_commands(),
                    *map(palette.open_command, WORKBENCHES))
        named = {c.action: c.name for c in commands}
        for binding in app.BINDINGS:
            if binding.description:
                assert named.get(binding.action, binding.description) in text
                assert f"{app.get_key_display(binding)}  " in text
        for p in programs():
            assert p.title in text and all(step in text for step in p.procedure)
        assert "pc1 docs TOPIC" in text
        assert "monitor  The monitor: one command language for scripts and the console" in text
        body = screen.query_one("#help-body")
        assert body.max_scroll_y > 0  # longer than 80x24: it must scroll
        await pilot.press("pagedown")
        await pilot.pause(0.2)
        assert body.scroll_y > 0
        await pilot.press("escape", "f1")
        await pilot.pause(0.1)
        assert isinstance(app.screen, HelpScreen)


def test_the_first_difference_is_the_one_character_highlighted() -> None:
    from pc1.verify import check_paper
    from tui.screens.verify import digits_text, paper_text

    text = digits_text("3.14159\n  2653", "3.14159\n  2654", 13)
    marked = [(span.start, span.end) for span in text.spans if "red" in str(span.style)]
    assert marked == [(13, 14)] and str(text)[13] == "3"
    assert "expected from character 13:\n4" in str(text)
    assert digits_text("3.14", "3.14", None).spans == []
    paper = paper_text(check_paper("2.71828182845904523536028747135266249775724709369995"
                                   "\n  95749669676277240766303535475945713821785251664275"))
    marked = [str(paper)[s.start:s.end] for s in paper.spans if "red" in str(s.style)]
    assert marked == ["5"] and "at decimal 100 " in str(paper)


async def test_a_bad_digits_request_is_one_line_on_the_screen() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_workbench_command("digits", "")
        screen = app.screen
        for count, message in (("many", "N must be a positive integer, got many"),
                               ("1e40", "N = 1e40 is too large")):
            screen.set_request("pi", count)
            await pilot.pause(0.1)
            await pilot.press("enter")  # in the count field: compute
            await wait_until(pilot, lambda: not screen.running)
            await pilot.pause(0.1)
            status = text_of(screen.query_one("#digits-status"))
            assert status.startswith(f"digits: {message}") and "\n" not in status
            assert screen.result is None


async def test_a_fault_in_the_digits_work_is_said_not_swallowed(monkeypatch) -> None:
    import tui.screens.digits as digits

    def broken(*args, **kwargs):
        raise RuntimeError("planted fault")

    monkeypatch.setattr(digits, "run_digits", broken)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_workbench_command("digits", "")
        screen = app.screen
        screen.set_request("e", "50")
        await pilot.pause(0.1)
        await pilot.press("enter")
        await wait_until(pilot, lambda: not screen.running)
        await pilot.pause(0.1)
        status = text_of(screen.query_one("#digits-status"))
        assert status.startswith("digits: failed: RuntimeError: planted fault")
        assert screen.result is None
