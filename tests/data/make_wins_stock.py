"""Winning lines of Gypsy, Forty Thieves, Scorpion and Mod 3: make_wins.py's best-first
search, with a cost that knows what each of these games builds.

Run from the repository root:  .venv/bin/python tests/data/make_wins_stock.py [ID ...]
(``--first N`` the first deal tried, ``--deals N`` how many, ``--nodes N`` the positions
searched a deal or a phase, ``--width N`` and ``--phases N`` how far the search between
the stock's taps goes back, ``--redeal POLICY`` another policy than the game's;
existing files are rewritten).

make_wins.py's generic search (its cost: the cards in play and those lying on a lower
card) wins none of these four games within its budget.  Here each game's cost adds
what holds it back: the cards of a column out of the order it builds in (Gypsy: down
in alternating colours; Forty Thieves and Scorpion: down in suit), the cards in the
waste and how deep the cards the foundations need next lie (Forty Thieves), the cards
not yet in a run built on its king (Scorpion), and in Mod 3 the cards still outside a
pile that starts with its row's rank.  Gypsy, Mod 3 and Forty Thieves are searched by
phases: between two taps of the stock a best-first search without the tap finds the
best positions, and the tap is played from each of the ``--width`` best in turn.
Scorpion, whose stock is tapped once, is searched depth first, the cheapest move
first.  A line found is then shortened: its detours are cut.

Forty Thieves' one pass was won on none of the deals tried (1 to 12); its line plays
deal 1 with unlimited redeals (``--redeal unlimited``, code ``FT1-D1XU-AAAAAAB``).
The files and their test are make_wins.py's.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import make_wins  # noqa: E402

from solitaire.core.cards import Card  # noqa: E402
from solitaire.core.moves import DRAW, Move  # noqa: E402
from solitaire.core.ruleset import Ruleset  # noqa: E402
from solitaire.core.state import FOUNDATION, STOCK, TABLEAU, WASTE, State  # noqa: E402
from solitaire.plugins.builtins import new_catalog  # noqa: E402

Fits = Callable[[Card, Card], bool]


def _key(state: State) -> object:
    """The position without its score and move counter."""
    return state.piles, state.pass_number


def _alternating(card: Card, under: Card) -> bool:
    return card.rank == under.rank - 1 and card.is_red != under.is_red


def _in_suit(card: Card, under: Card) -> bool:
    return card.rank == under.rank - 1 and card.suit == under.suit


def _breaks(up: Sequence[Card], fits: Fits) -> int:
    """How many face-up cards do not lie on the card they build on."""
    return sum(1 for under, card in itertools.pairwise(up) if not fits(card, under))


def _built(fits: Fits, stock: int, waste: int = 0) -> Callable[[State], int]:
    """Cards in play (the stock's at ``stock`` each), face-down cards, breaks in the
    columns' order, cards in the waste (more than elsewhere: they play in order)."""

    def cost(state: State) -> int:
        total = 0
        for pile, kind in zip(state.piles, state.table.kinds, strict=True):
            if kind == STOCK:
                total += stock * len(pile.down)
            elif kind == WASTE:
                total += (10 + waste) * len(pile.up)
            elif kind == TABLEAU:
                cards = pile.down + pile.up
                total += 10 * len(cards) + 6 * len(pile.down) + 5 * _breaks(pile.up, fits)
        return total

    return cost


_IN_SUIT_COST = _built(_in_suit, stock=14, waste=3)


def _forty_thieves(state: State) -> int:
    """Forty Thieves: ``_built``'s cost, and how deep the cards the foundations need next
    lie (under how many cards of a column or of the waste, or how far down the stock)."""
    needed: dict[tuple[int, int], int] = {}
    for place in state.table.places(FOUNDATION):
        up = state.piles[place].up
        suit = (int(state.table.ids[place][1:]) - 1) % 4
        needed[(suit, len(up) + 1)] = needed.get((suit, len(up) + 1), 0) + 1
    depth = 0
    for pile, kind in zip(state.piles, state.table.kinds, strict=True):
        if kind == STOCK:
            cards = pile.down[::-1]  # the next card drawn first
        elif kind in (TABLEAU, WASTE):
            cards = pile.up[::-1]  # the top card first
        else:
            continue
        for place, card in enumerate(cards):
            if needed.get((card.suit, card.rank)):
                depth += place if kind != STOCK else place // 2
    return _IN_SUIT_COST(state) + 3 * depth


def _scorpion(state: State) -> int:
    """Scorpion: a suit leaves only as a whole run built on its king at the bottom of a
    column, so each card counts until it lies in such a run (from the king down, in
    suit); face-down cards and breaks in suit order count too, the stock a little."""
    total = 0
    for pile, kind in zip(state.piles, state.table.kinds, strict=True):
        if kind == STOCK:
            total += 2 * len(pile.down)
        elif kind == TABLEAU:
            cards = pile.down + pile.up
            founded = 0
            if cards and not pile.down and cards[0].rank == 13:
                founded = 1
                while founded < len(cards) and _in_suit(cards[founded], cards[founded - 1]):
                    founded += 1
            total += 10 * (len(cards) - founded) - founded * founded // 2
            total += 8 * len(pile.down) + 4 * _breaks(pile.up, _in_suit)
    return total


def _mod3(state: State) -> int:
    """Mod 3: cards not yet in a pile of the rows that starts with its row's rank (a
    stray card of the rows counts as one to move), cards buried in the fourth row."""
    from solitaire.variants.mod3 import BASE

    total = 0
    for pile_id, pile, kind in zip(state.table.ids, state.piles, state.table.kinds, strict=True):
        if kind == STOCK:
            total += 14 * len(pile.down)
        elif kind == TABLEAU:
            total += 10 * len(pile.up) + 3 * max(0, len(pile.up) - 1)
        elif kind == FOUNDATION and pile.up and pile.up[0].rank != BASE[pile_id]:
            total += 12 * len(pile.up)
    return total


COSTS: dict[str, Callable[[State], int]] = {
    "gypsy": _built(_alternating, stock=6),
    "forty-thieves": _forty_thieves,
    "scorpion": _scorpion,
    "mod3": _mod3,
}


#: The phases a deal's search may go through (each a best-first search between taps).
PHASES = 200


def _line(parents: dict[object, tuple[object, Move] | None], key: object) -> list[Move]:
    line: list[Move] = []
    step = parents[key]
    while step is not None:
        line.append(step[1])
        step = parents[step[0]]
    return line[::-1]


def _phase(
    state: State, rules: Ruleset, cost: Callable[[State], int], nodes: int, width: int
) -> tuple[list[Move] | None, list[tuple[list[Move], State]]]:
    """The positions reached without tapping the stock, best first, up to ``nodes``: a
    winning line if one is found, else the lines to the ``width`` best positions."""
    tie = itertools.count()
    parents: dict[object, tuple[object, Move] | None] = {_key(state): None}
    queue = [(cost(state), next(tie), state)]
    best: list[tuple[int, int, object, State]] = [(cost(state), 0, _key(state), state)]
    while queue and len(parents) < nodes:
        _, _, here = heapq.heappop(queue)
        here_key = _key(here)
        for move in rules.legal_moves(here):
            if move.is_draw:
                continue
            _, after = rules.transition(here, move)
            key = _key(after)
            if key in parents:
                continue
            parents[key] = (here_key, move)
            if rules.is_won(after):
                return _line(parents, key), []
            score = cost(after)
            heapq.heappush(queue, (score, next(tie), after))
            best.append((score, next(tie), key, after))
    best.sort(key=lambda found: found[:2])
    return None, [(_line(parents, key), found) for _, _, key, found in best[:width]]


def phased(
    state: State, rules: Ruleset, cost: Callable[[State], int], nodes: int, width: int
) -> list[Move] | None:
    """A winning line: between two taps of the stock, the best positions a best-first
    search finds (``nodes`` positions a phase); then the tap, from each of the ``width``
    best in turn, as long as the budget (``PHASES``) lasts."""
    phases = itertools.count()

    def go(here: State) -> list[Move] | None:
        if next(phases) > PHASES:
            return None
        won, best = _phase(here, rules, cost, nodes, width)
        if won is not None:
            return won
        for line, found in best:
            if not isinstance(rules.check(found, DRAW), Move):
                continue
            _, after = rules.transition(found, DRAW)
            rest = go(after)
            if rest is not None:
                return [*line, DRAW, *rest]
        return None

    return go(state)


def depth_first(state: State, rules: Ruleset, cost: Callable[[State], int], nodes: int) -> list[Move] | None:
    """A winning line by a depth-first search, the cheapest move first, each position
    visited once, up to ``nodes`` positions (Scorpion: few moves, deep lines)."""
    seen = {_key(state)}

    def children(here: State) -> list[tuple[int, int, Move, State]]:
        found: list[tuple[int, int, Move, State]] = []
        for move in rules.legal_moves(here):
            _, after = rules.transition(here, move)
            if _key(after) not in seen:
                found.append((cost(after), len(found), move, after))
        return sorted(found, key=lambda child: child[:2])

    frames = [(children(state), itertools.count())]
    line: list[Move] = []
    while frames and len(seen) < nodes:
        options, turn = frames[-1]
        index = next(turn)
        if index >= len(options):
            frames.pop()
            if line:
                line.pop()
            continue
        _, _, move, after = options[index]
        key = _key(after)
        if key in seen:
            continue
        seen.add(key)
        line.append(move)
        if rules.is_won(after):
            return line
        frames.append((children(after), itertools.count()))
    return None


def shortened(state: State, rules: Ruleset, line: list[Move]) -> list[Move]:
    """The line with its detours cut: from each position, one move to the latest
    position of the line it reaches."""
    states = [state]
    for move in line:
        states.append(rules.transition(states[-1], move)[1])
    where = {_key(found): index for index, found in enumerate(states)}
    short: list[Move] = []
    index = 0
    while index < len(line):
        best, step = index + 1, line[index]
        for move in rules.legal_moves(states[index]):
            reached = where.get(_key(rules.transition(states[index], move)[1]), -1)
            if reached > best:
                best, step = reached, move
        short.append(step)
        index = best
    return short


#: The games searched depth first (``--nodes``: positions a deal), the others between
#: the taps of their stock (``--nodes``: positions a phase).
DEPTH_FIRST = ("scorpion",)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--width", type=int, default=2)
    parser.add_argument("--phases", type=int, default=PHASES)
    parser.add_argument("--redeal", help="a redeal policy other than the game's default")
    args = parser.parse_args()
    catalog = new_catalog(entry_points=False)
    globals()["PHASES"] = args.phases
    status = 0
    for variant in args.variants or sorted(COSTS):
        for deal in range(args.first, args.first + args.deals):
            game = catalog.new_game(catalog.options(variant, deal=deal, redeal=args.redeal))
            if variant in DEPTH_FIRST:
                line = depth_first(game.state, game.rules, COSTS[variant], args.nodes)
            else:
                line = phased(game.state, game.rules, COSTS[variant], args.nodes, args.width)
            if line is not None:
                line = shortened(game.state, game.rules, line)
                break
            print(f"  {variant}: deal {deal} not won", file=sys.stderr)
        else:
            print(f"{variant}: no win found", file=sys.stderr)
            status = 1
            continue
        how = (
            "a depth-first search"
            if variant in DEPTH_FIRST
            else "a best-first search between the stock's taps"
        )
        policy = f", redeal policy {args.redeal}" if args.redeal else ""
        note = f"{how}{policy} (tests/data/make_wins_stock.py)"
        make_wins.write_win(make_wins.WINS / f"{variant}.win", game.code, [str(m) for m in line], note)
        print(f"{variant}: {game.code}, {len(line)} actions")
    return status


if __name__ == "__main__":
    sys.exit(main())
