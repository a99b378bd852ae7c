"""The two hot loops that carry their own copy of the kernel's legality test — the kernel's
random playout and the hard bot's rollout — choose exactly among ``PlayKernel.legal``'s cards.

Each loop is replayed by a reference that asks ``PlayKernel.legal`` for every follower and
draws from the same random numbers in the same way; with the same seed both must take the same
cards, so any difference between an inlined copy and ``legal`` (which is itself held to the
rule-by-rule explanation in test_properties) shows up as a different result.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from game.bots.rollout import RolloutPolicy
from game.bots.rollout_tables import Rnd, Side
from game.rules.compiled import kernel_for
from game.rules.kernel import PlayKernel
from game.rules.ruleset import RuleSet
from game.store.content import load_preset, preset_names

DEALS = 150


def _kernels() -> list[tuple[str, RuleSet, tuple[str, ...]]]:
    out = []
    for name in preset_names():
        r = load_preset(name)
        out.append((name, r, tuple(r.tricks.obligations)))
        if r.stock.enabled:
            out.append((name + " playoff", r, tuple(r.stock.playoff_obligations)))
    return out


# Issue 18's house rule, on a crawling and a take-the-trick table.
BEAT_LED = ("must_beat_led_after_trump",)
KERNELS = _kernels() + [
    ("double-deck beat led", load_preset("double-deck"),
     (*load_preset("double-deck").tricks.obligations, *BEAT_LED)),
    ("racehorse beat led", load_preset("racehorse"),
     (*load_preset("racehorse").tricks.obligations, *BEAT_LED)),
]
IDS = [k[0] for k in KERNELS]


def _deal(r: RuleSet, rng: random.Random) -> list[int]:
    pack = r.deck.cards()
    rng.shuffle(pack)
    size = len(pack) // r.players
    return [r.deck.counts_of(pack[i * size:(i + 1) * size]) for i in range(r.players)]


def _nth(kernel: PlayKernel, mask: int, rnd: Callable[[], float], draw_single: bool) -> int:
    """The card the loops pick from ``mask``: the int(rnd() * k)-th type, lowest first."""
    types = kernel.types_in(mask)
    if len(types) == 1 and not draw_single:
        return types[0]
    return types[int(rnd() * len(types))]


def _trick_winner(kernel: PlayKernel, trick: list[tuple[int, int]], trump: int) -> tuple[int, int]:
    ws, wt = trick[0]
    for seat, t in trick[1:]:
        if kernel.beats(t, wt, trump):
            ws, wt = seat, t
    return ws, wt


def _reference_random_playout(kernel: PlayKernel, hands: list[int], trump: int, leader: int,
                              rnd: Callable[[], float]) -> list[int]:
    pts = [0] * kernel.players
    while hands[leader]:
        t = _nth(kernel, hands[leader], rnd, draw_single=True)
        hands[leader] -= kernel.one[t]
        trick = [(leader, t)]
        seat = leader
        for _ in range(kernel.players - 1):
            seat = kernel.next_seat[seat]
            _, wt = _trick_winner(kernel, trick, trump)
            m = kernel.legal(hands[seat], trick, wt, trump)
            t = _nth(kernel, m, rnd, draw_single=False)
            hands[seat] -= kernel.one[t]
            trick.append((seat, t))
        leader, _ = _trick_winner(kernel, trick, trump)
        pts[leader] += sum(kernel.points[x] for _, x in trick)
    pts[leader] += kernel.last_trick
    return pts


@pytest.mark.parametrize(("name", "r", "obligations"), KERNELS, ids=IDS)
def test_random_playout_plays_only_legal_cards(name: str, r: RuleSet,
                                               obligations: tuple[str, ...]) -> None:
    kernel = kernel_for(r, obligations)
    rng = random.Random(name)
    for deal_no in range(DEALS):
        hands = _deal(r, rng)
        trump, leader = deal_no % 4, r.seating.wrapped(deal_no)
        fast = kernel.random_playout(list(hands), trump, leader, random.Random(deal_no).random)
        slow = _reference_random_playout(kernel, list(hands), trump, leader,
                                         random.Random(deal_no).random)
        assert fast == slow, f"{name}, deal {deal_no}: the inlined legality test disagrees"


class _LowestLead(RolloutPolicy):
    """The rollout with a fixed lead (the lowest card type held), so that only the followers'
    legality — the inlined copy — decides the play."""

    def _lead(self, hands: list[int], seat: int, trump: int, row: Side, bidding: bool,
              rnd: Rnd, eps: float) -> int:
        return self.k.types_in(hands[seat])[0]


def _reference_rollout(kernel: PlayKernel, hands: list[int], trump: int, leader: int,
                       rnd: Callable[[], float]) -> tuple[list[int], list[int]]:
    n = kernel.players
    taken, won = [0] * n, [0] * n
    while hands[leader]:
        t = kernel.types_in(hands[leader])[0]
        hands[leader] -= kernel.one[t]
        trick = [(leader, t)]
        seat = leader
        for _ in range(n - 1):
            seat = kernel.next_seat[seat]
            _, wt = _trick_winner(kernel, trick, trump)
            m = kernel.legal(hands[seat], trick, wt, trump)
            if len(kernel.types_in(m)) > 1:
                rnd()  # the rollout's exploration test (eps=1: always explores)
            t = _nth(kernel, m, rnd, draw_single=False)
            hands[seat] -= kernel.one[t]
            trick.append((seat, t))
        leader, _ = _trick_winner(kernel, trick, trump)
        taken[leader] += sum(kernel.points[x] for _, x in trick)
        won[leader] += 1
    taken[leader] += kernel.last_trick
    return taken, won


@pytest.mark.parametrize(("name", "r", "obligations"), KERNELS, ids=IDS)
def test_rollout_follows_only_legal_cards(name: str, r: RuleSet,
                                          obligations: tuple[str, ...]) -> None:
    policy = _LowestLead(r, obligations)
    kernel = policy.k
    team = [seat % 2 for seat in range(r.players)]
    rng = random.Random(name)
    for deal_no in range(DEALS):
        hands = _deal(r, rng)
        trump, leader = deal_no % 4, r.seating.wrapped(deal_no)
        fast = policy.play(list(hands), trump, leader, team, rnd=random.Random(deal_no).random,
                           eps=1.0)
        slow = _reference_rollout(kernel, list(hands), trump, leader,
                                  random.Random(deal_no).random)
        assert fast == slow, f"{name}, deal {deal_no}: the rollout's legality test disagrees"


def test_the_reference_notices_a_wrong_legality_test() -> None:
    """The comparison can fail: a kernel that lets a follower revoke gives other results."""
    r = load_preset("racehorse")
    kernel = kernel_for(r, tuple(r.tricks.obligations))
    loose = kernel_for(r, ())  # no obligations at all: any card may follow
    rng = random.Random(7)
    differ = 0
    for deal_no in range(30):
        hands = _deal(r, rng)
        fast = loose.random_playout(list(hands), 0, 0, random.Random(deal_no).random)
        slow = _reference_random_playout(kernel, list(hands), 0, 0,
                                         random.Random(deal_no).random)
        differ += fast != slow
    assert differ > 20
