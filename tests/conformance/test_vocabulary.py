"""The parts of the blocks' vocabulary no built-in game uses alone, played through the
kit, and the kit finding what a declaration claims wrongly: piles called
interchangeable that are not, a field the game never declared, a hidden field in a
game said to hide nothing, a card placed twice by the deal; and a declaration that
still overrides a method the blocks no longer call is left out, with the reason."""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import ClassVar

import pytest

from solitaire.core.game import Game
from solitaire.core.hookspecs import hookimpl
from solitaire.core.moves import Move
from solitaire.core.refusals import Refusal, Rule
from solitaire.core.registry import Catalog, Registry
from solitaire.core.state import Event, State, apply
from solitaire.core.variables import Counter, Field, Flag, Seed
from solitaire.plugins.builtins import new_catalog
from solitaire.testing import ConformanceError, Kit
from solitaire.variants.blocks import (
    ANY_CARD,
    ANY_SUIT,
    BELOW_BASE,
    DEALT,
    DOWN,
    KING,
    NO_CARD,
    SAME_SUIT,
    SINGLE,
    UP,
    Attempt,
    Block,
    Build,
    Cells,
    Declared,
    Effect,
    Fans,
    Foundations,
    MoveRule,
    Next,
    Pick,
    Redeal,
    Stock,
    Tableau,
)


class Lucie(Declared):
    """La Belle Lucie: fans of three, two shuffled redeals, one pull."""

    id: ClassVar[str] = "v-lucie"
    code_prefix: ClassVar[str] = "VL"
    names: ClassVar[str] = "Lucie"
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[Block, ...]] = (
        Stock(deals="redeal", redeal=Redeal(2, shuffle=True, deal=Fans(3))),
        Foundations(),
        Tableau(
            (3,) * 17 + (1,),
            face_up=None,
            build=Build(DOWN, SAME_SUIT),
            empty=NO_CARD,
            groups=SINGLE,
            merci=1,
        ),
    )


class Seasons(Declared):
    """Four Seasons with spaces that take the rank under the dealt base."""

    id: ClassVar[str] = "v-seasons"
    code_prefix: ClassVar[str] = "VS"
    names: ClassVar[str] = "Seasons"
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    default_redeal: ClassVar[str | None] = "passes:1"
    layout: ClassVar[tuple[Block, ...]] = (
        Stock(needs_empty_waste=True),
        Foundations(base=DEALT, dealt=Next(1), returns=False, build=Build(UP, SAME_SUIT, wrap=True)),
        Tableau((1,) * 5, build=Build(DOWN, ANY_SUIT, wrap=True), empty=BELOW_BASE, groups=SINGLE),
    )


class UpAndDown(Declared):
    """Two decks, foundations up from the aces and down from the kings, a cell that
    takes only from the waste."""

    id: ClassVar[str] = "v-up-down"
    code_prefix: ClassVar[str] = "VU"
    names: ClassVar[str] = "Up and down"
    decks: ClassVar[int] = 2
    draws: ClassVar[tuple[int, ...]] = (1,)
    default_scoring: ClassVar[str] = "none"
    layout: ClassVar[tuple[Block, ...]] = (
        Stock(),
        Cells(1, takes_from=("w",)),
        Foundations(by_suit=False, returns=False),
        Foundations(by_suit=False, base=KING, build=Build(DOWN, SAME_SUIT), returns=False),
        Tableau((1,) * 6, build=Build(DOWN, ANY_SUIT), empty=ANY_CARD),
    )


PULLED = Flag("pulled")


class Pulls(Effect):
    """Raises ``pulled`` the first time a card goes to a cell."""

    def after(self, attempt: Attempt, events: Sequence[Event], after: State) -> list[Event]:
        return [PULLED.raised()] if attempt.dst.startswith("c") and not PULLED.value(attempt.state) else []


class OnceOnly(MoveRule):
    """The cells take one card a game."""

    rule = Rule(
        "vocabulary.once",
        {
            "en": "{card} cannot go to {pile}: the cells took their card.",
            "ru": "{card} нельзя положить в {pile}: ячейки уже приняли свою карту.",
        },
    )

    def allows(self, attempt: Attempt) -> bool:
        return not PULLED.value(attempt.state)


class OneCellCard(Declared):
    """Klondike's table with a cell that takes one card a game (a flag, a rule, an effect)."""

    id: ClassVar[str] = "v-once"
    code_prefix: ClassVar[str] = "VO"
    names: ClassVar[str] = "Once"
    family: ClassVar[str] = "klondike"
    layout: ClassVar[tuple[Block, ...]] = (
        Stock(),
        Cells(1, rules=(OnceOnly(),)),
        Foundations(),
        Tableau((1, 2, 3, 4, 5, 6, 7)),
    )
    fields: ClassVar[tuple[Field, ...]] = (PULLED,)
    effects: ClassVar[tuple[Effect, ...]] = (Pulls(),)


GAMES = (Lucie, Seasons, UpAndDown, OneCellCard)


def _refused(found: Move | Refusal) -> Refusal:
    assert isinstance(found, Refusal), found
    return found


def _declared(catalog: Catalog, variant: str, deal: int) -> tuple[Game, Declared]:
    game = catalog.new_game(catalog.options(variant, deal=deal))
    declared = game.rules.variant
    assert isinstance(declared, Declared)
    return game, declared


def _plugin(*variants: type[Declared]) -> types.ModuleType:
    module = types.ModuleType("vocabulary_plugin")

    @hookimpl
    def solitaire_register_variants(register: Registry) -> None:
        for variant in variants:
            register.add_variant(variant())

    module.solitaire_register_variants = solitaire_register_variants  # type: ignore[attr-defined]
    return module


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    found = new_catalog(entry_points=False, plugins=[_plugin(*GAMES)])
    assert found.problems == []
    return found


@pytest.mark.parametrize("variant", GAMES, ids=lambda variant: variant.id)
def test_the_kit_passes_games_of_the_new_parts(variant: type[Declared], catalog: Catalog) -> None:
    """Random play with undo, redo, replays of the log and the JSON state: every card
    once, the fields round-tripping with the piles, each group claim checked."""
    summary = Kit(catalog, deals=3, steps=60).check_variant(variant.id)
    assert summary.games == 3 and summary.moves > 0


def test_shuffled_redeals_follow_the_deal(catalog: Catalog) -> None:
    def redealt(deal: int) -> State:
        game = catalog.new_game(catalog.options("v-lucie", deal=deal))
        game.perform("s")
        return game.state

    assert redealt(5) == redealt(5)
    assert redealt(5).piles != redealt(6).piles
    game = catalog.new_game(catalog.options("v-lucie", deal=5))
    seed = Seed("shuffle")
    start = seed.value(game.state)
    game.perform("s")
    assert seed.value(game.state) != start  # each redeal draws the next value
    game.undo()
    assert seed.value(game.state) == start


def test_a_pull_is_made_once(catalog: Catalog) -> None:
    game = catalog.new_game(catalog.options("v-lucie", deal=1))
    pulls = [move for move in game.legal_moves() if move.src == move.dst]
    assert pulls and all(str(move).startswith(f"{move.src}:") for move in pulls)
    game.perform(pulls[0])
    assert Counter("merci").value(game.state) == 1
    assert not [move for move in game.legal_moves() if move.src == move.dst]
    assert _refused(game.check(f"{pulls[-1]}")).rule == "tableau.merci-used"


def test_a_space_takes_the_rank_below_the_dealt_base(catalog: Catalog) -> None:
    for deal in range(1, 40):
        game, variant = _declared(catalog, "v-seasons", deal)
        base = variant.foundation_base(game.state)
        below = 13 if base == 1 else base - 1
        for move in game.legal_moves():
            if not (move.dst or "").startswith("t") or game.state.pile(move.dst or ""):
                continue
            card = game.state.pile(move.src).top
            assert card is not None and card.rank == below, (deal, move)
        if not game.state.pile("w"):
            game.perform("s")
        assert _refused(game.check("s")).rule == "stock.waste-not-empty"


def test_groups_of_one_kind_keep_their_own_rules(catalog: Catalog) -> None:
    game, variant = _declared(catalog, "v-up-down", 3)
    assert [group.ids for group in variant.groups if group.kind == "foundation"] == [
        ("f1", "f2", "f3", "f4"),
        ("f5", "f6", "f7", "f8"),
    ]
    # Both groups take any suit, yet no pile of one stands for a pile of the other.
    assert variant.interchangeable() == (
        ("f1", "f2", "f3", "f4"),
        ("f5", "f6", "f7", "f8"),
        tuple(f"t{n}" for n in range(1, 7)),
    )
    refused = _refused(game.check("t1>c1"))
    assert refused.rule == "move.wrong-source"
    assert refused.message("en") == "Cell 1 takes cards only from the waste."
    assert refused.message("ru") == "Ячейка 1 принимает карты только из: сброс."


class FalseClaim(UpAndDown):
    """Says its up and down foundations are one group of interchangeable piles."""

    id = "v-false-claim"
    code_prefix = "VF"

    def interchangeable(self) -> tuple[tuple[str, ...], ...]:
        return (tuple(f"f{n}" for n in range(1, 9)),)


class Undeclared(OneCellCard):
    """Sets a field it never declared."""

    id = "v-undeclared"
    code_prefix = "VD"
    fields: ClassVar[tuple[Field, ...]] = ()


class HiddenSeed(Lucie):
    """Keeps a random source (its shuffles to come) yet says it hides nothing."""

    id = "v-hidden-seed"
    code_prefix = "VH"
    hidden_information = False


@pytest.mark.parametrize(
    ("variant", "said"),
    [
        (FalseClaim, "interchangeable"),
        (Undeclared, "pulled"),
        (HiddenSeed, "hidden"),
    ],
    ids=["interchangeable", "undeclared-field", "hidden-field"],
)
def test_the_kit_finds_false_claims(variant: type[Declared], said: str) -> None:
    catalog = new_catalog(entry_points=False, plugins=[_plugin(variant)])
    assert catalog.problems == []
    with pytest.raises(ConformanceError, match=said):
        Kit(catalog, deals=4, steps=80).check_variant(variant.id)


class PicksTwice(Declared):
    id: ClassVar[str] = "v-picks-twice"
    code_prefix: ClassVar[str] = "VP"
    names: ClassVar[str] = "Picks twice"
    draws: ClassVar[tuple[int, ...]] = (1,)
    layout: ClassVar[tuple[Block, ...]] = (
        Foundations(2, by_suit=False, base=ANY_CARD, dealt=Pick(cards=("AS", "AS"))),
        Tableau((3,) * 16 + (2,), face_up=None),
    )


class StillOverrides(Declared):
    id: ClassVar[str] = "v-overrides"
    code_prefix: ClassVar[str] = "VV"
    names: ClassVar[str] = "Overrides"
    draws: ClassVar[tuple[int, ...]] = (1,)
    layout: ClassVar[tuple[Block, ...]] = (Foundations(), Tableau((13,) * 4))


def test_a_deal_places_each_card_once() -> None:
    catalog = new_catalog(entry_points=False, plugins=[_plugin(PicksTwice)])
    [problem] = catalog.problems
    assert "v-picks-twice" not in catalog.variants
    assert "AS" in problem.reason


def test_a_method_the_blocks_no_longer_call_is_refused() -> None:
    with pytest.raises(TypeError, match="_foundation_takes is no longer called by the blocks; give the"):
        type(
            "Old",
            (StillOverrides,),
            {"_foundation_takes": lambda self, state, card, pile: True},
        )


def test_a_refused_rule_changes_nothing(catalog: Catalog) -> None:
    game = catalog.new_game(catalog.options("v-once", deal=7))
    game.perform("t7>c1")
    before = game.state
    game.perform("c1>f")
    refused = _refused(game.check("t6>c1"))
    assert refused.rule == "vocabulary.once"
    assert apply(before, PULLED.raised()) == before  # the flag went up with the first card
    assert game.rules.variant.check(game.state, Move.parse("t6>c1"), game.rules) == refused


class FilledFromStock(Declared):
    id: ClassVar[str] = "v-from-stock"
    code_prefix: ClassVar[str] = "VK"
    names: ClassVar[str] = "From the stock"
    layout: ClassVar[tuple[Block, ...]] = (Stock(), Foundations(), Tableau((1,) * 4, fill_from="s"))


def test_a_column_is_not_filled_from_the_stock() -> None:
    with pytest.raises(
        ValueError, match="filled from 's': a column fills from a pile whose top card lies face up"
    ):
        FilledFromStock()


def test_a_game_with_effects_gets_no_stock_shortcut(catalog: Catalog) -> None:
    """Taps commute with other moves only where the blocks alone decide: an effect or a
    rule may read the waste."""
    game, variant = _declared(catalog, "v-once", 1)
    assert not variant.description(game.rules).stock_turns_to_waste
    plain, variant = _declared(new_catalog(entry_points=False), "klondike", 1)
    assert variant.description(plain.rules).stock_turns_to_waste
