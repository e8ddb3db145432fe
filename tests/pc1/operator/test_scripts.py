"""Our operator scripts as recipe actions: the verbs read without the monitor mean what the
monitor's own table says they mean."""

from __future__ import annotations

import pytest

from pc1.monitor import find_verb
from pc1.operator.scripts import ACTION_OF_VERB, CHECKS, PLAIN_VERBS, script_actions, verb_name


def _role(name: str) -> str:
    """What a recipe does with a line of this verb."""
    if name in ACTION_OF_VERB:
        return ACTION_OF_VERB[name]
    return "check" if name in CHECKS else name


@pytest.mark.parametrize("word", sorted(PLAIN_VERBS))
def test_a_plain_verb_is_the_monitors_verb_of_that_name(word: str) -> None:
    verb = find_verb(word)
    assert verb is not None, word
    assert _role(verb.name) == _role(word)


def test_an_alias_is_read_through_the_monitor(tmp_path) -> None:
    verb = find_verb("clear-start")
    assert verb is not None and verb.aliases, "clear-start has no alias: this test shows nothing"
    alias, name = verb.aliases[0], verb.name
    assert alias not in PLAIN_VERBS and verb_name(alias.upper()) == name
    script = tmp_path / "x.pc1s"
    script.write_text(f"{alias} ; the operator's note\n")
    (action,) = script_actions(script)
    assert action.kind == ACTION_OF_VERB[name] and action.note == "the operator's note"


def test_every_script_we_ship_is_the_procedure_of_a_recipe() -> None:
    # recipe() takes a script beside the tapes as the procedure without reading the manifest
    from pc1.devices import programs, shipped_files
    from pc1.operator.scripts import SUFFIX

    scripts = [p.name.removesuffix(SUFFIX) for p in shipped_files() if p.suffix == SUFFIX]
    recipes = {p.name for p in programs() if p.recipe}
    assert scripts and set(scripts) <= recipes
