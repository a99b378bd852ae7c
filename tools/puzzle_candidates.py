"""Candidate play puzzles for the tutorial, found in real deals (an authoring aid).

    python -m tools.puzzle_candidates racehorse --deals 40 --margin 8

Medium bots play whole deals; wherever south must choose a card to follow or lead, the position
is rewritten as a lesson position (every seat's cards given, the trick so far as ``before``) and
the hard bot, with the check's fixed budget, ranks the legal cards on that position. Positions
where the best card beats the second by at least ``--margin`` points are printed as puzzle
stubs: the question and explanation are then written by hand, and ``tutorial --check`` verifies
the answer against the same analysis.
"""

from __future__ import annotations

import argparse
import random

from game.bots.registry import make_bot
from game.bots.search import CardSearch
from game.match.controller import Match
from game.rules.actions import PlayCard
from game.rules.auction_game.state import HandState
from game.rules.cards import Suit, format_cards
from game.rules.engine import apply, legal_actions
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset
from game.store.lessons import SEATS, Position
from game.tutorial.check_bot import HARD
from game.tutorial.positions import build_state, seat_key, seat_of


def position_of(state, rules):  # noqa: ANN001, ANN201
    """The lesson position for the trick in play, and the trick's cards as ``before``."""
    hand = state.hand
    assert isinstance(hand, HandState) and hand.play is not None
    deck = rules.deck
    names = {s: seat_key(rules, s) for s in rules.seating.seats}
    trick = [(s, deck.types[t]) for s, t in hand.play.trick]
    cards = {s: deck.to_cards(hand.hands[s]) for s in range(rules.players)}
    for s, c in trick:
        cards[s].append(c)
    size = max(len(v) for v in cards.values())
    melded = {names[s]: (m.cards_used() if m else []) for s, m in enumerate(hand.melds)}
    seats = tuple(tuple(cards[seat]) if (seat := seat_of(rules, n)) is not None else ()
                  for n in SEATS)
    pos = Position(phase="tricks", seed=1, dealer=hand.dealer, trump=Suit(hand.trump),
                   bidder=hand.bidder, bid=hand.bid, leader=hand.play.leader, cards=seats,
                   cards_each=size,
                   melded=tuple(tuple(melded.get(n, [])) for n in SEATS))
    return pos, [c for _, c in trick]


def stub(rules, pos, before, ranked, deck) -> str:  # noqa: ANN001
    best = deck.types[ranked[0].card_type]
    lines = [f'preset = "{rules.name}"', 'category = "play"', 'title = ""', 'question = ""',
             f'answers = ["play {best}"]', 'explanation = ""', 'why_not = ""',
             f"before = [{', '.join(f'{chr(34)}play {c}{chr(34)}' for c in before)}]",
             "# values: " + ", ".join(f"{deck.types[c.card_type].pretty} {c.value:.1f}"
                                      for c in ranked), "", "[position]",
             'phase = "tricks"', f'trump = "{pos.trump.letter}"', f"bidder = {pos.bidder}",
             f"bid = {pos.bid}", f"leader = {pos.leader}", f"dealer = {pos.dealer}",
             f"cards_each = {pos.cards_each}"]
    for name, cards in zip(SEATS, pos.cards, strict=True):
        if cards:
            lines.append(f'{name} = "{format_cards(cards)}"')
    lines.append("[position.melded]")
    for name, cards in zip(SEATS, pos.melded, strict=True):
        if cards:
            lines.append(f'{name} = "{format_cards(cards)}"')
    return "\n".join(lines)


def candidates(preset: str, deals: int, margin: float, min_cards: int) -> None:
    rules = load_preset(preset)
    deck = rules.deck
    for seed in range(1, deals + 1):
        match = Match(rules, seed, ("medium",) * rules.players)
        while match.state.phase not in (Phase.DEAL,) or not match.actions:
            if match.state.hand_no > 0 or match.over:
                break
            state = match.state
            if state.phase == Phase.TRICKS and match.actor == 0:
                view = observe(state, 0)
                types = sorted({deck.type_of(a.card) for a in view.legal
                                if isinstance(a, PlayCard)})
                if len(types) > 1 and len(view.cards) >= min_cards:
                    pos, before = position_of(state, rules)
                    built = build_state(rules, pos, "candidate")
                    for c in before:
                        built, _ = apply(built, PlayCard(c))
                    bview = observe(built, 0)
                    btypes = sorted({deck.type_of(a.card) for a in legal_actions(built)
                                     if isinstance(a, PlayCard)})
                    ranked = CardSearch(bview).run(btypes, random.Random("check/candidate"),
                                                   HARD["samples"])
                    if len(ranked) > 1 and ranked[0].value - ranked[1].value >= margin:
                        print(f"# seed {seed}\n" + stub(rules, pos, before, ranked, deck) + "\n")
            bot = make_bot("medium")
            seat = match.actor
            if state.phase == Phase.DEAL:
                match.step_bot()
                continue
            action = bot.choose(observe(state, seat), random.Random(len(match.actions)))
            match.submit(action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("preset")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--margin", type=float, default=8.0)
    parser.add_argument("--min-cards", type=int, default=3)
    args = parser.parse_args()
    candidates(args.preset, args.deals, args.margin, args.min_cards)


if __name__ == "__main__":
    main()
