"""The tape manifest: every program described, every file it names shipped, hints right."""

from __future__ import annotations

from pathlib import Path

import pytest

from pc1.base.errors import InputError
from pc1.devices.tape_library import (
    initial_load_hint,
    owner,
    parse_manifest,
    program,
    programs,
    tape_path,
    tapes_dir,
)

TAPES = Path(__file__).resolve().parents[3] / "tapes"


def test_every_file_the_manifest_names_exists() -> None:
    assert programs(), "the manifest describes no program"
    for p in programs():
        for name in p.files():
            assert (TAPES / name).is_file(), f"{p.name}: {name} missing from tapes/"
        assert p.procedure and p.description.strip() and p.title.strip()


def test_every_annotated_source_belongs_to_one_program() -> None:
    for src in sorted(TAPES.glob("*.pc1")):
        owners = [p.name for p in programs() if src.name in p.sources]
        assert len(owners) == 1, f"{src.name} belongs to {owners}"


def test_pc1_tapes_moves_the_files(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PC1_TAPES", str(tmp_path))
    assert tapes_dir() == tmp_path and tape_path("r0.ptw") == tmp_path / "r0.ptw"
    assert program("e1000").tapes == ("e1000.ptr",)  # the manifest still comes with us


def test_initial_load_hints() -> None:
    assert initial_load_hint(Path("r0.ptw")) is None
    assert "r0.ptw" in initial_load_hint(Path("r0.ptr"))
    hint = initial_load_hint(Path("e1000.ptr"))
    assert "read through R0" in hint and "r0.ptw" in hint
    assert "not a binary tape" in initial_load_hint(Path("mine.txt"))
    assert owner("pi1000prt.lst").name == "pi1000"
    assert owner("nothing.ptr") is None


def test_unknown_program_names_the_known_ones() -> None:
    with pytest.raises(InputError, match="e1000"):
        program("nope")


@pytest.mark.parametrize("text, message", [
    ("[[program]]\nname = 1", "name"),
    ("program = 3", "entries expected"),
    ("[[program", "not a valid manifest"),
    ('[[program]]\nname="a"\ntitle="t"\ndescription="d"\nsources=[1]', "sources"),
])
def test_malformed_manifests_are_one_line(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as info:
        parse_manifest(text, "m.toml")
    assert "\n" not in str(info.value) and "m.toml" in str(info.value)


def test_a_program_described_twice_is_refused() -> None:
    entry = ('[[program]]\nname="a"\ntitle="t"\ndescription="d"\nsources=[]\n'
             'initial_load="r0.ptw"\ntapes=[]\nprocedure=["x"]\nrecipe=false\n')
    assert parse_manifest(entry)[0].name == "a"
    with pytest.raises(InputError, match="described twice"):
        parse_manifest(entry * 2)


def test_a_bare_name_we_ship_is_found_from_any_folder(monkeypatch, tmp_path: Path) -> None:
    from pc1.devices.tape_library import find_file

    monkeypatch.chdir(tmp_path)
    assert find_file("r0.ptw") == tape_path("r0.ptw") and find_file("r0.ptw").is_file()
    assert find_file("e1000.pc1s") == tape_path("e1000.pc1s")
    # a file of that name here wins; a path with a folder, or a name we do not ship, is kept
    (tmp_path / "r0.ptw").write_text("1 2 3\n")
    assert find_file("r0.ptw") == Path("r0.ptw")
    assert find_file("sub/e1000.ptr") == Path("sub/e1000.ptr")
    assert find_file("mine.ptr") == Path("mine.ptr")


def test_locate_names_a_file_or_every_file_of_a_program() -> None:
    from pc1.devices.tape_library import locate

    assert locate("e1000.ptr") == (tape_path("e1000.ptr"),)
    e1000 = locate("e1000")
    assert tape_path("e1000.pc1s") in e1000 and tape_path("r0.ptw") in e1000
    with pytest.raises(InputError, match="pc1 tapes lists them"):
        locate("../pyproject.toml")
