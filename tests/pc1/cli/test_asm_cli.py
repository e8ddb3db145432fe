"""`pc1 asm`, `pc1 listing`, `pc1 disasm` through the command line entry point."""

from __future__ import annotations

from pathlib import Path

import pytest

from pc1.asm.annotated import assemble_source, read_source
from pc1.asm.assembler import assemble
from pc1.asm.punch import binary_image
from pc1.cli.main import main
from pc1.devices.tape import decode_initial_load, read_tape, write_tape
from pc1.devices.teleprinter import text_to_codes

SOURCE = """\
; a counter
100:p2,      ; clear A
    a 1 0 5, ; add one
    t(104),  ; changed at run time
    jl101,
    1,
    jl100.
"""


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_asm_writes_three_files_and_check_sees_them_fresh(tmp_path, capsys):
    src = write(tmp_path, "count.pc1", SOURCE)
    assert main(["asm", str(src)]) == 0
    assert {p.suffix for p in tmp_path.iterdir()} == {".pc1", ".ptr", ".ptw", ".lst"}
    assert main(["asm", "--check", str(src)]) == 0
    write(tmp_path, "count.pc1", SOURCE.replace("1,", "2,"))
    assert main(["asm", "--check", str(src)]) == 1
    err = capsys.readouterr().err
    assert "count.ptr: stale" in err and "count.ptw: stale" in err and "count.lst: stale" in err


def test_asm_out_dir_and_warnings_on_stderr(tmp_path, capsys):
    src = write(tmp_path, "w.pc1", "100:a1,\n a2\n")
    out = tmp_path / "out"
    assert main(["asm", str(src), "-o", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["w.lst", "w.ptr", "w.ptw"]
    err = capsys.readouterr().err.splitlines()
    assert err == [f"{src}:2:2: warning: line break inside a word: R0 discards 'a2'"]


def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    src = write(tmp_path, "bad.pc1", "100:a1,\n  a(x),\n")
    assert main(["asm", str(src)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "line 2, column 4" in err and "Traceback" not in err
    assert main(["asm", str(tmp_path / "none.pc1")]) == 2
    assert main(["disasm", str(write(tmp_path, "x.img", "777777 8\n"))]) == 2
    assert "line 1, column 8" in capsys.readouterr().err


def test_listing_of_source_and_of_tape(tmp_path, capsys):
    src = write(tmp_path, "count.pc1", SOURCE)
    assert main(["listing", str(src)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert " 102  010150  t 104      t(104),         ; changed at run time" in out
    assert " 101  300151  a 105      a105,           ; add one" in out
    ptr = tmp_path / "t.ptr"
    write_tape(ptr, text_to_codes("\n100:a1,jl100.\n"))
    assert main(["listing", str(ptr)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith(" 100  300001  a 1")


def test_listing_follows_a_program_back_into_r0(tmp_path, capsys):
    text = "\n0p=196,0p:p2,tl300,p1r,a40,x1r,s8r,z40,jlr,500,jlp.\n0q=7,\n"
    src = write(tmp_path, "interlude.pc1", text)
    assert main(["listing", str(src)]) == 0
    assert "  85  000007" not in capsys.readouterr().out
    assert main(["listing", "--follow", str(src)]) == 0
    assert "  85  000007  7" in capsys.readouterr().out


def test_disasm_of_a_binary_tape_assembles_back(tmp_path, capsys):
    src = write(tmp_path, "count.pc1", SOURCE)
    main(["asm", str(src)])
    capsys.readouterr()
    assert main(["disasm", str(tmp_path / "count.ptw")]) == 0
    text = capsys.readouterr().out
    words = binary_image(assemble_source(read_source(src)))
    again = assemble(text, r0_area=True).memory
    assert [again[a] for a in range(len(words)) if a != 57] == \
        [w for a, w in enumerate(words) if a != 57]
    ptw_words, _ = decode_initial_load(read_tape(tmp_path / "count.ptw").frames)
    assert ptw_words[:len(words)] == words


def test_disasm_of_a_tape_and_of_an_image(tmp_path, capsys):
    ptr = tmp_path / "t.ptr"
    write_tape(ptr, text_to_codes("\n100:a1,0,5,jl100.\n"))
    assert main(["disasm", str(ptr)]) == 0
    assert capsys.readouterr().out == "\n100:a1,\n102:5,\njl100.\n"
    img = write(tmp_path, "m.img", "0 0 0\n300001 324144\n")
    assert main(["disasm", "--records", str(img)]) == 0
    assert capsys.readouterr().out.splitlines()[3:] == ["   3  300001  a1", "   4  324144  jl100"]


def test_disasm_address_range(tmp_path, capsys):
    img = write(tmp_path, "m.img", "1 2 3 4 5\n")
    assert main(["disasm", "--from", "2", "--to", "3", str(img)]) == 0
    assert capsys.readouterr().out == "\n2:3,4,\n"
    assert main(["disasm", "--from", "9", "--to", "3", str(img)]) == 2


def test_disasm_reads_the_state_dump_state_wrote(tmp_path: Path, capsys) -> None:
    from pc1.devices.tape_library import tape_path

    state = tmp_path / "state.json"
    assert main(["run", "e1000", "--dump-state", str(state)]) == 0
    capsys.readouterr()
    assert main(["disasm", str(state), "--records", "--from", "40", "--to", "40"]) == 0
    assert capsys.readouterr().out.split() == ["40", "150002", "p2"]  # R0's re-entry word
    assert main(["disasm", str(state), "--from", "68"]) == 0
    dumped = capsys.readouterr().out
    assert main(["disasm", str(tape_path("e1000.ptr"))]) == 0
    # the program's text as the run left it, from the same address as the tape's own
    assert dumped.splitlines()[0] == capsys.readouterr().out.splitlines()[0]


@pytest.mark.parametrize(("text", "message"), [
    ("{", "not JSON"), ('{"memory": [1, 2]}', 'no "memory" list of 512 words'),
    ('{"memory": [' + ", ".join(["0"] * 511) + ', 262144]}', "memory[511] is '262144'"),
])
def test_a_bad_state_file_is_one_line(tmp_path: Path, capsys, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert main(["disasm", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_disasm_annotated_is_a_source_that_assembles_back(tmp_path, capsys):
    ptr = tmp_path / "t.ptr"
    write_tape(ptr, text_to_codes("\n100:a1,0,5,jl100.\n"))
    assert main(["disasm", "--annotated", str(ptr)]) == 0
    text = capsys.readouterr().out
    assert text.splitlines() == [
        "; t.ptr, disassembled",
        "; (pc1 asm assembles this back to the same words; the comments are the "
        "disassembler's)",
        "",
        "100:a1,  ; 100  300001  a 1",
        "102:5,   ; 102  000005  5",
        "jl100.   ; the program starts at 100",
    ]
    src = write(tmp_path, "t.pc1", text)
    assert main(["listing", str(src)]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert any(line.startswith(" 102  000005  5 ") and line.endswith("; 102  000005  5")
               for line in listed)
