"""How cards reach the trick and leave it: a completed trick stays face up in the middle, its
winner lit and its counters shown, for the pause the player chose (or until they click), then
sweeps to the winning side's one pile. A claim shows every card still held, then sweeps them
all to the claiming side."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import events as ev
from game.rules.cards import Card
from game.rules.ruleset import RuleSet
from game.ui.anim import Call, Hold, Timeline
from game.ui.table.layout import Layout
from game.ui.table.sprites import CardSprite

MOVE = 0.28  # seconds for a card to travel
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


class TrickEvents:
    """Event handlers of :class:`~game.ui.table.model.TableModel` for trick play."""

    # Provided by TableModel.
    rules: RuleSet
    human: int
    layout: Layout
    timeline: Timeline
    hands: list[list[CardSprite]]
    tabled: list[list[CardSprite]]
    trick: list[tuple[int, CardSprite]]
    piles: list[list[CardSprite]]
    side_tricks: list[int]
    bubbles: dict[int, str]
    sounds: list[str]
    last_trick: list[tuple[int, Card]]
    shown: ShownTrick | None
    claim: Claim | None
    trick_pause: float | None  # seconds a completed trick stays; None: until the player clicks
    exchanged: bool

    def settle(self, duration: float = MOVE) -> None: ...

    def sort_hand(self, seat: int) -> None: ...

    def pile_seat(self, side: int) -> int:
        """The seat beside which a side's pile lies: the player's own for their side; for the
        other side of a partnership, east (top right, clear of every label)."""
        seats = self.rules.seats_of(side)
        if self.human in seats:
            return self.human
        east = self.layout.positions.index("east") if "east" in self.layout.positions else -1
        return east if east in seats else seats[0]

    def on_CardPlayed(self, e: ev.CardPlayed) -> None:  # noqa: N802
        if e.from_table:
            zone = self.tabled[e.seat]
            sp = next((s for s in zone if s.card is e.card), zone[-1] if zone else None)
            if sp is None:
                sp = self.take_from_hand(e.seat, e.card)
            else:
                zone.remove(sp)
        else:
            sp = self.take_from_hand(e.seat, e.card)
        sp.card = e.card
        sp.mark = ""  # marked while in a hand, not in the trick
        if self.claim is not None:  # a claimed card: it stays where it is shown until the sweep
            self.claim.played.append((e.seat, sp))
            return
        if not self.trick:
            self.bubbles = {}
        self.trick.append((e.seat, sp))
        self.sounds.append("play")
        self.settle(MOVE)

    def on_TrickWon(self, e: ev.TrickWon) -> None:  # noqa: N802
        # The cards join the winning side's pile now, so later events find them there; what the
        # player sees waits in the timeline: the trick face up and lit, then the sweep.
        self.last_trick = list(e.cards)
        self.side_tricks[self.rules.side_of(e.seat)] += 1
        pile = self.piles[self.rules.side_of(e.seat)]
        if self.claim is not None:
            pile.extend(sp for _, sp in self.claim.played[len(self.claim.swept):])
            self.claim.swept = list(self.claim.played)
            return
        shown = ShownTrick(list(self.trick), e.seat, e.points)
        pile.extend(sp for _, sp in self.trick)
        self.sweeping.append(shown)
        self.trick = []
        self.show(shown, self.trick_pause)
        self.sounds.append("sweep")
        if self.exchanged:
            # Cards that changed hands stay marked through the first trick, until it is
            # swept: a bot bidder leads as soon as the meld display closes, and a player who
            # received cards must still see which while playing to that trick.
            self.exchanged = False
            self.timeline.add([Call(self.clear_marks)])  # ExchangeEvents.clear_marks

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

        self.timeline.add([Call(light), Hold(pause)])
        self.timeline.add([Call(dim)])
        self.settle(SWEEP)
        self.timeline.add([Call(forget)])

    def on_HandClaimed(self, e: ev.HandClaimed) -> None:  # noqa: N802
        """Every card still held turns face up, each hand sorted and laid out to be read; the
        claimed tricks' events that follow move them into the claiming side's pile, and the
        hand's score sweeps them there once the player has seen them."""
        shown: list[tuple[int, CardSprite]] = []
        for seat, cards in enumerate(e.hands):
            hand = self.hands[seat]
            rest = list(cards)  # the cards whose sprites are still face down to the player
            for sp in hand:
                if sp.card is not None and sp.card in rest:
                    rest.remove(sp.card)
            for sp in hand:
                if sp.card is None and rest:
                    sp.card = rest.pop(0)
            self.sort_hand(seat)
            shown += [(seat, sp) for sp in self.hands[seat]]
        for tabled_seat, zone in enumerate(self.tabled):
            shown += [(tabled_seat, sp) for sp in zone]
        self.claim = Claim(ShownTrick(shown, e.seat, e.points, claim=True, tricks=e.tricks))
        self.settle()  # every hand turns face up and opens out to be read
        self.bubbles = {}  # the claim's banner names the claimer
        self.sounds.append("bid")

    def end_claim(self) -> None:
        """The claimed hand is scored: show its cards, then sweep them all."""
        claim = self.claim
        if claim is None:
            return
        self.claim = None
        pause = CLAIM_SHOW if self.trick_pause is None else max(CLAIM_SHOW, self.trick_pause)
        self.show(claim.shown, pause)
        self.sounds.append("sweep")


@dataclass
class Claim:
    """A claim being shown: its cards, and those the claimed tricks have played so far."""

    shown: ShownTrick
    played: list[tuple[int, CardSprite]] = field(default_factory=list)
    swept: list[tuple[int, CardSprite]] = field(default_factory=list)
