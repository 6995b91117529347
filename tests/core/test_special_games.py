"""Canfield, Grandfather, Clock and Aces Up: their deals, their own rules and refusals,
on dealt games and hand-built tables, and their legal moves against the games written
again on their own (other_games_special)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from other_games import INDEPENDENT
from strategies import CATALOG

from solitaire.core.cards import Card, Suit
from solitaire.core.game import Game
from solitaire.core.log import dumps, loads, log_of, replay
from solitaire.core.moves import DRAW, Move
from solitaire.core.refusals import Refusal
from solitaire.core.state import CardsMoved, CardTurnedUp, Pile, Redealt, State
from solitaire.variants.grandfather import DEAL, PATTERN

DATA = Path(__file__).parent.parent / "data"
GAMES = ("canfield", "grandfather", "clock", "aces-up")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(card) for card in text.split())


def game_on(variant: str, piles: dict[str, Pile], draw: int = 1, scoring: str | None = None) -> Game:
    options = CATALOG.options(variant=variant, draw=draw, scoring=scoring, deal=1)
    empty = CATALOG.ruleset(options).variant.empty_state()  # type: ignore[attr-defined]
    assert isinstance(empty, State)
    return CATALOG.new_game(options, initial=empty.with_piles(piles))


def refusal(game: Game, text: str) -> str:
    checked = game.check(text)
    assert isinstance(checked, Refusal), f"{text} was accepted"
    assert checked.message("en") and checked.message("ru")
    return checked.rule


def texts(pile: Pile) -> tuple[str, str]:
    return " ".join(card.text for card in pile.down), " ".join(card.text for card in pile.up)


# -- the recorded positions and random play against the independent rules ----------------------


@pytest.mark.parametrize(
    "code", ["CF1-D3X-AAAAAAC", "CF1-D1X-AAAAAAD", "GF1-D1X-AAAAAAE", "CL1-D1X-AAAAAAF", "AU1-D1X-AAAAAAG"]
)
def test_random_play_matches_the_independent_rules(code: str) -> None:
    rng = random.Random(code)
    for _ in range(4):
        game = CATALOG.game_from_code(code)
        for _ in range(200):
            legal = {str(move) for move in game.legal_moves()}
            assert legal == INDEPENDENT[game.rules.options.variant](game.state), game.actions
            if not legal:
                break
            home = sorted(move for move in legal if ">f" in move)
            game.play(rng.choice(home if home and rng.random() < 0.6 else sorted(legal)))


@pytest.mark.parametrize("code", ["CF1-D3X-AAAAAAC", "GF1-D1X-AAAAAAC", "CL1-D1X-AAAAAAC", "AU1-D1X-AAAAAAC"])
def test_following_the_hints_is_legal_and_never_goes_round_in_a_circle(code: str) -> None:
    from solitaire.plugins.hints import _shape, heuristic_hint

    rules = CATALOG.game_from_code(code).rules
    for seed in range(6):
        state, rng = CATALOG.game_from_code(code).state, random.Random(seed)
        for _ in range(rng.randrange(30)):
            moves = rules.legal_moves(state)
            if not moves:
                break
            _, state = rules.transition(state, rng.choice(moves))
        seen: dict[tuple[object, ...], int] = {}
        last_stock = -1
        for step in range(60):
            hint = heuristic_hint(state, rules)
            if hint.move is None or rules.is_won(state):
                break
            assert rules.check(state, hint.move) == hint.move
            shape = _shape(state)
            assert shape not in seen or seen[shape] < last_stock, (seed, step)
            seen[shape], last_stock = step, step if hint.move.is_draw else last_stock
            _, state = rules.transition(state, hint.move)


def test_the_log_of_each_new_game_replays() -> None:
    for code in ("CF1-D1X-AAAAAAB", "GF1-D1X-AAAAAAB", "CL1-D1X-AAAAAAB", "AU1-D1X-AAAAAAB"):
        game = CATALOG.game_from_code(code)
        rng = random.Random(code)
        for _ in range(80):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
        again = replay(loads(dumps(log_of(game, CATALOG))), CATALOG)
        assert again.state == game.state, code


# -- Canfield --------------------------------------------------------------------------------------


def test_canfield_deal() -> None:
    game = CATALOG.game_from_code("CF1-D3X-AAAAAAB")
    order = game.rules.variant.dealt_order(1, game.rules)
    state = game.state
    assert state.pile("r1") == Pile(order[:12], order[12:13])
    assert state.pile(f"f{order[13].suit + 1}").up == order[13:14]
    assert [state.pile(f"t{n}") for n in range(1, 5)] == [Pile((), (card,)) for card in order[14:18]]
    assert state.stock == tuple(reversed(order[18:])) and len(state.stock) == 34
    assert game.rules.draw == 3  # Canfield's own default
    assert {spec.id: spec for spec in game.rules.variant.piles(state)}["r1"].kind == "reserve"


def _canfield(piles: dict[str, str], stock: str = "", draw: int = 1, scoring: str | None = None) -> Game:
    """A Canfield table: each pile's cards face up, the reserve's all but the last face down."""
    table = {pile: Pile((), cards(text)) for pile, text in piles.items()}
    reserve = cards(piles.get("r1", ""))
    table["r1"] = Pile(reserve[:-1], reserve[-1:])
    return game_on("canfield", {**table, "s": Pile(cards(stock))}, draw, scoring)


def test_canfield_foundations_start_with_the_rank_the_deal_set_and_turn_the_corner() -> None:
    game = _canfield(
        {"f2": "JH QH KH", "f4": "JC", "r1": "5S JS", "t1": "AH", "t2": "JD", "t3": "2H", "t4": "QC"},
        stock="4D",
    )
    assert game.check("t1>f") == Move("t1", "f")  # the ace after the king
    assert game.check("r1>f") == Move("r1", "f")  # another jack starts its foundation
    assert game.check("t2>f") == Move("t2", "f")
    assert refusal(game, "t3>f") == "foundation.next-rank"
    assert "it needs A♥ next" in (game.check("t3>f")).message("en")  # type: ignore[union-attr]
    game.play("t1>f")
    assert game.check("t3>f") == Move("t3", "f")
    game = _canfield({"f2": "JH", "r1": "5S", "t1": "2S", "t2": "QC", "t3": "3D", "t4": "8H"})
    assert refusal(game, "t1>f") == "foundation.base-rank"
    assert "starts with rank J" in (game.check("t1>f")).message("en")  # type: ignore[union-attr]


def test_canfield_columns_build_down_in_alternating_colours_a_king_on_an_ace() -> None:
    game = _canfield({"f1": "9S", "r1": "5S KC", "t1": "AH", "t2": "KD", "t3": "QC", "t4": "8H"})
    assert game.check("r1>t1") == Move("r1", "t1")  # K♣ on A♥
    assert refusal(game, "t2>t1") == "tableau.alternate-colour"
    assert game.check("t3>t2") == Move("t3", "t2")
    assert refusal(game, "t4>t3") == "tableau.one-rank-lower"


def test_canfield_a_column_moves_as_a_whole_or_its_last_card_alone() -> None:
    game = _canfield({"f1": "9S", "r1": "5S", "t1": "KD QC JH TS", "t2": "KH", "t3": "QS", "t4": "JD"})
    assert refusal(game, "t1:3>t2") == "tableau.whole-or-top"  # Q♣ J♥ 10♠ on K♥: part of a column
    assert refusal(game, "t1>t2") == "tableau.whole-or-top"  # the group that would fit is the same
    assert refusal(game, "t1:2>t3") == "tableau.whole-or-top"  # J♥ 10♠ on Q♠
    assert game.check("t1>t4") == Move("t1", "t4")  # 10♠, the last card alone, on J♦
    game = _canfield({"f1": "9S", "r1": "5S", "t1": "QC JH TS", "t2": "KD", "t3": "8H", "t4": "QS"})
    assert game.check("t1>t2") == Move("t1", "t2", 3)  # the whole column on K♦
    assert refusal(game, "t1:2>t4") == "tableau.whole-or-top"
    legal = {str(move) for move in game.legal_moves()}
    assert "t1:3>t2" in legal and "t1:2>t4" not in legal


def test_canfield_a_column_emptied_takes_the_reserve_top_at_once() -> None:
    game = _canfield({"f1": "9S", "r1": "4D 7C 5S", "t1": "TS", "t2": "KD", "t3": "QH", "t4": "JD"})
    events = game.play("t1>f")
    assert events[:3] == (
        CardsMoved("t1", "f1", cards("TS")),
        CardsMoved("r1", "t1", cards("5S")),
        CardTurnedUp("r1", Card.parse("7C")),
    )
    assert game.state.pile("t1").up == cards("5S") and texts(game.state.pile("r1")) == ("4D", "7C")
    game.undo()
    assert game.state.pile("t1").up == cards("TS")


def test_canfield_once_the_reserve_is_spent_an_empty_column_takes_any_card() -> None:
    game = _canfield({"f1": "9S", "w": "3H", "t1": "TS", "t2": "KD QS", "t3": "QH", "t4": "JD"}, stock="4D")
    game.play("t1>f")
    assert not game.state.pile("t1")  # no reserve left: the column stays empty
    assert game.check("w>t1") == Move("w", "t1")
    assert game.check("t2>t1") == Move("t2", "t1", 2)  # the whole column
    assert game.check("t2:1>t1") == Move("t2", "t1", 1)  # or its last card


def test_canfield_the_reserve_takes_no_cards() -> None:
    game = _canfield({"f1": "9S", "r1": "4D 5S", "t1": "TS", "t2": "KD", "t3": "QH", "t4": "6H"})
    assert refusal(game, "t4>r1") == "reserve.takes-none"
    assert game.check("r1>t4") == Move("r1", "t4")  # its top card plays
    assert Move("r1", "t4") in game.legal_moves()


def test_canfield_scores_vegas_and_not_normal() -> None:
    variant = CATALOG.variant("canfield")
    assert CATALOG.scoring("vegas").fits(variant) and CATALOG.scoring("vegas-cumulative").fits(variant)
    assert not CATALOG.scoring("normal").fits(variant)
    game = CATALOG.game_from_code("CF1-D3V-AAAAAAB")
    assert game.state.score == -52 and game.rules.redeal.passes == 1


# -- Grandfather -----------------------------------------------------------------------------------


def test_grandfather_deals_a_zigzag_of_face_down_cards_then_rows_face_up() -> None:
    game = CATALOG.game_from_code("GF1-D1X-AAAAAAB")
    columns = game.state.tableau
    assert [len(column.down) for column in columns] == [0, 2, 4, 6, 5, 3, 1]
    assert [len(column.up) for column in columns] == [1, 5, 5, 5, 5, 5, 5]
    order = game.rules.variant.dealt_order(1, game.rules)
    # The first row: card 0 face up on column 1, cards 1 to 6 face down on columns 2 to 7;
    # the second row back: card 7 face up on column 7, cards 8 to 12 face down on 6 to 2.
    assert columns[0].up == order[:1]
    assert [column.down[0] for column in columns[1:]] == list(order[1:7])
    assert columns[6].up[0] == order[7] and columns[1].down[1] == order[12]
    assert PATTERN[:8] == [(0, True), *((n, False) for n in range(1, 7)), (6, True)]


def test_grandfather_any_face_up_card_moves_onto_the_next_higher_of_its_suit() -> None:
    game = game_on(
        "grandfather",
        {
            "t1": Pile((), cards("7H")),
            "t2": Pile(cards("4C"), cards("6H 5S QH")),
            "t3": Pile((), cards("7S")),
        },
    )
    assert game.check("t2:3>t1") == Move("t2", "t1", 3)  # 6♥ with 5♠ and Q♥ on it, out of order
    assert game.check("t2>t1") == Move("t2", "t1", 3)
    assert refusal(game, "t2:3>t3") == "build.same-suit"  # 6♥ on 7♠
    game.play("t2>t1")
    assert texts(game.state.pile("t2")) == ("", "4C")  # the face-down card turned up
    assert refusal(game, "t3>t2") == "tableau.one-rank-lower"


def test_grandfather_a_king_fills_an_empty_column() -> None:
    game = game_on("grandfather", {"t1": Pile((), cards("3D KC 2H")), "t2": Pile((), cards("QD"))})
    assert game.check("t1:2>t3") == Move("t1", "t3", 2)
    assert refusal(game, "t2>t3") == "tableau.empty-needs-king"


def test_grandfather_redeals_twice_gathering_the_columns_and_keeping_the_foundations() -> None:
    game = game_on(
        "grandfather",
        {
            "f1": Pile((), cards("AS")),
            "t1": Pile((), cards("5H 4H")),
            "t2": Pile(cards("9C"), cards("KD QD")),
            "t3": Pile((), cards("2S")),
        },
    )
    gathered = cards("4H 5H QD KD 9C 2S")  # column 1 first, each from its top card down
    assert DEAL.deal(len(gathered), 7)[0] == (0, True)  # 4H, the first card gathered
    events = game.play("s")
    assert isinstance(events[0], Redealt) and events[0].down == 0
    state = game.state
    assert state.pile("f1").up == cards("AS") and state.pass_number == 2
    # Six cards: column 1 gets 4H face up; columns 2 to 6 one card each, face down in the
    # zigzag, so each turns its top card up: they lie face up.
    assert texts(state.pile("t1")) == ("", "4H")
    assert [texts(state.pile(f"t{n}")) for n in range(2, 7)] == [
        ("", c) for c in ("5H", "QD", "KD", "9C", "2S")
    ]
    assert not state.pile("t7")
    game.play("s")
    assert refusal(game, "s") == "stock.no-redeals-left"
    assert DRAW not in game.legal_moves()
    game.undo()
    assert game.check("s") == DRAW


def test_grandfather_does_not_redeal_empty_columns() -> None:
    game = game_on("grandfather", {"f1": Pile((), cards("AS"))})
    assert refusal(game, "s") == "stock.nothing-to-redeal"


def test_grandfather_scoring_fits_as_yukon() -> None:
    variant = CATALOG.variant("grandfather")
    assert CATALOG.scoring("normal").fits(variant) and CATALOG.scoring("vegas").fits(variant)
    assert CATALOG.game_from_code("GF1-D1N-AAAAAAB").state.score == 0


# -- Clock -----------------------------------------------------------------------------------------


def test_clock_deal_turns_up_the_top_of_the_kings_pile() -> None:
    game = CATALOG.game_from_code("CL1-D1X-AAAAAAB")
    state = game.state
    assert [len(state.pile(f"t{n}").down) for n in range(1, 14)] == [4] * 12 + [3]
    assert [len(state.pile(f"t{n}").up) for n in range(1, 14)] == [0] * 12 + [1]
    card = state.pile("t13").up[-1]
    assert [str(move) for move in game.legal_moves()] == [f"t13>f{card.rank}"]
    assert game.tap("t13") == Move("t13", f"f{card.rank}")  # a click plays it in the window


def test_clock_a_card_goes_to_its_ranks_foundation_and_its_hours_top_card_turns_up() -> None:
    piles = {"t13": Pile(cards("KC KD KH"), cards("5S")), "t5": Pile(cards("AH 2H 3H 9D"))}
    game = game_on("clock", piles)
    assert refusal(game, "t13>f4") == "foundation.rank"
    assert refusal(game, "t5>f9") == "tableau.face-down"
    assert refusal(game, "t13>t5") == "tableau.face-down-top"
    events = game.play("t13>f")
    assert events[:2] == (CardsMoved("t13", "f5", cards("5S")), CardTurnedUp("t5", Card.parse("9D")))
    assert game.legal_moves() == [Move("t5", "f9")]


def test_clock_ends_with_the_fourth_king_won_only_when_every_card_is_home() -> None:
    piles = {f"t{n}": Pile() for n in range(1, 14)}
    piles |= {f"f{n}": Pile((), tuple(Card(n, suit) for suit in Suit)) for n in range(1, 13)}
    piles |= {"f13": Pile((), cards("KS KH KD")), "t13": Pile((), cards("KC"))}
    game = game_on("clock", piles)
    game.play("t13>f")
    assert game.is_won and game.legal_moves() == []
    piles |= {"f12": Pile((), cards("QS QH QD")), "t12": Pile(cards("QC"))}
    game = game_on("clock", piles)
    game.play("t13>f")
    assert not game.is_won and game.legal_moves() == []  # lost: a queen is left face down


# -- Aces Up ---------------------------------------------------------------------------------------


def _aces_up(columns: list[str], stock: str = "") -> Game:
    piles = {f"t{n}": Pile((), cards(text)) for n, text in enumerate(columns, 1)}
    return game_on("aces-up", {**piles, "s": Pile(cards(stock))})


def test_aces_up_deal() -> None:
    game = CATALOG.game_from_code("AU1-D1X-AAAAAAB")
    assert [len(column.up) for column in game.state.tableau] == [1, 1, 1, 1]
    assert len(game.state.stock) == 48
    game.play("s")
    assert [len(column.up) for column in game.state.tableau] == [2, 2, 2, 2]


def test_aces_up_a_card_goes_off_under_a_higher_card_of_its_suit_aces_high() -> None:
    game = _aces_up(["7H", "9H", "KS", "AS"])
    assert game.check("t1>f") == Move("t1", "f1")
    assert refusal(game, "t2>f1") == "foundation.higher-of-suit"  # no higher heart shows
    assert game.check("t3>f1") == Move("t3", "f1")  # K♠ under A♠: the ace is high
    assert refusal(game, "t4>f1") == "foundation.higher-of-suit"  # nothing is over an ace
    assert refusal(game, "t1>t2") == "build.none"


def test_aces_up_an_empty_column_takes_any_last_card_and_the_stock_deals_anyway() -> None:
    game = _aces_up(["7H 2C", "", "KS", "AS"], stock="3D 4D 5D 6D")
    assert game.check("t1>t2") == Move("t1", "t2")
    assert game.check("s") == DRAW
    game.play("s")
    assert [len(column.up) for column in game.state.tableau] == [3, 1, 2, 2]


def test_aces_up_is_won_when_only_the_aces_are_left() -> None:
    game = _aces_up(["AS 5C", "AH", "AD", "AC 2C"])
    game.play("t4>f")
    assert not game.is_won
    game.play("t1>f")
    assert game.is_won  # the four aces left, each alone in its column
    game = _aces_up(["AS AH", "KC", "AD", "AC"])
    game.play("t2>f")
    assert game.is_won  # two aces in one column count too: spreading them is a formality
