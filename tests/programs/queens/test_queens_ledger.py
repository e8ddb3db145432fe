"""The queens ledger is a record: every tampering is refused naming its line, --verify says
the chance it had of catching a wrong unit, and the workers of a count die with it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pc1.base import InputError
from pc1.cli.main import main
from programs.queens.count import catch_probability, count_in_units, sample_size
from programs.queens.executors import SerialExecutor
from programs.queens.ledger import Ledger
from programs.queens.units import units_digest, work_units

N = 9  # 9-queens: 352 solutions, a ledger of a few dozen units in a blink
SOLUTIONS_9 = 352  # OEIS A000170


@pytest.fixture(scope="module")
def good_ledger(tmp_path_factory) -> list[str]:
    """The lines of a finished 9-queens ledger."""
    path = tmp_path_factory.mktemp("ledger") / "q9.ledger"
    assert count_in_units(N, SerialExecutor(), ledger=path).total == SOLUTIONS_9
    return path.read_text().splitlines()


def _with_line(lines: list[str], number: int, new: str) -> list[str]:
    return [*lines[:number - 1], new, *lines[number:]]


def _refused(tmp_path: Path, lines: list[str], number: int) -> str:
    """The message of a count resumed from `lines`, which must be refused at `number`."""
    path = tmp_path / "t.ledger"
    path.write_text("\n".join(lines) + "\n")
    before = path.read_bytes()
    with pytest.raises(InputError, match=rf"t\.ledger: line {number}: ") as caught:
        count_in_units(N, SerialExecutor(), ledger=path)
    assert path.read_bytes() == before  # a refused ledger is left as it was
    return str(caught.value)


def _edit_classes(line: str, change) -> str:
    entry = json.loads(line)
    change(entry["classes"])
    return json.dumps(entry)


def _side_line(lines: list[str]) -> int:
    """The number of the first line of a side unit (classes of 8, 4 and 2)."""
    return next(k for k, line in enumerate(lines, 1)
                if k > 1 and set(json.loads(line)["classes"]) == {"8", "4", "2"})


@pytest.mark.parametrize("tampering, why", [
    (lambda c: c.update({"8": c["8"] + 1}), "checksum"),
    (lambda c: c.update({"8": c["8"] * 1000}), "checksum"),
    (lambda c: c.update({"3": 1}), "classes of size"),
    (lambda c: c.clear(), "not none"),
])
def test_a_changed_class_count_is_refused(good_ledger, tmp_path, tampering, why) -> None:
    k = _side_line(good_ledger)
    message = _refused(tmp_path, _with_line(good_ledger, k,
                                            _edit_classes(good_ledger[k - 1], tampering)), k)
    assert why in message


@pytest.mark.parametrize("raw, why", [
    ('"8": 2.5', "'2.5' is not a whole number"), ('"8": 1e400', "'1e400' is not a whole number"),
    ('"8": NaN', "'NaN' is not a whole number"),
    ('"8": ' + "9" * 300, "digits"), ('"8": -1', "0 or more"),
], ids=["2.5", "1e400", "NaN", "300 digits", "-1"])
def test_numbers_that_are_not_counts_are_refused(good_ledger, tmp_path, raw, why) -> None:
    k = _side_line(good_ledger)
    line = good_ledger[k - 1]
    start = line.index('"8": ')
    end = line.index(",", start)
    message = _refused(tmp_path, _with_line(good_ledger, k, line[:start] + raw + line[end:]), k)
    assert why in message and len(message) < 300


def test_deep_nesting_and_long_lines_are_refused(good_ledger, tmp_path) -> None:
    nested = '{"unit": 1, "classes": ' + "[" * 100_000 + "]" * 100_000 + ', "sum": ""}'
    message = _refused(tmp_path, [*good_ledger[:3], nested, *good_ledger[3:]], 4)
    assert "not a unit line" in message and len(message) < 300


def test_a_duplicated_unit_line_is_refused(good_ledger, tmp_path) -> None:
    k = _side_line(good_ledger)
    again = _edit_classes(good_ledger[k - 1], lambda c: c.update({"8": c["8"] + 1}))
    _refused(tmp_path, [*good_ledger, again], len(good_ledger) + 1)
    assert "recorded twice" in _refused(tmp_path, [*good_ledger, good_ledger[k - 1]],
                                        len(good_ledger) + 1)


def test_a_line_moved_to_another_unit_is_refused(good_ledger, tmp_path) -> None:
    entry = json.loads(good_ledger[1])
    entry["unit"] = (entry["unit"] + 1) % len(work_units(N))  # the same line, another unit
    rest = [line for line in good_ledger[2:] if json.loads(line)["unit"] != entry["unit"]]
    message = _refused(tmp_path, [good_ledger[0], json.dumps(entry), *rest], 2)
    assert "checksum" in message or "classes of size" in message


def test_an_old_ledger_without_checksums_is_refused_saying_to_count_again(good_ledger,
                                                                         tmp_path) -> None:
    header = json.loads(good_ledger[0])
    del header["version"], header["sum"]
    old = [json.dumps(header)] + [json.dumps({k: v for k, v in json.loads(line).items()
                                             if k != "sum"}) for line in good_ledger[1:]]
    assert "count again" in _refused(tmp_path, old, 1)


def test_a_quarter_turn_class_on_a_board_that_has_none_is_refused(tmp_path) -> None:
    path = tmp_path / "q10.ledger"
    count_in_units(10, SerialExecutor(), ledger=path)  # 10 = 2 mod 4: no class of size 2
    from programs.queens.ledger import checksum

    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    k = _side_line(lines)
    entry = json.loads(lines[k - 1])
    entry["classes"]["2"] = 1  # with a checksum that holds: the symmetry still refuses it
    classes = {int(s): c for s, c in entry["classes"].items()}
    entry["sum"] = checksum(header, entry["unit"], classes)
    path.write_text("\n".join(_with_line(lines, k, json.dumps(entry))) + "\n")
    with pytest.raises(InputError, match=rf"line {k}: .*quarter turn"):
        count_in_units(10, SerialExecutor(), ledger=path)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.data())
def test_any_digit_changed_in_a_unit_line_is_refused(good_ledger, tmp_path_factory,
                                                     data) -> None:
    k = data.draw(st.integers(2, len(good_ledger)), label="line")
    line = good_ledger[k - 1]
    body = line[: line.index('"sum"')]  # the unit's number and its counts
    places = [i for i, c in enumerate(body) if c.isdigit()]
    i = data.draw(st.sampled_from(places), label="place")
    digit = data.draw(st.sampled_from([d for d in "0123456789" if d != line[i]]))
    changed = line[:i] + digit + line[i + 1:]
    path = tmp_path_factory.mktemp("digit") / "d.ledger"
    path.write_text("\n".join(_with_line(good_ledger, k, changed)) + "\n")
    with pytest.raises(InputError, match=r"line \d+: "):
        count_in_units(N, SerialExecutor(), ledger=path)


def test_the_command_line_refuses_a_tampered_ledger_in_one_line(good_ledger, tmp_path,
                                                                 capsys) -> None:
    k = _side_line(good_ledger)
    path = tmp_path / "q9.ledger"
    path.write_text("\n".join(_with_line(good_ledger, k, _edit_classes(
        good_ledger[k - 1], lambda c: c.update({"8": c["8"] + 1})))) + "\n")
    assert main(["queens", str(N), "--count", "--jobs", "1", "--ledger", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and f"line {k}: " in err


# --- --verify ------------------------------------------------------------------------------

@given(st.integers(1, 10_000), st.integers(1, 100))
def test_the_sample_catches_one_altered_unit_with_the_stated_probability(finished: int,
                                                                         percent: int) -> None:
    k = sample_size(percent / 100, finished)
    assert catch_probability(k, finished) >= percent / 100 - 1e-12
    assert k == 0 or catch_probability(k - 1, finished) < percent / 100


def test_verify_says_its_probability(tmp_path, capsys) -> None:
    path = tmp_path / "q11.ledger"
    assert main(["queens", "11", "--count", "--jobs", "1", "--ledger", str(path),
                 "--verify", "50%"]) == 0
    err = capsys.readouterr().err
    units = len(work_units(11))
    k = -(-units // 2)
    assert f"{k} random units of {units} recounted" in err
    assert f"probability {k / units:.1%}" in err


# --- workers die with their parent ---------------------------------------------------------

def _children(pid: int) -> list[int]:
    """The live processes whose parent is `pid` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_sigkill_of_a_count_leaves_no_worker(tmp_path) -> None:
    workers: list[int] = []
    count = subprocess.Popen([sys.executable, "-m", "pc1", "queens", "18", "--count",
                              "--jobs", "2", "--ledger", str(tmp_path / "q18.ledger")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
            workers = _children(count.pid)
        assert len(workers) >= 2, "the count never started its workers"
        time.sleep(0.5)  # the workers are counting
        os.kill(count.pid, signal.SIGKILL)
        count.wait()
        deadline = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [w for w in workers if _alive(w)], "workers outlived their parent"
    finally:
        for w in workers:  # a failed test leaves nothing running either
            if _alive(w):
                os.kill(w, signal.SIGKILL)
        if count.poll() is None:
            count.kill()


def test_a_ledger_written_by_an_earlier_pc1_still_resumes(tmp_path) -> None:
    """tests/programs/queens/data/q9-depth1.ledger was written by pc1 on 2026-11-26 (9 queens,
    one row deep, 35 units): its header, fingerprint and checksums must still be accepted,
    or every ledger of an unfinished count would have to start again."""
    path = tmp_path / "old.ledger"
    path.write_bytes((Path(__file__).parent / "data" / "q9-depth1.ledger").read_bytes())
    counted = []

    class Counting(SerialExecutor):
        def map_unordered(self, fn, items):
            for item, result in super().map_unordered(fn, items):
                counted.append(item[0])
                yield item, result

    result = count_in_units(N, Counting(), depth=1, ledger=path)
    assert (result.total, result.resumed, len(result.units), counted) == (SOLUTIONS_9, 35, 35, [])


def _padded(line: str, length: int) -> str:
    """The same JSON, spaces added after its first comma to make it `length` characters."""
    at = line.index(",") + 1
    return line[:at] + " " * (length - len(line)) + line[at:]


def test_lines_of_400_characters_are_read_and_longer_ones_refused(good_ledger,
                                                                   tmp_path) -> None:
    k = _side_line(good_ledger)
    for number, line in ((1, good_ledger[0]), (k, good_ledger[k - 1])):
        path = tmp_path / "t.ledger"
        path.write_text("\n".join(_with_line(good_ledger, number, _padded(line, 400))) + "\n")
        assert count_in_units(N, SerialExecutor(), ledger=path).total == SOLUTIONS_9
        message = _refused(tmp_path, _with_line(good_ledger, number, _padded(line, 401)), number)
        assert "too long" in message if number == 1 else "401 characters" in message


def test_counts_of_20_digits_are_read_and_longer_ones_refused(good_ledger, tmp_path) -> None:
    """Twenty digits are a number (then refused by the checksum); twenty-one are not."""
    k = _side_line(good_ledger)
    for digits, why in ((20, "checksum"), (21, "digits")):
        line = _edit_classes(good_ledger[k - 1], lambda c: c.update({"8": 0}))
        line = line.replace('"8": 0', '"8": ' + "9" * digits)
        assert why in _refused(tmp_path, _with_line(good_ledger, k, line), k)


@pytest.mark.parametrize("line", ["[1, 2]", "5", '{"unit": 1, "classes": [8], "sum": ""}',
                                  '{"unit": 1, "classes": {"8": 1}}'],
                         ids=["a list", "a number", "classes not a table", "no sum"])
def test_a_line_of_another_shape_is_refused_saying_the_shape(good_ledger, tmp_path,
                                                             line: str) -> None:
    message = _refused(tmp_path, [*good_ledger[:2], line, *good_ledger[2:]], 3)
    assert message.endswith(': line 3: not a unit line ({"unit": N, "classes": {...}, '
                            '"sum": ...})')


def test_a_count_writes_the_ledger_of_the_fixture_byte_for_byte(tmp_path) -> None:
    """What a count writes is the format the fixture holds: the header, then a line per unit
    with its classes largest first and its checksum."""
    path = tmp_path / "new.ledger"
    count_in_units(N, SerialExecutor(), depth=1, ledger=path)
    assert path.read_bytes() == (Path(__file__).parent / "data" / "q9-depth1.ledger").read_bytes()


def test_a_ledger_that_cannot_be_written_is_said_before_counting(tmp_path) -> None:
    path = tmp_path / "no such folder" / "q.ledger"
    with pytest.raises(InputError) as caught:
        count_in_units(N, SerialExecutor(), ledger=path)
    assert str(caught.value) == f"{path}: cannot write the ledger: No such file or directory"


def test_a_unit_recorded_is_done_and_a_closed_ledger_takes_no_more(tmp_path) -> None:
    units = work_units(N)
    book = Ledger(tmp_path / "q.ledger", N, 0, units, units_digest(units))
    book.record(2, {8: 5})
    assert book.done == {2: {8: 5}}
    book.close()
    with pytest.raises(AssertionError, match="record after close"):
        book.record(3, {8: 1})
    book.close()  # a second close does nothing


def _unit_entry(lines: list[str], k: int) -> dict:
    return json.loads(lines[k - 1])


@pytest.mark.parametrize("case", ["twice", "unit past the end", "unit -1", "unit a name",
                                  "sizes", "negative", "checksum", "header too long"])
def test_each_refusal_says_what_is_wrong_in_full(good_ledger, tmp_path, case: str) -> None:
    """The whole message of each refusal, worked from the ledger's own lines."""
    k = _side_line(good_ledger)
    entry = _unit_entry(good_ledger, k)
    index = entry["unit"]
    units = len(work_units(N))
    where, line = k, None
    if case == "twice":
        where, line = len(good_ledger) + 1, good_ledger[k - 1]
        expected = (f"unit {index} is recorded twice (a ledger lists each unit once: this one "
                    "was altered)")
    elif case.startswith("unit "):
        entry["unit"] = {"unit past the end": units, "unit -1": -1,
                         "unit a name": "abcdefghijklmnopqrstuvwxyz"}[case]
        shown = {"unit past the end": str(units), "unit -1": "-1",
                 "unit a name": "abcdefghijklmnopqrst"}[case]  # the first 20 characters
        expected = f"unit {shown} is not among the {units} units"
    elif case == "sizes":
        entry["classes"]["3"] = 1
        expected = (f"unit {index} ({work_units(N)[index].describe()}) has classes of size "
                    "8, 4, 2, not 8, 4, 2, 3")
    elif case == "negative":
        entry["classes"]["4"] = -1
        expected = "a class count that is not a whole number of 0 or more"
    elif case == "checksum":
        entry["classes"]["8"] += 1
        expected = f"unit {index}: the line does not match its checksum (altered)"
    else:
        where, line = 1, _padded(good_ledger[0], 401)
        expected = "not a queens ledger (the first line is too long)"
    line = line or json.dumps(entry)
    lines = [*good_ledger, line] if where > len(good_ledger) else _with_line(good_ledger,
                                                                             where, line)
    assert _refused(tmp_path, lines, where).endswith(f"t.ledger: line {where}: {expected}")


def test_the_quarter_turn_refusal_in_full(tmp_path) -> None:
    path = tmp_path / "q10.ledger"
    count_in_units(10, SerialExecutor(), ledger=path)
    from programs.queens.ledger import checksum

    lines = path.read_text().splitlines()
    k = _side_line(lines)
    entry = json.loads(lines[k - 1])
    entry["classes"]["2"] = 1
    entry["sum"] = checksum(json.loads(lines[0]), entry["unit"],
                            {int(s): c for s, c in entry["classes"].items()})
    path.write_text("\n".join(_with_line(lines, k, json.dumps(entry))) + "\n")
    with pytest.raises(InputError) as caught:
        count_in_units(10, SerialExecutor(), ledger=path)
    assert str(caught.value).endswith(
        f"line {k}: unit {entry['unit']}: a 10-queens board has no solution symmetric under a "
        "quarter turn (only N = 0 or 1 mod 4 has), so no classes of size 2")


def test_blank_lines_are_skipped_and_a_cut_header_starts_afresh(good_ledger, tmp_path) -> None:
    path = tmp_path / "t.ledger"
    path.write_text("\n".join([*good_ledger[:2], "", *good_ledger[2:]]) + "\n")
    result = count_in_units(N, SerialExecutor(), ledger=path)
    assert result.resumed == len(good_ledger) - 1 == len(result.units)
    path.write_text(good_ledger[0][:30])  # the header cut short: nothing was finished
    assert count_in_units(N, SerialExecutor(), ledger=path).resumed == 0
    assert path.read_text().splitlines()[0] == good_ledger[0]


def _header_with(good_ledger: list[str], change) -> str:
    header = json.loads(good_ledger[0])
    change(header)
    return json.dumps(header)


@pytest.mark.parametrize("case", ["a list", "another kind", "no version", "another n",
                                  "sum", "a key more"])
def test_each_header_refusal_says_what_is_wrong_in_full(good_ledger, tmp_path,
                                                         case: str) -> None:
    older = ("a ledger of an older pc1, without checksums: it cannot be checked, count again "
             "(remove it or give another --ledger)")
    line, expected = {
        "a list": ("[1]", "not a queens ledger"),
        "another kind": ('{"ledger": "pc1 mex ledger"}', "not a queens ledger"),
        "no version": (_header_with(good_ledger, lambda h: h.pop("version")), older),
        "another n": (_header_with(good_ledger, lambda h: h.update(n=10)),
                      "this ledger is for another count (n 10, this count has 9)"),
        "sum": (_header_with(good_ledger, lambda h: h.update(sum="0" * 16)),
                "the header does not match its checksum (altered)"),
        "a key more": (_header_with(good_ledger, lambda h: h.update(note="")),
                       "the header does not match its checksum (altered)"),
    }[case]
    message = _refused(tmp_path, [line, *good_ledger[1:]], 1)
    assert message.endswith(f"t.ledger: line 1: {expected}")


def test_an_empty_ledger_file_is_a_new_ledger(tmp_path) -> None:
    path = tmp_path / "empty.ledger"
    path.write_text("")
    assert count_in_units(N, SerialExecutor(), ledger=path).resumed == 0
    assert json.loads(path.read_text().splitlines()[0])["n"] == N


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_a_device_is_refused_as_a_ledger() -> None:
    with pytest.raises(InputError) as caught:
        count_in_units(N, SerialExecutor(), ledger="/dev/null")
    assert str(caught.value) == "/dev/null: a device, not a ledger file (give a file name)"
