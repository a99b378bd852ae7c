"""Helpers for the bot tests: play hands with bots seated, and build exact positions."""

from __future__ import annotations

import random

import pytest

from game.bots.registry import make_bot
from game.rules.actions import Deal
from game.rules.auction_game.state import HandState
from game.rules.engine import actor, apply, at_deal, new_game
from game.rules.events import HandScored
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset


def play_hand(rules, seed, levels, deal=0, check=True, stats=None, options=None):
    """Play one hand from the deal to its score with the given level per seat. Every action is
    checked against the seat's legal actions (a bot's illegal choice raises). The ``open``
    level gets a revealed view, as in the match harness. Returns (final state, actions,
    scored result)."""
    bots = [make_bot(lv, **(options or {}).get(lv, {})) for lv in levels]
    state = new_game(rules, seed)
    dealer = rules.seating.wrapped(deal)
    state = at_deal(state, deal, dealer)
    state, _ = apply(state, Deal())
    actions = []
    i = 0
    while True:
        seat = actor(state)
        if seat < 0 or state.phase == Phase.DEAL:
            return state, actions, None
        view = observe(state, seat, reveal=getattr(bots[seat], "sees_all", False))
        action = bots[seat].choose(view, random.Random(f"t/{seed}/{deal}/{i}"))
        i += 1
        if check:
            assert action in view.legal, (rules.name, levels[seat], view.phase, action)
        if stats is not None:
            stats[levels[seat]] = stats.get(levels[seat], 0) + 1
        state, events = apply(state, action)
        actions.append(action)
        for ev in events:
            if isinstance(ev, HandScored):
                return state, actions, ev.result


@pytest.fixture
def preset():
    return load_preset


def cards_of(rules, text):
    from game.rules.cards import parse_cards

    return rules.deck.counts_of(parse_cards(text))


def trick_position(rules, hands, trump, bidder, leader, bid=None, tricks=(), trick=(),
                   dealer=None, seed=0):
    """A game in trick play with the given hands (one string per seat, cards still held),
    earlier tricks and the current trick (lists of (seat, "card")). Meld is each seat's best
    meld of its hand at the start of play (held cards plus the cards it has played)."""
    from game.rules.auction_game import melding
    from game.rules.auction_game.state import PlayState
    from game.rules.cards import Card, Suit
    from game.rules.compiled import kernel_for
    from game.rules.engine import new_game

    deck = rules.deck
    kern = kernel_for(rules)
    held = [cards_of(rules, h) if h is not None else 0 for h in hands]
    played_by = [0] * rules.players
    for t in tricks:
        for s, _ in t:
            played_by[s] += 1
    for s, _ in trick:
        played_by[s] += 1
    used = sum(held)
    for t in (*tricks, trick):
        for _, c in t:
            used += deck.one[deck.type_of(Card.parse(c))]
    free = deck.to_cards(deck.full() - used)
    random.Random(seed).shuffle(free)
    for s in range(rules.players):
        if hands[s] is None:
            need = rules.hand_size - played_by[s]
            held[s] = deck.counts_of(free[:need])
            free = free[need:]
    assert not free, "the hands do not use the whole pack"
    for s in range(rules.players):
        assert deck.size_of(held[s]) + played_by[s] == rules.hand_size, f"seat {s} size"
    start = list(held)
    done = []
    taken = [0] * rules.players
    won = [0] * rules.players
    played = 0
    for t in tricks:
        types = tuple((s, deck.type_of(Card.parse(c))) for s, c in t)
        done.append(types)
        ws, wt = types[0]
        for s, x in types[1:]:
            if kern.beats(x, wt, int(trump)):
                ws, wt = s, x
        taken[ws] += sum(kern.points[x] for _, x in types)
        won[ws] += 1
        for s, x in types:
            start[s] += deck.one[x]
            played += deck.one[x]
    cur = tuple((s, deck.type_of(Card.parse(c))) for s, c in trick)
    for s, x in cur:
        start[s] += deck.one[x]
        played += deck.one[x]
    assert sum(start) == deck.full(), "a card appears too often"
    state = new_game(rules, seed)
    dealer = rules.seating.previous(bidder) if dealer is None else dealer
    bid = rules.auction.min_bid if bid is None else bid
    hand = HandState(Phase.TRICKS, dealer, tuple(start), bidder=bidder, bid=bid,
                     trump=int(Suit(trump)))
    hand, _ = melding.show(rules, hand, range(rules.players))
    hand = hand._replace(side_meld=melding.side_melds(rules, hand))
    if cur:
        ws, wt = cur[0]
        for s, x in cur[1:]:
            if kern.beats(x, wt, int(trump)):
                ws, wt = s, x
        turn = cur[-1][0]
        turn = rules.next_seat(turn)
    else:
        ws, wt, turn = -1, 0, leader
    lead = cur[0][0] if cur else leader
    ps = PlayState(lead, turn, cur, ws, wt, tuple(taken), tuple(won), tuple(done), played)
    hand = hand._replace(hands=tuple(held), play=ps)
    return state._replace(dealer=dealer, hand=hand)


def level_options(level):
    """Options for the scenario tests: hard with a fixed budget, and easy without its
    deliberate random slips, so each test checks the level's rules rather than its dice."""
    return {"hard": {"samples": 24}, "easy": {"noise": 0}}.get(level, {})


def suggestion(state, level, seed=1, **options):
    from game.bots.registry import make_bot

    seat = actor(state)
    view = observe(state, seat)
    return make_bot(level, **options).suggest(view, random.Random(seed)), view
