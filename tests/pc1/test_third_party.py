"""The PC-1 on Unity tapes (test data in ../shared, never copied here) run correctly."""

from __future__ import annotations

import pytest

from pc1 import Machine, read_tape
from pc1.devices import codes_to_text
from tests.shared_data import pc1_layout, third_party_tape, truncated_digits


def through_original_r0(name: str, max_orders: int = 5_000_000) -> tuple[Machine, object]:
    m = Machine()
    m.initial_load(read_tape(third_party_tape("R0.ptw")))
    m.load_tape(read_tape(third_party_tape(name)))
    m.clear_start()
    return m, m.run(max_orders=max_orders)


def test_original_r0_loads_with_unity_check_pattern() -> None:
    m = Machine()
    m.initial_load(read_tape(third_party_tape("R0.ptw")))
    assert m.A == 0o430000420064 and m.tape_remaining == 3


def test_napier_prints_e_to_1000_decimals() -> None:
    m, stop = through_original_r0("napier.ptr")
    assert m.printed_text() == pc1_layout(truncated_digits("e", 1000))
    assert len(m.teleprinter.printed) == 1078
    # the reference's counts for this run, orders and cycles exactly
    assert (stop.reason, stop.address, m.K) == ("halt", 76, 77)
    assert (stop.orders, stop.cycles) == (437_262, 5_876_752)


def test_pi_1000_four_binary_tapes() -> None:
    m = Machine()
    for i in range(4):
        m.initial_load(read_tape(third_party_tape(f"pi_1000_{i}.ptw")))
        m.clear_start()
        stop = m.run(max_orders=3_000_000)
        assert stop.reason == "dynamic stop"
    # tapes 0-2 print one progress digit each ("012" on one line in PC-1 on Unity); every run
    # begins on a fresh line of our paper, so each digit ends its line, and the fourth tape's
    # own CR LF before "3." leaves an empty one
    assert m.printed_text() == "0\n1\n2\n\n" + pc1_layout(truncated_digits("pi", 1000))
    assert [codes_to_text(m.teleprinter.run_codes(i)) for i in range(3)] == ["0", "1", "2"]
    assert m.orders == 1_723_498


def test_pi_400_prints_400_digits() -> None:
    m, stop = through_original_r0("pi_400.ptr")
    assert stop.reason == "dynamic stop" and stop.address == 140
    assert m.printed_text() == pc1_layout(truncated_digits("pi", 400))


@pytest.mark.parametrize("name", ["mandelblot.ptr", "AsciiArt.ptr"])
def test_pictures_are_drawn(name: str) -> None:
    m, stop = through_original_r0(name, max_orders=2_000_000)
    assert stop.by_itself
    rows = [r for r in m.printed_text().split("\n") if r.strip()]
    assert len(rows) >= 20
    assert rows == rows[::-1]  # both pictures are symmetric about the real axis
    assert all(len(r) <= 80 for r in rows)


def test_mandelblot_binary_tape_draws_the_same_picture() -> None:
    src, _ = through_original_r0("mandelblot.ptr", max_orders=2_000_000)
    m = Machine()
    m.initial_load(read_tape(third_party_tape("mandelblot.ptw")))
    m.clear_start()
    m.run(max_orders=2_000_000)
    assert m.printed_text().rstrip() == src.printed_text().rstrip()


def test_soundtest_toggles_the_speaker() -> None:
    m, stop = through_original_r0("soundtest.ptr", max_orders=200_000)
    assert stop.reason == "order limit"
    times = [t for t, _ in m.speaker_events]
    periods = {b - a for a, b in zip(times[::2], times[2::2], strict=False)}
    assert len(m.speaker_events) > 100 and min(periods) >= 50 and max(periods) <= 200
