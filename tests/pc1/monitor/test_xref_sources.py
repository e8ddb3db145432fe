"""xref's static half: the annotated sources only when the tape in the reader has its own."""

from __future__ import annotations

from pathlib import Path

from pc1.asm import source_words_for_tape
from pc1.cli.main import main
from pc1.devices import tape_path
from pc1.machine.orders import encode
from pc1.monitor.interpreter import Monitor

# a program of its own at 100: `p 120` reads 120, `t 121` stores into 121, then it halts
PROGRAM = "100:p120,\n    t121,\n    0,\n120:5,\n    0,\n    jl100.\n"


def _tapes(tmp_path: Path) -> Path:
    source = tmp_path / "own.pc1"
    source.write_text(PROGRAM, encoding="utf-8")
    assert main(["asm", str(source)]) == 0  # own.ptr, own.ptw, own.lst beside it
    return source


def test_a_tape_with_no_source_beside_it_has_no_source_words(tmp_path: Path) -> None:
    source = _tapes(tmp_path)
    with_source = source_words_for_tape(tmp_path / "own.ptr")
    assert with_source[100] == encode("p", 120) and 0 in with_source  # its words and R0's
    source.unlink()
    assert source_words_for_tape(tmp_path / "own.ptr") == {}  # R0's alone would mislead
    assert source_words_for_tape(tape_path("r0.ptw")) != {}  # R0's tape has R0's source


def test_xref_on_a_binary_tape_finds_its_orders_in_the_store(tmp_path: Path) -> None:
    _tapes(tmp_path).unlink()
    said: list[str] = []
    m = Monitor(folder=tmp_path, out=lambda kind, text: said.append(text))
    for line in (f"initial-load {tmp_path / 'own.ptw'}", "clear-start", "xref 120"):
        m.execute(line)
    text = "\n".join(said)
    static = text[text.index("xref 120:"):text.index("in the run")]
    assert "in the store now" in static, static
    assert "reads: 100 (p 120)" in static, static
