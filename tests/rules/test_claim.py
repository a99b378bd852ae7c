"""Claims (issue 14, item 7): "when the engine can show that a side takes every remaining trick
against any play, that side may claim ... and the hand is scored exactly as if it had been
played out."

The proof is checked against the bots' exact alpha-beta solver (a separate implementation),
and a claimed hand's score against the same hand played out by random opponents.
"""

from __future__ import annotations

import random

import pytest

from game.bots.solver import solve
from game.rules import claim as claims
from game.rules.actions import Bid, DeclareOut, Pass, PlayCard, ThrowIn
from game.rules.engine import actor, apply, legal_actions, new_game
from game.rules.errors import IllegalActionError
from game.rules.events import HandClaimed, HandScored, TrickWon
from game.rules.phase import Phase
from tests.helpers import game_with_hands, play_actions, rules

VARIANTS = ["racehorse", "cutthroat", "double-deck", "two-handed"]


def positions(variant: str, games: int, most_tricks: int, seed: int = 0):
    """Trick-play positions of random games with at most ``most_tricks`` tricks left, the
    seat to play on the side that is tested (every position once per side to play)."""
    r = rules(variant)
    rng = random.Random(seed)
    for g in range(games):
        state = new_game(r, 1000 * seed + g)
        while not state.over and not state.records:
            pos = claims.position(state)
            if pos is not None and claims.tricks_left(pos) <= most_tricks:
                yield state
            state, _ = apply(state, modest(legal_actions(state), rng))


def modest(acts, rng):
    """A random action, but the lowest bid or a pass in the auction and no concession, so that
    the hands are played out (a random 1990 bid is conceded, and has no tricks)."""
    bids = [a for a in acts if isinstance(a, Bid)]
    if bids:
        return Pass() if Pass() in acts and rng.random() < 0.7 else bids[0]
    acts = [a for a in acts if not isinstance(a, (ThrowIn, DeclareOut))] or acts
    return acts[int(rng.random() * len(acts))]


def solver_says_all(state, side: int) -> bool:
    """The bots' solver: the side's best play against the others' best play wins every
    remaining trick."""
    pos = claims.position(state)
    assert pos is not None
    r = state.rules
    k = pos.kernel
    maximiser = [r.side_of(s) == side for s in range(r.players)]
    left = claims.tricks_left(pos)
    before = [0] * r.players

    def value(_taken, won):
        return sum(won[s] - before[s] for s in range(r.players) if maximiser[s])

    best = solve(k, list(pos.hands), pos.trump, pos.leader, pos.trick, maximiser,
                 [0] * r.players, [0] * r.players, value, k.next_seat)
    return best == left


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_claim_is_shown_exactly_when_the_side_takes_every_trick_against_any_play(variant):
    checked = proven = 0
    for state in positions(variant, 12, 4):
        side = state.rules.side_of(actor(state))
        line = claims.claim_line(state, side)
        assert (line is not None) == solver_says_all(state, side), (variant, state.hand)
        checked += 1
        proven += line is not None
    assert checked > 50 and proven > 5, (checked, proven)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_claimed_hand_scores_exactly_as_if_played_out(variant):
    """Played out by opponents who play at random (the claimers answering with a winning card
    each time), the hand scores what the claim scored."""
    rng = random.Random(5)
    tried = 0
    for state in positions(variant, 12, 6, seed=1):
        seat = actor(state)
        if not claims.can_claim(state, seat):
            continue
        claimed, events, line = claims.claim(state, seat)
        head = events[0]
        assert isinstance(head, HandClaimed) and head.seat == seat
        won = [e for e in events if isinstance(e, TrickWon)]
        assert won and all(state.rules.side_of(e.seat) == head.side for e in won)
        assert head.points == sum(e.points for e in won) and head.tricks == len(won)
        for _ in range(3):
            played = play_out(state, head.side, rng)
            assert played.records[-1] == claimed.records[-1]
            assert played.scores == claimed.scores
        tried += 1
        if tried >= 8:
            break
    assert tried >= 3


def play_out(state, side, rng):
    """The rest of the hand with the others at random and the side finding a winning card."""
    r = state.rules
    while state.phase == Phase.TRICKS:
        seat = actor(state)
        acts = [a for a in legal_actions(state) if isinstance(a, PlayCard)]
        if r.side_of(seat) == side:
            acts = [a for a in acts if still_claims(apply(state, a)[0], side)]
        state, _ = apply(state, acts[int(rng.random() * len(acts))])
    return state


def still_claims(state, side):
    if state.phase != Phase.TRICKS:
        return True
    return claims.claim_line(state, side) is not None


def test_a_partner_holding_every_trump_claims_all_twelve_tricks_at_once():
    """In the game of the issue partner held every trump and the last six tricks were pure
    clicking; a leader whose every card nobody can beat claims at once, however long the hand."""
    r = rules("racehorse")
    state = game_with_hands(r, [
        "AS AS TS TS KS KS QS QS JS JS 9S 9S",
        "AC AC TC TC KC KC QC QC JC JC 9C 9C",
        "AH AH TH TH KH KH QH QH JH JH 9H 9H",
        "AD AD TD TD KD KD QD QD JD JD 9D 9D"], dealer=3)
    state, _ = play_actions(state, "pass", "pass", "bid 250", "pass", "trump H",
                            "pass-cards AS AS TS", "pass-cards AS AS TS")
    assert state.phase == Phase.TRICKS and actor(state) == 2
    pos = claims.position(state)
    assert pos is not None and claims.tricks_left(pos) == 12 and claims.solid(pos)
    claimed, events, line = claims.claim(state, 2)
    assert len(line) == 48
    won = [e for e in events if isinstance(e, TrickWon)]
    assert len(won) == 12 and {r.side_of(e.seat) for e in won} == {0}
    assert any(isinstance(e, HandScored) for e in events)


def test_no_claim_while_a_trick_can_still_be_lost():
    """North holds every club, top to bottom, but West, void in clubs, holds a trump and may
    ruff: nobody can beat North's clubs in suit, yet the side cannot claim."""
    r = rules("racehorse")
    state = game_with_hands(r, [
        "AH AH TH TH KH KH QH QH JH JH 9H 9S",
        "9H AS AS TS TS KS KS QS QS JS JS 9S",
        "AC AC TC TC KC KC QC QC JC JC 9C 9C",
        "AD AD TD TD KD KD QD QD JD JD 9D 9D"], dealer=3)
    state, _ = play_actions(state, "pass", "pass", "bid 250", "pass", "trump H",
                            "pass-cards 9S JH JH", "pass-cards 9S JH JH")
    assert state.phase == Phase.TRICKS and actor(state) == 2
    pos = claims.position(state)
    assert pos is not None and not claims.solid(pos)
    with pytest.raises(IllegalActionError, match="every remaining trick"):
        claims.claim(state, 2)


def test_only_the_player_to_play_claims_and_not_with_reneges_allowed():
    for state in positions("racehorse", 6, 2):
        seat = actor(state)
        other = state.rules.next_seat(seat)
        assert not claims.can_claim(state, other)
        with pytest.raises(IllegalActionError):
            claims.claim(state, other)
        break
    reneging = rules("partnership-190")
    if reneging.tricks.reneges:  # the preset's default is off; a house rule may turn it on
        pytest.skip("reneges on by default")
    import dataclasses

    on = dataclasses.replace(reneging, tricks=dataclasses.replace(reneging.tricks,
                                                                  reneges=True))
    state = new_game(on, 1)
    rng = random.Random(1)
    while state.phase != Phase.TRICKS:
        acts = legal_actions(state)
        state, _ = apply(state, acts[int(rng.random() * len(acts))])
    assert claims.position(state) is None
