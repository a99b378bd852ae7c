"""The table's visual model: which card sprite lies where, and how engine events move them.

Each event changes where the sprites belong at once, and queues the animation steps that take
them there (tweens that run together; steps run in order), so the player sees each change in
its turn while later events already find the cards where they now belong. The model mirrors
only what the player may see: other seats' cards stay face down until played or shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.rules import events as ev
from game.rules.cards import Card
from game.rules.meld import MeldResult
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView
from game.ui.anim import Timeline, Tween, Wait, ease_in_out_cubic
from game.ui.table.exchangemodel import Exchanges
from game.ui.table.layout import Layout
from game.ui.table.motion import MOVE, turn_over
from game.ui.table.sprites import FACE_UP_MARKS, CardSprite, hand_order
from game.ui.table.stockmodel import PLAYOFF_NARRATION, StockArea
from game.ui.table.talk import TableTalk
from game.ui.table.trickmodel import TrickArea

DEAL_STAGGER = 0.045
TRICK_PAUSE = 1.0  # seconds a completed trick stays, unless the player chose otherwise

Target = tuple[CardSprite, tuple[float, float, float], float, bool]


class TableModel:
    """The cards on the table and what they are doing, in parts: the hands (kept here, since
    every part deals from and into them), :attr:`talk` (the seats' bubbles and the narration
    line), :attr:`tricks` (the trick in the middle and the won piles), :attr:`stock_area`
    (two-handed: the stock, the turn-up and the melds on the table) and :attr:`exchange` (the
    widow and the passes). The model lays every card out and sends each event to its part."""

    def __init__(self, rules: RuleSet, human: int, layout: Layout, timeline: Timeline,
                 trick_pause: float | None = TRICK_PAUSE) -> None:
        self.rules = rules
        self.human = human
        self.layout = layout
        self.timeline = timeline
        self.hands: list[list[CardSprite]] = [[] for _ in range(rules.players)]
        # the player's hand made to match the view after an action's events: each one a fault
        self.repairs: list[str] = []
        self.deck: list[CardSprite] = []
        self.sounds: list[str] = []  # sound names to play, drained by the scene
        self.trick_pause = trick_pause  # None: a completed trick stays until the player clicks
        self.talk = TableTalk(rules.seating, human, timeline, self.sounds)
        self.stock_area = StockArea(self)
        self.tricks = TrickArea(self, self.stock_area)
        self.exchange = Exchanges(self, self.tricks)
        self.melds: dict[int, tuple[MeldResult, bool, str]] = {}
        self.trump = -1
        self.result: ev.HandResult | None = None
        self.game_won: ev.GameWon | None = None
        self.dealer = 0
        self.meld_ready = False  # every seat's meld is in: the meld display is due

    # -- placement --------------------------------------------------------------------------
    def all_sprites(self) -> list[CardSprite]:
        """Every sprite to draw, bottom first: only the top of each pile, and a completed trick
        on show above everything."""
        tricks, stock = self.tricks, self.stock_area
        on_show = tricks.shown
        shown: set[int] = ({id(sp) for _, sp in on_show.sprites} if on_show is not None
                           else set())
        waiting = [sp for t in tricks.sweeping if t is not on_show for _, sp in t.sprites]
        held = shown | {id(sp) for sp in waiting}
        out = list(self.deck)
        for pile in tricks.piles:
            out += [sp for sp in pile if id(sp) not in held][-3:]
        out += stock.stock[-4:]
        if stock.turnup is not None:
            out.append(stock.turnup)
        out += self.exchange.widow
        for t in stock.tabled:
            out += t
        for seat, hand in enumerate(self.hands):
            if seat != self.human:
                out += hand
        # Cards in play above the side hands they leave, and a finished trick not yet swept
        # above the pile it joins.
        out += waiting
        out += [sp for _, sp in tricks.trick]
        out += [sp for sp in self.hands[self.human] if id(sp) not in shown]
        if on_show is not None:
            out += [sp for _, sp in on_show.sprites if not on_show.claim
                    or sp not in self.hands[self.human]]
            out += [sp for sp in self.hands[self.human] if id(sp) in shown]
        return out

    def targets(self) -> list[Target]:
        """(sprite, (x, y, angle), width, face_up) for every sprite's resting place."""
        lay = self.layout
        tricks, stock, widow = self.tricks, self.stock_area, self.exchange.widow
        claimed = tricks.claim is not None
        out: list[Target] = []
        for seat, hand in enumerate(self.hands):
            width = lay.card_w if seat == self.human else lay.small_w
            # A claim shows every hand, laid out to be read.
            slots = (lay.hand_slots(seat, len(hand)) if not claimed
                     else lay.open_slots(seat, len(hand)))
            for sp, slot in zip(hand, slots, strict=True):
                face = seat == self.human or sp.mark in FACE_UP_MARKS or claimed
                out.append((sp, slot, width, face))
        for seat, sp in tricks.trick:
            out.append((sp, lay.trick_slot(seat), lay.trick_w, True))
        for side, pile in enumerate(tricks.piles):
            x, y, a = lay.pile_slot(tricks.pile_seat(side))
            for i, sp in enumerate(pile):
                out.append((sp, (x + min(i, 6) * 0.6, y - min(i, 6) * 0.6, a), lay.small_w, False))
        for sp, slot in zip(widow, lay.widow_slots(len(widow)), strict=True):
            out.append((sp, slot, lay.trick_w, sp.face_up))
        sx, sy, sa = lay.stock_slot()
        for i, sp in enumerate(stock.stock):
            out.append((sp, (sx - min(i, 8) * 0.5, sy - min(i, 8) * 0.5, sa), lay.trick_w, False))
        if stock.turnup is not None:
            out.append((stock.turnup, lay.turnup_slot(), lay.trick_w, True))
        for seat, cards in enumerate(stock.tabled):
            for sp, slot in zip(cards, lay.tabled_slots(seat, len(cards)), strict=True):
                out.append((sp, slot, lay.trick_w * 0.78, True))
        return out

    def relayout(self, duration: float = MOVE, stagger: float = 0.0) -> list[Tween]:
        """Tweens taking each sprite whose destination changed to its new one; a card turns
        face up or down as its tween sets off, not before (the trick stays face up while it is
        on show, then turns over as it is swept)."""
        tweens = []
        for i, (sp, (x, y, a), width, face) in enumerate(self.targets()):
            dest = (x, y, a, width, face and sp.card is not None)
            if sp.dest == dest:
                continue
            sp.dest = dest
            tweens.append(Tween(sp, {"x": x, "y": y, "angle": a, "w": width}, duration,
                                delay=i * stagger, ease=ease_in_out_cubic,
                                on_start=turn_over(sp, dest[4])))
        return tweens

    def snap(self) -> None:
        """Put every sprite at its resting place at once (after a resize or a resume)."""
        for sp, (x, y, a), width, face in self.targets():
            sp.x, sp.y, sp.angle, sp.w = x, y, a, width
            sp.face_up = face and sp.card is not None
            sp.dest = (x, y, a, width, sp.face_up)
        self.tricks.shown = None
        self.tricks.sweeping = []

    def settle(self, duration: float = MOVE) -> None:
        self.timeline.add(self.relayout(duration))

    # -- helpers ----------------------------------------------------------------------------
    def sort_human(self) -> None:
        self.sort_hand(self.human)

    def sort_hand(self, seat: int) -> None:
        """Known cards in the player's order (suits apart, trump first), unknown ones last."""
        hand = self.hands[seat]
        known = [sp for sp in hand if sp.card is not None]
        order = hand_order([sp.card for sp in hand if sp.card is not None], self.rules,
                           self.trump)
        pool = list(known)
        ordered = []
        for card in order:
            sp = next(s for s in pool if s.card is card)
            pool.remove(sp)
            ordered.append(sp)
        self.hands[seat] = ordered + [sp for sp in hand if sp.card is None]

    def take_from_hand(self, seat: int, card: Card | None) -> CardSprite:
        """Remove a sprite from a seat's hand: the given card, or any face-down one, without
        its rise from the prompt (a passed card stood in North's hand up in the toolbar)."""
        sp = self._take(seat, card)
        sp.lift, sp.selected, sp.dim, sp.focused, sp.glow = 0.0, False, False, False, False
        return sp

    def _take(self, seat: int, card: Card | None) -> CardSprite:
        hand = self.hands[seat]
        for i, sp in enumerate(hand):
            if card is not None and sp.card is card:
                return hand.pop(i)
        for i in range(len(hand) - 1, -1, -1):
            if hand[i].card is None:
                sp = hand.pop(i)
                sp.card = card
                return sp
        sp = hand.pop() if hand else self.new_sprite(seat)
        sp.card = card
        return sp

    def new_sprite(self, seat: int) -> CardSprite:
        x, y, a = self.layout.hand_slots(seat, 1)[0]
        return CardSprite(None, x, y, self.layout.small_w, a)

    def rebuild_human(self, cards: Sequence[Card]) -> bool:
        """Make the player's hand sprites match ``cards`` exactly; whether they did not (after
        an action's events that is a fault of the events or the model, counted in
        ``repairs``: the tests require none)."""
        current = sorted(str(sp.card) for sp in self.hands[self.human])
        if current == sorted(str(c) for c in cards):
            return False
        old = self.hands[self.human]
        fresh = []
        for i, card in enumerate(cards):
            if i < len(old):
                sp = old[i]
                sp.card = card
            else:
                sp = self.new_sprite(self.human)
                sp.card = card
            fresh.append(sp)
        self.hands[self.human] = fresh
        self.sort_human()
        return True

    def load_view(self, view: PlayerView) -> None:
        """Lay the table out as a seat's view shows it, without animation (lesson positions
        and puzzles start mid-hand, with no events to replay)."""
        lay = self.layout
        n = self.rules.players
        self.trump = view.trump
        self.dealer = view.dealer

        def sprite(card: Card | None, face: bool) -> CardSprite:
            sp = CardSprite(card, *lay.center, lay.small_w)
            sp.face_up = face
            return sp

        tabled = view.tabled or tuple(() for _ in range(n))
        self.hands = []
        for seat in range(n):
            if seat == self.human:
                self.hands.append([sprite(c, True) for c in view.hidden_cards])
            else:
                size = view.hand_sizes[seat] - len(tabled[seat]) if view.hand_sizes else 0
                self.hands.append([sprite(None, False) for _ in range(max(0, size))])
        tricks, stock = self.tricks, self.stock_area
        stock.tabled = [[sprite(c, True) for c in cards] for cards in tabled]
        tricks.trick = [(seat, sprite(card, True)) for seat, card in view.trick]
        won = [sum(view.won[s] for s in self.rules.seats_of(side)) if view.won else 0
               for side in range(self.rules.n_sides)]  # only how many sprites to stack
        tricks.piles = [[sprite(None, False) for _ in range(min(3, w))] for w in won]
        tricks.side_tricks = won
        self.exchange.widow = []
        if self.rules.widow.size and view.phase in (Phase.AUCTION, Phase.WIDOW):
            self.exchange.widow = [sprite(None, False) for _ in range(self.rules.widow.size)]
        stock.stock = [sprite(None, False) for _ in range(view.stock_size)]
        stock.turnup = sprite(view.turnup, True) if view.turnup is not None else None
        self.talk.bubbles = {}
        for seat, amount in view.bids[-n:]:
            self.talk.bubbles[seat] = str(amount) if amount else "Pass"
        self.sort_human()
        self.snap()

    # -- events -------------------------------------------------------------------------------
    def apply(self, event: ev.Event) -> None:
        handler = HANDLERS.get(type(event))
        if handler is not None:
            handler(self, event)
        elif type(event) not in SILENT:
            raise TypeError(f"the table has no handler for {type(event).__name__}")

    def who(self, seat: int) -> str:
        return self.talk.who(seat)

    def on_HandStarted(self, e: ev.HandStarted) -> None:  # noqa: N802
        self.dealer = e.dealer

    def on_CardsDealt(self, e: ev.CardsDealt) -> None:  # noqa: N802
        lay = self.layout
        self.hands = [[] for _ in range(self.rules.players)]
        for part in (self.talk, self.tricks, self.stock_area, self.exchange):
            part.reset()
        self.meld_ready = False
        self.melds = {}
        self.trump, self.result = -1, None
        self.dealer = e.dealer
        if e.turnup is not None:
            self.trump = int(e.turnup.suit)  # two-handed: the turned-up card names trump
        dx, dy = lay.deck_spot(e.dealer)
        pack = [CardSprite(None, dx, dy, lay.card_w * 0.8) for _ in range(self.rules.table.deck)]
        mine = list(e.hands[self.human])
        packet_of: dict[int, int] = {}
        for index, (seat, count) in enumerate(e.packets):
            for _ in range(count):
                sp = pack.pop()
                packet_of[id(sp)] = index
                if seat == self.human:
                    sp.card = mine.pop(0)
                    self.hands[seat].append(sp)
                elif seat >= 0:
                    self.hands[seat].append(sp)
                elif seat == -1:
                    self.exchange.widow.append(sp)
                else:
                    sp.card = e.turnup
                    self.stock_area.turnup = sp
        self.stock_area.stock = pack  # two-handed: what is left is the stock
        # Fly each packet in dealing order from the dealer; the player's cards land face up.
        last = len(e.packets)
        tweens: list[Tween | Wait] = []
        for sp, (x, y, a), width, face in self.targets():
            sp.face_up = face if sp.card is not None else False
            sp.dest = (x, y, a, width, sp.face_up)
            delay = packet_of.get(id(sp), last) * DEAL_STAGGER * 2.2
            tweens.append(Tween(sp, {"x": x, "y": y, "angle": a, "w": width}, MOVE * 0.9,
                                delay=delay, ease=ease_in_out_cubic))
        self.sounds.append("shuffle")
        self.timeline.add(tweens)
        self.sort_human()
        self.settle(MOVE)

    def on_BidMade(self, e: ev.BidMade) -> None:  # noqa: N802
        self.talk.on_BidMade(e, self.dealer)

    def on_TrumpNamed(self, e: ev.TrumpNamed) -> None:  # noqa: N802
        self.trump = int(e.suit)
        self.talk.on_TrumpNamed(e)
        self.sort_human()
        self.settle()

    def on_MeldShown(self, e: ev.MeldShown) -> None:  # noqa: N802
        self.melds[e.seat] = (e.meld, e.counted, e.note)
        if len(self.melds) == self.rules.players and not self.rules.stock.enabled:
            self.meld_ready = True

    def on_TrickWon(self, e: ev.TrickWon) -> None:  # noqa: N802
        if self.tricks.on_TrickWon(e):
            self.exchange.after_first_sweep()

    def on_HandScored(self, e: ev.HandScored) -> None:  # noqa: N802
        self.tricks.end_claim()
        self.result = e.result
        if self.talk.message == PLAYOFF_NARRATION:  # it narrated the tricks, which are over
            self.talk.message = ""  # (a reason the hand was not played stays beside the result)

    def on_GameWon(self, e: ev.GameWon) -> None:  # noqa: N802
        self.game_won = e
        self.sounds.append("win")


Handler = Callable[[TableModel, Any], None]

# Each event type and the part of the table that shows it: dispatched by type, so a new event
# without a handler is an error (tests/ui/test_event_handlers.py), never silently dropped.
HANDLERS: dict[type, Handler] = {
    ev.HandStarted: TableModel.on_HandStarted, ev.CardsDealt: TableModel.on_CardsDealt,
    ev.BidMade: TableModel.on_BidMade, ev.TrumpNamed: TableModel.on_TrumpNamed,
    ev.MeldShown: TableModel.on_MeldShown, ev.TrickWon: TableModel.on_TrickWon,
    ev.HandScored: TableModel.on_HandScored, ev.GameWon: TableModel.on_GameWon,
    # what the seats say
    ev.Passed: lambda m, e: m.talk.on_Passed(e),
    ev.AuctionWon: lambda m, e: m.talk.on_AuctionWon(e),
    ev.PartnerFound: lambda m, e: m.talk.on_PartnerFound(e),
    ev.HandNotPlayed: lambda m, e: m.talk.on_HandNotPlayed(e),
    ev.TargetRaised: lambda m, e: m.talk.on_TargetRaised(e),
    ev.HandConceded: lambda m, e: m.talk.on_HandConceded(e),
    ev.AcesDeclared: lambda m, e: m.talk.on_AcesDeclared(e),
    ev.DeclaredOut: lambda m, e: m.talk.on_DeclaredOut(e),
    ev.RenegeCalled: lambda m, e: m.talk.on_RenegeCalled(e),
    ev.ThrowInProposed: lambda m, e: m.talk.on_ThrowInProposed(e),
    ev.ThrowInAnswered: lambda m, e: m.talk.on_ThrowInAnswered(e),
    # the widow and the passes
    ev.WidowShown: lambda m, e: m.exchange.on_WidowShown(e),
    ev.Discarded: lambda m, e: m.exchange.on_Discarded(e),
    ev.CardsPassed: lambda m, e: m.exchange.on_CardsPassed(e),
    # the trick and the piles
    ev.CardPlayed: lambda m, e: m.tricks.on_CardPlayed(e),
    ev.HandClaimed: lambda m, e: m.tricks.on_HandClaimed(e),
    # two-handed: the stock and the melds on the table
    ev.CardDrawn: lambda m, e: m.stock_area.on_CardDrawn(e),
    ev.MeldLaid: lambda m, e: m.stock_area.on_MeldLaid(e),
    ev.DixCounted: lambda m, e: m.stock_area.on_DixCounted(e),
    ev.DixExchanged: lambda m, e: m.stock_area.on_DixExchanged(e),
    ev.PlayoffStarted: lambda m, e: m.stock_area.on_PlayoffStarted(e),
}
SILENT: frozenset[type] = frozenset()  # events the table shows by other means: none today
