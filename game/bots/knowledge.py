"""What one seat can deduce from its :class:`PlayerView`: the card-counting layer every level
above ``easy`` shares.

From the view alone it works out which cards are still unseen, which of them are known to be in
a given hand (meld laid down, cards this seat passed), and which card types a hand *cannot*
hold: voids, and under must-beat rules "failed to beat, so holds no higher card of that suit".
The sampler (:mod:`game.bots.sampler`) deals the unseen cards consistently with all of it.
Nothing here reads hidden state: the only input is the view.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.cards import Card
from game.rules.compiled import kernel_for
from game.rules.kernel import PlayKernel
from game.rules.ruleset import RuleSet
from game.rules.seating import Sides
from game.rules.view import PlayerView

DISCARD = -1  # pseudo-location: the three-handed bidder's discards, unseen by the others


def field_min(deck_bits: int, n_types: int, a: int, b: int) -> int:
    """Per-type minimum of two counts ints."""
    out = 0
    mask = (1 << deck_bits) - 1
    for t in range(n_types):
        sh = t * deck_bits
        x, y = (a >> sh) & mask, (b >> sh) & mask
        out |= min(x, y) << sh
    return out


def field_sub(deck_bits: int, n_types: int, a: int, b: int) -> int:
    """Per-type ``max(0, a - b)`` of two counts ints."""
    out = 0
    mask = (1 << deck_bits) - 1
    for t in range(n_types):
        sh = t * deck_bits
        x, y = (a >> sh) & mask, (b >> sh) & mask
        if x > y:
            out |= (x - y) << sh
    return out


def field_max(deck_bits: int, n_types: int, a: int, b: int) -> int:
    """The larger count of each card type in packed hands ``a`` and ``b``."""
    out = 0
    mask = (1 << deck_bits) - 1
    for t in range(n_types):
        sh = t * deck_bits
        out |= max((a >> sh) & mask, (b >> sh) & mask) << sh
    return out


@dataclass
class Knowledge:
    """One seat's picture of a hand in trick play (auction games)."""

    rules: RuleSet
    kernel: PlayKernel
    me: int
    trump: int
    hand: int
    unseen: int  # cards this seat has not seen (in other hands or the bidder's discards)
    sizes: list[int]  # cards held per seat now
    known: list[int]  # per seat: cards known to be held (a lower bound, per type)
    excl: list[int]  # per seat: field mask of card types the seat cannot hold
    played_by: list[int]  # per seat: cards played to tricks so far
    bidder: int = -1
    bid: int = 0
    side_meld: tuple[int, ...] = ()  # meld each side may score
    discard_size: int = 0  # unseen discards (three-handed, when this seat is not the bidder)
    widow_left: int = 0  # widow cards that must be with the bidder or in the discards
    shown: list[int] = field(default_factory=list)  # per seat: meld total shown (-1 unknown)
    reasons: list[str] = field(default_factory=list)  # inferences, for hints
    sides: Sides | None = None  # who plays with whom this hand (the table's sides if None)

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def hand_sides(self) -> Sides:
        return self.sides or self.rules.seating.sides

    def partners(self, seat: int) -> tuple[int, ...]:
        """``seat``'s partners this hand (none for a seat playing alone)."""
        return self.hand_sides.partners(seat)

    def same_side(self, a: int, b: int) -> bool:
        return self.hand_sides.same_side(a, b)

    def void(self, seat: int, suit: int) -> bool:
        sm = self.kernel.suit_mask[suit]
        return self.excl[seat] & sm == sm

    def remaining(self) -> int:
        """Cards not yet played, anywhere (my hand included)."""
        return self.hand + self.unseen

    def is_master(self, t: int) -> bool:
        """No unseen card of the suit ranks above type ``t``."""
        return not (self.unseen & self.kernel.above[t])

def meld_counts(rules: RuleSet, cards: list[Card]) -> int:
    """Counts of the cards a laid meld needs (``MeldResult.cards_used``: within the hand)."""
    return rules.deck.counts_of(cards)


def _meld_known(rules: RuleSet, view: PlayerView, seat: int) -> int:
    """Cards a seat's laid meld needs, as counts (empty when the meld was not laid down)."""
    melds = view.melds
    if not melds or melds[seat] is None:
        return 0
    minimum = rules.meld.minimum
    if minimum:
        sides = view.sides
        side = sides.side_of(seat)
        total = sum(m.total for m in (melds[s] for s in sides.seats_of(side)) if m is not None)
        if total < minimum:
            # Under 001's minimum the side only announces its value; the cards stay hidden,
            # so a fair bot must not use them.
            return 0
    mine = melds[seat]
    return meld_counts(rules, mine.cards_used()) if mine is not None else 0


def build(view: PlayerView) -> Knowledge:
    """Everything this seat can deduce about the hidden hands, from its view alone."""
    rules = view.rules
    deck = rules.deck
    kernel = kernel_for(rules)
    n = rules.players
    bits, nt = deck.bits, deck.n_types
    me = view.seat
    trump = view.trump
    played_by = [0] * n
    one = deck.one
    for trick in view.tricks:
        for s, t in trick:
            played_by[s] += one[t]
    current = [(s, deck.type_of(c)) for s, c in view.trick]
    for s, t in current:
        played_by[s] += one[t]
    played = sum(played_by)
    unseen = deck.full() - view.hand - played
    if me == view.bidder and view.discards:
        unseen -= view.discards
    known = [0] * n
    excl = [0] * n
    found = _partner_found(view, kernel, excl)
    partners = rules.seating.partners(me)
    for s in range(n):
        if s == me:
            continue
        k = _meld_known(rules, view, s)
        if s in view.partners and found >= 0:  # it held the card that found it
            k = field_max(bits, nt, k, one[found])
        if s in partners and view.passed:  # passing: between the two seats of a side of two
            k = field_max(bits, nt, k, field_sub(bits, nt, view.passed, view.received))
        known[s] = field_sub(bits, nt, k, played_by[s])
    for trick in view.tricks:
        _infer_trick(kernel, trump, trick, excl)
    if current:
        _infer_trick(kernel, trump, tuple(current), excl)
    discard_size = 0
    widow_left = 0
    if rules.widow.size and view.bidder >= 0 and me != view.bidder and view.widow is not None:
        discard_size = rules.widow.size
        widow_left = field_sub(bits, nt, view.widow, played_by[view.bidder])
    shown = [-1] * n
    if view.melds:
        for s, meld in enumerate(view.melds):
            if meld is not None:
                shown[s] = meld.total
    sizes = list(view.hand_sizes)
    for s in range(n):
        known[s] = field_min(bits, nt, known[s], unseen) if s != me else 0
    return Knowledge(rules, kernel, me, trump, view.hand, unseen, sizes, known, excl, played_by,
                     view.bidder, view.bid, tuple(view.side_meld), discard_size, widow_left, shown,
                     sides=view.sides)


def _partner_found(view: PlayerView, k: PlayKernel, excl: list[int]) -> int:
    """Where a card found the bidder's partner, what finding it says of the hands as they
    were when trump was named (the others' hands only shrink after: the widow goes to the
    bidder): the seats clockwise before the partner held no copy of the card, and, where the
    highest trump finds the partner, no other player held a higher trump. Marks those in
    ``excl`` and returns the card's type (-1: none found, or no partner by card)."""
    rules = view.rules
    if not rules.seating.by_card or view.trump < 0 or view.bidder < 0:
        return -1
    deck = rules.deck
    order = rules.seating.around_from(view.bidder)[1:]
    card = view.partner_card
    trumps = [deck.type_of(c) for c in deck.types if c.suit == view.trump]
    by_rank = rules.table.partner_by == "highest-trump"
    if card is None:  # nobody else held a trump (or the called card)
        banned = [t for t in trumps] if by_rank else []
        for seat in order:
            for t in banned:
                excl[seat] |= k.field_of[t]
        return -1
    found = deck.type_of(card)
    higher = [t for t in trumps if t > found] if by_rank else []
    partner = view.partners[0] if view.partners else -1
    before = True
    for seat in order:
        if seat == partner:
            before = False
        for t in higher:
            excl[seat] |= k.field_of[t]
        if before:
            excl[seat] |= k.field_of[found]
    return found


def _followed(k: PlayKernel, t: int, wt: int, high: int, led: int, trump: int,
              beats: bool) -> int:
    """Cards a follower who played ``t`` of the led suit cannot hold: those that would have
    beaten the card it had to beat (the winner, or after a trump the led suit's highest)."""
    ws = k.suit_of[wt]
    if ws == led and not beats and (k.crawl or (k.beat_trump_lead and led == trump)):
        return k.above[wt]
    if ws != led and k.beat_led_after_trump and t <= high:
        return k.above[high]
    return 0


def _infer_trick(k: PlayKernel, trump: int, trick: tuple[tuple[int, int], ...],
                 excl: list[int]) -> None:
    """Voids and "could not beat" caps revealed by the cards followers played to one trick."""
    if not k.follow or len(trick) < 2:
        return
    sm, above, suit_of = k.suit_mask, k.above, k.suit_of
    wt = trick[0][1]
    led = suit_of[wt]
    tm = sm[trump] if trump >= 0 else 0
    high = wt  # the highest card of the suit led
    for seat, t in trick[1:]:
        st = suit_of[t]
        ws = suit_of[wt]
        beats = (t > wt) if st == ws else (st == trump)
        if st != led:
            excl[seat] |= sm[led]
            if trump >= 0 and st != trump:
                # Void in the led suit and no trump played.
                if k.take_trick:
                    if ws != trump:
                        excl[seat] |= tm  # any trump would have won: holds none
                    else:
                        excl[seat] |= above[wt] & tm
                elif k.must_trump:
                    excl[seat] |= tm
            elif (trump >= 0 and st == trump and ws == trump and not beats
                  and (k.take_trick or k.over_trump)):
                excl[seat] |= above[wt] & tm
        else:
            excl[seat] |= _followed(k, t, wt, high, led, trump, beats)
            high = max(high, t)
        if beats:
            wt = t
