"""Bounded resources on huge inputs: each subcommand on 50 MB files, in a fresh process.

Runaway programs too: a loop that prints, one that punches, one that plays the speaker, for
20 million orders under `pc1 run` (with --wav) and `pc1 script` (with punch): their output
is written as it comes and what is kept is bounded.

Goal (issue 15): no input under 100 MB makes a command use more than 1 GB or run more than a
minute before answering. The inputs are written at run time into a temporary folder (never
into the repository): valid and broken tapes in every format, one 50 MB number, memory
images, sources, scripts and puzzle files. Each case runs as `python -m pc1 ...` in a
child process; os.wait4 gives that child's own CPU time and peak resident memory. CPU time
is the best of --repeat runs (same for every case); wall time and memory are from that run.

    .venv/bin/python tests/benchmarks/bench_inputs.py [--size-mb 50] [--repeat 3] [-k WORD]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

LIMIT_SECONDS = 60.0
LIMIT_MB = 1024.0


def _repeat(unit: bytes, size: int) -> Iterator[bytes]:
    block = unit * max(1, (1 << 20) // len(unit))
    left = size
    while left > 0:
        yield block[:left] if left < len(block) else block
        left -= len(block)


def write(path: Path, size: int, unit: bytes, head: bytes = b"", tail: bytes = b"") -> Path:
    """A file of `size` bytes: head, `unit` repeated, tail (written a MiB at a time)."""
    with open(path, "wb") as f:
        f.write(head)
        for block in _repeat(unit, size - len(head) - len(tail)):
            f.write(block)
        f.write(tail)
    return path


def inputs(folder: Path, size: int) -> dict[str, Path]:
    """The huge input files, by a short name."""
    w = write
    return {
        "codes.ptr": w(folder / "codes.ptr", size, b"1 2 3 40 5 6 7 8 9 10\n"),
        "bad-at-end.ptr": w(folder / "bad-at-end.ptr", size, b"1 2 3 4\n", tail=b"64\n"),
        "one-number.ptr": w(folder / "one-number.ptr", size, b"9"),
        "no-end.ptw": w(folder / "no-end.ptw", size, b"1 2 3 4 5 6 32\n", head=b"0 0 32\n"),
        "text.txt": w(folder / "text.txt", size, b"a100,b200.\r\n"),
        "raw.raw": w(folder / "raw.raw", size, bytes(range(64))),
        "image.img": w(folder / "image.img", size, b"123456 "),
        "source.pc1": w(folder / "source.pc1", size, b"a100,\n", head=b"\n"),
        "source-1.2MB.pc1": w(folder / "source-1.2MB.pc1", 1_200_000, b"a100,\n", head=b"\n"),
        # the largest inputs that are read in full: a 1,000,000-frame tape, a 1.25 MB source,
        # and the source that costs the most a byte (a stored word every two characters)
        "longest.txt": w(folder / "longest.txt", 999_999, b"a100,\r\n", head=b"\r\n"),
        "largest.pc1": w(folder / "largest.pc1", 1_249_999, b"a100,\n", head=b"\n"),
        "densest.pc1": w(folder / "densest.pc1", 1_249_999, b"a,", head=b"\n"),
        "densest.ptr": w(folder / "densest.ptr", 2_999_988, b"24 38 ", head=b"2 8 "),
        "script.pc1s": w(folder / "script.pc1s", size, b"examine 0\n"),
        "sudoku.txt": w(folder / "sudoku.txt", size, b"." * 81 + b"\n"),
        "ohno.txt": w(folder / "ohno.txt", size, b"." * 9 + b"\n"),
        "nurikabe.txt": w(folder / "nurikabe.txt", size, b". 1 . . 2\n"),
    }


RUNAWAY_ORDERS = "20000000"


def runaways(folder: Path) -> dict[str, Path]:
    """Tiny tapes that never stop, and scripts that run them."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from pc1.devices.tape import initial_load_tape, write_tape
    from pc1.devices.teleprinter import CHAR_TO_CODE
    from pc1.machine.orders import encode

    q = CHAR_TO_CODE["q"] << 12
    loops = {  # p 4 ; o 1 ; jl 0 ; (0) ; q   and   y 31 ; yl 31 ; jl 0
        "printing.ptw": [encode("p", 4), encode("o", 1), encode("j", 0, True), 0, q],
        "speaker.ptw": [encode("y", 31), encode("y", 31, True), encode("j", 0, True)],
    }
    out = {}
    for name, words in loops.items():
        out[name] = folder / name
        write_tape(out[name], initial_load_tape(words))
    out["printing.pc1s"] = folder / "printing.pc1s"
    out["printing.pc1s"].write_text("initial-load printing.ptw\nclear-start\n")
    out["punching.pc1s"] = folder / "punching.pc1s"
    out["punching.pc1s"].write_text("initial-load printing.ptw\npunch punched.ptp\n"
                                    "clear-start\n")
    return out


def cases(files: dict[str, Path], out: Path) -> list[tuple[str, list[str]]]:
    """(label, pc1 arguments) for every command that reads such a file."""
    f = {k: str(v) for k, v in files.items()}
    r0 = str(Path(__file__).resolve().parents[2] / "tapes" / "r0.ptw")
    return [
        ("run --tape codes.ptr", ["run", "--tape", f["codes.ptr"], "--clear-start"]),
        ("run R0 + codes.ptr", ["run", "--initial-load", r0, "--tape", f["codes.ptr"],
                                "--clear-start"]),
        ("run --tape bad-at-end.ptr", ["run", "--tape", f["bad-at-end.ptr"], "--clear-start"]),
        ("run --tape one-number.ptr", ["run", "--tape", f["one-number.ptr"], "--clear-start"]),
        ("run --initial-load no-end.ptw", ["run", "--initial-load", f["no-end.ptw"],
                                           "--clear-start"]),
        ("run --tape text.txt", ["run", "--tape", f["text.txt"], "--clear-start"]),
        ("run --tape raw.raw", ["run", "--tape", f["raw.raw"], "--clear-start"]),
        ("listing codes.ptr", ["listing", f["codes.ptr"]]),
        ("listing text.txt", ["listing", f["text.txt"]]),
        ("listing one-number.ptr", ["listing", f["one-number.ptr"]]),
        ("listing no-end.ptw", ["listing", f["no-end.ptw"]]),
        ("disasm no-end.ptw", ["disasm", f["no-end.ptw"]]),
        ("disasm codes.ptr", ["disasm", f["codes.ptr"]]),
        ("disasm image.img", ["disasm", f["image.img"]]),
        ("asm source.pc1", ["asm", f["source.pc1"], "-o", str(out)]),
        ("asm source-1.2MB.pc1", ["asm", f["source-1.2MB.pc1"], "-o", str(out)]),
        ("listing source-1.2MB.pc1", ["listing", f["source-1.2MB.pc1"]]),
        ("listing longest.txt", ["listing", f["longest.txt"]]),
        ("run R0 + longest.txt", ["run", "--initial-load", r0, "--tape", f["longest.txt"],
                                  "--clear-start"]),
        ("asm largest.pc1", ["asm", f["largest.pc1"], "-o", str(out)]),
        ("asm densest.pc1", ["asm", f["densest.pc1"], "-o", str(out)]),
        ("listing densest.ptr", ["listing", f["densest.ptr"]]),
        ("disasm densest.ptr", ["disasm", f["densest.ptr"]]),
        ("script script.pc1s", ["script", f["script.pc1s"]]),
        ("solve sudoku sudoku.txt", ["solve", "sudoku", f["sudoku.txt"]]),
        ("solve 0hn0 ohno.txt", ["solve", "0hn0", f["ohno.txt"]]),
        ("solve nurikabe nurikabe.txt", ["solve", "nurikabe", f["nurikabe.txt"]]),
        ("check nurikabe nurikabe.txt", ["check", "nurikabe", f["nurikabe.txt"]]),
        ("run printing loop", ["run", "--initial-load", f["printing.ptw"], "--clear-start",
                               "--max-orders", RUNAWAY_ORDERS]),
        ("run speaker loop --wav", ["run", "--initial-load", f["speaker.ptw"],
                                    "--clear-start", "--wav", str(out / "s.wav"),
                                    "--max-orders", RUNAWAY_ORDERS]),
        ("script printing loop", ["script", f["printing.pc1s"],
                                  "--max-orders", RUNAWAY_ORDERS]),
        ("script punching loop", ["script", f["punching.pc1s"],
                                  "--max-orders", RUNAWAY_ORDERS]),
    ]


def measure(argv: list[str], timeout: float) -> tuple[int | None, float, float, float, str]:
    """(exit status or None if killed, wall s, CPU s, peak MB, first stderr line) of one run."""
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "pc1", *argv],
                                stdout=subprocess.DEVNULL, stderr=err)
        deadline = t0 + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                pid, status, usage = os.wait4(proc.pid, 0)
                status = None
                break
            time.sleep(0.02)
        wall = time.perf_counter() - t0
        proc.returncode = 0  # reaped above; keep Popen from waiting again
        err.seek(0)
        first = err.read(400).decode("utf-8", "replace").splitlines()[:1]
    code = None if status is None else os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    return code, wall, cpu, usage.ru_maxrss / 1024, first[0] if first else ""


def main(argv: list[str] | None = None) -> int:
    """Run the cases and print one row each; exit 1 if any breaks the goal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=50.0)
    parser.add_argument("--repeat", type=int, default=3, help="runs per case (best CPU time)")
    parser.add_argument("-k", dest="word", default="", help="only cases whose label has WORD")
    parser.add_argument("--timeout", type=float, default=2 * LIMIT_SECONDS,
                        help="kill a case after this many seconds")
    args = parser.parse_args(argv)
    size = int(args.size_mb * 1_000_000)
    show: Callable[[str], None] = print
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        out = folder / "out"
        out.mkdir()
        t0 = time.perf_counter()
        files = inputs(folder, size) | runaways(folder)
        show(f"# {len(files)} input files of {args.size_mb:g} MB written in "
             f"{time.perf_counter() - t0:.1f} s; best CPU of {args.repeat}; "
             f"goal: under {LIMIT_SECONDS:g} s and {LIMIT_MB:g} MB")
        show(f"{'case':<32}{'exit':>5}{'wall s':>9}{'CPU s':>8}{'peak MB':>9}  answer")
        broken = 0
        for label, pc1_args in cases(files, out):
            if args.word not in label:
                continue
            runs = [measure(pc1_args, args.timeout) for _ in range(args.repeat)]
            code, wall, cpu, peak, first = min(runs, key=lambda r: r[2])
            peak = max(r[3] for r in runs)
            ok = code is not None and wall < LIMIT_SECONDS and peak < LIMIT_MB
            broken += not ok
            status = "kill" if code is None else str(code)
            show(f"{label:<32}{status:>5}{wall:>9.2f}{cpu:>8.2f}{peak:>9.0f}  "
                 f"{'' if ok else 'OVER GOAL: '}{first[:110]}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
