"""What an expert generation's two-handed playoff cards lose against exact play, per hand.

    python -m tools.playoff_loss --generation 0 --cards 11-20 --deals 60
    python -m tools.playoff_loss --generation 1 --cards 21-24 --deals 30

Once the stock is gone every card is known, so the exact solver (:mod:`game.bots.playoff`)
gives each card's guaranteed trick-point margin. Hands of seed 77 (the match's ``at_deal``) are
bid and played to the playoff by ``medium``; the playoff is played by ``expert`` of the given
generation, and at each of its decisions with ``--cards`` cards left in the two hands the chosen
card's exact value is compared with the best one's. The shortfalls are summed per hand: what the
generation gives away there, in raw trick points of margin (mean and 95% interval over hands).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence

from game.bots.playoff import PlayoffSolver
from game.bots.registry import make_bot
from game.rules.actions import Deal, PlayCard
from game.rules.compiled import kernel_for
from game.rules.engine import actor, apply, at_deal, new_game
from game.rules.events import HandScored
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset

SEED = 77


def losses(generation: int, low: int, high: int, deals: int) -> tuple[list[int], int, int]:
    """(loss per hand, decisions measured, decisions that lost something)."""
    rules = load_preset("two-handed")
    deck = rules.deck
    medium, expert = make_bot("medium"), make_bot("expert", generation=generation)
    kern = kernel_for(rules, rules.stock.playoff_obligations)
    per_hand: list[int] = []
    n = lossy = 0
    for deal in range(deals):
        state = at_deal(new_game(rules, SEED), deal, deal % 2)
        state, _ = apply(state, Deal())
        i = loss = 0
        while (seat := actor(state)) >= 0 and state.phase != Phase.DEAL:
            view = observe(state, seat)
            rng = random.Random(f"{deal}/{i}")
            i += 1
            if not (view.playoff and state.phase == Phase.TRICKS):
                state, events = apply(state, medium.choose(view, rng))
            else:
                action = expert.choose(view, rng)
                left = sum(view.hand_sizes)
                types = sorted({deck.type_of(a.card) for a in view.legal
                                if isinstance(a, PlayCard)})
                if low <= left <= high and len(types) > 1 and isinstance(action, PlayCard):
                    hands = [0, 0]
                    hands[seat] = view.hand
                    hands[1 - seat] = deck.full() - view.hand - view.played
                    trick = [(s, deck.type_of(c)) for s, c in view.trick]
                    values = PlayoffSolver(kern, view.trump, work_limit=10**7).values(
                        hands, seat, view.leader, trick, types)
                    lost = max(values.values()) - values[deck.type_of(action.card)]
                    n += 1
                    lossy += lost > 0
                    loss += lost
                state, events = apply(state, action)
            if any(isinstance(e, HandScored) for e in events):
                break
        per_hand.append(loss)
    return per_hand, n, lossy


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--generation", type=int, default=0)
    p.add_argument("--cards", default="11-20", help="cards left in both hands, LOW-HIGH")
    p.add_argument("--deals", type=int, default=60)
    args = p.parse_args(argv)
    low, high = (int(x) for x in args.cards.split("-"))
    per_hand, n, lossy = losses(args.generation, low, high, args.deals)
    mean = statistics.mean(per_hand)
    half = 1.96 * statistics.stdev(per_hand) / len(per_hand) ** 0.5 if len(per_hand) > 1 else 0.0
    print(f"expert generation {args.generation}, {low}-{high} cards left: {len(per_hand)} hands, "
          f"{n} decisions, {lossy} lossy: {mean:.2f} trick points a hand (+-{half:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
