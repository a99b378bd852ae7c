"""Reading the play (``expert``): how likely the other seats' cards so far are, in a sampled
deal, under a model of how they play.

Hard facts (voids, "could not beat" caps, meld shown) already shape every sampled deal
(:mod:`game.bots.knowledge`). This reads the softer evidence, as the Skat programs after Kermit
do (policy-based inference): a defender who ducked a trick it could have won cheaply probably
holds nothing cheap to win it with; a seat that led a low spade rather than cash an ace
probably holds no master spade. Each card another seat played is replayed in the sampled deal
with that seat's hand as it was then, and scored by a small log-linear policy (a softmax over
the legal card types):

    P(card) = exp(w . f(card)) / sum over legal types u of exp(w . f(u))

The features ``f`` read what the seat itself could see: its own hand then, the cards played
before, the trick on the table (whether the card wins, takes points, is the cheapest winner,
is a master from the seat's own view, its suit's length, ...); and one more, whether it is the
card the rollout policy (:mod:`game.bots.rollout`) plays there with every hand of the sampled
deal known. A factor needs computing once per (card, holding of the suits in play, the
policy's card): most sampled deals share them.
The weights ``w`` are fitted by maximum likelihood on every card of deals bid and played by
``hard`` (``python -m benchmarks.inference --fit``; docs/strength.md, "Inference from the
play"). A seat's own cards are not read (it knows its hand); a card with no choice says nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.bots.knowledge import Knowledge
from game.bots.rollout import RolloutPolicy
from game.bots.rollout_tables import Side
from game.rules.compiled import kernel_for
from game.rules.kernel import PlayKernel
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView

LEAD_FEATURES = ("trump", "points", "master", "master points", "lowest", "highest",
                 "length", "trump on the bidding side", "singleton", "opponent void",
                 "the rollout policy's card", "ace", "partner void", "partner's suit",
                 "trump length", "second card", "third card", "fourth card",
                 "trump by a defender", "master on the bidding side", "from four or more")
FOLLOW_FEATURES = ("wins", "cheapest winner", "sure winner", "points", "points to partner",
                   "points won", "trump", "lowest", "highest", "length", "master",
                   "the rollout policy's card", "lowest under partner", "ace", "second card",
                   "third card", "wins second", "wins on the bidding side", "overtakes partner",
                   "ruffs partner")
Vector = tuple[float, ...]


@dataclass(frozen=True)
class Reading:
    """The play model's weights, one per feature, for leads and for follows; ``weight``
    scales the whole log-likelihood (1: as fitted)."""

    lead: Vector
    follow: Vector
    weight: float = 1.0


# Fitted by ``python -m benchmarks.inference --fit`` on the 75 recorded racehorse deals (hard in
# every seat: 811 leads and 1,790 follows with a choice); partnership-150's deals score the
# model out of sample.
READING = Reading(
    lead=(-0.226, -0.249, 0.718, 0.574, 0.721, 0.181, -1.271, 0.445, 0.213, 0.603, 0.36,
          -0.041, -0.431, 0.253, 0.897, -0.168, -0.04, 0.177, -0.671, -0.47, 0.307),
    follow=(0.0, -0.46, 0.942, -0.73, 1.377, 0.281, -3.33, 0.522, 0.074, -0.263, -0.127,
            0.239, -0.352, -0.703, -0.071, 0.044, 0.0, 0.0, 0.0, 0.0))
# One decision of the history, with everything about it but the hands: (seat, type, the trick
# before it, the winning type, the suit led, partner winning, on the bidding side, the cards
# played before it, suits some opponent of the seat has shown void in, last to play, the
# trick's points so far, the opponents still to play after it, the seat's line of sides, suits
# a partner has shown void in, suits a partner has led).
Step = tuple[int, int, tuple[tuple[int, int], ...], int, int, bool, bool, int, int, bool, int,
             tuple[int, ...], Side, int, int]


class PlayModel:
    """The log-likelihood of the cards the other seats have played, in a sampled deal."""

    def __init__(self, view: PlayerView, k: Knowledge, policy: RolloutPolicy,
                 reading: Reading = READING, me: int | None = None) -> None:
        rules = view.rules
        deck = rules.deck
        kern = kernel_for(rules)
        self.kern = kern
        self.pol = policy
        self.feats = Features(rules, kern, view.trump)
        self.me = view.seat if me is None else me  # -1: read every seat (the fit)
        self.one = deck.one
        self.played_by = list(k.played_by)
        team = list(rules.seating.teams_against(view.bidder))
        bidder_team = team[view.bidder] if view.bidder >= 0 else -1
        current = tuple((s, deck.type_of(c)) for s, c in view.trick)
        history = (*view.tricks, *((current,) if current else ()))
        self.reading = reading
        self.steps: list[Step] = []
        gone = 0
        void = [0] * rules.players  # suits each seat has shown void in (a bit per suit)
        led_by = [0] * rules.players  # suits each seat has led
        rows = policy.sides(team)
        for trick in history:
            for i, (seat, t) in enumerate(trick):
                cur = trick[:i]
                wseat, wt = kern.winner_of(cur, view.trump) if cur else (seat, t)
                led = kern.suit_of[cur[0][1]] if cur else kern.suit_of[t]
                opp_void = part_void = part_led = 0
                for s in range(rules.players):
                    if team[s] != team[seat]:
                        opp_void |= void[s]
                    elif s != seat:
                        part_void |= void[s]
                        part_led |= led_by[s]
                self.steps.append((seat, t, cur, wt, led, bool(cur) and team[wseat] == team[seat],
                                   team[seat] == bidder_team, gone, opp_void,
                                   i == rules.players - 1, sum(kern.points[u] for _, u in cur),
                                   rows[seat][3][i], rows[seat], part_void, part_led))
                gone += deck.one[t]
                if not cur:
                    led_by[seat] |= 1 << led
                if cur and kern.suit_of[t] != led:
                    void[seat] |= 1 << led
        self.observed = sum(1 for s in self.steps if s[0] != self.me)
        self._memo: list[dict[int, float]] = [{} for _ in self.steps]

    def log_likelihood(self, hands: Sequence[int]) -> float:
        """Of the others' cards so far, ``hands`` being every seat's cards now (a sampled deal:
        the hands then are these plus what each seat has played since)."""
        if not self.observed:
            return 0.0
        one, me, memo = self.one, self.me, self._memo
        feats, trump = self.feats, self.feats.trump
        legal, presence = self.kern.legal, self.kern.presence
        pick = self._pick
        in_play = feats.suits_in_play
        lead_w, follow_w = self.reading.lead, self.reading.follow
        hs = [h + p for h, p in zip(hands, self.played_by, strict=True)]
        ll = 0.0
        for i, step in enumerate(self.steps):
            seat, t, cur = step[0], step[1], step[2]
            h = hs[seat]
            hs[seat] = h - one[t]
            if seat == me:
                continue
            m = legal(h, cur, step[3], trump) if cur else h
            p = presence(m)
            if not p & (p - 1):
                continue  # no choice
            hs[seat] = h  # (the policy reads the hands as they were)
            chosen = pick(hs, step, m)
            hs[seat] = h - one[t]
            key = (h & in_play(m)) << 5 | chosen % 32
            got = memo[i].get(key)
            if got is None:
                got = feats.log_p(step, h, m, p, follow_w if cur else lead_w, chosen)
                memo[i][key] = got
            ll += got
        return ll * self.reading.weight

    def _pick(self, hs: list[int], step: Step, m: int) -> int:
        """The rollout policy's card at ``step`` with every hand ``hs`` known."""
        pol, trump = self.pol, self.feats.trump
        if not step[2]:
            return pol._lead(hs, step[0], trump, step[12], step[6], _never, 0.0)  # noqa: SLF001
        return pol._follow(hs, m, step[11], step[5], step[10], step[3], step[4],  # noqa: SLF001
                           trump, self.kern.trump_mask[trump])

    def decisions(self, hands: Sequence[int]) -> list[tuple[bool, int, list[Vector]]]:
        """(a lead?, the index of the card played, every legal type's features) for every
        read card with a choice, in the deal ``hands``: what the fit maximises."""
        one, kern = self.one, self.kern
        hs = [h + p for h, p in zip(hands, self.played_by, strict=True)]
        out = []
        for step in self.steps:
            seat, t, cur = step[0], step[1], step[2]
            h = hs[seat]
            hs[seat] = h - one[t]
            if seat == self.me:
                continue
            m = kern.legal(h, cur, step[3], self.feats.trump) if cur else h
            types = kern.types_in(m)
            if len(types) > 1:
                hs[seat] = h
                chosen = self._pick(hs, step, m)
                hs[seat] = h - one[t]
                cheap = self.feats.cheapest_winner(step, types)
                vecs = [self.feats.vector(step, h, m, u, cheap, chosen) for u in types]
                out.append((not cur, types.index(t), vecs))
        return out


def _never() -> float:
    """The generator a decision without exploration never draws from."""
    raise AssertionError("a policy decision without exploration drew a random number")


class Features:
    """The features of one legal card type at one step, from the seat's own view."""

    def __init__(self, rules: RuleSet, kern: PlayKernel, trump: int) -> None:
        d = rules.deck
        self.kern = kern
        self.trump = trump
        self.full = d.full()
        self.size_of = d.size_of
        self.pts = [p / 10.0 for p in kern.points]
        self.field_of = [d.field_mask << (t * d.bits) for t in range(d.n_types)]
        self.suit_masks = kern.suit_mask
        self.ace_of = [(s + 1) * d.n_ranks - 1 for s in range(4)]  # the top type of each suit
        # Each type's place from the top of its suit (0 the ace, 1 the ten, ...), one-hot.
        self.from_top = [tuple(1.0 if d.n_ranks - 1 - t % d.n_ranks == i else 0.0
                               for i in (1, 2, 3)) for t in range(d.n_types)]
        self.below = [kern.suit_mask[kern.suit_of[t]] & ~kern.above[t] & ~self.field_of[t]
                      for t in range(d.n_types)]

    def suits_in_play(self, m: int) -> int:
        """The suits of the legal cards ``m``: a decision's features read no other holding."""
        out = 0
        for sm in self.suit_masks:
            if m & sm:
                out |= sm
        return out

    def log_p(self, step: Step, h: int, m: int, p: int, w: Vector, chosen: int) -> float:
        """log P(the card played) at ``step``: ``h`` the seat's hand then, ``m`` its legal
        cards, ``p`` their presence bits."""
        tob = self.kern.type_of_bitlen
        types = []
        while p:
            b = p & -p
            p ^= b
            types.append(tob[b.bit_length()])
        cheap = self.cheapest_winner(step, types)
        t = step[1]
        top = -1e300
        scores = []
        mine = 0.0
        for u in types:
            s = 0.0
            for wi, fi in zip(w, self.vector(step, h, m, u, cheap, chosen), strict=True):
                s += wi * fi
            scores.append(s)
            if s > top:
                top = s
            if u == t:
                mine = s
        return mine - top - math.log(sum(math.exp(s - top) for s in scores))

    def cheapest_winner(self, step: Step, types: Sequence[int]) -> int:
        """The legal type that would win the trick giving away least (-1: none wins, or a
        lead): fewest points, then not a trump, then the lowest rank."""
        if not step[2]:
            return -1
        kern, trump, wt = self.kern, self.trump, step[3]
        best, key = -1, (99.0, 2, 99)
        for u in types:
            if kern.beats(u, wt, trump):
                k = (self.pts[u], 1 if kern.suit_of[u] == trump else 0, u)
                if k < key:
                    best, key = u, k
        return best

    def vector(self, step: Step, h: int, m: int, u: int, cheap: int, chosen: int) -> Vector:
        """The features of playing ``u`` at ``step`` (``cheap``: the cheapest winner,
        ``chosen``: the rollout policy's card)."""
        kern, trump = self.kern, self.trump
        suit_of, above = kern.suit_of, kern.above
        s = suit_of[u]
        sm = self.suit_masks[s]
        unseen = self.full - h - step[7]
        master = 0.0 if unseen & above[u] else 1.0
        lowest = 0.0 if m & self.below[u] else 1.0
        highest = 0.0 if m & above[u] else 1.0
        length = self.size_of(h & sm) / 6.0
        pts = self.pts[u]
        is_trump = 1.0 if s == trump else 0.0
        if not step[2]:
            return (is_trump, pts, master, master * pts, lowest, highest, length,
                    is_trump * step[6], 1.0 if self.size_of(h & sm) == 1 else 0.0,
                    1.0 if step[8] >> s & 1 and s != trump else 0.0, 1.0 if u == chosen else 0.0,
                    1.0 if u == self.ace_of[s] else 0.0,
                    1.0 if step[13] >> s & 1 and s != trump else 0.0,
                    1.0 if step[14] >> s & 1 else 0.0, is_trump * length, *self.from_top[u],
                    is_trump * (0.0 if step[6] else 1.0), master * step[6],
                    1.0 if length * 6 >= 4 else 0.0)
        led = step[4]
        won = 1.0 if kern.beats(u, step[3], trump) else 0.0
        sure = 1.0 if won and (step[9] or master) else 0.0
        ours = 1.0 if step[5] else 0.0
        return (won, 1.0 if u == cheap else 0.0, sure, pts, pts * ours, pts * won,
                1.0 if s == trump and led != trump else 0.0, lowest, highest,
                length if s != led else 0.0, master, 1.0 if u == chosen else 0.0,
                lowest * ours, 1.0 if u == self.ace_of[s] else 0.0, *self.from_top[u][:2],
                won * (1.0 if len(step[2]) == 1 else 0.0), won * step[6], won * ours,
                ours * (1.0 if s == trump and led != trump else 0.0))
