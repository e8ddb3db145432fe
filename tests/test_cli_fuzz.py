"""Every subcommand against bad input, in process: a corpus of nasty files (tests/data/nasty)
and generated ones (hypothesis). Whatever the input, `pc1` answers with an exit status of
0-3, at most one line on stderr when it fails, never a traceback, and within a time bound.

The time bound is an alarm that fails the case if it is still running after CASE_SECONDS;
the 50 MB inputs are measured in tests/benchmarks/bench_inputs.py instead.
"""

from __future__ import annotations

import io
import signal
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pc1.cli.main import main
from pc1.devices.tape_library import tape_path

CORPUS = Path(__file__).parent / "data" / "nasty"
CASE_SECONDS = 30  # far above what any case takes (most take milliseconds)
RUN_LIMIT = ["--max-orders", "200000"]  # random programs loop; keep each run short


@dataclass(frozen=True)
class Outcome:
    """What one `pc1 ...` did."""

    argv: tuple[str, ...]
    status: int
    out: str
    err: str


@contextmanager
def time_bound(seconds: int) -> Iterator[None]:
    """Fail the case (instead of hanging the suite) when it runs past `seconds`."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(signum, frame):
        raise AssertionError(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def pc1(*argv: str) -> Outcome:
    """Run `pc1 argv` in this process and check the outcome every command owes its user."""
    out, err = io.StringIO(), io.StringIO()
    with time_bound(CASE_SECONDS), redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as exc:  # argparse's usage errors
            status = exc.code if isinstance(exc.code, int) else 2
    result = Outcome(tuple(argv), status, out.getvalue(), err.getvalue())
    assert result.status in (0, 1, 2, 3), result
    assert "Traceback" not in result.err, result
    if result.status:
        assert len(result.err.splitlines()) <= 1, result
    if result.status == 2:
        assert result.err.startswith("pc1") and result.err.endswith("\n"), result
    return result


def commands_for(path: Path, out_dir: Path) -> list[tuple[str, ...]]:
    """The subcommands that take a file like `path`, as a user would call them."""
    f = str(path)
    r0 = str(tape_path("r0.ptw"))
    suffix = path.suffix
    tapes = {
        ".ptr": [("run", "--tape", f, "--clear-start", *RUN_LIMIT),
                 ("run", "--initial-load", r0, "--tape", f, "--clear-start", *RUN_LIMIT),
                 ("listing", f), ("disasm", f)],
        ".ptw": [("run", "--initial-load", f, "--clear-start", *RUN_LIMIT), ("disasm", f),
                 ("listing", f)],
        ".txt": [("run", "--tape", f, "--clear-start", *RUN_LIMIT), ("listing", f),
                 ("solve", "sudoku", f), ("solve", "0hn0", f), ("solve", "nurikabe", f),
                 ("check", "nurikabe", f)],
        ".raw": [("run", "--tape", f, "--clear-start", *RUN_LIMIT), ("listing", f)],
        ".pc1": [("asm", f, "-o", str(out_dir)), ("listing", f)],
        ".img": [("disasm", f)],
        ".pc1s": [("script", f, *RUN_LIMIT)],
    }
    return tapes[suffix]


CORPUS_CASES = [(p.name, argv) for p in sorted(CORPUS.iterdir())
                for argv in commands_for(p, Path("OUT"))]


@pytest.mark.parametrize("name, argv", CORPUS_CASES, ids=[f"{n}:{a[0]}" for n, a in CORPUS_CASES])
def test_nasty_file(name: str, argv: tuple[str, ...], tmp_path: Path) -> None:
    argv = tuple(str(tmp_path) if a == "OUT" else a for a in argv)
    result = pc1(*argv)
    if result.status == 2 and "argument" not in result.err:
        assert name in result.err, result  # a bad file is named


@pytest.mark.parametrize("suffix", [".ptr", ".ptw", ".txt", ".raw", ".pc1", ".img", ".pc1s"])
def test_missing_file_and_folder(suffix: str, tmp_path: Path) -> None:
    folder = tmp_path / f"folder{suffix}"
    folder.mkdir()
    for path in (tmp_path / f"missing{suffix}", folder):
        for argv in commands_for(path, tmp_path):
            result = pc1(*argv)
            assert result.status == 2 and path.name in result.err, result


# --- generated inputs ---------------------------------------------------------------------

NASTY_TOKENS = st.sampled_from(["64", "-1", "+3", "1.5", "0x1f", "9" * 5000, "\x00", "\xff",
                                "\u0663", "", "{CR}", ",", ".", "=", "l", "jl", "a1,", "63"])


def _mutated(base: list[str]) -> st.SearchStrategy[bytes]:
    """A real file's tokens with a few replaced, dropped, duplicated, or the tail cut off."""

    @st.composite
    def build(draw) -> bytes:
        tokens = list(base)
        for _ in range(draw(st.integers(1, 4))):
            k = draw(st.integers(0, len(tokens) - 1))
            how = draw(st.sampled_from(["replace", "drop", "insert", "cut"]))
            if how == "replace":
                tokens[k] = draw(NASTY_TOKENS | st.text(max_size=6))
            elif how == "drop":
                del tokens[k]
            elif how == "insert":
                tokens.insert(k, draw(NASTY_TOKENS))
            else:
                tokens = tokens[:k]
            if not tokens:
                break
        sep = draw(st.sampled_from([" ", "\n", "\r\n", "\t"]))
        return sep.join(tokens).encode("utf-8", "surrogatepass")

    return build()


def _tokens(name: str, limit: int = 400) -> list[str]:
    return tape_path(name).read_text().split()[:limit]


FILES = st.one_of(
    st.tuples(st.just(".ptw"), _mutated(_tokens("r0.ptw"))),
    st.tuples(st.just(".ptr"), _mutated(_tokens("e1000.ptr"))),
    st.tuples(st.sampled_from([".ptr", ".ptw", ".txt", ".raw", ".pc1", ".img", ".pc1s"]),
              st.binary(max_size=300)),
    st.tuples(st.just(".pc1"), _mutated(tape_path("pi1000prt.pc1").read_text().split(" ")[:300])),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(FILES)
def test_generated_files(case: tuple[str, bytes]) -> None:
    suffix, data = case
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"fuzz{suffix}"
        path.write_bytes(data)
        statuses = [pc1(*argv).status for argv in commands_for(path, Path(tmp))]
    assert statuses


# values that no argument below accepts (a valid one would start a run, a server or the console)
BAD_NUMBERS = st.one_of(
    st.sampled_from(["9" * 5000, "-" + "9" * 5000, "-1", "1e400", "inf", "-inf", "nan",
                     "", " ", "10**100", "0x10", "\u0663", "١٠", "1.5.1", "--"]),
    st.text(st.characters(blacklist_categories=("Nd",)), max_size=8),
    st.integers(min_value=-(10**30), max_value=-1).map(str),
    st.integers(min_value=10**13, max_value=10**40).map(str),
)
NUMBER_ARGS = [
    ("run", "e1000", "--max-orders"), ("run", "e1000", "--clock"),
    ("run", "e1000", "--time-limit"), ("disasm", str(tape_path("r0.ptw")), "--from"),
    ("disasm", str(tape_path("r0.ptw")), "--to"), ("disasm", str(tape_path("r0.ptw")), "--entry"),
    ("seed", "pi", "--limbs"), ("seed", "e", "--limbs"), ("script", "x.pc1s", "--max-orders"),
    ("script", "x.pc1s", "--time-limit"), ("serve", "--port"), ("tui", "--clock"),
]
# `serve` and `tui` are given only values they refuse: a good one would start them


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(NUMBER_ARGS), BAD_NUMBERS)
def test_out_of_range_numbers_are_one_line(where: tuple[str, ...], value: str) -> None:
    result = pc1(*where, value)
    assert result.status == 2, result
    assert where[-1] in result.err, result  # the one line names the option refused


@pytest.mark.parametrize("argv", [
    ("digits", "pi", "9" * 5000), ("digits", "e", "10**100"), ("digits", "pi", "-5"),
    ("run", "nope"), ("verify", "tau"), ("solve", "chess", "x"), ("samples", "chess"),
    ("orders", "--bogus"), ("--version",), ("samples",), ("orders",),
    ("queens", "10**100"), ("queens", "--count", "9" * 5000), ("queens", "--infinite", "9" * 5000),
    ("mex", "--method", "bitstring", "0", "100000000000"), ("mex", "x", "-1"),
    ("quintomino", "--bogus"), ("verify", "pi", "--r0", "/no/such/r0.ptw"),
])
def test_other_arguments(argv: tuple[str, ...]) -> None:
    pc1(*argv)
