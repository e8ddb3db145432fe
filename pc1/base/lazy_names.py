"""A package's public names imported on first use: the table of where each name lives and the
module `__getattr__` that reads it (PEP 562), one mechanism for every package of ours."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module


def first_use(package: str, homes: Mapping[str, str]
              ) -> tuple[dict[str, str], Callable[[str], object]]:
    """The name -> module table of `homes` ({module: "name name ..."}) and its `__getattr__`."""
    table = {name: module for module, names in homes.items() for name in names.split()}

    def __getattr__(name: str) -> object:
        """The package's public names, imported on first use."""
        home = table.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(f"{package}.{home}"), name)

    return table, __getattr__
