"""`pc1` imports only the module of the command it runs; `pc1 --help` still lists them all."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from pc1.cli.main import COMMANDS, build_parser, main


def _listed(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Each command of the parser with its line of help, in the order listed."""
    for action in parser._actions:  # noqa: SLF001 - argparse keeps subcommands here
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            return {a.dest: a.help for a in action._choices_actions}  # noqa: SLF001
    raise AssertionError("no subcommands")


def test_the_table_says_what_the_modules_register() -> None:
    # the full parser registers every module; the table must name the same commands, with
    # the same help, in the same order, or `pc1 --help` would tell a different story
    full = _listed(build_parser())
    assert full == {name: line for name, (_, line) in COMMANDS.items()}


def test_help_without_modules_lists_the_same_commands() -> None:
    assert _listed(build_parser([])) == _listed(build_parser())


@pytest.mark.parametrize("module", sorted({m for m, _ in COMMANDS.values()}))
def test_one_module_registered_keeps_the_listing(module: str) -> None:
    assert _listed(build_parser([module])) == _listed(build_parser())


def _modules_after(argv: list[str]) -> set[str]:
    code = ("import sys\nfrom pc1.cli.main import main\ntry:\n    main(sys.argv[1:])\n"
            "except SystemExit:\n    pass\n"
            "print(' '.join(sorted(sys.modules)), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                          timeout=120)
    return set(done.stderr.split())


def test_version_imports_no_command_and_no_metadata() -> None:
    loaded = _modules_after(["--version"])
    assert "pc1.cli.main" in loaded
    assert not {m for m in loaded if m.startswith("pc1.cli.") and m != "pc1.cli.main"}
    assert "importlib.metadata" not in loaded
    assert "pc1.machine" not in loaded
    # answered before the parser is built: no argparse (with gettext, some 5 ms), no typing
    # (beyond what Python's own start loads: an editable install's import hook loads some)
    started = set(subprocess.run([sys.executable, "-c", "import sys; print(*sys.modules)"],
                                 capture_output=True, text=True, timeout=60).stdout.split())
    assert not {"argparse", "gettext", "typing", "signal", "pc1.cli.parser"} & (loaded - started)


def test_version_alone_and_through_the_parser_say_the_same(capsys) -> None:
    import pc1

    assert main(["--version"]) == 0
    alone = capsys.readouterr().out
    # argparse's own --version action (the one --help lists) prints the same line
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(["--version"])
    assert stop.value.code == 0
    assert alone == capsys.readouterr().out == f"pc1 {pc1.__version__}\n"


def test_run_imports_only_its_module_and_nothing_heavy() -> None:
    loaded = _modules_after(["run", "e1000"])
    commands = {m for m in loaded if m.startswith("pc1.cli.")}
    assert commands <= {"pc1.cli.main", "pc1.cli.parser", "pc1.cli.run", "pc1.cli.arguments"}
    assert "pc1.cli.run" in commands and "pc1.machine" in loaded
    for heavy in ("textual", "mpmath", "gmpy2", "programs", "bignum", "tui", "pc1.asm",
                  "importlib.metadata"):
        assert heavy not in loaded, heavy


# what a plain `pc1 run` / `pc1 verify` does not need, kept out of its start-up (issue 28):
# shutil with its compressors (argparse imports it for the terminal's width), threading, and
# the modules of the monitor, the profile, the speaker and matrix tapes
KEPT_OUT = ("shutil", "bz2", "lzma", "threading", "pc1.monitor", "pc1.machine.profile",
            "pc1.devices.speaker", "pc1.operator.matrix_tape")


def _start_up_of(argv: list[str]) -> tuple[set[str], list[str]]:
    """The modules a fresh `pc1 ARGV` loaded, and the dataclasses its pc1 modules define."""
    code = ("import sys\nfrom pc1.cli.main import main\nmain(sys.argv[1:])\n"
            "made = sorted(f'{c.__module__}.{c.__qualname__}' for n, m in list(sys.modules.items())"
            " if n.startswith('pc1') for c in vars(m).values() if isinstance(c, type)"
            " and c.__module__ == n and '__dataclass_fields__' in vars(c))\n"
            "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
            "print(' '.join(made), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    modules, made = done.stderr.splitlines()[-2:]
    return set(modules.split()), made.split()


@pytest.mark.parametrize("argv", [["run", "e1000"], ["verify", "pi"]])
def test_a_plain_run_loads_nothing_it_does_not_use(argv: list[str]) -> None:
    loaded, made = _start_up_of(argv)
    assert "pc1.machine.machine" in loaded
    assert not [m for m in KEPT_OUT if m in loaded or any(n.startswith(m + ".") for n in loaded)]
    # a dataclass costs about a millisecond to build, and the first one imports dataclasses
    # with inspect, ast, dis and tokenize (some 12 ms): our records are NamedTuples or plain
    # classes, and so are the bignum records verify builds
    assert made == []
    assert "dataclasses" not in loaded and "inspect" not in loaded


def test_unknown_command_names_them_all(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["frobnicate"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1
    assert all(repr(name) in err for name in COMMANDS)


def test_version_is_the_distributions() -> None:
    from importlib.metadata import version

    import pc1

    assert version("pc1-workbench") == pc1.__version__
