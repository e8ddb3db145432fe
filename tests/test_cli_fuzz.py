"""Every subcommand against bad input, in process: a corpus of nasty files (tests/data/nasty)
and generated ones (hypothesis). Whatever the input, `pc1` answers with an exit status of
0-3, at most one line on stderr when it fails, never a traceback, and within a time bound.

The time bound is an alarm that fails the case if it is still running after CASE_SECONDS;
the 50 MB inputs are measured in tests/benchmarks/bench_inputs.py instead.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pc1.cli.main import build_parser, main
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
    assert "Traceback" not in result.err and "Exception ignored" not in result.err, result
    if result.status:
        assert len(result.err.splitlines()) <= 1, result
    if result.status == 2:
        assert result.err.startswith("pc1") and result.err.endswith("\n"), result
    if "--progress" not in argv:  # a progress line rewrites itself with a carriage return
        # no raw control character reaches the terminal: a message is escaped
        assert all(line.isprintable() for line in result.err.splitlines()), result
    return result


SHIPPED = ("e1000.ptr", "r0.ptw", "e1000.pc1", "e1000.pc1s")


@pytest.fixture(autouse=True, scope="module")
def shipped_files_unchanged() -> Iterator[None]:
    """Nothing a case does writes one of our shipped files (nothing overwritten)."""
    before = {name: tape_path(name).read_bytes() for name in SHIPPED}
    yield
    for name, data in before.items():
        assert tape_path(name).read_bytes() == data, f"{name} was overwritten"


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


# --- the findings of the hostile-input run, one case each ----------------------------------

BIG = "1" + "0" * 4300  # one digit past Python's limit on converting digit strings


@pytest.mark.parametrize("argv, named", [
    (("run", "factorize", BIG), "a number of 4,301 digits is out of range"),
    (("digits", "pi", "5\n6"), "5\\n6"),
    (("run", "--initial-load", "/dev/zero", "--clear-start"), "/dev/zero: a device"),
    (("run", "e1000", "--wav", "/dev/full"), "/dev/full: No space left on device"),
    (("digits", "e", "10", "--output", "/dev/full"), "/dev/full"),
    (("listing", "a\nb\x1b[2J.ptr"), "a\\nb\\x1b[2J.ptr: no such file"),
    # the name and its colon, shortened
    (("run", "--tape", "x" * 200_000 + ".ptr", "--clear-start"), "[200,005 characters]"),
    (("queens", "--count", "--ledger", "/dev/null", "14", "--jobs", "1"), "/dev/null"),
], ids=["factorize-4301-digits", "newline-operand", "dev-zero", "wav-dev-full",
        "output-dev-full", "esc-name", "long-name", "ledger-device"])
def test_findings(argv: tuple[str, ...], named: str) -> None:
    if any(a.startswith("/dev/") and not Path(a).exists() for a in argv):
        pytest.skip("no such device here")
    result = pc1(*argv)
    assert result.status == 2 and named in result.err, result
    assert len(result.err) < 400, result  # values shortened, never echoed whole


FILE_COMMANDS = [
    ("listing", "F"), ("disasm", "F"), ("asm", "F"), ("check", "nurikabe", "F"),
    ("solve", "sudoku", "F"), ("script", "F"), ("run", "--tape", "F", "--clear-start"),
    ("run", "--initial-load", "F", "--clear-start"), ("run", "e1000", "--script", "F"),
    ("run", "e1000", "--dump-state", "F"), ("run", "e1000", "--wav", "F"),
    ("run", "e1000", "--punch", "F"), ("digits", "pi", "10", "--output", "F"),
    ("queens", "14", "--count", "--jobs", "1", "--ledger", "F"), ("verify", "pi", "--r0", "F"),
    ("run", "determinant", "F"),
]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no fifos here")
@pytest.mark.parametrize("argv", FILE_COMMANDS, ids=[" ".join(a) for a in FILE_COMMANDS])
def test_a_fifo_is_refused_at_once(argv: tuple[str, ...], tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    started = time.monotonic()
    result = pc1(*(str(fifo) if a == "F" else a for a in argv))
    assert result.status == 2 and "fifo" in result.err and "fifo: " in result.err, result
    assert time.monotonic() - started < CASE_SECONDS / 2


# --- a generator over every subcommand's options and files ---------------------------------
#
# The cases are drawn from the parser itself, so a new option is fuzzed as soon as it exists.
# In CI the budget is small and fixed (derandomized: the same cases every time); set
# PC1_FUZZ_EXAMPLES=5000 for a long run, which records every finding instead of stopping at
# the first and writes the counts to $PC1_FUZZ_REPORT (a JSON file) if that is set.

NOT_FUZZED = {
    "tui": "opens the console",
    "serve": "starts a server",
    "quintomino": "takes no value, only two switches (its own tests cover them)",
}
NEVER_GIVEN = {"--scheduler": "connects to a cluster: a bad address waits for its timeout",
               "--help": "prints help", "--version": "prints the version"}
EXAMPLES = int(os.environ.get("PC1_FUZZ_EXAMPLES", "40"))
LONG_RUN = "PC1_FUZZ_EXAMPLES" in os.environ

FILE_TOKENS = ["@missing", "@folder", "@fifo", "@null", "@zero", "@shipped", "@good-ptw",
               "@good-ptr", "@good-pc1", "@good-pc1s", "@newline-name", "@esc-name",
               "@out-new"] + [f"@nasty:{p.name}" for p in sorted(CORPUS.iterdir())]
VALUES = st.one_of(
    st.sampled_from(["0", "1", "5", "-1", "2.5", "1e400", "nan", "inf", "0x1f", "9" * 5000,
                     BIG, "", " ", "--", "-x", "a\nb", "\x1b[2J", "\x00", "é", "\u202e",
                     "x" * 100_000, "15k", "50%", "tcp://127.0.0.1:1"]),
    st.text(max_size=10),
    st.sampled_from(FILE_TOKENS),
)


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    for action in parser._actions:  # noqa: SLF001 - argparse keeps its subcommands here
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            return {k: v for k, v in action.choices.items() if k not in NOT_FUZZED}
    raise AssertionError("no subcommands")


@st.composite
def invocations(draw) -> list[str]:
    """One `pc1 ...` call: a subcommand, its positionals and a few of its options, each value
    valid, hostile or a file of some kind."""
    commands = _subcommands()
    name = draw(st.sampled_from(sorted(commands)))
    argv = [name]
    actions = [a for a in commands[name]._actions  # noqa: SLF001
               if not isinstance(a, argparse._HelpAction)]  # noqa: SLF001

    def value(action: argparse.Action) -> str:
        if action.choices and draw(st.integers(0, 4)):
            return draw(st.sampled_from(sorted(action.choices)))
        return draw(VALUES)

    for action in actions:
        if action.option_strings:
            continue
        count = {"?": (0, 1), "*": (0, 3), "+": (1, 3)}.get(action.nargs, (1, 1))
        argv += [value(action) for _ in range(draw(st.integers(*count)))]
    options = [a for a in actions if a.option_strings
               and not set(a.option_strings) & set(NEVER_GIVEN)]
    for action in draw(st.lists(st.sampled_from(options), max_size=4, unique_by=id)
                       if options else st.just([])):
        argv.append(draw(st.sampled_from(action.option_strings)))
        if action.nargs != 0:
            argv += [value(action) for _ in range(1 if action.nargs in (None, "?") else 2)]
    if name in ("run", "script"):
        argv += [*RUN_LIMIT, "--time-limit", "5"]  # random programs loop: keep each short
    if name == "verify" and "--r0" not in argv:
        argv += ["--r0", "@good-ptw"]  # the default R0 makes a valid run of seconds
    return argv


def materialize(argv: list[str], folder: Path) -> list[str]:
    """The file tokens of an invocation made real in `folder` (copies: never our files)."""
    made = []
    for token in argv:
        if not token.startswith("@"):
            made.append(token)
            continue
        kind, _, name = token[1:].partition(":")
        path = folder / {"newline-name": "a\nb.ptr", "esc-name": "\x1b[31mred.ptr",
                         "folder": "folder.ptr", "out-new": "new.ptp"}.get(kind, f"{kind}.ptr")
        if kind == "nasty":
            path = folder / name
            shutil.copy(CORPUS / name, path)
        elif kind in ("good-ptw", "good-ptr", "good-pc1", "good-pc1s"):
            source = {"good-ptw": "r0.ptw", "good-ptr": "e1000.ptr", "good-pc1": "e1000.pc1",
                      "good-pc1s": "e1000.pc1s"}[kind]
            path = folder / source
            shutil.copy(tape_path(source), path)
        elif kind in ("newline-name", "esc-name"):
            shutil.copy(tape_path("e1000.ptr"), path)
        elif kind == "folder":
            path.mkdir(exist_ok=True)
        elif kind == "fifo":
            if not path.exists():
                os.mkfifo(path)
        elif kind == "null":
            path = Path(os.devnull)
        elif kind == "zero":
            path = Path("/dev/zero")
        elif kind == "shipped":
            path = tape_path("e1000.ptr")
        made.append(str(path))
    return made


FINDINGS: dict[str, list[tuple[str, ...]]] = {}
CASES = [0]
STATUSES: dict[str, int] = {}  # "COMMAND STATUS" -> cases: what the cases reached


def _record(kind: str, argv: list[str]) -> None:
    FINDINGS.setdefault(kind, []).append(tuple(a[:80] for a in argv))


@pytest.fixture(scope="module")
def fuzz_report() -> Iterator[None]:
    """After a long run: the counts of its findings, in $PC1_FUZZ_REPORT if set."""
    yield
    report = os.environ.get("PC1_FUZZ_REPORT")
    if LONG_RUN and report:
        Path(report).write_text(json.dumps(
            {"cases": CASES[0], "findings": {k: len(v) for k, v in FINDINGS.items()},
             "statuses": dict(sorted(STATUSES.items())),
             "examples": {k: v[:5] for k, v in FINDINGS.items()}}, indent=1) + "\n")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="fifos are among the files")
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(invocations())
def test_generated_invocations(fuzz_report, argv: list[str]) -> None:
    CASES[0] += 1
    before = tape_path("e1000.ptr").read_bytes()
    with tempfile.TemporaryDirectory(prefix="hostile-inputs-fuzz-") as tmp:
        real = materialize(argv, Path(tmp))
        try:
            result = pc1(*real)
        except AssertionError as exc:
            kind = "hang" if "still running" in str(exc) else "unclean"
            if "Traceback" in str(exc):
                kind = "traceback"
            _record(kind, argv)
            if not LONG_RUN:
                raise
            return
        except Exception:  # an exception out of main is a traceback for the user
            _record("traceback", argv)
            if not LONG_RUN:
                raise
            return
        if tape_path("e1000.ptr").read_bytes() != before:
            _record("overwritten", argv)
            raise AssertionError(f"{argv}: a shipped tape was overwritten")
    key = f"{argv[0]} {result.status}"
    STATUSES[key] = STATUSES.get(key, 0) + 1
    if result.status == 2:
        assert result.err.count("\n") == 1, result
