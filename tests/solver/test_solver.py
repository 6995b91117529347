"""The solver: its winning lines win through the engine, its verdicts hold on
positions known by hand, and the relations the literature proves hold between
verdicts on random deals."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from solitaire.core.cards import Card
from solitaire.core.ruleset import GameOptions
from solitaire.core.solver import SolveResult, UnsupportedVariant, solvable, solve
from solitaire.core.state import Column, State
from solitaire.frontends.cli.main import run
from solitaire.plugins.builtins import new_catalog
from solitaire.variants.klondike_solver import _locked, _position, _Search

CATALOG = new_catalog(entry_points=False)
BUDGET = {"max_nodes": 60_000, "timeout": 6.0}


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def solved(options: GameOptions, initial: State | None = None) -> tuple[SolveResult, bool | None]:
    """The result, and whether its line wins when played through the engine."""
    game = CATALOG.new_game(options, initial=initial)
    result = solve(game.state, game.rules, **BUDGET)  # type: ignore[arg-type]
    if result.verdict != "winnable":
        return result, None
    for action in result.solution:
        game.perform(action)
    return result, game.is_won


#: Deals 1000 to 1005; by default without 1002 and 1004, which spend the whole budget
#: undecided in three of the four games below (SOLITAIRE_TESTS=thorough plays all six).
WINNING_LINE_DEALS = (
    range(1000, 1006) if os.environ.get("SOLITAIRE_TESTS") == "thorough" else (1000, 1001, 1003, 1005)
)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["klondike", "reflechi"])
@pytest.mark.parametrize("draw", [1, 3])
def test_winning_lines_win_through_the_engine(variant: str, draw: int) -> None:
    decided = 0
    for deal in WINNING_LINE_DEALS:
        options = CATALOG.options(variant=variant, draw=draw, deal=deal)
        result, won = solved(options)
        assert result.verdict in ("winnable", "unwinnable", "unknown")
        if result.verdict == "winnable":
            assert won is True, (options, result.solution)
            decided += 1
        elif result.verdict == "unwinnable":
            assert result.solution == ()
            decided += 1
    assert decided >= 3  # most deals are decided within the small budget


def _near_win(waste: str = "", stock: str = "", column: str = "KC", down: str = "") -> State:
    """Every card home but those named (clubs from the top)."""
    left = set(cards(f"{waste} {stock} {column} {down}"))
    foundations = []
    for suit in "SHDC":
        pile = [c for c in cards(" ".join(f"{r}{suit}" for r in "A23456789TJQK")) if c not in left]
        foundations.append(tuple(pile))
    tableau = [Column(cards(down), cards(column))] + [Column() for _ in range(6)]
    return State.classic(
        stock=cards(stock), waste=cards(waste), foundations=tuple(foundations), tableau=tuple(tableau)
    )


def test_one_move_from_the_win() -> None:
    result, won = solved(CATALOG.options(), _near_win())
    assert result.verdict == "winnable" and result.solution == ("t1>f",) and won


def test_the_stock_is_searched() -> None:
    # QC and KC wait in the stock, JC on the column: draw, play, draw, play.
    state = _near_win(stock="KC QC", column="JC")
    result, won = solved(CATALOG.options(), state)
    assert result.verdict == "winnable" and won


def test_a_dead_deal_is_unwinnable() -> None:
    """KL1-D3N-AAAAAAC: no tableau move, and no card the stock shows at draw 3 plays
    anywhere, pass after pass (checked here through the engine)."""
    game = CATALOG.game_from_code("KL1-D3N-AAAAAAC")
    seen = set()
    while (game.state.stock, game.state.waste) not in seen:
        seen.add((game.state.stock, game.state.waste))
        assert [str(move) for move in game.legal_moves()] == ["s"]
        game.play("s")
    result = solve(game.rules.initial_state(game.order), game.rules)
    assert result.verdict == "unwinnable"


def test_safe_cards_come_from_anywhere_in_the_talon() -> None:
    # Draw 1, unlimited redeals: QC lies under KC in the waste, so reaching it takes a
    # recycle; the line must still play through the engine.
    state = _near_win(waste="QC KC", column="JC")
    result, won = solved(CATALOG.options(draw=1), state)
    assert result.verdict == "winnable" and won
    assert result.solution[:4] == ("t1>f", "s", "s", "w>f")


def _talon_keys(draw: int, redeal: str, talons: list[tuple[str, str]]) -> set[bytes]:
    rules = CATALOG.new_game(CATALOG.options(draw=draw, redeal=redeal)).rules
    search = _Search(rules, 1, float("inf"), returns=False)
    found = (0, 0, 0, 0)
    cols = tuple(((), ()) for _ in range(7))
    return {
        search.key(
            (tuple(c.index for c in cards(stock)), tuple(c.index for c in cards(waste)), found, cols, 0)
        )
        for waste, stock in talons
    }


def test_talons_that_taps_join_are_one_position() -> None:
    # The same six cards in the same drawing order (waste bottom first, then the
    # stock from its top), the waste ending at 0, 1, 3 and 6 cards.
    talons = [
        ("", "6S 5S 4S 3S 2S AS"),
        ("AS", "6S 5S 4S 3S 2S"),
        ("AS 2S 3S", "6S 5S 4S"),
        ("AS 2S 3S 4S 5S 6S", ""),
    ]
    assert len(_talon_keys(1, "unlimited", talons)) == 1
    # Draw 3: a waste of 1 card cannot come back by taps, 0, 3 and 6 can.
    assert len(_talon_keys(3, "unlimited", talons)) == 2
    # Limited passes: taps spend passes, every talon is its own position.
    assert len(_talon_keys(1, "passes:3", talons)) == 4
    # Another order of the same cards is another position.
    assert len(_talon_keys(1, "unlimited", [talons[0], ("", "5S 6S 4S 3S 2S AS")])) == 2


def test_kings_find_the_empty_columns() -> None:
    # KC lies on QC, the other columns are empty: KC moves away, then both go home.
    dead_looking = State.classic(
        stock=(),
        waste=(),
        foundations=_near_win(column="QC KC").foundations,
        tableau=(Column((), cards("QC KC")),) + tuple(Column() for _ in range(6)),
    )
    result, won = solved(CATALOG.options(), dead_looking)
    assert result.verdict == "winnable" and won


def _dealt(columns: list[tuple[str, str]], home: str = "") -> State:
    """Columns given as (face down, face up), the cards named in ``home`` on the
    foundations (each suit from its ace), every other card in the stock."""
    tableau = [Column(cards(down), cards(up)) for down, up in columns]
    tableau += [Column() for _ in range(7 - len(tableau))]
    at_home = set(cards(home))
    foundations = tuple(
        tuple(c for c in cards(" ".join(f"{r}{suit}" for r in "A23456789TJQK")) if c in at_home)
        for suit in "SHDC"
    )
    placed = set(at_home).union(*(column.down + column.up for column in tableau))
    deck = cards(" ".join(f"{r}{suit}" for suit in "SHDC" for r in "A23456789TJQK"))
    return State.classic(
        stock=tuple(c for c in deck if c not in placed),
        waste=(),
        foundations=foundations,
        tableau=tuple(tableau),
    )


def _is_locked(state: State, *, returns: bool = True) -> bool:
    cols = tuple((tuple(c.index for c in col.down), tuple(c.index for c in col.up)) for col in state.tableau)
    return _locked(cols, tuple(len(f) for f in state.foundations), returns=returns)


def test_a_card_over_its_own_suit_and_both_its_holders_is_a_dead_deal() -> None:
    # 5S lies face down over 4S and over both red sixes: it can neither go home nor
    # leave the column, so 4S never comes home.  No search is needed.
    state = _dealt([("6H 6D 4S 5S", "KC")])
    for variant in ("klondike", "reflechi"):
        result = solve(state, CATALOG.new_game(CATALOG.options(variant=variant), initial=state).rules)
        assert (result.verdict, result.nodes) == ("unwinnable", 0)
    # With one red six elsewhere, 5S may leave: the search decides.
    assert not _is_locked(_dealt([("6H 4S 5S", "KC")]))


def test_locked_cards_hold_one_another() -> None:
    # 5S is over 4S and 6H; 6D lies under 9C, which is itself over 8C and both red
    # tens: neither ever moves.  Without TD under it, 9C may leave, and so may 5S.
    assert _is_locked(_dealt([("6H 4S 5S", "KC"), ("TH TD 8C 6D 9C", "2C")]))
    assert not _is_locked(_dealt([("6H 4S 5S", "KC"), ("TH 8C 6D 9C", "2C")]))
    # A holder at home holds nothing for good only when returns are forbidden.
    at_home = _dealt([("6H 4S 5S", "KC")], home="AD 2D 3D 4D 5D 6D")
    assert _is_locked(at_home, returns=False)
    assert not _is_locked(at_home, returns=True)
    # A card that continues an ordered group may leave with the cards under it.
    assert not _is_locked(_dealt([("6H 4S", "6D 5S")]))


def test_locked_deals_have_no_win() -> None:
    """The lock is a proof: on the first deals it finds, under the most generous
    rules (Réfléchi, draw 1, returns allowed), a search that skips it wins none."""
    locked = []
    for deal in range(600):
        game = CATALOG.new_game(CATALOG.options(variant="reflechi", draw=1, deal=deal))
        if _is_locked(game.state):
            locked.append(game)
    assert len(locked) >= 4  # about 1 deal in 80
    for game in locked[:4]:
        search = _Search(game.rules, 15_000, float("inf"), returns=True)
        assert search.solve(game.state) is not True, game.rules.options


def test_safe_moves_home_keep_what_returns_could_need() -> None:
    rules = CATALOG.new_game(CATALOG.options()).rules
    five_of_hearts = Card.parse("5H").index
    # Spades, hearts and clubs home to 4, diamonds to the ace.
    found = (4, 4, 1, 4)
    assert _Search(rules, 1, float("inf"), returns=False).safe(five_of_hearts, found)
    # With returns, 4S could come back onto 5H to hold 3D: 5H must wait for 3D.
    assert not _Search(rules, 1, float("inf"), returns=True).safe(five_of_hearts, found)
    assert _Search(rules, 1, float("inf"), returns=True).safe(five_of_hearts, (4, 4, 3, 4))


def test_talon_cards_are_laid_out_when_a_card_goes_on_them() -> None:
    # Draw 1: QC covers JH over JC, and only a red king from the talon, laid in the
    # empty column, can take it.  The complete search lays it just before QC moves.
    home = " ".join(f"{r}{s}" for s in "SHDC" for r in "A23456789T") + " JS QS KS JD QD"
    game = CATALOG.new_game(CATALOG.options(draw=1), initial=_dealt([("JC JH", "QC")], home=home))
    search = _Search(game.rules, 10_000, float("inf"), returns=True)
    assert search.solve(game.state) is True
    line = search.line
    for action in line:
        game.perform(action)
    assert game.is_won
    laid = [index for index, action in enumerate(line) if action.startswith("w>t")]
    assert laid and all(line[index + 1].endswith(line[index][1:]) for index in laid), line


@pytest.mark.parametrize("deal", [32, 35, 57])
def test_a_column_is_emptied_just_before_a_king_goes_there(deal: int) -> None:
    """In the complete search's winning lines (Réfléchi empties many columns), a
    move that empties a column is followed by a king going there (after taps)."""
    game = CATALOG.new_game(CATALOG.options(variant="reflechi", draw=3, deal=deal))
    search = _Search(game.rules, 60_000, float("inf"), returns=True)
    assert search.solve(game.state) is True
    line, emptied, waiting = search.line, 0, -1
    for index, action in enumerate(line):
        was_empty = {n for n, column in enumerate(game.state.tableau) if not column.up}
        game.perform(action)
        if waiting >= 0 and action != "s":
            assert game.state.tableau[waiting].up[0].rank == 13, (index, action)  # a king came
            waiting = -1
        for number, column in enumerate(game.state.tableau):
            if number not in was_empty and not column.up and not action.endswith(">f"):
                emptied += 1
                then = next(later for later in line[index + 1 :] if later != "s")
                assert then.endswith(f">t{number + 1}"), (index, action, then)
                waiting = number
    assert game.is_won and emptied


@pytest.mark.parametrize(
    ("reduction", "variant", "draw", "deal"),
    [
        ("defer", "klondike", 1, 21),
        ("defer", "klondike", 1, 90),
        ("defer", "klondike", 1, 161),
        ("defer", "klondike", 1, 2),
        ("late_empty", "reflechi", 3, 20),
        ("late_empty", "reflechi", 3, 35),
        ("late_empty", "klondike", 3, 183),
    ],
)
def test_moves_made_late_lose_no_verdict(reduction: str, variant: str, draw: int, deal: int) -> None:
    """The complete search lays a talon card on a column (draw 1, unlimited
    redeals) only just before a card goes on it, and empties a column only just
    before a king goes there; the verdicts match a search without the reduction."""
    game = CATALOG.new_game(CATALOG.options(variant=variant, draw=draw, deal=deal))
    verdicts = []
    for on in (True, False):
        search = _Search(game.rules, 40_000, float("inf"), returns=True)
        setattr(search, reduction, on)
        verdicts.append(search.solve(game.state))
    assert verdicts[0] is not None and verdicts[0] == verdicts[1], verdicts


@pytest.mark.parametrize(
    ("variant", "draw", "redeal", "deal"),
    [
        ("klondike", 1, "unlimited", 108),
        ("klondike", 1, "unlimited", 128),
        ("klondike", 3, "unlimited", 108),
        ("klondike", 3, "passes:3", 8),
        ("reflechi", 3, "unlimited", 7),
    ],
)
def test_the_best_first_search_finds_wins_that_play(variant: str, draw: int, redeal: str, deal: int) -> None:
    """Its lines win through the engine; deal 108 (draw 1 and 3) and draw 1 deal
    128 are wins the depth-first searches take long to find."""
    game = CATALOG.new_game(CATALOG.options(variant=variant, draw=draw, redeal=redeal, deal=deal))
    search = _Search(game.rules, 60_000, float("inf"), returns=False, mode="best-first")
    assert search.best_first(game.state) is True
    assert search.nodes <= 60_000
    for action in search.line:
        game.perform(action)
    assert game.is_won


def test_the_best_first_search_proves_nothing() -> None:
    """On a deal where no card ever plays it stops with no line, and ``solve``
    still proves the deal lost by the complete search."""
    game = CATALOG.game_from_code("KL1-D3N-AAAAAAC")
    search = _Search(game.rules, 1_000, float("inf"), returns=False, mode="best-first")
    assert search.best_first(game.state) is False and search.line == []
    assert solve(game.state, game.rules, **BUDGET).verdict == "unwinnable"  # type: ignore[arg-type]


def test_only_a_narrow_search_takes_a_width() -> None:
    rules = CATALOG.game_from_code("KL1-D3N-AAAAAAC").rules
    for mode, width in (("narrow", None), ("complete", 2), ("best-first", 3)):
        with pytest.raises(ValueError, match="width"):
            _Search(rules, 1, float("inf"), returns=False, mode=mode, width=width)  # type: ignore[arg-type]
    assert _Search(rules, 1, float("inf"), returns=False, mode="narrow", width=2).width == 2


@pytest.mark.parametrize("draw", [1, 3])
def test_estimates_are_at_least_the_cards_not_home(draw: int) -> None:
    """Along a winning line, the best-first search's estimate of the moves still
    needed is at least the number of cards not home, and 0 at the win."""
    game = CATALOG.new_game(CATALOG.options(draw=draw, deal=3))
    result = solve(game.state, game.rules, **BUDGET)  # type: ignore[arg-type]
    assert result.verdict == "winnable"
    search = _Search(game.rules, 1, float("inf"), returns=False)
    for action in result.solution:
        position = _position(game.state)
        assert search.estimate(position) >= 52 - sum(position[2]) > 0
        game.perform(action)
    assert game.is_won and search.estimate(_position(game.state)) == 0


def _nine_of_hearts_stuck() -> State:
    """9H covers JH over QH over KH; 8H lies under TH in the waste; the stock is
    empty and the first pass is over; every other card is home."""
    suit = {letter: cards(" ".join(f"{rank}{letter}" for rank in "A23456789TJQK")) for letter in "SHDC"}
    return State.classic(
        stock=(),
        waste=cards("8H TH"),
        foundations=(suit["S"], suit["H"][:7], suit["D"], suit["C"]),
        tableau=(Column(cards("KH QH JH"), cards("9H")),) + tuple(Column() for _ in range(6)),
        pass_number=1,
    )


def test_kings_come_back_to_empty_columns() -> None:
    # 9H covers JH over QH over KH; 8H lies under TH in the waste, and no pass is
    # left.  The win builds KD, QC, JD, TC down an empty column from the
    # foundations, so that 9H can leave.
    state = _nine_of_hearts_stuck()
    result, won = solved(CATALOG.options(redeal="passes:1"), state)
    assert result.verdict == "winnable" and won


def test_passes_are_part_of_the_position() -> None:
    # 8H lies under TH in the waste, the stock is empty: only a recycle reaches it.
    state = _nine_of_hearts_stuck()
    # (Without returns: with them, kings go back to the empty columns to build on.)
    one_pass, _ = solved(CATALOG.options(redeal="passes:1", returns_allowed=False), state)
    two_passes, won = solved(CATALOG.options(redeal="passes:2", returns_allowed=False), state)
    assert one_pass.verdict == "unwinnable"
    assert two_passes.verdict == "winnable" and won
    assert two_passes.solution[0] == "s"  # the recycle


def _verdict(**options: Any) -> str:
    """The verdict within a budget of positions only (no clock: the same on any machine)."""
    game = CATALOG.new_game(CATALOG.options(**options))
    return solve(game.state, game.rules, max_nodes=20_000).verdict


#: Deals whose verdicts are all decided within that budget: 2009, 2014 and 2018 are
#: winnable but with one pass (so a lesser side is winnable, and passes:1 unwinnable
#: under passes:3 winnable); 2021 is locked from the deal, unwinnable under any rules.
DECIDED_DEALS = [2009, 2014, 2018, 2021]


@pytest.mark.parametrize("deal", DECIDED_DEALS)
def test_relations_between_verdicts(deal: int) -> None:
    """Draw 3 winnable ⇒ draw 1 winnable (unlimited redeals); returns forbidden
    winnable ⇒ allowed winnable; thoughtful Klondike winnable ⇒ Réfléchi winnable;
    fewer passes winnable ⇒ more passes winnable (and so for unwinnable the other way)."""
    pairs: list[tuple[dict[str, Any], dict[str, Any]]] = [
        ({"draw": 3}, {"draw": 1}),
        ({"returns_allowed": False}, {"returns_allowed": True}),
        ({"variant": "klondike"}, {"variant": "reflechi"}),
        ({"redeal": "passes:1"}, {"redeal": "passes:3"}),
        ({"redeal": "passes:3"}, {"redeal": "unlimited"}),
    ]
    for weaker, stronger in pairs:
        lesser = _verdict(deal=deal, **weaker)
        greater = _verdict(deal=deal, **stronger)
        assert {lesser, greater} <= {"winnable", "unwinnable"}, (deal, weaker, lesser, stronger, greater)
        assert (lesser, greater) != ("winnable", "unwinnable"), (deal, weaker, stronger)


def test_solve_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = "KL1-D3N-AAAAAAD"  # won within a few hundred positions: a fraction of a second
    assert run(["solve", code, "--json", "--timeout", "10"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"verdict", "solution", "nodes", "seconds", "difficulty"}
    assert data["verdict"] == "winnable" and data["difficulty"] in ("easy", "medium", "hard")
    assert run(["play", code, *data["solution"], "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["won"] is True
    # Deal 2021 is locked from the deal: unwinnable without a search.
    assert run(["solve", CATALOG.code(CATALOG.options(deal=2021)), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["verdict"], data["solution"]) == ("unwinnable", [])


def test_solve_command_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solve", "KL1-D2N-AAAAAAD"]) == 2
    assert run(["solve", "KL1-D1N-AAAAAAD", "--timeout", "-1"]) == 2
    assert run(["solve", "KL1-D1N-AAAAAAD", "w>t1"]) == 3
    capsys.readouterr()


def test_a_variant_supplies_its_solver() -> None:
    import attrs

    from solitaire.core.solver import solver_of
    from solitaire.variants.blocks import Foundations, Stock, Tableau
    from solitaire.variants.klondike import Klondike
    from solitaire.variants.klondike_solver import KLONDIKE_SOLVER

    class Loose(Klondike):  # groups out of order move: the partial-group reduction would not hold
        layout = (Stock(), Foundations(), Tableau((1, 2, 3, 4, 5, 6, 7), groups="any"))

    class Older(Klondike):  # how older plugins said "not this one"
        solver_family = None

    class Declined(Klondike):
        def solver(self) -> None:
            return None

    calls = []

    class Own:
        def solve(self, state: State, rules: object, **budget: object) -> SolveResult:
            calls.append(budget)
            return SolveResult("unknown")

    class Solved(Klondike):
        def solver(self) -> Own:
            return Own()

    game = CATALOG.game_from_code("KL1-D1N-AAAAAAD")
    assert solver_of(game.rules) is KLONDIKE_SOLVER
    reflechi = CATALOG.new_game(CATALOG.options(variant="reflechi"))
    assert solver_of(reflechi.rules) is KLONDIKE_SOLVER
    from solitaire.core.search import GENERIC_SOLVER

    for variant in ("yukon", "freecell", "spider"):  # declared on the blocks: the generic search
        assert solver_of(CATALOG.new_game(CATALOG.options(variant=variant, deal=1)).rules) is GENERIC_SOLVER
    from solitaire.variants.golf_solver import GOLF_SOLVER

    assert solver_of(CATALOG.new_game(CATALOG.options(variant="golf", deal=1)).rules) is GOLF_SOLVER
    assert solver_of(attrs.evolve(game.rules, variant=Loose())) is GENERIC_SOLVER
    for other in (Older(), Declined()):
        rules = attrs.evolve(game.rules, variant=other)
        assert not solvable(rules)
        with pytest.raises(UnsupportedVariant):
            solve(game.state, rules)
    rules = attrs.evolve(game.rules, variant=Solved())
    assert solvable(rules) and solve(game.state, rules, max_nodes=7).verdict == "unknown"
    assert calls == [{"max_nodes": 7, "timeout": None, "cancel": None}]


def test_survey_and_solve_refuse_a_game_without_a_solver(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from solitaire.variants.freecell import FreeCell

    monkeypatch.setattr(FreeCell, "solver", lambda self: None)  # as a plugin's variant may decline
    code = CATALOG.code(CATALOG.options(variant="freecell", deal=1))
    assert run(["solve", code]) == 2
    assert run(["survey", "--variant", "freecell", "--draw", "1", "--deals", "1"]) == 2
    capsys.readouterr()


def test_reflechi_hint_follows_a_winning_line() -> None:
    from solitaire.plugins.solver_hints import HINT_NODES

    for deal in range(3000, 3020):
        game = CATALOG.new_game(CATALOG.options(variant="reflechi", deal=deal))
        result = solve(game.state, game.rules, max_nodes=HINT_NODES // 5)  # well inside the hint's budget
        if result.verdict == "winnable":
            hint = game.hint()
            assert hint.move is not None and "winning line" in hint.reason()
            assert hint.move == game.check(result.solution[0])
            for action in result.solution[:5]:  # along the line, the hints follow it
                assert game.hint().move == game.check(action)
                game.perform(action)
            return
    pytest.fail("no Réfléchi deal among 20 is won within a fifth of the hint's budget")


def test_klondike_hints_do_not_use_the_solver() -> None:
    # The solver would see the face-down cards: Klondike hints stay the heuristic's.
    game = CATALOG.game_from_code("KL1-D1N-AAAAAAG")
    assert "winning line" not in game.hint().reason()
