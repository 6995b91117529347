"""FreeCell, Spider and Golf: their own rules, on dealt games and hand-built tables.  The
recorded positions of every game written again on its own (other_games and the modules
it gathers) are checked here against those independent rules; random play is checked
here for FreeCell, Spider, Golf, Pyramid and TriPeaks, and beside each other game's own
tests."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from other_games import INDEPENDENT
from strategies import CATALOG

from solitaire.core.cards import Card
from solitaire.core.game import Game
from solitaire.core.log import dumps, loads, log_of, replay
from solitaire.core.moves import Move
from solitaire.core.refusals import Refusal
from solitaire.core.state import Pile, State
from solitaire.testing.perft import legal_after, read_perft

DATA = Path(__file__).parent.parent / "data"


def cards(text: str, deck: int = 0) -> tuple[Card, ...]:
    return tuple(Card(c.rank, c.suit, deck) for c in map(Card.parse, text.split()))


def game_on(variant: str, piles: dict[str, Pile], draw: int = 1) -> Game:
    options = CATALOG.options(variant=variant, draw=draw, deal=1)
    empty = CATALOG.ruleset(options).variant.empty_state()  # type: ignore[attr-defined]
    assert isinstance(empty, State)
    return CATALOG.new_game(options, initial=empty.with_piles(piles))


def refusal(game: Game, text: str) -> str:
    checked = game.check(text)
    assert isinstance(checked, Refusal), f"{text} was accepted"
    return checked.rule


# -- the recorded positions and random play against the independent rules ----------------------


@pytest.mark.parametrize("name", sorted(INDEPENDENT))  # every game written again on its own
def test_recorded_positions_match_the_independent_rules(name: str) -> None:
    positions = read_perft(DATA / f"{name}.perft")
    assert len(positions) >= 15
    for position in positions:
        game = legal_after(CATALOG, position.code, position.actions)
        assert sorted(INDEPENDENT[name](game.state)) == list(position.legal), position.line


@pytest.mark.parametrize(
    "code",
    [
        "FC1-D1X-AAAAAAC",
        "SP1-D1S-AAAAAAD",
        "SP1-D2S-AAAAAAE",
        "SP1-D4S-AAAAAAF",
        "GO1-D1G-AAAAAAG",
        "PY1-D1X-AAAAAAH",
        "TP1-D1T-AAAAAAI",
    ],
)
def test_random_play_matches_the_independent_rules(code: str) -> None:
    rng = random.Random(code)
    for _ in range(4):
        game = CATALOG.game_from_code(code)
        for _ in range(150):
            legal = {str(move) for move in game.legal_moves()}
            assert legal == INDEPENDENT[game.rules.options.variant](game.state), game.actions
            if not legal:
                break
            game.play(rng.choice(sorted(legal)))


# -- FreeCell --------------------------------------------------------------------------------------

#: Microsoft's deals as published (rows of the layout, left to right).
MICROSOFT = {
    1: "JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS 9D QD JS AS AH 3C 4C 5C TS QH 4H AC 4D 7S"
    " 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H",
    617: "7D AD 5C 3S 5S 8C 2D AH TD 7S QD AC 6D 8H AS KH TH QC 3H 9D 6S 8D 3D TC KD 5H 9S 3C 8S 7H 4D JS"
    " 4C QS 9C 9H 7C 6H 2C 2S 4S TS 2H 5D JC 6C JH QH JD KS KC 4H",
}


@pytest.mark.parametrize("deal", sorted(MICROSOFT))
def test_microsoft_layouts(deal: int) -> None:
    game = CATALOG.new_game(CATALOG.options(variant="freecell", deal=deal))
    assert game.code.startswith("FC1-")
    rows = MICROSOFT[deal].split()
    for column, pile in enumerate(game.state.tableau):
        assert pile.down == ()
        assert [card.text for card in pile.up] == rows[column::8]


def test_deal_11982_is_all_there() -> None:
    game = CATALOG.new_game(CATALOG.options(variant="freecell", deal=11982))
    assert sorted(card.uid for card in game.state.cards()) == list(range(52))
    assert [len(pile.up) for pile in game.state.tableau] == [7, 7, 7, 7, 6, 6, 6, 6]


def _freecell(cells: list[str], columns: list[str]) -> Game:
    piles = {f"c{n}": Pile((), cards(text)) for n, text in enumerate(cells, 1)}
    piles |= {f"t{n}": Pile((), cards(text)) for n, text in enumerate(columns, 1)}
    return game_on("freecell", piles)


def test_freecell_group_limit() -> None:
    """A run of 5 (9H 8S 7H 6S 5H), which fits on TC.  With 1 free cell and 1 empty
    column: (1 + 1) x 2 = 4 to TC, (1 + 1) x 1 = 2 to the empty column itself."""
    columns = ["KD 9H 8S 7H 6S 5H", "TC", "", "2D", "3D", "4D", "2C", "3C"]
    game = _freecell(["AS", "AH", "AD", ""], columns)
    too_big = game.check("t1:5>t2")
    assert isinstance(too_big, Refusal) and too_big.rule == "tableau.group-too-big"
    assert "at most 4 cards" in too_big.message("en")
    assert refusal(game, "t1>t2") == "tableau.group-too-big"
    assert game.check("t1:2>t3") == Move("t1", "t3", 2)
    assert refusal(game, "t1:3>t3") == "tableau.group-too-big"
    assert game.check("t1>t3") == Move("t1", "t3", 2)  # the biggest group that may go
    assert game.check("t1:1>t3") == Move("t1", "t3", 1)
    # Two free cells: (2 + 1) x 2 = 6 to TC, all five go; (2 + 1) x 1 = 3 to the empty column.
    game = _freecell(["AS", "AH", "", ""], columns)
    assert game.check("t1:5>t2") == Move("t1", "t2", 5)
    assert game.check("t1:3>t3") == Move("t1", "t3", 3)
    assert refusal(game, "t1:4>t3") == "tableau.group-too-big"
    game.play("t1:5>t2")
    assert [card.text for card in game.state.pile("t2").up] == ["TC", "9H", "8S", "7H", "6S", "5H"]


def test_freecell_cells_hold_one_card() -> None:
    game = _freecell(["AS", "", "", ""], ["KD 9H", "TC", "", "2D", "3D", "4D", "2C", "3C"])
    assert refusal(game, "t1>c1") == "cell.full"
    assert refusal(game, "t1:2>c2") == "cell.one-card"
    game.play("t1>c2")
    assert game.state.pile("c2").up == cards("9H")
    assert refusal(game, "t1>c2") == "cell.full"


# -- Spider ----------------------------------------------------------------------------------------


def _spider(columns: dict[str, tuple[str, str]], stock: str = "", draw: int = 1) -> Game:
    piles = {pile: Pile(cards(down), cards(up)) for pile, (down, up) in columns.items()}
    filled = {f"t{n}": Pile((), cards("9C")) for n in range(1, 11)} | piles
    return game_on("spider", filled | {"s": Pile(cards(stock))}, draw)


def test_spider_a_whole_run_leaves_by_itself_and_turns_up_the_card_under_it() -> None:
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    game = _spider({"t1": ("3D", run), "t2": ("", "7H AS")}, stock="5C " * 10)
    score = game.state.score
    game.play("t2>t1")
    state = game.state
    assert state.pile("t1") == Pile((), cards("3D"))
    assert state.pile("f1").up == cards(run + " AS")
    assert [card.rank for card in state.pile("f1").up] == list(range(13, 0, -1))
    assert all(not state.pile(f"f{n}") for n in range(2, 9))
    assert state.score == score - 1 + 100
    # Undo puts the run back, face-down card and all.
    game.undo()
    assert game.state.pile("t1") == Pile(cards("3D"), cards(run))
    assert not game.state.pile("f1")


def test_spider_run_of_mixed_suits_stays() -> None:
    game = _spider({"t1": ("", "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H"), "t2": ("", "7H AH")})
    game.play("t2>t1")
    assert len(game.state.pile("t1").up) == 13 and not game.state.pile("f1")


def test_spider_cannot_deal_with_an_empty_column() -> None:
    game = _spider({"t4": ("", "")}, stock="5C " * 10)
    assert refusal(game, "s") == "stock.columns-must-be-filled"
    assert Move("s") not in game.legal_moves()


def test_spider_duplicates_are_tracked_apart_through_undo_and_the_log() -> None:
    game = CATALOG.new_game(CATALOG.options(variant="spider", draw=1, deal=7))
    uids = sorted(card.uid for card in game.state.cards())
    assert len(set(uids)) == 104  # one suit: eight copies of each spade, decks 0 .. 7
    assert {card.deck for card in game.state.cards()} == set(range(8))
    rng = random.Random(7)
    states = [game.state]
    for _ in range(60):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
        states.append(game.state)
        assert sorted(card.uid for card in game.state.cards()) == uids
    for expected in reversed(states[-20:-1]):
        game.undo()
        assert game.state.piles == expected.piles
    for _ in range(19):
        game.redo()
    assert game.state.piles == states[-1].piles
    text = dumps(log_of(game, CATALOG))
    assert ".2" in text  # the second deck's cards are written as tokens, e.g. "9S.2"
    again = replay(loads(text), CATALOG)
    assert again.state == game.state
    assert [(card.uid, card.deck) for card in again.state.cards()] == [
        (card.uid, card.deck) for card in game.state.cards()
    ]


# -- Golf ------------------------------------------------------------------------------------------


def _golf(columns: list[str], foundation: str, stock: str = "") -> Game:
    piles = {f"t{n}": Pile((), cards(text)) for n, text in enumerate(columns, 1)}
    return game_on("golf", piles | {"f1": Pile((), cards(foundation)), "s": Pile(cards(stock))})


def test_golf_builds_up_or_down_without_wrap_and_nothing_on_a_king() -> None:
    game = _golf(["5H", "3C", "KD", "2S", "QH", "", ""], "4S")
    legal = {str(move) for move in game.legal_moves()}
    assert legal == {"t1>f1", "t2>f1"}
    assert refusal(game, "t4>f1") == "build.one-rank-apart"
    game = _golf(["AH", "QD", "2C", "", "", "", ""], "KS", stock="7D")
    assert refusal(game, "t1>f1") == "build.nothing-on-king"  # no wrap, nothing on a king
    assert refusal(game, "t2>f1") == "build.nothing-on-king"
    assert {str(move) for move in game.legal_moves()} == {"s"}
    game = _golf(["KH", "2C", "", "", "", "", ""], "AS")
    assert refusal(game, "t1>f1") == "build.one-rank-apart"  # no wrap: K is not next to A
    assert {str(move) for move in game.legal_moves()} == {"t2>f1"}


def test_golf_stock_goes_onto_the_foundation() -> None:
    game = _golf(["5H", "", "", "", "", "", ""], "KS", stock="9C 7D")
    game.play("s")
    assert game.state.pile("f1").up == cards("KS 7D")
    assert game.state.pile("s").down == cards("9C")
    assert refusal(game, "t1>t2") in {"build.none", "tableau.empty-stays-empty"}


def test_golf_won_with_cards_left_in_the_stock_scores_the_cards_left() -> None:
    game = _golf(["5H 6C", "", "", "", "", "", ""], "7D", stock="9C 2D")
    assert not game.is_won
    game.play("t1>f1")
    game.play("t1>f1")
    assert game.is_won and len(game.state.pile("s").down) == 2
    games = (CATALOG.new_game(CATALOG.options(variant="golf", deal=deal)) for deal in range(1, 50))
    dealt = next(game for game in games if len(game.legal_moves()) > 1)
    assert dealt.state.score == 35  # the cards left in the columns
    move = next(move for move in dealt.legal_moves() if not move.is_draw)
    dealt.play(move)
    assert dealt.state.score == 34
    dealt.play("s")
    assert dealt.state.score == 34
