"""The kit finds broken plugins: each of broken_plugins.py fails it, with a message
that says what is wrong and where."""

from __future__ import annotations

import re
from typing import Any

import pytest
from broken_plugins import (
    BROKEN_VARIANTS,
    BlankScoring,
    MoodyScoring,
    catalog_with,
    negative,
    sloppy,
)

from solitaire.core.registry import Catalog
from solitaire.testing import ConformanceError, Kit
from solitaire.variants.klondike import Klondike

# Settings a little deeper than the defaults' per-game length: every bug shows for sure.
SETTINGS: dict[str, Any] = {"deals": 4, "steps": 150}


@pytest.mark.parametrize("variant", list(BROKEN_VARIANTS), ids=lambda cls: cls.__name__)
def test_a_broken_variant_fails(variant: type[Klondike]) -> None:
    kit = Kit(catalog_with(variant=variant()), **SETTINGS)
    with pytest.raises(ConformanceError) as failure:
        kit.check_variant(variant.id)
    message = str(failure.value)
    assert BROKEN_VARIANTS[variant] in message
    assert f"in variant '{variant.id}', game " in message
    assert re.search(r"deal \d+ \(game code X[A-Z]1-D[13]N", message)


def test_the_message_names_step_action_and_the_way_there() -> None:
    from broken_plugins import ListsIllegal

    kit = Kit(catalog_with(variant=ListsIllegal()), **SETTINGS)
    with pytest.raises(AssertionError) as failure:  # a ConformanceError is an AssertionError
        kit.check_variant(ListsIllegal.id)
    lines = str(failure.value).splitlines()
    assert lines[0].startswith("legal_moves lists w>t1, but check refuses it: tableau.")
    place = re.fullmatch(r"  at the position after action (\d+) \((.+)\)", lines[2])
    assert place is not None
    actions = lines[3].removeprefix("  actions from the deal: ").split()
    assert len(actions) == int(place[1]) or int(place[1]) > 60  # every action up to the position
    assert place[2] == actions[-1] or place[2].startswith(f"{actions[-1]} of ")  # "undo of t3>t5"
    # the actions lead to a position with the waste showing, where w>t1 is listed
    code = re.search(r"game code (\S+)\)", lines[1])
    assert code is not None
    game = kit.catalog.game_from_code(code[1])
    for action in actions:
        game.perform(action)
    assert game.state.waste
    assert lines[4] == "  (kit: seed=0, deals=4, steps=150, samples=20)"


def test_the_same_kit_passes_the_unbroken_variant() -> None:
    """The settings of these tests are not too strict: Klondike itself passes."""
    Kit(Catalog(entry_points=False, blocked=["solver-hints"]), **SETTINGS).check_variant("klondike")


def test_a_scoring_scheme_that_gives_another_score_the_second_time_fails() -> None:
    kit = Kit(catalog_with(scoring=MoodyScoring()), deals=1, steps=20)
    with pytest.raises(ConformanceError, match=r"scoring 'broken-moody' gives \d+ for the same move again"):
        kit.check_scoring("broken-moody", variants=["klondike"])


def test_a_scoring_scheme_with_an_empty_score_text_fails() -> None:
    kit = Kit(catalog_with(scoring=BlankScoring()))
    with pytest.raises(ConformanceError, match=r"format\(0\) gives ''"):
        kit.check_scoring("broken-blank")


def test_a_redeal_policy_with_the_wrong_id_fails() -> None:
    kit = Kit(catalog_with(redeal=("sloppy", sloppy)))
    with pytest.raises(ConformanceError, match="made a policy whose id is 'passes:2'"):
        kit.check_redeal("sloppy:2")


def test_a_redeal_policy_counting_passes_below_zero_fails() -> None:
    kit = Kit(catalog_with(redeal=("negative", negative)), deals=1, steps=5)
    with pytest.raises(ConformanceError, match="passes_left gives -1 with passes=2"):
        kit.check_redeal("negative")
