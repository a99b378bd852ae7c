"""A history for a lesson position stated late in a hand: the deal, the exchanges and the
tricks already played that lead, under the engine's rules, to the hands a lesson gives.

A lesson table states a trick position as the cards each seat holds now, the trump, the
contract and the meld shown; the cards already played are in no hand. The position notation
(pn1) gives a deal and the moves since, so that every position it holds is one the rules can
reach. :func:`invent` finds such a history: it shares the cards out of play among the seats
(each seat's melded cards that it no longer holds among its own), makes up the passes or the
widow and discard the table's rules call for, and searches the tricks last first
(:class:`_Backward`), every card accepted by the engine against the hand the seat held then,
the last won by the seat the table has leading now. Whatever it finds is checked by playing
it forwards and reading the notation back: the same hands, trump, contract, meld and leader.

The search is seeded: the same table gives the same history every time.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from game.rules.actions import (
    Action,
    Discard,
    NameTrump,
    PassCards,
    PlayCard,
    PlayHand,
    RefuseThrowIn,
    TakeWidow,
)
from game.rules.auction_game.state import HandState, PlayState
from game.rules.cards import Card, Suit
from game.rules.compiled import best_meld
from game.rules.compose import auction_hand, contracted
from game.rules.engine import actor, apply, legal_actions
from game.rules.errors import IllegalActionError
from game.rules.events import TrickWon
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState

NODES = 300_000  # cards checked against a hand, per search
TRIES = 400  # searches for the tricks
KEEP = 8  # histories compared for the meld closest to the table's
TRICK_DRAWS = 300  # tricks drawn at random for one trick of the history, below the later ones
LEVEL_TRICKS = 3  # tricks that fit tried there before going back to change a later one


def invent(rules: RuleSet, state: GameState, melded: Sequence[Sequence[Card]],
           seed: int = 1, winners: frozenset[int] | None = None
           ) -> tuple[GameState, list[Action]] | None:
    """(the state just after the contract, the moves from it) reaching ``state``'s hands, trump,
    contract, meld and leader at the start of a trick, or None when no history was found.
    ``melded``: per seat, the cards its meld was shown with (empty: the hand as it is now).
    ``winners``: the seats that may have won the tricks already played (None: any)."""
    hand = state.hand
    if not isinstance(hand, HandState) or hand.phase != Phase.TRICKS or hand.play is None \
            or hand.play.trick:
        return None
    deck = rules.deck
    now = [deck.to_cards(h) for h in hand.hands]
    held = {len(h) for h in now}
    if len(held) != 1:
        return None
    tricks = rules.hand_size - held.pop()
    out = Counter(deck.to_cards(deck.full())) - Counter(c for h in now for c in h)
    need = [Counter(m) - Counter(h) for m, h in zip(_padded(melded, rules.players), now,
                                                    strict=True)]
    common = out.copy()
    for cards in need:
        if cards.total() > tricks:
            return None
        common -= cards
    if common.total() + sum(c.total() for c in need) != out.total():
        return None  # a melded card is held by no one and was not played
    stated = frozenset(s for s in range(rules.players) if s < len(melded) and melded[s])
    safe = _meld_safe(rules, hand, now, need, common, stated)
    rng = random.Random(f"history {rules.name} {seed}")
    if winners is None:
        winners = frozenset(range(rules.players))
    if tricks and hand.play.leader not in winners:
        return None  # the seat to lead won the trick before
    best: tuple[int, GameState, list[Action]] | None = None
    tries = 0
    first: int | None = None  # who leads the first trick: the contract's, whatever the cards
    for _ in range(TRIES):
        first = first if first is not None else _first_leader(rules, state, now, out, rng)
        if first is None:
            continue
        table = hand._replace(play=_play_state(rules, hand, first))
        search = _Backward(rules, now, common, need, tricks, hand.play.leader, first, rng,
                           safe, winners, Suit(hand.trump))
        found_tricks = search.tricks(state._replace(hand=table))
        if found_tricks is None:
            continue
        played = [Counter[Card]() for _ in range(rules.players)]
        for seat, play in found_tricks:
            played[seat][play.card] += 1
        tail: list[Action] = [play for _, play in found_tricks]
        left = out - sum(played, Counter[Card]())
        for _ in range(TRIES // 10):
            found = _history(rules, state, now, played, left, tail, rng, stated)
            if found is not None:
                cost = _meld_drift(found[2], state)
                if best is None or cost < best[0]:
                    best = (cost, found[0], found[1])
                break
        if best is not None and (best[0] == 0 or (tries := tries + 1) >= KEEP):
            break
    return None if best is None else (best[1], best[2])


def _meld_drift(found: GameState, goal: GameState) -> int:
    """How far the meld the history gives the seats whose meld the table did not state is from
    the table's (which reckons it from the few cards they hold now)."""
    a, b = found.hand, goal.hand
    assert isinstance(a, HandState) and isinstance(b, HandState)
    return sum(abs((x.total if x else 0) - (y.total if y else 0))
               for x, y in zip(a.melds, b.melds, strict=True))


def _play_state(rules: RuleSet, hand: HandState, leader: int) -> PlayState:
    zeros = (0,) * rules.players
    return PlayState(leader, leader, (), -1, 0, zeros, zeros, (), 0)


def _first_leader(rules: RuleSet, state: GameState, now: list[list[Card]],
                  out: Counter[Card], rng: random.Random) -> int | None:
    """Who leads the first trick after this contract (whatever the cards out of play were)."""
    pool = list(out.elements())
    rng.shuffle(pool)
    size = rules.hand_size - len(now[0])
    played = [Counter(pool[s * size:(s + 1) * size]) for s in range(rules.players)]
    left = Counter(pool[rules.players * size:])
    at = _exchanged(rules, state, now, played, left, rng)
    if at is None:
        return None
    hand = at[0].hand
    assert isinstance(hand, HandState) and hand.play is not None
    return hand.play.leader


def _meld_safe(rules: RuleSet, hand: HandState, now: list[list[Card]],
               need: list[Counter[Card]], common: Counter[Card], stated: frozenset[int]
               ) -> list[set[Card]]:
    """Per seat, the cards out of play that, added alone to what it holds and must have
    played, leave its meld as the table states it (every card, for a seat not stated)."""
    out: list[set[Card]] = []
    for s in range(rules.players):
        cards = set(common)
        if s in stated:
            base = now[s] + list(need[s].elements())
            goal = hand.melds[s]
            cards = {c for c in cards if best_meld(rules, [*base, c], hand.trump) == goal}
        out.append(cards)
    return out


def _padded(melded: Sequence[Sequence[Card]], n: int) -> list[list[Card]]:
    return [list(melded[s]) if s < len(melded) else [] for s in range(n)]


class _Backward:
    """The tricks before the position, found last first. Unplaying a trick gives each seat back
    the card it played there, so the hand a seat held at any trick is known exactly once the
    later tricks are placed: its cards now and the cards it plays from that trick on. Each
    card is then checked by the engine against that true hand, and each trick's winner must
    be the seat that leads the next one. Going forwards the hands at a trick are not known
    until the whole history is, and a search that way almost never closes a late hand."""

    def __init__(self, rules: RuleSet, now: list[list[Card]], common: Counter[Card],
                 need: list[Counter[Card]], tricks: int, leader: int, first: int,
                 rng: random.Random, safe: list[set[Card]], winners: frozenset[int],
                 trump: Suit) -> None:
        self.rules = rules
        self.later = [Counter(h) for h in now]  # a seat's cards now and in the tricks placed
        self.common = common.copy()
        self.need = [n.copy() for n in need]
        self.tricks_left = tricks
        self.leader = leader
        self.first = first
        self.rng = rng
        self.safe = safe
        self.winners = winners
        self.budget = NODES
        self.trump = trump
        self.trumps_held = all(any(c.suit == trump for c in h) for h in now)

    def tricks(self, at: GameState) -> list[tuple[int, PlayCard]] | None:
        """(seat, card played) in order from the first trick, or None when the budget ran
        out first. ``at``: a state at the start of a trick (its hands are replaced)."""
        return self._unplay(at, self.tricks_left, self.leader)

    def _unplay(self, at: GameState, k: int, next_leader: int
                ) -> list[tuple[int, PlayCard]] | None:
        if k == 0:
            return [] if next_leader == self.first else None
        if any(n.total() > k for n in self.need) or not self._suits_fit(k):
            return None
        hand = at.hand
        assert isinstance(hand, HandState) and hand.play is not None
        tried: set[tuple[tuple[int, PlayCard], ...]] = set()
        # The first tricks are the hardest to close (their leader is fixed and the cards left
        # are few): more of the second trick's candidates are tried, each quickly.
        width = LEVEL_TRICKS if k > 2 else 8 * LEVEL_TRICKS
        for _ in range(TRICK_DRAWS if k > 1 else TRICK_DRAWS // 6):
            if self.budget <= 0 or len(tried) >= width:
                return None
            leader = self.first if k == 1 else self.rng.randrange(self.rules.players)
            start = at._replace(hand=hand._replace(play=_play_state(self.rules, hand, leader)))
            drawn = self._draw(start, k)
            if drawn is None:
                continue
            trick, winner, after, piles = drawn
            if winner == next_leader and winner in self.winners and trick not in tried:
                tried.add(trick)
                rest = self._unplay(after, k - 1, leader)
                if rest is not None:
                    self._unplace(trick, piles)
                    return [*rest, *trick]
            self._unplace(trick, piles)
        return None

    def _draw(self, at: GameState, k: int) -> tuple[
            tuple[tuple[int, PlayCard], ...], int, GameState, list[Counter[Card]]] | None:
        """One trick ``k`` drawn at random, each card legal against the seat's true hand then
        (its cards now, in the tricks after, and this one), its cards given to the seats as
        drawn: (its cards, its winner, the state after it, the piles its cards came from), or
        None (nothing given) when a seat has no card it could have played."""
        rules = self.rules
        deck = rules.deck
        trick: list[tuple[int, PlayCard]] = []
        piles: list[Counter[Card]] = []
        while True:
            seat = actor(at)
            hand = at.hand
            assert isinstance(hand, HandState) and hand.play is not None
            need = self.need[seat]
            # A seat with as many needed cards as tricks left must play one now.
            pool = +need if need.total() >= k else self.common + need
            choices: list[tuple[PlayCard, GameState]] = []
            weights: list[int] = []
            for card in pool:
                if not (need[card] or card in self.safe[seat]):
                    continue  # it would add meld the table does not say the seat showed
                self.budget -= 1
                held = deck.counts_of(list((self.later[seat] + Counter([card])).elements()))
                hands = tuple(held if s == seat else h for s, h in enumerate(hand.hands))
                here = at._replace(hand=hand._replace(hands=hands,
                                                      play=hand.play._replace(mask=-1)))
                play = PlayCard(card)
                if play in legal_actions(here):
                    choices.append((play, here))
                    weights.append(1 + 2 * bool(need[card]))  # needed cards early
            if not choices:
                self._unplace(trick, piles)
                return None
            play, here = self.rng.choices(choices, weights)[0]
            at, events = apply(here, play)
            trick.append((seat, play))
            piles += self._place([(seat, play)])
            won = [e.seat for e in events if isinstance(e, TrickWon)]
            if won:
                return tuple(trick), won[0], at, piles

    def _place(self, trick: Sequence[tuple[int, PlayCard]]) -> list[Counter[Card]]:
        """Give the trick's cards to the seats that played them: the piles they came from."""
        piles = []
        for seat, play in trick:
            pile = self.need[seat] if self.need[seat][play.card] else self.common
            pile[play.card] -= 1
            self.later[seat][play.card] += 1
            piles.append(pile)
        return piles

    def _unplace(self, trick: Sequence[tuple[int, PlayCard]], piles: list[Counter[Card]]
                 ) -> None:
        for (seat, play), pile in zip(trick, piles, strict=True):
            pile[play.card] += 1
            self.later[seat][play.card] -= 1

    def _suits_fit(self, k: int) -> bool:
        """Whether the cards not yet placed can make ``k`` tricks. When every seat holds a
        trump now it held one at every earlier trick, so it never threw a card of another
        suit: each card of a plain suit went to a trick that suit led, and those tricks
        number at least the suit's cards over the seats."""
        left = self.common + sum(self.need, Counter[Card]())
        seats = self.rules.players
        if not self.trumps_held or left.total() != seats * k:
            return True  # (cards left over are the discards, which no trick holds)
        plain = Counter(c.suit for c in left.elements() if c.suit != self.trump)
        return sum(-(-n // seats) for n in plain.values()) <= k


def _exchanged(rules: RuleSet, state: GameState, now: list[list[Card]],
               played: list[Counter[Card]], left: Counter[Card], rng: random.Random
               ) -> tuple[GameState, GameState, list[Action]] | None:
    """(the state at the first trick, the state just after the contract, the exchange's moves)
    for a deal in which each seat held its cards now and ``played``, with passes drawn at
    random from what each side ends with, the cards ``left`` as the widow laid away again."""
    hand = state.hand
    assert isinstance(hand, HandState)
    deck = rules.deck
    final = [Counter(now[s]) + played[s] for s in range(rules.players)]
    dealt = [f.copy() for f in final]
    to_bidder: tuple[Card, ...] = ()
    back: tuple[Card, ...] = ()
    count = rules.passing.count
    if count and rules.partnerships:
        partner = rules.seating.partners(hand.bidder)[0]  # passing: sides of two
        to_bidder = tuple(rng.sample(list(final[hand.bidder].elements()), count))
        back = tuple(rng.sample(list(final[partner].elements()), count))
        dealt[hand.bidder] += Counter(back)
        dealt[hand.bidder] -= Counter(to_bidder)
        dealt[partner] += Counter(to_bidder)
        dealt[partner] -= Counter(back)
    widow = tuple(left.elements())
    if len(widow) != rules.widow.size:
        return None
    counts = tuple(deck.counts_of(list(d.elements())) for d in dealt)
    start = state._replace(hand=contracted(rules, auction_hand(
        rules, hand.dealer, counts, deck.counts_of(widow)), hand.bidder, hand.bid))
    moves: list[Action] = []
    at = start
    try:
        while not (isinstance(at.hand, HandState) and at.hand.phase == Phase.TRICKS):
            action = _exchange(at, hand, to_bidder, back, widow)
            if action is None:
                return None
            at, _ = apply(at, action)
            moves.append(action)
    except IllegalActionError:
        return None
    return at, start, moves


def _history(rules: RuleSet, state: GameState, now: list[list[Card]],
             played: list[Counter[Card]], left: Counter[Card], tail: list[Action],
             rng: random.Random, stated: frozenset[int]
             ) -> tuple[GameState, list[Action], GameState] | None:
    """(the state after the contract, the moves, the state they reach): the whole history
    checked by the engine with the true hands, or None."""
    got = _exchanged(rules, state, now, played, left, rng)
    if got is None:
        return None
    at, start, moves = got
    try:
        for action in tail:
            at, _ = apply(at, action)
    except IllegalActionError:
        return None
    return (start, moves + tail, at) if same_place(at, state, stated) else None


def _exchange(at: GameState, goal: HandState, to_bidder: tuple[Card, ...],
              back: tuple[Card, ...], widow: tuple[Card, ...]) -> Action | None:
    """The move the history makes at an exchange (the widow, the discard, trump, passes)."""
    hand = at.hand
    if not isinstance(hand, HandState):
        return None
    phase = hand.phase
    if phase == Phase.WIDOW:
        return TakeWidow()
    if phase == Phase.DISCARD:
        return Discard(widow)
    if phase == Phase.TRUMP:
        return NameTrump(Suit(goal.trump))
    if phase == Phase.PASS:
        return PassCards(to_bidder)
    if phase == Phase.PASS_BACK:
        return PassCards(back)
    if phase == Phase.DECIDE:
        return PlayHand()
    if phase == Phase.THROW_IN_VOTE:
        return RefuseThrowIn()
    return None


def same_place(found: GameState, goal: GameState, stated: frozenset[int]) -> bool:
    """Whether ``found`` is ``goal`` as a lesson shows it: the same hands, trump, contract,
    seat to lead and scores before the hand, and the same meld for the ``stated`` seats, whose
    melded cards the table gives. (The tricks already taken, and the meld of a seat the table
    reckons from the few cards it holds now, are the history's own.)"""
    a, b = found.hand, goal.hand
    if not (isinstance(a, HandState) and isinstance(b, HandState) and a.play and b.play):
        return False
    return (found.scores == goal.scores and found.dealer == goal.dealer
            and a.phase == b.phase and a.hands == b.hands and a.trump == b.trump
            and a.bidder == b.bidder and a.bid == b.bid
            and all(a.melds[s] == b.melds[s] for s in stated)
            and a.play.leader == b.play.leader
            and a.play.turn == b.play.turn and not a.play.trick)
