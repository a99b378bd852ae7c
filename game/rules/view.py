"""What one seat may know: ``observe(state, seat)`` and ``redact(event, seat)``.

A seat sees its own hand, every meld laid down, every card played, the cards it passed or
received, the widow once it is turned up, its own discards, the two-handed turn-up and tabled
melds, and every bid and score. Bots and the table work from this view only.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from game.rules.actions import Action
from game.rules.auction_game.needs import still_needed
from game.rules.auction_game.state import HandState
from game.rules.cards import Card, Suit
from game.rules.engine import actor, legal_actions
from game.rules.events import (
    CardDrawn,
    CardsDealt,
    CardsPassed,
    Discarded,
    Event,
    HandResult,
)
from game.rules.meld import Meld, MeldResult
from game.rules.outcome import SideNeed
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.seating import Sides
from game.rules.state import GameState
from game.rules.stock_game.meld import Tabled
from game.rules.stock_game.score import scored_so_far
from game.rules.stock_game.state import StockHand


@dataclass(frozen=True)
class PlayerView:
    """What one seat may know of the game at one moment, built by :func:`observe`: all that bots and
    the table see of it."""

    rules: RuleSet
    seat: int
    phase: Phase
    hand_no: int
    dealer: int
    actor: int
    legal: tuple[Action, ...]
    hand: int  # counts of this seat's cards (tabled cards included, two-handed)
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    tallies: tuple[int, ...]
    target: int
    records: tuple[HandResult, ...]
    bids: tuple[tuple[int, int], ...] = ()  # (seat, amount), 0 for a pass
    high_bid: int = 0
    high_bidder: int = -1
    passed_out: tuple[bool, ...] = ()
    bidder: int = -1
    bid: int = 0
    trump: int = -1
    # The bidder's partners a card found when trump was named (announced to everyone at once);
    # () at fixed sides, before trump, or when the bidder plays alone. Ask ``sides``.
    partners: tuple[int, ...] = ()
    partner_card: Card | None = None  # the card that found them, announced with them
    melds: tuple[MeldResult | None, ...] = ()
    side_meld: tuple[int, ...] = ()
    passed: int = 0  # cards this seat passed away (counts)
    received: int = 0  # cards this seat received
    widow: int | None = None  # the widow, once the bidder has turned it up
    discards: int = 0  # own discards (bidder only)
    leader: int = -1
    trick: tuple[tuple[int, Card], ...] = ()
    tricks: tuple[tuple[tuple[int, int], ...], ...] = ()  # completed tricks (seat, type)
    played: int = 0  # counts of every card played so far
    taken: tuple[int, ...] = ()
    won: tuple[int, ...] = ()
    # two-handed
    turnup: Card | None = None
    stock_size: int = 0
    tabled: tuple[tuple[Card, ...], ...] = ()
    # two-handed: each seat's tabled cards with the melds each one served (public: everyone saw
    # which cards were laid together); the bots cannot rebuild it from the melds alone.
    tabled_records: tuple[tuple[Tabled, ...], ...] = ()
    laid: tuple[tuple[Meld, ...], ...] = ()
    meld_points: tuple[int, ...] = ()
    playoff: bool = False
    running: tuple[int, ...] = ()  # two-handed: each score with this deal's meld, as it is laid
    # two-handed: the playoff's two draws, (seat, card), which both players see: the last
    # face-down card of the stock, shown by its drawer, and the turned-up trump (or dix)
    shown_draws: tuple[tuple[int, Card], ...] = ()
    winner: int = -1
    over_reason: str = ""
    # Every hidden card, for the measurement-only ``open`` level: filled only by
    # ``observe(state, seat, reveal=True)``, which the match harness alone calls.
    revealed: bool = False
    all_hands: tuple[int, ...] = ()  # counts per seat
    face_down_widow: int = 0  # the widow while nobody has turned it up
    hidden_discards: int = 0  # the bidder's discards (three-handed)
    stock_order: tuple[int, ...] = ()  # two-handed: the stock's card types, top first

    @property
    def sides(self) -> Sides:
        """Who plays with whom this hand, as everyone at the table knows it: the table's sides,
        or the bidder and the partners a card found against the others, once announced."""
        return self.rules.seating.in_hand(self.bidder, self.partners, self.trump >= 0)

    def side_taken(self, side: int) -> int:
        """Counters the side (of this hand) has taken in tricks so far."""
        return sum(self.taken[s] for s in self.sides.seats_of(side)) if self.taken else 0

    def side_won(self, side: int) -> int:
        """Tricks the side (of this hand) has won so far."""
        return sum(self.won[s] for s in self.sides.seats_of(side)) if self.won else 0

    def still_needed(self) -> tuple[SideNeed, ...]:
        """During the play: what each side still needs from the tricks, to make the bid or to
        keep its meld (empty before the meld is shown, and in two-handed)."""
        if not self.side_meld or self.bidder < 0:
            return ()
        sides = self.sides
        n = sides.count
        return still_needed(self.rules, self.bidder, self.bid, self.side_meld,
                            tuple(self.side_taken(s) for s in range(n)),
                            tuple(self.side_won(s) for s in range(n)), sides)

    @property
    def cards(self) -> list[Card]:
        """Every card this seat holds (two-handed: its melded cards on the table included)."""
        return self.rules.deck.to_cards(self.hand)

    @property
    def hidden_cards(self) -> list[Card]:
        """The cards in the seat's hand proper (two-handed: not those lying on the table)."""
        cards = self.cards
        for card in self.tabled[self.seat] if self.tabled else ():
            cards.remove(card)
        return cards

    @property
    def trump_suit(self) -> Suit | None:
        return None if self.trump < 0 else Suit(self.trump)


def observe(state: GameState, seat: int, reveal: bool = False) -> PlayerView:
    """What ``seat`` may know. ``reveal`` adds every hidden card: for the measurement-only
    ``open`` level, the match harness's checks, and the tutorial's checks against the real
    cards and its fields that name who holds a card. The table never asks for it."""
    view = _observe(state, seat)
    if not reveal:
        return view
    hand = state.hand
    if isinstance(hand, StockHand):
        return dataclasses.replace(view, revealed=True, all_hands=hand.hands,
                                   stock_order=hand.stock)
    if isinstance(hand, HandState) and hand.hands:
        widow = hand.widow if not hand.looked else 0
        return dataclasses.replace(view, revealed=True, all_hands=hand.hands,
                                   face_down_widow=widow, hidden_discards=hand.discards)
    return dataclasses.replace(view, revealed=True)


def _observe(state: GameState, seat: int) -> PlayerView:
    rules = state.rules
    hand = state.hand
    who = actor(state)
    base = PlayerView(rules=rules, seat=seat, phase=state.phase, hand_no=state.hand_no,
                      dealer=state.dealer, actor=who,
                      legal=legal_actions(state) if who == seat else (),
                      scores=state.scores, tallies=state.tallies, target=state.target,
                      records=state.records, winner=state.winner, over_reason=state.over_reason,
                      hand=0, hand_sizes=(0,) * rules.players)
    deck = rules.deck
    if isinstance(hand, StockHand):
        return _observe_stock(rules, hand, seat, base)
    if not isinstance(hand, HandState) or not hand.hands:
        return base
    au = hand.auction
    ps = hand.play
    passed = sum(c for s, _, c in hand.passes if s == seat)
    received = sum(c for _, d, c in hand.passes if d == seat)
    return dataclasses.replace(
        base,
        hand=hand.hands[seat],
        hand_sizes=tuple(deck.size_of(h) for h in hand.hands),
        bids=au.history if au else (),
        high_bid=au.high_bid if au else 0,
        high_bidder=au.high_bidder if au else -1,
        passed_out=au.passed if au else (),
        bidder=hand.bidder, bid=hand.bid, trump=hand.trump, partners=hand.partners,
        partner_card=hand.partner_card,
        melds=hand.melds, side_meld=hand.side_meld,
        passed=passed, received=received,
        widow=hand.widow if hand.looked else None,
        discards=hand.discards if seat == hand.bidder else 0,
        leader=ps.leader if ps else -1,
        trick=tuple((s, deck.types[t]) for s, t in ps.trick) if ps else (),
        tricks=ps.tricks if ps else (), played=ps.played if ps else 0,
        taken=ps.taken if ps else (), won=ps.won if ps else (),
    )


def _observe_stock(rules: RuleSet, hand: StockHand, seat: int, base: PlayerView
                   ) -> PlayerView:
    deck = rules.deck
    if not hand.hands:
        return base
    return dataclasses.replace(
        base,
        hand=hand.hands[seat],
        hand_sizes=tuple(deck.size_of(h) for h in hand.hands),
        trump=hand.trump, leader=hand.leader,
        trick=tuple((s, deck.types[t]) for s, t in hand.trick),
        tricks=hand.tricks, played=hand.played, taken=hand.taken, won=hand.won,
        turnup=deck.types[hand.turnup] if hand.turnup >= 0 else None,
        stock_size=len(hand.stock),
        tabled=tuple(tuple(deck.types[tc.type] for tc in t) for t in hand.tabled),
        tabled_records=hand.tabled,
        laid=hand.laid, meld_points=hand.meld_pts, playoff=hand.playoff,
        # Declared out, the game is over with the deal's meld already in the scores.
        running=base.scores if base.phase == Phase.GAME_OVER else scored_so_far(base.scores, hand),
        shown_draws=tuple((s, deck.types[t]) for s, t in hand.shown),
    )


def redact(event: Event, seat: int) -> Event:
    """The event as ``seat`` may see it: other players' hidden cards removed."""
    if isinstance(event, CardsDealt):
        hands = tuple(h if i == seat else () for i, h in enumerate(event.hands))
        return dataclasses.replace(event, hands=hands)
    if isinstance(event, CardsPassed) and seat not in (event.source, event.target):
        return dataclasses.replace(event, cards=())
    if isinstance(event, Discarded) and seat != event.seat:
        return dataclasses.replace(event, cards=())
    if isinstance(event, CardDrawn) and seat != event.seat and not event.public:
        return dataclasses.replace(event, card=None)
    return event
