"""`pc1 completion bash|zsh|fish`: a shell completion script generated from the parser."""

from __future__ import annotations

import argparse
import sys

SHELLS = ("bash", "zsh", "fish")
# arguments that name a file, by how they are shown: completed with the shell's file names
_FILE_WORDS = ("FILE", "SOURCE", "DIR")


def _mark_files(parser: argparse.ArgumentParser, file_completion: dict) -> None:
    """Give every argument that names a file (by its metavar) the shell's file completion."""
    for action in parser._actions:  # noqa: SLF001 - argparse keeps its arguments here
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            for sub in action.choices.values():
                _mark_files(sub, file_completion)
        elif action.choices is None and any(w in str(action.metavar or "").upper()
                                            for w in _FILE_WORDS):
            action.complete = file_completion  # type: ignore[attr-defined]  # shtab's hook


def completion_script(shell: str) -> str:
    """The completion script for `shell`, generated from the whole `pc1` parser."""
    import shtab

    from pc1.cli.main import build_parser

    parser = build_parser()
    _mark_files(parser, shtab.FILE)
    return shtab.complete(parser, shell=shell)


def _completion(args: argparse.Namespace) -> int:
    sys.stdout.write(completion_script(args.shell))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add `pc1 completion` to the `pc1` parser."""
    p = sub.add_parser(
        "completion", help="print a shell completion script (bash, zsh or fish)",
        description="Prints a script that makes the shell complete pc1's commands, options, "
        "recipe names and files. bash: `pc1 completion bash > "
        "~/.local/share/bash-completion/completions/pc1` (or `source <(pc1 completion bash)` "
        "in ~/.bashrc); zsh: `pc1 completion zsh > ~/.zfunc/_pc1` with ~/.zfunc in fpath; "
        "fish: `pc1 completion fish > ~/.config/fish/completions/pc1.fish`.")
    p.add_argument("shell", choices=SHELLS, help="the shell to complete in")
    p.set_defaults(func=_completion)
