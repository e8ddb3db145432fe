"""`pc1 completion bash|zsh|fish`: a shell completion script generated from the parser."""

from __future__ import annotations

import argparse
import sys

SHELLS = ("bash", "zsh", "fish")
# arguments that name a file, by how they are shown: completed with the shell's file names
_FILE_WORDS = ("FILE", "SOURCE", "DIR")
# (command, argument) -> the kinds of our files it also takes by bare name (find_file)
_OUR_FILES = {
    ("run", "initial_load"): (".ptw",), ("run", "tape"): (".ptr", ".ptw"),
    ("run", "script"): (".pc1s",), ("script", "file"): (".pc1s",),
    ("listing", "file"): (".pc1", ".ptr", ".ptw"), ("disasm", "file"): (".ptr", ".ptw"),
    ("verify", "r0"): (".ptw",),
}


def _ours_completion(suffixes: tuple[str, ...], names: list[str]) -> dict:
    """shtab's completion of a file argument that also offers our files of these kinds."""
    words = " ".join(n for n in names if n.endswith(suffixes))
    function = "_pc1_compgen_" + "_".join(s.strip(".") for s in suffixes)
    return {
        "bash": function,
        "zsh": "_files",  # zsh's file completion; our names are listed by `pc1 tapes`
        "fish": f"(__fish_complete_path (commandline -ct)) {words}",
        "preamble": {"bash": (
            "# $1=COMP_WORDS[1]: files here, and our tapes and scripts by bare name\n"
            f"{function}() {{\n"
            "  compgen -f -- $1\n"
            f'  compgen -W "{words}" -- $1\n'
            "}\n")},
    }


def _file_arguments(parser: argparse.ArgumentParser, command: str = ""):
    """(command, action) for every argument of every subcommand that names a file."""
    for action in parser._actions:  # noqa: SLF001 - argparse keeps its arguments here
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            for name, sub in action.choices.items():
                yield from _file_arguments(sub, name)
        elif action.choices is None and (
                any(w in str(action.metavar or "").upper() for w in _FILE_WORDS)
                or (action.dest == "file" and action.metavar is None)):
            yield command, action


def _short_descriptions(parser: argparse.ArgumentParser) -> None:
    """Each command described by its one line of `pc1 --help`: zsh and fish show shtab's
    description of a command beside it, and the long one of `pc1 CMD --help` is a paragraph."""
    for action in parser._actions:  # noqa: SLF001
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            for choice in action._get_subactions():  # noqa: SLF001 - each command's help line
                if choice.help:
                    action.choices[choice.dest].description = choice.help


def completion_script(shell: str) -> str:
    """The completion script for `shell`, generated from the whole `pc1` parser."""
    import shtab

    from pc1.cli.main import build_parser
    from pc1.devices import shipped_files

    parser = build_parser()  # a parser of its own: changed here for the shells only
    _short_descriptions(parser)
    names = [p.name for p in shipped_files()]
    for command, action in _file_arguments(parser):
        suffixes = _OUR_FILES.get((command, action.dest))
        # shtab reads the completion of an argument from this attribute
        action.complete = (  # type: ignore[attr-defined]
            _ours_completion(suffixes, names) if suffixes else shtab.FILE)
    return shtab.complete(parser, shell=shell)


def _completion(args: argparse.Namespace) -> int:
    sys.stdout.write(completion_script(args.shell))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add `pc1 completion` to the `pc1` parser."""
    p = sub.add_parser(
        "completion", help="print a shell completion script (bash, zsh or fish)",
        description="Prints a script that makes the shell complete pc1's commands, options, "
        "recipe names and files (our tapes and scripts by bare name too). bash: "
        "`pc1 completion bash > ~/.local/share/bash-completion/completions/pc1` (or "
        "`source <(pc1 completion bash)` in ~/.bashrc); zsh: `pc1 completion zsh > "
        "~/.zfunc/_pc1` with ~/.zfunc in fpath; fish: `pc1 completion fish > "
        "~/.config/fish/completions/pc1.fish`.")
    p.add_argument("shell", choices=SHELLS, help="the shell to complete in")
    p.set_defaults(func=_completion)
