"""The packages whose public names are imported on first use: each name in `__all__` has its
module in the package's table, and comes from there."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

LAZY = ["pc1.base", "pc1.devices", "pc1.machine", "pc1.monitor", "pc1.operator"]


@pytest.mark.parametrize("name", LAZY)
def test_every_public_name_has_its_module(name: str) -> None:
    package = importlib.import_module(name)
    table = package._HOME
    eager = {n for n in package.__all__ if n in vars(package) and n not in table}
    assert set(package.__all__) == set(table) | eager
    for public in package.__all__:
        value = getattr(package, public)
        home = table.get(public)
        if home is not None:
            assert value is getattr(importlib.import_module(f"{name}.{home}"), public)


@pytest.mark.parametrize("name", LAZY)
def test_an_unknown_name_is_an_attribute_error(name: str) -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing_of_ours'"):
        _ = importlib.import_module(name).nothing_of_ours


def test_the_machine_loads_without_the_study_tools() -> None:
    code = ("import sys\nfrom pc1.machine import Machine\n"
            "print(' '.join(sorted(sys.modules)))")
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True).stdout.split())
    assert "pc1.machine.machine" in loaded
    for study in ("pc1.machine.timeline", "pc1.machine.saved", "json", "tomllib", "tempfile",
                  "pc1.monitor", "hashlib"):
        assert study not in loaded, study
