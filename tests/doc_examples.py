"""The shell examples of README.md and docs/*.md, as a user would type them.

An example is a `pc1 ...` line of a ```sh block, or a `pc1 ...` code span in a table row of
README.md that is a whole command (not a synopsis with FILE, [options], a|b or ...). In a
block written as a session, a line `$ COMMAND` is followed by what COMMAND prints (stdout; a
line `...`, however indented, stands for any number of lines), and `$ cat FILE` followed by
text is a file the next commands read: the test writes it. In a block of bare command lines
(comments after `#`), each line is an example whose output is not shown; it must exit 0.

tests/test_wheel_install.py runs every example against the installed wheel from an empty
folder; tests/test_doc_examples.py checks the extraction and the lists below.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ELLIPSIS = "..."
TIMEOUT = 180  # seconds for one example

# examples not run, and why, by the whole command; an entry that matches no example fails
# tests/test_doc_examples.py
SKIPPED = {
    "pc1": "opens the interactive console",
    "pc1 tui": "opens the interactive console",
    "pc1 queens 17 --count --jobs 2 --ledger q17.ledger --verify 5":
        "a long count (minutes on two cores)",
    "pc1 asm": "names the command in a table row; its use is in `pc1 docs annotated-source`",
    "pc1 listing": "names the command in a table row",
    # a server runs until it is stopped; tests/tui/web drives `pc1 serve` as a browser does
    "pc1 serve": "serves the console until stopped",
    "pc1 serve --root ~/tapes --port 8001 --max-speed": "serves the console until stopped",
    "pc1 serve --public-url https://pc1.example.org": "serves the console until stopped",
}
# a synopsis, not a command: a placeholder, an optional part, alternatives or an ellipsis
SYNOPSIS = re.compile(r"\b[A-Z]{2,}\b|\[|\\\||…")


@dataclass
class Example:
    """One command of the docs, where it is, and what it shows."""

    source: str  # file:line
    command: str
    expected: list[str] | None = None  # stdout lines, None when the docs show none
    files: dict[str, str] = field(default_factory=dict)  # written before it runs

    def skipped(self) -> str | None:
        """Why this example is not run, or None."""
        return SKIPPED.get(self.command)


def _blocks(text: str, language: str = "sh") -> list[tuple[int, list[str]]]:
    """(line number of the first line, lines) of every ```LANGUAGE block."""
    blocks, current, start = [], None, 0
    for number, line in enumerate(text.splitlines(), 1):
        if current is None and line.strip() == "```" + language:
            current, start = [], number + 1
        elif current is not None and line.strip() == "```":
            blocks.append((start, current))
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def extract(path: Path) -> list[Example]:
    """Every example of one Markdown file, in order."""
    name = path.relative_to(ROOT).as_posix()
    examples: list[Example] = []
    files: dict[str, str] = {}
    for start, lines in _blocks(path.read_text(encoding="utf-8")):
        if not any(line.startswith("$ ") for line in lines):
            for k, line in enumerate(lines):
                command = line.split(" #")[0].strip()
                if command.startswith("pc1 ") or command == "pc1":
                    examples.append(Example(f"{name}:{start + k}", command, None, dict(files)))
            continue
        k = 0
        while k < len(lines):
            line, first = lines[k], k
            body, k = [], k + 1
            while k < len(lines) and not lines[k].startswith("$ "):
                body.append(lines[k])
                k += 1
            command = line.removeprefix("$ ").strip()
            cat = re.fullmatch(r"cat (\S+)", command)
            if cat:
                files[cat.group(1)] = "\n".join(body) + "\n"
            elif command.startswith("pc1 ") or command.startswith("pc1|"):
                where = f"{name}:{start + first}"
                examples.append(Example(where, command, body, dict(files)))
    return examples


def table_examples(path: Path) -> list[Example]:
    """The whole commands in the code spans of a file's table rows."""
    name = path.relative_to(ROOT).as_posix()
    examples = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.startswith("|"):
            continue
        for span in re.findall(r"`(pc1(?: [^`]*)?)`", line):
            command = span.replace(" \\| ", " | ")  # an escaped pipe between two commands
            if not SYNOPSIS.search(command):
                examples.append(Example(f"{name}:{number}", command))
    return examples


def python_examples(path: Path = ROOT / "README.md") -> list[tuple[str, str]]:
    """(file:line, code) of each ```python block of a file: a program a user can paste."""
    name = path.relative_to(ROOT).as_posix()
    return [(f"{name}:{start}", "\n".join(lines) + "\n")
            for start, lines in _blocks(path.read_text(encoding="utf-8"), "python")]


def all_examples() -> list[Example]:
    """The examples of README.md (its tables', then its blocks'), then of each docs/*.md."""
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    found = table_examples(ROOT / "README.md") + [e for path in paths for e in extract(path)]
    seen: set[str] = set()
    examples = []
    for e in found:  # a command shown twice without output is run once
        if e.expected is None and not e.files and e.command in seen:
            continue
        seen.add(e.command)
        examples.append(e)
    return examples


def matches(expected: list[str], actual: list[str]) -> bool:
    """The lines shown equal the lines printed, `...` standing for any run of lines."""
    want = [line.rstrip() for line in expected]
    got = [line.rstrip() for line in actual]
    if not want:
        return not got
    if want[0].strip() == ELLIPSIS:  # indented like the lines it stands for, or not
        rest = want[1:]
        return any(matches(rest, got[i:]) for i in range(len(got) + 1))
    return bool(got) and got[0] == want[0] and matches(want[1:], got[1:])


def run(example: Example, folder: Path, env: dict[str, str]) -> str | None:
    """Run one example in `folder` with bash; what is wrong with the result, or None."""
    for name, text in example.files.items():
        (folder / name).write_text(text)
    done = subprocess.run(["bash", "-c", f"set -o pipefail; {example.command}"], cwd=folder,
                          env=env, capture_output=True, text=True, timeout=TIMEOUT,
                          stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
        return f"{example.source}: `{example.command}` exited {done.returncode}: {last}"
    if example.expected is not None and not matches(example.expected,
                                                    done.stdout.splitlines()):
        shown = "\n".join(done.stdout.splitlines()[:8])
        return f"{example.source}: `{example.command}` printed:\n{shown}"
    return None
