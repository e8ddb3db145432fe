"""Annotated sources: syntax, punched tapes, listings, stale-tape checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1.asm.annotated import (
    LEADER,
    assemble_file,
    assemble_source,
    assemble_text,
    parse,
    read_source,
)
from pc1.asm.assembler import assemble
from pc1.asm.punch import binary_image, punch, regenerate_all, stale, stale_tapes, write
from pc1.base.errors import InputError
from pc1.devices.tape import decode_initial_load, parse_numeric
from pc1.devices.teleprinter import BLANK, CR, LF, text_to_codes
from pc1.machine.orders import encode

REPO_TAPES = Path(__file__).resolve().parents[3] / "tapes"

INTERLUDE = """\
; Wada's interlude: clear long words 300..498, then back to R0 at 40
      0p=200,
      0p=196,0p:p2,   ; インタールード 0をaccへ
      tl(300),        ; 作業領域をクリア
      p 1 r,
      a40,            ; 2を足す
      x1r,
      s8r,            ; 終了か
      z40,            ; R0へ戻る
      jlr,            ; ループする
      500,jlp.
"""


def test_comments_spaces_and_run_time_addresses():
    src = parse("100:a40, ; 注釈 comment ; more\n TL( 3 0 ),tl( ),tl(),\n{SP},\n\n; only\n")
    assert [line.code for line in src.lines] == ["100:a40,", "tl30,tl,tl,", "{SP},", "", "",
                                                 ""]
    assert src.lines[0].comment == "注釈 comment ; more"
    assert not src.diagnostics
    assert src.text() == "\n100:a40,\ntl30,tl,tl,\n{SP},\n"


def test_tape_is_leader_line_break_lines_leader():
    src = parse("100:a1,\n\n; c\na2,\n")
    frames = src.tape().frames
    body = text_to_codes("\n100:a1,\na2,\n")
    assert frames == [BLANK] * LEADER + body + [BLANK] * LEADER
    assert frames[LEADER:LEADER + 2] == [CR, LF]


def test_source_and_its_clean_text_give_the_same_image():
    src = parse(INTERLUDE)
    a, b = assemble_source(src), assemble(src.text())
    assert a.memory == b.memory and a.entry == b.entry == 196
    assert a.memory[197] == encode("t", 300, long=True)


def test_syntax_errors_name_line_and_column():
    src = parse("100:a1,\n  tl(30,\n p(x), é ;ok\n;!fast\n")
    places = [(d.position.line, d.position.column) for d in src.diagnostics]
    assert places == [(2, 5), (3, 3), (3, 8), (4, 1)]
    assert all(d.severity == "error" for d in src.diagnostics)


def test_assembler_diagnostics_point_into_the_source():
    result = assemble_source(parse("100:a1,\n   a2\nsomething, ; the word ran over\n"))
    (w,) = result.warnings
    assert (w.position.line, w.position.column) == (2, 4)


def test_r0_area_directive_silences_stores_into_0_67():
    assert assemble_source(parse("0:p2,")).warnings
    assert not assemble_source(parse(";! r0-area\n0:p2,")).warnings


def test_punch_produces_tape_binary_and_listing(tmp_path):
    path = tmp_path / "interlude.pc1"
    path.write_text(INTERLUDE, encoding="utf-8")
    punched = write(path)
    ptr = parse_numeric((tmp_path / "interlude.ptr").read_text()).frames
    assert ptr == read_source(path).tape().frames
    words, _ = decode_initial_load(parse_numeric((tmp_path / "interlude.ptw").read_text()).frames)
    assert words[:205] == binary_image(punched.assembly)
    assert words[0] == encode("j", 196, long=True) and words[2] == 0
    assert words[196:205] == punched.assembly.memory[196:205]
    lst = (tmp_path / "interlude.lst").read_text(encoding="utf-8")
    assert " 197  014454  tl 300     tl(300),        ; 作業領域をクリア" in lst.splitlines()
    assert " 198  150305  p 197      p1r," in lst.splitlines()
    assert "; Wada's interlude: clear long words 300..498, then back to R0 at 40" in lst


def test_a_program_at_0_is_its_own_binary_tape():
    result = assemble_source(parse(";! r0-area\n0:jl5,1,2,3,4,p2,"))
    assert binary_image(result) == [encode("j", 5, True), 1, 2, 3, 4, encode("p", 2)]


def test_errors_stop_punching(tmp_path):
    path = tmp_path / "bad.pc1"
    path.write_text("100:a1,\n  a2+3,\n", encoding="utf-8")
    with pytest.raises(InputError, match="line 2, column 5"):
        punch(path)
    (tmp_path / "empty.pc1").write_text("; nothing\n", encoding="utf-8")
    with pytest.raises(InputError, match="stores no words"):
        punch(tmp_path / "empty.pc1")
    # orders without their terminators are read and never stored: the message says why
    (tmp_path / "bare.pc1").write_text("p100\na3\n", encoding="utf-8")
    with pytest.raises(InputError, match="stores a word at its terminator , : = or ."):
        punch(tmp_path / "bare.pc1")
    with pytest.raises(InputError, match="no such file"):
        punch(tmp_path / "missing.pc1")
    (tmp_path / "latin1.pc1").write_bytes(b"100:a1, ; \xe9\n")
    with pytest.raises(InputError, match="UTF-8"):
        punch(tmp_path / "latin1.pc1")


def test_stale_tapes_are_found_and_regenerated(tmp_path):
    (tmp_path / "one.pc1").write_text("100:a1,jl100.\n", encoding="utf-8")
    (tmp_path / "two.pc1").write_text(INTERLUDE, encoding="utf-8")
    assert len(stale_tapes(tmp_path)) == 6  # nothing punched yet
    assert len(regenerate_all(tmp_path)) == 6
    assert stale_tapes(tmp_path) == []
    (tmp_path / "one.pc1").write_text("100:a2,jl100.\n", encoding="utf-8")
    assert sorted(p.name for p in stale(tmp_path / "one.pc1")) == ["one.lst", "one.ptr",
                                                                    "one.ptw"]
    (tmp_path / "two.pc1").write_text(INTERLUDE + "; a new comment\n", encoding="utf-8")
    assert [p.name for p in stale(tmp_path / "two.pc1")] == ["two.lst"]


SOURCE_CHARS = st.sampled_from(list("ajlt0159,:=.()+ \t;{}!\n") + ["{SP}", "{LF}", "é", "注"])


@settings(max_examples=300, deadline=None)
@given(st.lists(SOURCE_CHARS, max_size=50).map("".join))
def test_fuzz_sources_give_diagnostics_not_tracebacks(text):
    src = parse(text)
    result = assemble_source(src)
    nlines = text.count("\n") + 1
    for d in result.diagnostics:
        assert d.position is not None and 1 <= d.position.line <= nlines
        assert d.position.column >= 1


@pytest.mark.parametrize("source", sorted(REPO_TAPES.glob("*.pc1")), ids=lambda p: p.name)
def test_committed_tapes_are_fresh(source):
    assert stale(source) == [], f"stale punched tapes: run  pc1 asm {source}"


def test_follow_directive_runs_the_interlude_and_reads_on(tmp_path):
    path = tmp_path / "f.pc1"
    path.write_text(INTERLUDE + "0q=7,\n", encoding="utf-8")
    plain = punch(path)
    assert plain.assembly.memory[85] == 0 and plain.assembly.entry == 196
    path.write_text(";! follow\n" + INTERLUDE + "0q=7,\n", encoding="utf-8")
    followed = punch(path)
    assert followed.assembly.memory[85] == 7 and followed.assembly.entry is None
    assert followed.assembly.memory[300:500] == [0] * 200
    assert "  85  000007  7" in followed.files[".lst"]


def test_a_program_is_not_run_when_no_tape_follows_it():
    def runner(memory, entry, a):
        raise AssertionError("nothing follows the `.`, so nothing needs running")

    assert assemble_source(parse("100:jl100.\n\n"), runner).entry == 100


def test_assemble_text_gives_every_diagnostic_in_line_order():
    # a bad escape on line 3 (a parser error), a line break inside a word on line 2 (the
    # reader's warning), an unknown directive on line 4: all at once, by place
    text = "100:a1,\n  a2\n p{XX},\n;!fast\n"
    src, result = assemble_text(text, "t.pc1")
    places = [(d.severity, d.position.line, d.position.column) for d in result.diagnostics]
    assert places == [("warning", 2, 3), ("error", 3, 3), ("error", 4, 1)]
    assert [line.number for line in src.lines][:3] == [1, 2, 3]
    fixed = assemble_text("100:a1,\n  a2,\n p3,\n", "t.pc1")[1]
    assert fixed.diagnostics == [] and fixed.stores() == {100: 0o300001, 101: 0o300002,
                                                          102: 0o150003}


def test_assemble_text_follows_as_the_source_says():
    assert assemble_text(INTERLUDE)[1].entry is not None  # no pragma: stops at the `.`
    followed = assemble_text(";! follow\n" + INTERLUDE + "\n0q=7,\n")[1]
    assert followed.entry is None and followed.memory[85] == 7
    assert assemble_text(INTERLUDE + "\n0q=7,\n", follow=True)[1].memory[85] == 7
    assert assemble_text(";! follow\n" + INTERLUDE, follow=False)[1].entry is not None


def test_assemble_file_is_read_source_then_assemble(tmp_path: Path):
    path = tmp_path / "w.pc1"
    path.write_text("100:a1,\n a2\n", encoding="utf-8")
    src, result = assemble_file(path)
    again = assemble_source(read_source(path))
    assert result.memory == again.memory and result.diagnostics == again.diagnostics
    assert src.name == str(path)
