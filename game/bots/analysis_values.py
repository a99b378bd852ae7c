"""The values behind :func:`game.bots.analysis.analyse`, one function per kind of decision.

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
from game.bots.rollout import policy_for
from game.bots.search import CardSearch, default_budget
from game.bots.settle import sample_until_settled
from game.bots.solver import solve
from game.bots.stocksearch import StockSearch, card_candidates
from game.rules.actions import (
    Action,
    AgreeThrowIn,
    Bid,
    CountDix,
    DeclareOut,
    Discard,
    EndTurn,
    ExchangeDix,
    LayMeld,
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
from game.rules.compiled import kernel_for, meld_table
from game.rules.phase import Phase
from game.rules.stock_game.score import rounded
from game.rules.view import PlayerView

Values = list[tuple[Action, float]]
Result = tuple[str, Values, int]

# The review's budget at 1: about the expert level's, for every candidate.
CARD_SCALE, CARD_CAP = 4.0, 256
EXCHANGE_SAMPLES = 160
BID_SAMPLES = 96
# A call's value swings by hundreds of points from deal to deal (in one partner plays the hand,
# in the next this seat does): its deals come until every grade is settled, up to this many
# times the budget's (game.bots.settle).
SETTLE_CAP = 4
# The two-handed stock play is the noisiest decision (a draw from the stock decides the meld):
# at 96 deals the review named the same best as ten times that in 8 of 17 positions, at 384 in
# 12 (benchmarks/analysis.py). The deals come until every grade is settled, up to 384.
STOCK_SAMPLES = 384
STOCK_BASE = 96  # ... of which this many first, the rest while a grade is unsettled
PLAYOFF_ROLLOUTS = 48
PASS_WIDTH, DISCARD_WIDTH, STOCK_WIDTH = 4, 10, 9
SOLVED_CARDS = 12  # two-handed playoff: solved exactly from this many cards left


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
        return _stock(view, rng, budget, chosen)
    phase = view.phase
    legal = view.legal
    if len(legal) == 1:
        return _kind(view), [(legal[0], _only_value(view, rng, budget))], 0
    if phase == Phase.TRICKS:
        return _tricks(view, rng, budget)
    if phase == Phase.THROW_IN_VOTE:
        n = _n(EXCHANGE_SAMPLES, budget)
        play, throw = _play_or_throw(view, rng, n)
        return "vote", [(RefuseThrowIn(), play), (AgreeThrowIn(), throw)], n
    return _exchange(view, rng, budget, chosen)


def _leader(view: PlayerView, declarer: int) -> int:
    rules = view.rules
    return declarer if rules.table.first_lead == "bidder" else rules.next_seat(view.dealer)


def _n(base: int, budget: float) -> int:
    return max(4, round(base * budget))


def _graded(cands: Sequence[Action], chosen: Sequence[Action]) -> list[int]:
    """The candidates whose grades a review reads: the player's choice and the levels' picks
    (a card by its kind); every candidate when none is given."""
    keys = {_key(c) for c in chosen}
    picked = [i for i, a in enumerate(cands) if _key(a) in keys]
    return picked or list(range(len(cands)))


def _key(action: Action) -> object:
    return ("card", action.card) if isinstance(action, PlayCard) else action


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
            return search.run([t], rng, _n(32, budget))[0].value
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
    n = _n(BID_SAMPLES, budget)
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

    paired = sample_until_settled(len(cands), row, n, SETTLE_CAP * n, _graded(cands, chosen))
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
    n = _n(EXCHANGE_SAMPLES, budget)
    three_handed = bool(rules.widow.size)
    search = ExchangeSearch(view, rng, n, None, False, False, concede=not three_handed)
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
    ranked = exdecide.rank_play_or_throw(view, rng, n, None, False, False)
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
        n = _n(EXCHANGE_SAMPLES, budget)
        _, throw = _play_or_throw(view, rng, n)
        out += [(a, throw) for a in (ThrowIn(), ProposeThrowIn()) if a in view.legal]
    types = sorted(by_type)
    if types:
        n = max(8, round(default_budget(sum(view.hand_sizes), len(types), CARD_CAP)
                         * CARD_SCALE * budget))
        search = CardSearch(view, build(view), infer=True, game=False)
        out += [(by_type[c.card_type], c.value) for c in search.run(types, rng, n)]
    return kind, out, n


# -- two-handed ----------------------------------------------------------------------------------
class _PointsSearch(StockSearch):
    """The stock search in this hand's points: declaring out scores the hand as it stands
    (the game's win is beside this measure)."""

    def value(self, points: Sequence[int], declared: int) -> float:
        return float(points[self.me] - points[self.opp])


def _stock(view: PlayerView, rng: random.Random, budget: float, chosen: Sequence[Action]
           ) -> Result:
    if view.playoff and view.phase == Phase.TRICKS:
        return _playoff(view, rng, budget)
    search = _PointsSearch(view, False)
    legal = [a for a in view.legal if not isinstance(a, DeclareOut)]
    out: Values = _declaring_out(view, chosen)
    cards = [a for a in legal if isinstance(a, PlayCard)]
    if cards:
        kind = "stock"
        cands: list[Action] = list(card_candidates(search, view, STOCK_WIDTH))
        deck = view.rules.deck
        for ch in chosen:
            if isinstance(ch, PlayCard) and all(deck.type_of(ch.card) != deck.type_of(c.card)
                                                for c in cands if isinstance(c, PlayCard)):
                cands.append(ch)
        moves = [search.card_move(view.rules.deck.type_of(a.card)) for a in cands
                 if isinstance(a, PlayCard)]
    else:
        kind = "meld"
        may_meld = any(isinstance(a, LayMeld) for a in legal)
        may_dix = any(isinstance(a, CountDix | ExchangeDix) for a in legal)
        cands = [a for a in legal if isinstance(a, LayMeld | CountDix | ExchangeDix | EndTurn)]
        moves = [search.turn_move(a, may_meld, may_dix) for a in cands]
    if len(cands) == 1 and not out:
        ranked = search.rank(moves, _n(16, budget), rng, keep=len(moves))
        return kind, out + [(cands[i], v) for v, i in ranked], _n(16, budget)

    def row() -> tuple[float, list[float]]:
        st = search.sample(rng)
        seed = rng.random()
        return 1.0, [search.value(*move(st.copy(), random.Random(seed))) for move in moves]

    paired = sample_until_settled(len(moves), row, _n(STOCK_BASE, budget),
                                  _n(STOCK_SAMPLES, budget), _graded(cands, chosen))
    out += list(zip(cands, paired.means(), strict=True))
    return kind, out, len(paired.rows)


def _declaring_out(view: PlayerView, chosen: Sequence[Action]) -> Values:
    """Declaring out ends the game, won or lost ("If the claimant has fewer than 1,000 points,
    he loses the game", 004): valued at the game, not at this hand's points, and offered only
    when the claim wins (or when it is the player's own choice, to be graded)."""
    if DeclareOut() not in view.legal:
        return []
    wins = view.scores[view.seat] + _points_now(view, view.seat) >= view.target
    if not (wins or DeclareOut() in chosen):
        return []
    return [(DeclareOut(), float(view.target if wins else -view.target))]


def _points_now(view: PlayerView, seat: int) -> int:
    meld = view.meld_points[seat] if view.meld_points else 0
    return meld + rounded(view.rules, view.taken[seat] if view.taken else 0)


def _playoff(view: PlayerView, rng: random.Random, budget: float) -> Result:
    """Every card is known: solved exactly once ten tricks or fewer remain, else played out.
    A trick-point margin is turned into this hand's points (004's rounding included)."""
    rules = view.rules
    deck = rules.deck
    obligations = rules.stock.playoff_obligations
    kern = kernel_for(rules, obligations)
    me, opp = view.seat, 1 - view.seat
    by_type: dict[int, Action] = {}
    for a in view.legal:
        if isinstance(a, PlayCard):
            by_type.setdefault(deck.type_of(a.card), a)
    types = sorted(by_type)
    hands = [0, 0]
    hands[me] = view.hand
    hands[opp] = deck.full() - view.hand - view.played
    trick = [(s, deck.type_of(c)) for s, c in view.trick]
    left = deck.size_of(hands[0] + hands[1])
    rest = (sum(rules.trick_points_by_type[t] * deck.count(h, deck.types[t])
                for h in hands for t in range(deck.n_types))
            + sum(rules.trick_points_by_type[t] for _, t in trick) + kern.last_trick)
    taken = list(view.taken) if view.taken else [0, 0]
    melds = list(view.meld_points) if view.meld_points else [0, 0]

    def points(margin: float) -> float:
        mine = taken[me] + (rest + margin) / 2
        theirs = taken[opp] + (rest - margin) / 2
        return (melds[me] + rounded(rules, round(mine))
                - melds[opp] - rounded(rules, round(theirs)))

    pol = policy_for(rules, obligations)
    if left <= SOLVED_CARDS:
        maxi = [s == me for s in range(2)]
        exact: Values = []
        for t in types:
            hs = list(hands)
            hs[me] -= deck.one[t]
            margin = solve(kern, hs, view.trump, view.leader, (*trick, (me, t)), maxi, [0, 0],
                           [0, 0], lambda tk, _w: float(tk[me] - tk[opp]), pol.nxt)
            exact.append((by_type[t], float(points(margin))))
        return "playoff", exact, 0
    team = [0, 1] if me == 0 else [1, 0]
    n = _n(PLAYOFF_ROLLOUTS, budget)
    seeds = [rng.random() for _ in range(n)]
    out: Values = []
    for t in types:
        hs = list(hands)
        hs[me] -= deck.one[t]
        total = 0.0
        for seed in seeds:
            tk, _ = pol.play(list(hs), view.trump, view.leader, team, (*trick, (me, t)),
                             team[me], random.Random(seed).random, 0.1)
            total += points(tk[me] - tk[opp])
        out.append((by_type[t], total / n))
    return "playoff", out, n
