"""The disk cache of compiled code: a fresh machine takes its code from the cache instead of
compiling, runs exactly as without it, and a changed compiler or a garbled entry is never
read as good code."""

from __future__ import annotations

import builtins
import marshal

import pc1.machine.code_cache as code_cache
import pc1.machine.compiler as compiler
from pc1.devices.tape import read_tape
from pc1.devices.tape_library import tape_path
from pc1.machine.machine import Machine


def _e1000(monkeypatch) -> tuple[Machine, int]:
    """A fresh machine through R0 and e1000 (in-process caches emptied): (it, compile calls)."""
    calls = [0]
    real = builtins.compile

    def counting(source, filename, *args, **kw):
        if filename.startswith(("<block ", "<step ")):  # the machine's generated code
            calls[0] += 1
        return real(source, filename, *args, **kw)

    compiler._CACHE.clear()
    compiler._STEPS.clear()
    monkeypatch.setattr(builtins, "compile", counting)
    m = Machine()
    m.initial_load(read_tape(tape_path("r0.ptw")))
    m.load_tape(read_tape(tape_path("e1000.ptr")))
    m.clear_start()
    stop = m.run(max_orders=1_000_000)
    monkeypatch.setattr(builtins, "compile", real)
    assert (stop.reason, stop.address) == ("halt", 285)
    return m, calls[0]


def test_a_second_run_compiles_nothing_and_runs_the_same(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("PC1_CODE_CACHE", str(tmp_path / "code"))
    first, compiled = _e1000(monkeypatch)
    assert compiled > 10 and len(list((tmp_path / "code").iterdir())) == compiled
    second, again = _e1000(monkeypatch)
    assert again == 0
    assert first.state() == second.state() and first.printed_text() == second.printed_text()


def test_a_changed_compiler_does_not_read_the_old_code(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("PC1_CODE_CACHE", str(tmp_path / "code"))
    _, compiled = _e1000(monkeypatch)
    monkeypatch.setattr(code_cache, "_fingerprint", "another compiler")
    _, again = _e1000(monkeypatch)
    assert again == compiled


def test_garbled_entries_are_compiled_again(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("PC1_CODE_CACHE", str(tmp_path / "code"))
    first, compiled = _e1000(monkeypatch)
    for entry in (tmp_path / "code").iterdir():
        entry.write_bytes(b"not code")
    second, again = _e1000(monkeypatch)
    assert again == compiled and first.state() == second.state()


def test_off_means_no_folder(monkeypatch) -> None:
    monkeypatch.setenv("PC1_CODE_CACHE", "off")
    assert code_cache.folder() is None
    monkeypatch.delenv("PC1_CODE_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere")
    assert str(code_cache.folder()).startswith("/somewhere/pc1-workbench/code-")


def test_a_foreign_entry_under_the_same_name_is_not_read(monkeypatch, tmp_path) -> None:
    # an entry whose checksum collides (or one written by another compiler or Python) holds
    # a description that is not ours: it is compiled again, never run
    monkeypatch.setenv("PC1_CODE_CACHE", str(tmp_path / "code"))
    first, compiled = _e1000(monkeypatch)
    wrong = compile("def block(*args):\n    return None\n", "<foreign>", "exec")
    for entry in (tmp_path / "code").iterdir():
        entry.write_bytes(marshal.dumps(("another description", wrong)))
    second, again = _e1000(monkeypatch)
    assert again == compiled and first.state() == second.state()


def test_an_unwritable_folder_only_means_compiling(monkeypatch, tmp_path) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    monkeypatch.setenv("PC1_CODE_CACHE", str(blocked / "code"))
    first, compiled = _e1000(monkeypatch)
    second, again = _e1000(monkeypatch)
    assert compiled > 10 and again == compiled and first.state() == second.state()


def test_entries_are_written_whole(monkeypatch, tmp_path) -> None:
    # each entry is written beside its name and renamed into place: no part is left behind,
    # and every entry reads back as the code it was written from
    monkeypatch.setenv("PC1_CODE_CACHE", str(tmp_path / "code"))
    _e1000(monkeypatch)
    names = [entry.name for entry in (tmp_path / "code").iterdir()]
    assert names and not [n for n in names if n.endswith(".part")]
    for entry in (tmp_path / "code").iterdir():
        text, code = marshal.loads(entry.read_bytes())
        assert text.startswith(code_cache._compiler_fingerprint())
        assert code.co_name == "<module>"


def test_off_means_no_entries(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("PC1_CODE_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    _e1000(monkeypatch)
    assert not list(tmp_path.iterdir())
