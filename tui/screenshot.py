"""Render the console's README screenshots from the app itself: docs/console.svg and one
docs/console-NAME.svg per workbench (and .png).

Run: .venv/bin/python -m tui.screenshot [R0.ptw PROGRAM.ptr]  (default: our tapes/r0.ptw and
tapes/e1000.ptr).  The PNG is made with rsvg-convert when it is installed.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from pathlib import Path

from pc1.devices import tapes_dir
from tui.app import PC1App

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SIZE = (100, 34)


def default_tapes() -> tuple[Path, Path]:
    """Our R0 and e-1000 tapes."""
    return tapes_dir() / "r0.ptw", tapes_dir() / "e1000.ptr"


async def render(r0: Path, program: Path, out: Path) -> None:
    """Load R0, place the program, CLEAR START, let it print; save the screen."""
    app = PC1App(speed="max", include_our_tapes=False, max_orders=50_000_000)
    async with app.run_test(size=SIZE) as pilot:
        app.place_tape(r0)
        await pilot.press("i")
        app.place_tape(program)
        await pilot.press("c")
        while app.running or app.machine.last_stop is None:
            await pilot.pause(0.05)
        await pilot.pause(0.5)
        app.save_screenshot(out.name, str(out.parent))


# what each workbench shows in its screenshot: a palette action run on it first (none: the
# screen as it opens)
SHOWCASE = {"verify": "verify('pi')", "digits": "preset('pi', '1000')"}


async def render_workbenches(out: Path, size: tuple[int, int] = (100, 34)) -> list[Path]:
    """Open every workbench of the registry, let its showcase action finish, save each."""
    from tui.workbenches import WORKBENCHES

    app = PC1App(speed="max", max_orders=50_000_000, demo_pause=0)
    saved = []
    async with app.run_test(size=size) as pilot:
        for wb in WORKBENCHES:
            await app.run_workbench_command(wb.name, SHOWCASE.get(wb.name, ""))
            await pilot.pause(0.3)
            for _ in range(600):  # a minute at most: a screen's own long work is not waited for
                if app.screen is app.get_screen(wb.name) and all(
                        w.is_finished for w in app.workers):
                    break
                await pilot.pause(0.1)
            await pilot.pause(0.5)
            path = out / f"console-{wb.name}.svg"
            app.save_screenshot(path.name, str(path.parent))
            saved.append(path)
    return saved


def to_png(svg: Path) -> Path | None:
    """The PNG beside an SVG, made by rsvg-convert when it is installed."""
    if not shutil.which("rsvg-convert"):
        return None
    png = svg.with_suffix(".png")
    # rsvg trims the non-breaking spaces at the ends of Rich's text runs unless told not to
    text = svg.read_text().replace("<svg ", '<svg xml:space="preserve" ', 1)
    subprocess.run(["rsvg-convert", "-o", str(png)], input=text.encode(), check=True)
    return png


def main(argv: list[str]) -> int:
    """Write docs/console.svg and docs/console-NAME.svg per workbench (and PNGs if
    rsvg-convert is there)."""
    r0, program = (Path(argv[0]), Path(argv[1])) if len(argv) == 2 else default_tapes()
    DOCS.mkdir(exist_ok=True)
    svg = DOCS / "console.svg"
    asyncio.run(render(r0, program, svg))
    svgs = [svg, *asyncio.run(render_workbenches(DOCS))]
    for path in svgs:
        print(path)
        png = to_png(path)
        if png is not None:
            print(png)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
