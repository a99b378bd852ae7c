"""How cards reach the trick and leave it: a completed trick stays face up in the middle, its
winner lit and its counters shown, for the pause the player chose (or until they click), then
sweeps to the winning side's one pile. A claim shows every card still held, then sweeps them
all to the claiming side."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import events as ev
from game.rules.cards import Card
from game.ui.anim import Call, Hold
from game.ui.table.motion import MOVE, CardTable
from game.ui.table.sprites import CardSprite
from game.ui.table.stockmodel import StockArea

SWEEP = MOVE * 1.2
CLAIM_SHOW = 2.5  # seconds, at least, that the claimed cards stay face up


@dataclass
class ShownTrick:
    """A completed trick on show: its cards (in play order), the winning seat, its points."""

    sprites: list[tuple[int, CardSprite]]
    winner: int
    points: int
    lit: bool = False  # the winner's card is highlighted (during the pause, not the sweep)
    claim: bool = False  # the cards of a claim, not one trick
    tricks: int = 1  # tricks it stands for (a claim's)

    @property
    def winning_sprite(self) -> CardSprite | None:
        if self.claim:
            return None
        # The winning card is the winner's card of the trick.
        return next((sp for seat, sp in self.sprites if seat == self.winner), None)


class TrickArea:
    """The trick in the middle of the table and each side's pile of won tricks: cards played
    to the trick, a completed trick on show and its sweep, and a claim shown before its
    sweep."""

    def __init__(self, table: CardTable, stock: StockArea) -> None:
        self.table = table
        self.stock = stock  # a melded card is played from the table (two-handed)
        rules = table.rules
        self.trick: list[tuple[int, CardSprite]] = []
        self.piles: list[list[CardSprite]] = [[] for _ in range(rules.n_sides)]  # per side
        # Tricks each side has won this hand, counted as the events arrive: the player's view
        # is taken once per batch, and a claim (or the last trick) ends the hand in its batch.
        self.side_tricks = [0] * rules.n_sides
        self.last_trick: list[tuple[int, Card]] = []
        self.shown: ShownTrick | None = None  # the completed trick (or claim) on show
        # Completed tricks already in their pile whose sweep has not been seen yet: they are
        # drawn where they lie, not as the pile's hidden lower cards.
        self.sweeping: list[ShownTrick] = []
        self.claim: Claim | None = None

    def reset(self) -> None:
        """A new deal: an empty middle and empty piles."""
        n_sides = self.table.rules.n_sides
        self.trick, self.piles = [], [[] for _ in range(n_sides)]
        self.side_tricks = [0] * n_sides
        self.last_trick, self.shown, self.sweeping, self.claim = [], None, [], None

    def pile_seat(self, side: int) -> int:
        """The seat beside which a side's pile lies (the layout's choice)."""
        return self.table.layout.pile_seat(side, self.table.human)

    def on_CardPlayed(self, e: ev.CardPlayed) -> None:  # noqa: N802
        table = self.table
        sp: CardSprite | None
        if e.from_table:
            zone = self.stock.tabled[e.seat]
            sp = next((s for s in zone if s.card is e.card), zone[-1] if zone else None)
            if sp is None:
                sp = table.take_from_hand(e.seat, e.card)
            else:
                zone.remove(sp)
        else:
            sp = table.take_from_hand(e.seat, e.card)
        sp.card = e.card
        sp.mark = ""  # marked while in a hand, not in the trick
        if self.claim is not None and not self.trick:
            # a claimed card: it stays where it is shown until the sweep
            self.claim.played.append((e.seat, sp))
            return
        if self.claim is not None:
            # A claim made with a trick on the table: its cards complete that trick where the
            # others' lie (it showed three cards without the claimer's), and it is swept as one.
            self.claim.shown.sprites = [(s, x) for s, x in self.claim.shown.sprites if x is not sp]
        if not self.trick:
            table.talk.bubbles = {}
        self.trick.append((e.seat, sp))
        table.sounds.append("play")
        table.settle(MOVE)

    def on_TrickWon(self, e: ev.TrickWon) -> bool:  # noqa: N802
        """Whether a trick was swept (not a claimed one, which waits for the hand's score)."""
        # The cards join the winning side's pile now, so later events find them there; what the
        # player sees waits in the timeline: the trick face up and lit, then the sweep.
        rules = self.table.rules
        self.last_trick = list(e.cards)
        self.side_tricks[rules.side_of(e.seat)] += 1
        pile = self.piles[rules.side_of(e.seat)]
        if self.claim is not None and not self.trick:
            pile.extend(sp for _, sp in self.claim.played[len(self.claim.swept):])
            self.claim.swept = list(self.claim.played)
            return False
        shown = ShownTrick(list(self.trick), e.seat, e.points)
        pile.extend(sp for _, sp in self.trick)
        self.sweeping.append(shown)
        self.trick = []
        self.show(shown, self.table.trick_pause)
        self.table.sounds.append("sweep")
        return True

    def show(self, shown: ShownTrick, pause: float | None) -> None:
        """Light ``shown`` for ``pause`` seconds (None: until a click), then sweep it to its
        pile with everything else that has to move."""
        def light() -> None:
            self.shown = shown
            shown.lit = True

        def dim() -> None:
            shown.lit = False

        def forget() -> None:
            if self.shown is shown:
                self.shown = None
            self.sweeping = [t for t in self.sweeping if t is not shown]

        timeline = self.table.timeline
        timeline.add([Call(light), Hold(pause)])
        timeline.add([Call(dim)])
        self.table.settle(SWEEP)
        timeline.add([Call(forget)])

    def on_HandClaimed(self, e: ev.HandClaimed) -> None:  # noqa: N802
        """Every card still held turns face up, each hand sorted and laid out to be read; the
        claimed tricks' events that follow move them into the claiming side's pile, and the
        hand's score sweeps them there once the player has seen them."""
        table = self.table
        shown: list[tuple[int, CardSprite]] = []
        for seat, cards in enumerate(e.hands):
            hand = table.hands[seat]
            rest = list(cards)  # the cards whose sprites are still face down to the player
            for sp in hand:
                if sp.card is not None and sp.card in rest:
                    rest.remove(sp.card)
            for sp in hand:
                if sp.card is None and rest:
                    sp.card = rest.pop(0)
            table.sort_hand(seat)
            shown += [(seat, sp) for sp in table.hands[seat]]
        for tabled_seat, zone in enumerate(self.stock.tabled):
            shown += [(tabled_seat, sp) for sp in zone]
        self.claim = Claim(ShownTrick(shown, e.seat, e.points, claim=True, tricks=e.tricks))
        table.settle()  # every hand turns face up and opens out to be read
        table.talk.bubbles = {}  # the claim's banner names the claimer
        table.sounds.append("bid")

    def end_claim(self) -> None:
        """The claimed hand is scored: show its cards, then sweep them all."""
        claim = self.claim
        if claim is None:
            return
        self.claim = None
        pause = self.table.trick_pause
        self.show(claim.shown, CLAIM_SHOW if pause is None else max(CLAIM_SHOW, pause))
        self.table.sounds.append("sweep")


@dataclass
class Claim:
    """A claim being shown: its cards, and those the claimed tricks have played so far."""

    shown: ShownTrick
    played: list[tuple[int, CardSprite]] = field(default_factory=list)
    swept: list[tuple[int, CardSprite]] = field(default_factory=list)
