"""The values behind :func:`game.bots.analysis.analyse`, one function per kind of decision
(the two-handed game's in :mod:`game.bots.analysis_stock`).

Each returns (kind, [(action, value)], samples behind each value) in the analysis's units:
this hand's score for the player's side minus the other sides' average. The searches are the
ones ``hard`` and ``expert`` play with, asked for points alone (``game=False``) and with every
candidate searched to the end (no successive halving), so that the value of a poor choice is
as well measured as the value of the best.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.bots import bidding, exdecide
from game.bots.analysis_stock import stock
from game.bots.auctionsample import AuctionSampler
from game.bots.continuation import (
    POLICY_LEVEL,
    Continuation,
    Declared,
    Follows,
    Played,
    must_concede,
)
from game.bots.exchange_choices import rank_discards, rank_pass_backs
from game.bots.exsearch import ExchangeSearch, Play
from game.bots.gamevalue import GameValue
from game.bots.handeval import play_model_for
from game.bots.knowledge import build
from game.bots.search import CardSearch, default_budget
from game.bots.settle import Result, Values, deals, graded, sample_until_settled
from game.rules.actions import (
    Action,
    AgreeThrowIn,
    Bid,
    Discard,
    NameTrump,
    Pass,
    PassCards,
    PlayCard,
    PlayHand,
    ProposeThrowIn,
    RefuseThrowIn,
    TakeWidow,
    ThrowIn,
)
from game.rules.cards import Suit
from game.rules.compiled import meld_table
from game.rules.phase import Phase
from game.rules.view import PlayerView

# The review's budget at 1: about the expert level's, for every candidate.
CARD_SCALE, CARD_CAP = 4.0, 256
EXCHANGE_SAMPLES = 160
BID_SAMPLES = 96
# A call's value swings by hundreds of points from deal to deal (in one partner plays the hand,
# in the next this seat does): its deals come until every grade is settled, up to this many
# times the budget's (game.bots.settle).
SETTLE_CAP = 4
PASS_WIDTH, DISCARD_WIDTH = 4, 10


def values(view: PlayerView, rng: random.Random, budget: float, chosen: Sequence[Action]
           ) -> tuple[str, Values, int, dict[Action, str]]:
    """(kind, [(action, value)], samples behind each value, what follows some actions in
    words: a call's likely contract)."""
    phase = view.phase
    if phase == Phase.AUCTION and len(view.legal) > 1 and not view.rules.stock.enabled:
        return _bids(view, rng, budget, chosen)
    return (*_values(view, rng, budget, chosen), {})


def _values(view: PlayerView, rng: random.Random, budget: float, chosen: Sequence[Action]
            ) -> Result:
    if view.rules.stock.enabled:
        return stock(view, rng, budget, chosen)
    phase = view.phase
    legal = view.legal
    if len(legal) == 1:
        return _kind(view), [(legal[0], _only_value(view, rng, budget))], 0
    if phase == Phase.TRICKS:
        return _tricks(view, rng, budget)
    if phase == Phase.THROW_IN_VOTE:
        n = deals(EXCHANGE_SAMPLES, budget)
        play, throw = _play_or_throw(view, rng, n)
        return "vote", [(RefuseThrowIn(), play), (AgreeThrowIn(), throw)], n
    return _exchange(view, rng, budget, chosen)


def _kind(view: PlayerView) -> str:
    if view.phase == Phase.TRICKS:
        return "card"
    return {Phase.AUCTION: "bid", Phase.DECIDE: "decide", Phase.THROW_IN_VOTE: "vote"}.get(
        view.phase, str(view.phase))


def _only_value(view: PlayerView, rng: random.Random, budget: float) -> float:
    """A forced action's value: the hand played out from here (cheap: fewer samples)."""
    if view.phase == Phase.TRICKS:
        cards = [a for a in view.legal if isinstance(a, PlayCard)]
        if cards:
            t = view.rules.deck.type_of(cards[0].card)
            search = CardSearch(view, build(view), infer=True, game=False)
            return search.run([t], rng, deals(32, budget))[0].value
    return 0.0  # nothing to compare it with: its value is not reported as a loss


# -- the auction ---------------------------------------------------------------------------------
def _bids(view: PlayerView, rng: random.Random, budget: float, chosen: Sequence[Action]
          ) -> tuple[str, Values, int, dict[Action, str]]:
    """A call is valued by what follows it (:mod:`game.bots.continuation`): in deals weighted
    by how well they explain every bid and pass so far, the rest of the auction is played out
    by one policy for every seat (this player's later calls too), then the hand; every call
    compared plays the same deals with the same generators, so calls that end in the same
    contract are worth the same."""
    bids = [a for a in view.legal if isinstance(a, Bid)]
    cands: list[Action] = []
    if Pass() in view.legal:
        cands.append(Pass())
    if bids:
        cands.append(bids[0])
    policy, _ = bidding.decide(view, POLICY_LEVEL, "normal", rng)
    cands += [c for c in dict.fromkeys((policy, *chosen)) if c in view.legal and c not in cands]
    cont = Continuation(view, GameValue.of(view, False))
    n = deals(BID_SAMPLES, budget)
    sampler = AuctionSampler(view)

    follows = [Follows() for _ in cands]

    def row() -> tuple[float, list[float]]:
        hands, widow, w = sampler.sample(rng)
        call_seed, play_seed = rng.random(), rng.random()
        start = cont.auction_state(hands, widow)
        seen: dict[tuple[int, int] | None, Played] = {None: Played(0.0, False)}
        declared: dict[int, Declared] = {}
        values = []
        for i, a in enumerate(cands):
            contract = cont.finish_auction(start, a, random.Random(call_seed))
            if contract is not None and contract not in seen:
                seat, amount = contract
                if seat not in declared:
                    declared[seat] = cont.declared(hands, widow, seat, random.Random(play_seed))
                seen[contract] = declared[seat].at(amount)
            follows[i].add(w, contract, seen[contract].made)
            values.append(seen[contract].value)
        return w, values

    paired = sample_until_settled(len(cands), row, n, SETTLE_CAP * n, graded(cands, chosen))
    notes = {a: f.words(view) for a, f in zip(cands, follows, strict=True)}
    return "bid", list(zip(cands, paired.means(), strict=True)), len(paired.rows), notes


# -- the exchanges -------------------------------------------------------------------------------
def _exchange(view: PlayerView, rng: random.Random, budget: float, chosen: Sequence[Action]
              ) -> Result:
    """Each exchange valued with the decisions that follow it. Three-handed, the bidder's
    discard and trump lead to its own choice to play or concede, made with nothing new seen in
    between: each is worth the better of the two (exactly what the later decision's own review
    finds best). Elsewhere news arrives first (partner's pass, everyone's meld), so a concession
    is made deal by deal by the continuation's rule (game.bots.continuation)."""
    rules = view.rules
    deck = rules.deck
    n = deals(EXCHANGE_SAMPLES, budget)
    three_handed = bool(rules.widow.size)
    search = ExchangeSearch(view, rng, n, False, False, concede=not three_handed)
    phase = view.phase
    cands: list[Action]
    plays: list[Play]
    if phase == Phase.TRUMP and three_handed:
        suits = [int(a.suit) for a in view.legal if isinstance(a, NameTrump)]
        values = _or_concede(view, search, [(view.hand, s) for s in suits],
                             search.trump_plays(suits, _banked(view)))
        return "trump", [(NameTrump(Suit(s)), values[(view.hand, s)]) for s in suits], n
    if phase == Phase.TRUMP:
        suits = [int(a.suit) for a in view.legal if isinstance(a, NameTrump)]
        cands = [NameTrump(Suit(s)) for s in suits]
        plays = search.trump_plays(suits, _banked(view))
    elif phase in (Phase.PASS, Phase.PASS_BACK):
        if phase == Phase.PASS:
            packets = exdecide.pass_candidates(view, PASS_WIDTH)
        else:
            choices = [a.cards for a in view.legal if isinstance(a, PassCards)]
            packets = [c for _, c in rank_pass_backs(rules, view.hand, view.trump,
                                                     choices)[:3 * PASS_WIDTH]]
        for c in chosen:
            if isinstance(c, PassCards) and c.cards not in packets:
                packets.append(c.cards)
        cands = [PassCards(c) for c in packets]
        counts = [deck.counts_of(c) for c in packets]
        plays = (search.pass_plays(counts) if phase == Phase.PASS
                 else search.pass_back_plays(counts))
    elif phase == Phase.WIDOW:
        cands = [TakeWidow(), ThrowIn()]
        plays = search.widow_plays()
    elif phase == Phase.DISCARD:
        return _discards(view, search, chosen, n)
    else:  # DECIDE: play the hand out, or concede
        cands = [PlayHand(), ThrowIn()]
        plays = [search.trump_plays([view.trump], _banked(view), passing=False)[0],
                 search.concede_plays(view.trump)]
    ranked = search.rank(plays, keep=len(plays))
    kind = {Phase.TRUMP: "trump", Phase.PASS: "pass", Phase.PASS_BACK: "pass back",
            Phase.WIDOW: "widow", Phase.DECIDE: "decide"}[phase]
    return kind, [(cands[r.index], r.value) for r in ranked], n


def _or_concede(view: PlayerView, search: ExchangeSearch, pairs: Sequence[tuple[int, int]],
                plays: Sequence[Play]) -> dict[tuple[int, int], float]:
    """Three-handed: each (hand kept, trump) worth the better of playing it (``plays``, in the
    order of ``pairs``) and conceding with that trump, in the same deals; conceding alone where
    the bid is more than the forced margin over the meld (003)."""
    rules = view.rules
    total = meld_table(rules).total
    suits = sorted({t for _, t in pairs})
    everything = [*plays, *(search.concede_plays(t) for t in suits)]
    means = {r.index: r.value for r in search.rank(everything, keep=len(everything))}
    concede = {t: means[len(plays) + i] for i, t in enumerate(suits)}
    out: dict[tuple[int, int], float] = {}
    for i, (kept, trump) in enumerate(pairs):
        forced = must_concede(rules, view.bid, total(kept, trump))
        out[(kept, trump)] = concede[trump] if forced else max(means[i], concede[trump])
    return out


def _discards(view: PlayerView, search: ExchangeSearch, chosen: Sequence[Action], n: int
              ) -> Result:
    """A discard is worth its best trump (named next, by the same player), and that trump the
    better of playing and conceding (:func:`_or_concede`)."""
    rules = view.rules
    deck = rules.deck
    pairs: list[tuple[int, int]] = []
    for _, d, trump in rank_discards(rules, view.hand, rules.widow.size,
                                     play_model_for(rules)):
        if (d, trump) not in pairs:
            pairs.append((d, trump))
        if len(pairs) >= DISCARD_WIDTH:
            break
    for c in chosen:
        if isinstance(c, Discard):
            d = deck.counts_of(c.cards)
            pairs += [(d, s) for s in range(4) if (d, s) not in pairs]
    values = _or_concede(view, search, [(view.hand - d, t) for d, t in pairs],
                         search.discard_plays(pairs))
    best: dict[int, float] = {}
    for d, t in pairs:
        best[d] = max(best.get(d, -1e18), values[(view.hand - d, t)])
    return "discard", [(Discard(tuple(sorted(deck.to_cards(d)))), v)
                       for d, v in best.items()], n


def _banked(view: PlayerView) -> int:
    deck = view.rules.deck
    pts = view.rules.trick_points_by_type
    return sum(pts[t] * ((view.discards >> (t * deck.bits)) & deck.field_mask)
               for t in range(deck.n_types))


def _play_or_throw(view: PlayerView, rng: random.Random, n: int) -> tuple[float, float]:
    """(playing the hand out, throwing it in) before the first lead (000, 001)."""
    ranked = exdecide.rank_play_or_throw(view, rng, n, False, False)
    by = {r.index: r.value for r in ranked}
    return by[0], by[1]


# -- card play -----------------------------------------------------------------------------------
def _tricks(view: PlayerView, rng: random.Random, budget: float) -> Result:
    deck = view.rules.deck
    by_type: dict[int, Action] = {}
    for a in view.legal:
        if isinstance(a, PlayCard):
            by_type.setdefault(deck.type_of(a.card), a)
    out: Values = []
    kind = "card"
    n = 0
    if ThrowIn() in view.legal or ProposeThrowIn() in view.legal:
        kind = "throw-in"
        n = deals(EXCHANGE_SAMPLES, budget)
        _, throw = _play_or_throw(view, rng, n)
        out += [(a, throw) for a in (ThrowIn(), ProposeThrowIn()) if a in view.legal]
    types = sorted(by_type)
    if types:
        n = max(8, round(default_budget(sum(view.hand_sizes), len(types), CARD_CAP)
                         * CARD_SCALE * budget))
        search = CardSearch(view, build(view), infer=True, game=False)
        out += [(by_type[c.card_type], c.value) for c in search.run(types, rng, n)]
    return kind, out, n
