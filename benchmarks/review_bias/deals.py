"""The estimator's own sampler for the auction tables: deals drawn from what one player saw.

It shares nothing with the bots' samplers (``game/bots/sampler.py``, ``auctionsample.py``,
``exsample.py``, ``knowledge.py``). The model is the plainest one: every shuffle of the cards
the player cannot see is equally likely, and so is every legal choice of the cards in a pass or
a discard the player did not see. A proposal deals those cards at random, with the cards a seat
is known to have held placed in its hand first (see :mod:`benchmarks.review_bias.arrange` for
why that stays uniform), and :func:`benchmarks.review_bias.check.replay` keeps it only if the
engine replays the hand to the same events the player saw. What the player saw a seat hold:

* every card it played, and every card of each meld it showed, counted at the time (a card
  played after being shown is one card, not two), and its hand when a claim showed it;
* racehorse: the bidder's meld laid down before the pass back stays in the bidder's hand.

Where the player did not see an exchange, the proposal is made in terms of the hands after it,
which is where those cards are known, and the exchange is then chosen uniformly:

* racehorse, a defender: the partner's and the bidder's hands after the passes; the pass back
  is three of the partner's cards, the pass three of the bidder's fifteen;
* three-handed, a defender: the bidder's hand after the discard and the three discards.

Each is a one-to-one change of variables with a constant number of choices, so the proposal
stays uniform over a set that holds every consistent deal.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from benchmarks.review_bias.arrange import Arranger, Cards, minus
from benchmarks.review_bias.check import World, hands_tuple
from benchmarks.review_bias.record import Record
from game.rules.actions import Discard, PassCards
from game.rules.cards import Card, Suit
from game.rules.compiled import meld_total
from game.rules.events import (
    AuctionWon,
    CardPlayed,
    CardsDealt,
    CardsPassed,
    Discarded,
    HandClaimed,
    MeldShown,
    TrickWon,
    TrumpNamed,
    WidowShown,
)


@dataclass
class Facts:
    """What the record says about the cards."""

    own: tuple[Card, ...] = ()
    widow: tuple[Card, ...] | None = None  # the widow, once shown
    bidder: int = -1
    passes: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)  # (step, cards)
    discard: int = -1  # the step of the bidder's discard
    keep: Cards = field(default_factory=Counter)  # racehorse: meld laid before the pass back
    need: dict[int, Cards] = field(default_factory=dict)  # per seat, on its last hand
    trump: int = -1
    meld: dict[int, int] = field(default_factory=dict)  # per seat, its last meld shown
    # per seat: each suit it did not follow, with the cards it had played before
    voids: dict[int, list[tuple[Suit, Cards]]] = field(default_factory=dict)


def read_facts(record: Record) -> Facts:
    rules = record.rules
    f = Facts(need={s: Counter() for s in range(rules.players)},
              voids={s: [] for s in range(rules.players)})
    played: dict[int, Cards] = {s: Counter() for s in range(rules.players)}
    led: Suit | None = None
    for i, step in enumerate(record.steps):
        for e in step.events:
            if isinstance(e, TrumpNamed):
                f.trump = int(e.suit)
            elif isinstance(e, TrickWon):
                led = None
            if isinstance(e, CardsDealt):
                f.own = e.hands[record.seat]
            elif isinstance(e, AuctionWon):
                f.bidder = e.seat
            elif isinstance(e, WidowShown):
                f.widow = e.cards
            elif isinstance(e, CardsPassed):
                f.passes.append((i, e.cards))
            elif isinstance(e, Discarded):
                f.discard = i
            elif isinstance(e, MeldShown):
                f.meld[e.seat] = e.meld.total
                used = Counter(e.meld.cards_used())
                if len(f.passes) == 1 and any(isinstance(x, CardsPassed) for x in step.events):
                    f.keep = used  # laid down with the pass, before the pass back
                else:
                    f.need[e.seat] |= played[e.seat] + used
            elif isinstance(e, CardPlayed):
                if led is None:
                    led = e.card.suit
                elif e.card.suit != led:
                    f.voids[e.seat].append((led, Counter(played[e.seat])))
                played[e.seat][e.card] += 1
                f.need[e.seat] |= played[e.seat]
            elif isinstance(e, HandClaimed):
                for s, held in enumerate(e.hands):
                    f.need[s] |= played[s] + Counter(held)
    return f


class AuctionProposals:
    """Proposals for one record of an auction table (every preset but two-handed)."""

    def __init__(self, record: Record, exact: bool = True) -> None:
        rules = record.rules
        if rules.passing.count and rules.passing.exchange == "simultaneous":
            raise ValueError("the bias benchmark does not model simultaneous passing")
        self.record = record
        self.f = read_facts(record)
        self.seat = record.seat
        self.size = rules.hand_size
        self.pool = list(rules.deck.cards())
        for card in (*self.f.own, *(self.f.widow or ())):
            self.pool.remove(card)
        hidden = record.hidden
        if not hidden:
            self.kind = "plain"
        elif rules.passing.count and len(hidden) == 2:
            self.kind = "passes"
        elif rules.widow.size and hidden == (self.f.discard,):
            self.kind = "discard"
        else:
            raise ValueError(f"no proposal for hidden steps {hidden} at this table")
        pool, boxes, holders = self._boxes()
        self.holders = holders
        caps = [self._caps(s, known) if s is not None else {} for (_, known), s in
                zip(boxes, holders, strict=True)]
        self.arranger = Arranger(pool, boxes, caps if exact else None, exact=exact)

    def _boxes(self) -> tuple[list[Card], list[tuple[int, Cards]], list[int | None]]:
        """The unknown cards, the boxes they go to with the cards each must hold, and the
        seat whose hand at the first trick each box is (None: a dealt hand that changed
        since, the widow, the discards)."""
        rules, f = self.record.rules, self.f
        if self.kind == "plain":
            others = self._others()
            exchanged = (rules.seating.partners(f.bidder)[0], f.bidder) if f.passes else ()
            boxes = [(self.size, self._known_dealt(s)) for s in others]
            holders: list[int | None] = [None if s in exchanged else s for s in others]
            if f.widow is None and rules.widow.size:
                boxes.append((rules.widow.size, Counter()))
                holders.append(None)
            return self.pool, boxes, holders
        if self.kind == "passes":
            bidder, partner, other = self._three()
            return self.pool, [(self.size, f.need[other]), (self.size, f.need[partner]),
                               (self.size, f.need[bidder] | self._keep_after())], [
                other, partner, bidder]
        bidder, other = self._two()
        return self.pool + list(f.widow or ()), [
            (self.size, f.need[other]), (self.size, f.need[bidder]),
            (rules.widow.size, Counter())], [other, bidder, None]

    def _caps(self, seat: int, known: Cards) -> dict[Card, int]:
        """The most copies of each card ``seat``'s hand at the first trick can hold, given that
        it holds ``known``: no more of a suit it failed to follow than it had played before
        (every auction table's first obligation is to follow suit), and no card that would
        have given it more meld than it showed (adding cards never lowers the best meld)."""
        rules, f = self.record.rules, self.f
        caps: dict[Card, int] = {}
        deck = rules.deck.cards()
        kinds = sorted(set(deck))
        if "follow_suit" in rules.tricks.obligations:
            for suit, before in f.voids[seat]:
                for card in kinds:
                    if card.suit == suit:
                        caps[card] = min(caps.get(card, before[card]), before[card])
        if seat in f.meld and f.trump >= 0:
            for card in kinds:
                for n in range(1, deck.count(card) - known[card] + 1):
                    hand = list((known + Counter({card: n})).elements())
                    if meld_total(rules, hand, f.trump) > f.meld[seat]:
                        caps[card] = min(caps.get(card, 1_000), known[card] + n - 1)
                        break
        return caps

    def _others(self) -> list[int]:
        return [s for s in range(self.record.rules.players) if s != self.seat]

    def _three(self) -> tuple[int, int, int]:
        """Racehorse: the bidder, its partner and the other defender."""
        bidder = self.f.bidder
        (partner,) = self.record.rules.seating.partners(bidder)
        other = next(s for s in self._others() if s not in (bidder, partner))
        return bidder, partner, other

    def _two(self) -> tuple[int, int]:
        """Three-handed: the bidder and the other defender."""
        bidder = self.f.bidder
        return bidder, next(s for s in self._others() if s != bidder)

    def propose(self, rng: random.Random) -> World | None:
        got = self.arranger.draw(rng)
        if not self._melds_hold(got):
            return None
        return {"plain": self._plain, "passes": self._passes,
                "discard": self._discard}[self.kind](got, rng)

    def _melds_hold(self, got: list[list[Card]]) -> bool:
        """Whether each hand at the first trick has exactly the meld its seat showed: the
        engine would refuse the others too, but this is many times cheaper than a replay."""
        f = self.f
        for cards, seat in zip(got, self.holders, strict=True):
            if seat is not None and seat in f.meld and f.trump >= 0 and meld_total(
                    self.record.rules, cards, f.trump) != f.meld[seat]:
                return False
        return True

    # -- nothing hidden: the other seats' dealt hands (and an unseen widow) ----------------------
    def _known_dealt(self, s: int) -> Cards:
        """What seat ``s`` must have been dealt, given every exchange the player saw."""
        f, rules = self.f, self.record.rules
        need = f.need[s]
        if not (rules.passing.count and f.passes and f.bidder >= 0):
            return need
        (partner,) = rules.seating.partners(f.bidder)
        out = Counter(f.passes[0][1])  # the partner's pass
        back = Counter(f.passes[1][1]) if len(f.passes) > 1 else Counter()
        if s == partner:  # it passed ``out`` and was given ``back``
            return out | (minus(need, back) + out)
        if s == f.bidder:  # it was given ``out``, laid its meld, and passed ``back``
            held = need | self._keep_after()
            return minus(held + back, out) | minus(f.keep, out)
        return need

    def _keep_after(self) -> Cards:
        """The bidder's laid meld, which stays in its hand unless the meld left too few cards
        to pass back (then some of it may have gone back)."""
        if sum(self.f.keep.values()) > self.size:
            return Counter()
        return self.f.keep

    def _plain(self, got: list[list[Card]], rng: random.Random) -> World | None:
        rules = self.record.rules
        hands: list[list[Card]] = [[] for _ in range(rules.players)]
        hands[self.seat] = list(self.f.own)
        for s, cards in zip(self._others(), got, strict=False):
            hands[s] = cards
        widow = got[-1] if self.f.widow is None and rules.widow.size else list(self.f.widow or ())
        return World(hands_tuple(hands), tuple(widow), ())

    # -- racehorse, a defender: the passes between the other two -------------------------------
    def _passes(self, got: list[list[Card]], rng: random.Random) -> World | None:
        rules, f = self.record.rules, self.f
        bidder, partner, other = self._three()
        k = rules.passing.count
        other_hand, partner_after, bidder_after = got
        # The pass back: any k of the partner's last hand; the pass: any k of the bidder's
        # hand once it held both (its last hand and the pass back).
        back_at = set(rng.sample(range(self.size), k))
        back = [c for i, c in enumerate(partner_after) if i in back_at]
        kept = [c for i, c in enumerate(partner_after) if i not in back_at]
        fifteen = bidder_after + back
        out_at = set(rng.sample(range(len(fifteen)), k))
        out = [c for i, c in enumerate(fifteen) if i in out_at]
        hands: list[list[Card]] = [[] for _ in range(rules.players)]
        hands[self.seat] = list(f.own)
        hands[other] = other_hand
        hands[partner] = kept + out
        hands[bidder] = [c for i, c in enumerate(fifteen) if i not in out_at]
        (pass_step, _), (back_step, _) = f.passes
        hidden = ((pass_step, PassCards(tuple(sorted(out)))),
                  (back_step, PassCards(tuple(sorted(back)))))
        return World(hands_tuple(hands), (), (), hidden)

    # -- three-handed, a defender: the bidder's discard -----------------------------------------
    def _discard(self, got: list[list[Card]], rng: random.Random) -> World | None:
        rules, f = self.record.rules, self.f
        widow = Counter(f.widow or ())
        bidder, other = self._two()
        other_hand, bidder_after, discards = got
        dealt = Counter(bidder_after) + Counter(discards)
        dealt.subtract(widow)
        if any(n < 0 for n in dealt.values()):  # a widow card in the other defender's hand
            return None
        hands: list[list[Card]] = [[] for _ in range(rules.players)]
        hands[self.seat] = list(f.own)
        hands[other] = other_hand
        hands[bidder] = list(dealt.elements())
        hidden = ((f.discard, Discard(tuple(sorted(discards)))),)
        return World(hands_tuple(hands), tuple(widow.elements()), (), hidden)
