"""pc1/machine/steps.py, the plain run's step functions written out, is what the compiler
writes now (a change to the order templates or the code generator must write it again:

    .venv/bin/python -c "from pc1.machine.compiler import steps_module_source as s; \\
        open('pc1/machine/steps.py', 'w').write(s())"

), and a plain run's steps are those functions."""

from __future__ import annotations

from pathlib import Path

import pc1.machine.compiler as compiler
from pc1.machine import steps
from pc1.machine.compiler import PLAIN, Mode, step_function, steps_module_source
from pc1.machine.orders import form_of


def test_the_written_step_functions_are_what_the_compiler_writes_now() -> None:
    assert Path(steps.__file__).read_text() == steps_module_source()


def test_a_plain_run_steps_with_the_written_functions_and_a_history_compiles_its_own() -> None:
    for bits in range(128):
        fn, is_io = step_function(bits, PLAIN)
        assert fn is steps.STEPS[bits]
        assert is_io == (form_of(bits << 11).kind == "io")
        recorded, _ = step_function(bits, Mode(record=True))
        assert recorded.__code__.co_filename == f"<step {bits}>"


def test_function_bits_share_a_written_function_only_when_their_code_is_the_same() -> None:
    for bits in range(128):
        for other in range(bits):
            same = compiler.step_source(bits).split("\n", 1)[1] == \
                compiler.step_source(other).split("\n", 1)[1]
            assert (steps.STEPS[bits] is steps.STEPS[other]) == same
