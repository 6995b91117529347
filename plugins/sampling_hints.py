"""Hints that do not peek (a built-in plugin, ``sampling-hints``).

In a variant that hides cards from the player (``Variant.hidden_information``:
Klondike's face-down cards, Spider's, a stock that deals onto the columns), a
solver that sees them would give hints no player could have found.  This
provider looks only at what the player has seen.  It guesses the unseen cards
many times over, each guess consistent with what is in sight, solves every
guess with a small budget (the solver then knows the guessed cards) and hints
the move that starts a win in the most guesses ("hindsight optimisation").

**What the player has seen**, from the position alone (a player with a perfect
memory; cards shown and then taken back by undo count as unseen):

* every face-up card, where it lies: columns, cells, reserves, foundations and the whole waste
  (each waste card was turned up when it was drawn; with draw 3 that includes
  the cards under the top three);
* the stock once the waste has been turned back into it (``pass_number`` above
  1): every one of its cards was drawn, hence shown, in the pass before;
* not the stock during the first pass through it (``pass_number`` 1; a stock
  that deals onto the columns is never turned back), and never a face-down card
  of any other pile.

The unseen cards are thus known as a set (the game's cards, any number of decks,
but those in sight), not where they lie: a guess deals them at random into the
unseen places, the face-down cards of each pile but the stock (bottom first, in
layout order) and then, in the first pass, the stock.  The random generator is
seeded from what is in sight, so the guesses, and the hint, are the same for
every arrangement of the unseen cards: the hint cannot depend on them.

Each guess is solved once and votes for the first action of its winning line
(a tap of the stock is the draw).  One solve a guess makes many guesses per
second; trying every legal move on every guess would cost one solve per legal
move for each guess, at a budget per hint that allows a dozen solves.  A guess
votes for one move only, the solver's first choice among the winning ones, so
the count of guesses a move "wins" is a lower bound.  Guessing stops early once
no other move can catch up with the leader, and before a guess that would likely
end past the time budget.  No hint (``None``, so that the heuristic answers)
when no guess is won within the budget, and none either when there is nothing
to weigh: a single legal move, or a safe move to a foundation (a card no column
can need any more, as the solver's own reductions define it; the solver plays
such moves before any other).  When nothing is hidden any more the position itself is
solved, and the rest of a winning line is remembered.

The budget (:data:`budget`, a :class:`SamplingBudget`) is the time for the
whole hint, the number of guesses and the positions searched per guess.  The
node limit keeps hints the same on fast and slow machines; the time limit only
stops a hint that would take too long (then, on a slow or busy machine, fewer
guesses may be made).

>>> from solitaire.plugins.builtins import new_catalog
>>> game = new_catalog(entry_points=False).game_from_code("KL1-D3N-AAAAAAG")
>>> len(unseen_cards(game.state))   # 21 cards face down, 24 in the stock
45
>>> guess = next(guesses(game.state, game.rules))
>>> [column.up for column in guess.tableau] == [column.up for column in game.state.tableau]
True
>>> guess.tableau == game.state.tableau   # the face-down cards are dealt anew
False
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Hashable, Iterator, Sequence

import attrs

from solitaire.core.cards import CARDS, Card
from solitaire.core.hints import Hint, Memory, naming
from solitaire.core.hookspecs import hookimpl
from solitaire.core.i18n import Message, Plural
from solitaire.core.moves import Move
from solitaire.core.ruleset import Ruleset
from solitaire.core.state import FOUNDATION, STOCK, TABLEAU, WASTE, Pile, State

__all__ = [
    "SamplingBudget",
    "budget",
    "deal_unseen",
    "guesses",
    "known",
    "safe_move",
    "sampling_hint",
    "solitaire_hint",
    "stock_seen",
    "unseen_cards",
    "unseen_places",
]


@attrs.frozen
class SamplingBudget:
    """How much a hint may think: ``seconds`` in all, at most ``samples`` guesses
    of the unseen cards, ``nodes`` positions searched per guess."""

    seconds: float = 1.0
    samples: int = 12
    nodes: int = 1_500


#: The budget the plugin's hook uses; replace it to change how long hints think.
budget = SamplingBudget()

#: The solver reads its clock every hundred positions or so: it is told to stop this
#: many seconds before the hint's time is up, so that the hint ends within it.
CLOCK_MARGIN = 0.02

#: Hints already worked out: by rules, budget (None for a winning line) and what is in sight.
known: Memory[Hashable, Hint | None] = Memory(2_048)


# -- what the player has seen ---------------------------------------------------------------------


def stock_seen(state: State) -> bool:
    """Whether the player has seen the stock's cards: after the first recycle."""
    return state.pass_number > 1


def unseen_places(state: State) -> tuple[int, ...]:
    """The places (in ``State.piles``) whose face-down cards the player has not seen:
    every pile with face-down cards but the stock, in layout order, then the stock
    (in the first pass)."""
    kinds = state.table.kinds
    places = [place for place, pile in enumerate(state.piles) if pile.down and kinds[place] != STOCK]
    if not stock_seen(state):
        places.extend(place for place in state.table.places(STOCK) if state.piles[place].down)
    return tuple(places)


def unseen_cards(state: State) -> tuple[Card, ...]:
    """The cards the player has not seen, in card order (not where they lie): any
    number of decks."""
    piles = state.piles
    return tuple(sorted((card for place in unseen_places(state) for card in piles[place].down), key=_order))


def _order(card: Card) -> int:
    return card.uid


def _faces(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(card.index for card in cards)


def _sight(state: State, rules: Ruleset) -> tuple[Hashable, ...]:
    """What the player sees: the position with each unseen pile reduced to its size, and
    what matters of the pass under way (whether the stock was seen, the passes left)."""
    unseen = set(unseen_places(state))
    return (
        tuple(
            (len(pile.down) if place in unseen else _faces(pile.down), _faces(pile.up))
            for place, pile in enumerate(state.piles)
        ),
        stock_seen(state),
        rules.redeal.passes_left(state),
        _known_values(state, rules),
    )


def _hidden_fields(rules: Ruleset) -> tuple[str, ...]:
    """The names of the variant's fields the player cannot know (random sources)."""
    return tuple(field.name for field in rules.variant.state_fields() if field.hidden)


def _known_values(state: State, rules: Ruleset) -> tuple[tuple[str, int], ...]:
    """The values of the variant's fields that the player knows (all but random sources)."""
    hidden = _hidden_fields(rules)
    return tuple((name, value) for name, value in state.variables.items() if name not in hidden)


def _seed(state: State, rules: Ruleset) -> int:
    """The guesses' seed: what is in sight, with the stock and the waste taken as one
    set of cards, so that tapping through a stock already seen keeps the same guesses.
    (In Klondike: the foundations' heights and the columns' face-down counts and face-up
    cards; elsewhere every other pile's cards in sight.)"""
    kinds = state.table.kinds
    waste = sorted(card.index for card in state.waste)
    if stock_seen(state):
        talon: Hashable = tuple(sorted([*waste, *(card.index for card in state.stock)]))
    else:
        talon = (len(state.stock), tuple(waste))
    foundations = tuple(len(foundation) for foundation in state.foundations)
    columns = tuple((len(column.down), _faces(column.up)) for column in state.tableau)
    others = tuple(
        (len(pile.down), _faces(pile.up))
        for place, pile in enumerate(state.piles)
        if kinds[place] not in (STOCK, WASTE, FOUNDATION, TABLEAU)
    )
    sight: tuple[Hashable, ...] = (foundations, columns, stock_seen(state), rules.redeal.passes_left(state))
    if others:
        sight = (*sight, others)
    known = _known_values(state, rules)
    if known:
        sight = (*sight, known)
    text = repr((_rules_key(rules), talon, sight))
    import hashlib

    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def _rules_key(rules: Ruleset) -> tuple[Hashable, ...]:
    options = rules.options
    return (options.variant, options.draw, options.redeal, options.returns_allowed)


def deal_unseen(state: State, cards: Sequence[Card]) -> State:
    """``state`` with ``cards`` dealt into the unseen places (:func:`unseen_places`):
    the face-down cards of each pile in turn, bottom first (in Klondike the columns),
    then (in the first pass) the stock, bottom first.

    ``cards`` must be as many as the unseen places (``len(unseen_cards(state))``)."""
    places = unseen_places(state)
    piles = state.piles
    count = sum(len(piles[place].down) for place in places)
    if len(cards) != count:
        raise ValueError(f"{len(cards)} cards for {count} unseen places")
    deck = iter(cards)
    ids = state.table.ids
    changes = {
        ids[place]: Pile(tuple(next(deck) for _ in piles[place].down), piles[place].up) for place in places
    }
    return state.with_piles(changes)


def guesses(state: State, rules: Ruleset) -> Iterator[State]:
    """Endless guesses of the unseen cards, from a generator seeded by what is in sight;
    the variant's random sources (its hidden fields, such as the seed of the shuffles
    to come) are guessed too, so that no guess knows how a redeal will fall."""
    pool = unseen_cards(state)
    hidden = _hidden_fields(rules)
    import random

    rng = random.Random(_seed(state, rules))
    while True:
        order = list(pool)
        rng.shuffle(order)
        guess = deal_unseen(state, order)
        if hidden:
            variables = guess.variables
            for name in hidden:
                variables = variables.set(name, rng.getrandbits(64))
            guess = attrs.evolve(guess, variables=variables)
        yield guess


# -- the hint -------------------------------------------------------------------------------------


def safe_move(state: State, rules: Ruleset) -> Move | None:
    """A move to a foundation that cannot spoil a win: a card of rank 2 or less, or
    one whose two possible holders (the cards of the other colour one rank lower)
    are home already; from the waste only at draw 1 with unlimited redeals.  In the
    games of the generic solver, a move its reductions take as safe
    (:class:`~solitaire.core.search.Dominance`)."""
    from solitaire.core.solver import solver_of
    from solitaire.variants.klondike_solver import KLONDIKE_SOLVER

    if solver_of(rules) is not KLONDIKE_SOLVER:
        from solitaire.core.search import Dominance

        dominance = Dominance.of(rules.variant, rules)
        return None if dominance is None else dominance.safe(state, rules.legal_moves(state))
    heights = [len(foundation) for foundation in state.foundations]

    def safe(card: Card) -> bool:
        if heights[card.suit] != card.rank - 1:
            return False
        others = [suit for suit in range(len(heights)) if CARDS[suit * 13].is_red is not card.is_red]
        return card.rank <= 2 or all(heights[suit] >= card.rank - 1 for suit in others)

    for number, column in enumerate(state.tableau, 1):
        if column.up and safe(column.up[-1]):
            return Move(f"t{number}", "f")
    if rules.draw == 1 and rules.redeal.passes is None and state.waste and safe(state.waste[-1]):
        return Move("w", "f")
    return None


def sampling_hint(
    state: State, rules: Ruleset, limits: SamplingBudget | None = None, *, remember: bool = True
) -> Hint | None:
    """The move that wins most guesses of the unseen cards, or None (to let the next
    provider answer): the variant hides nothing or the solver does not know it, there
    is a single legal move or a safe one (:func:`safe_move`), or no guess was won
    within ``limits`` (default :data:`budget`).

    ``remember=False`` neither uses nor keeps remembered answers."""
    from solitaire.core.solver import solvable  # the solver loads when a hint is asked

    limits = limits or budget
    if not rules.variant.hidden_information or not solvable(rules) or rules.is_won(state):
        return None
    moves = rules.legal_moves(state)
    if len(moves) <= 1 or safe_move(state, rules) is not None:
        return None  # nothing to weigh: the heuristic answers
    sight = _sight(state, rules)
    line_key = (_rules_key(rules), None, sight)
    key = (_rules_key(rules), limits, sight)
    if remember:
        for cached in (line_key, key):
            found, answer = known.recall(cached)
            if found:
                return answer
    if unseen_cards(state):
        hint = _vote(state, rules, moves, limits)
    else:
        hint = _solve_known(state, rules, limits, remember=remember)
    if remember:
        known.remember(key, hint)
    return hint


def _vote(state: State, rules: Ruleset, moves: list[Move], limits: SamplingBudget) -> Hint | None:
    """Solve guesses until the budget is spent or the leading move cannot be caught up."""
    from solitaire.core.solver import first_move, solve

    started = time.monotonic()
    deadline = started + limits.seconds - CLOCK_MARGIN
    votes: Counter[Move] = Counter()
    tried = 0
    for guess in guesses(state, rules):
        now = time.monotonic()
        left = deadline - now
        # Stop when the next guess would likely end past the deadline (guesses take about as long).
        if tried >= limits.samples or left <= 0 or (tried and left < (now - started) / tried):
            break
        result = solve(guess, rules, max_nodes=limits.nodes, timeout=left)
        tried += 1
        move = _canonical(state, rules, first_move(result)) if result.verdict == "winnable" else None
        if move is not None:
            votes[move] += 1
        leaders = [count for _, count in votes.most_common(2)] + [0, 0]
        if leaders[0] - leaders[1] > limits.samples - tried:
            break
    if not votes:
        return None
    order = {move: number for number, move in enumerate(moves)}
    best = max(votes, key=lambda move: (votes[move], -order.get(move, len(order))))
    won = votes[best]
    return naming(
        state,
        best,
        Plural(
            "this wins {won} of {tried} guess of the hidden cards.",
            "this wins {won} of {tried} guesses of the hidden cards.",
            tried,
            won=won,
            tried=tried,
        ),
        rules,
    )


def _solve_known(state: State, rules: Ruleset, limits: SamplingBudget, *, remember: bool) -> Hint | None:
    """Nothing is hidden: solve the position itself, with the budget of every guess."""
    from solitaire.core.solver import first_move, solve

    timeout = max(limits.seconds - CLOCK_MARGIN, 0.0)
    result = solve(state, rules, max_nodes=limits.nodes * limits.samples, timeout=timeout)
    if result.verdict == "unwinnable":
        return Hint(
            None,
            Message("No move wins from here: undo some moves or start a new game."),
        )
    first = _canonical(state, rules, first_move(result))
    if result.verdict != "winnable" or first is None:
        return None
    position = state
    hint = None
    for action in result.solution:
        step = _canonical(position, rules, Move.parse(action))
        if step is None:  # never expected: the solver plays by the same rules
            break
        answer = _line_hint(position, rules, step)
        hint = hint or answer
        if remember:
            known.remember((_rules_key(rules), None, _sight(position, rules)), answer)
        _, position = rules.transition(position, step)
    return hint


def _line_hint(state: State, rules: Ruleset, move: Move) -> Hint:
    return naming(
        state,
        move,
        Message("every card is known now, and this starts a winning line."),
        rules,
    )


def _canonical(state: State, rules: Ruleset, move: Move | None) -> Move | None:
    """The move as the rules write it in ``state``, or None when it is not legal there."""
    if move is None:
        return None
    checked = rules.check(state, move)
    return checked if isinstance(checked, Move) else None


@hookimpl
def solitaire_hint(state: State, rules: Ruleset) -> Hint | None:
    """The sampling hint where cards are hidden; None lets the next provider answer."""
    return sampling_hint(state, rules)
