"""`pc1 completion`: the scripts complete commands and recipe names in a real shell."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from pc1.cli.completion import completion_script
from pc1.cli.main import main

# bash completes the words as it would after a Tab: the function `complete -p pc1` names
COMPLETE = """
source "$1"
words=($2)
[[ "$2" == *" " ]] && words+=("")
COMP_WORDS=("${words[@]}"); COMP_CWORD=$((${#words[@]} - 1)); COMP_LINE="$2"
COMP_POINT=${#COMP_LINE}
fn=$(complete -p pc1 | sed 's/.* -F \\([^ ]*\\) .*/\\1/')
"$fn" pc1 "${words[-1]}" "${words[-2]}"
printf '%s\\n' "${COMPREPLY[@]}"
"""


@pytest.fixture(scope="module")
def bash_script(tmp_path_factory) -> Path:
    if shutil.which("bash") is None:
        pytest.skip("bash is not installed")
    path = tmp_path_factory.mktemp("completion") / "pc1.bash"
    path.write_text(completion_script("bash"))
    return path


def complete(script: Path, line: str, cwd: Path | None = None) -> list[str]:
    done = subprocess.run(["bash", "-c", COMPLETE, "bash", str(script), line],
                          capture_output=True, text=True, timeout=30, cwd=cwd)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_bash_completes_a_command(bash_script: Path) -> None:
    assert complete(bash_script, "pc1 ru") == ["run"]
    assert {"tapes", "docs", "completion", "run"} <= set(complete(bash_script, "pc1 "))


def test_bash_completes_a_recipe_name(bash_script: Path) -> None:
    assert complete(bash_script, "pc1 run e1") == ["e1000"]
    assert complete(bash_script, "pc1 run --cl") == ["--clear-start", "--clock"]


def test_bash_completes_file_names_where_a_file_is_taken(bash_script: Path,
                                                         tmp_path: Path) -> None:
    (tmp_path / "mine.pc1s").write_text("echo hi\n")
    assert complete(bash_script, "pc1 script mi", cwd=tmp_path) == ["mine.pc1s"]


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_scripts_know_the_commands_and_recipes(shell: str) -> None:
    text = completion_script(shell)
    assert "completion" in text and "e1000" in text and "pi1000" in text
    binary = shutil.which(shell)
    if binary is not None:  # the shell reads it without a syntax error
        check = subprocess.run([binary, "-n"], input=text, capture_output=True, text=True,
                               timeout=30)
        assert check.returncode == 0, check.stderr


def test_the_command_prints_the_script(capsys) -> None:
    assert main(["completion", "bash"]) == 0
    assert "e1000" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        main(["completion", "tcsh"])
    assert stop.value.code == 2
