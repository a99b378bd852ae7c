"""The overlays in front of the table when it is the player's turn: bidding, naming trump,
the widow, passing and discarding, conceding, and playing a card."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.actions import (
    AgreeThrowIn,
    Bid,
    Discard,
    NameTrump,
    Pass,
    PassCards,
    PlayHand,
    RefuseThrowIn,
    TakeWidow,
    ThrowIn,
)
from game.rules.cards import Suit
from game.rules.compiled import meld_table
from game.rules.phase import Phase
from game.ui import theme
from game.ui.handpick import HandPicker
from game.ui.overlay import Overlay
from game.ui.widgets import Button, draw_text, layout_row

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.scene import TableScene


class DealScene(Overlay):
    """Shown while the cards are dealt; the player cannot act until they have landed."""

    name = "deal"

    def update(self, dt: float) -> None:
        if not self.table.timeline.busy:
            self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.table.timeline.finish_all()  # a click skips the deal animation
            return True
        return False

    @property
    def busy(self) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        view = self.table.view
        dealer = "You deal" if view.dealer == self.table.human else \
            f"{self.table.human_name(view.dealer)} deals"
        draw_text(surface, f"Hand {view.hand_no + 1}: {dealer}", (lay.center[0], lay.center[1]),
                  lay.font_big, theme.GOLD, bold=True, anchor="center")


def meld_by_trump(table: TableScene) -> str:
    rules = table.match.rules
    total = meld_table(rules).total
    hand = table.view.hand
    return "   ".join(f"{Suit(s).symbol} {total(hand, s)}" for s in range(4))


class AuctionScene(Overlay):
    name = "auction"

    def __init__(self, app: AppContext, table: TableScene) -> None:
        super().__init__(app, table)
        view = table.view
        self.bids = [a.amount for a in view.legal if isinstance(a, Bid)]
        self.can_pass = Pass() in view.legal
        self.typed = ""
        quick = self.bids[:1] + [b for b in self.bids[1:] if b % (5 * self._step()) == 0][:4]
        self.buttons = [Button("Pass", lambda: self.act(Pass()), enabled=self.can_pass,
                               hotkey=pygame.K_p,
                               tooltip="" if self.can_pass else
                               "A player holding meld must open the bidding.")]
        for amount in quick:
            self.buttons.append(Button(str(amount), lambda a=amount: self.act(Bid(a)),
                                       primary=amount == self.bids[0]))

    def _step(self) -> int:
        a = self.table.match.rules.auction
        return a.step if not a.step_above or (self.bids and self.bids[0] <= a.step_above[0]) \
            else a.step_above[1]

    def resize(self, size: tuple[int, int]) -> None:
        lay = self.layout
        for b in self.buttons:
            b.font_size = lay.font
        layout_row(self.buttons, self.table.prompt_x, size[1] - lay.card_h - round(120 * lay.s),
                   round(40 * lay.s), round(10 * lay.s), min_width=round(70 * lay.s))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.unicode.isdigit():
                self.typed = (self.typed + event.unicode)[-4:]
                return True
            if event.key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                amount = int(self.typed) if self.typed else (self.bids[0] if self.bids else 0)
                self.typed = ""
                if amount in self.bids:
                    self.act(Bid(amount))
                else:
                    self.table.say(f"{amount} is not a bid you can make now; the lowest is "
                                   f"{self.bids[0] if self.bids else '-'}.", theme.RED)
                return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        view = self.table.view
        high = (f"High bid: {view.high_bid} by {self.table.human_name(view.high_bidder)}"
                if view.high_bidder >= 0 else "No bid yet")
        lines = [high, f"Your meld by trump: {meld_by_trump(self.table)}",
                 "Type an amount and press Enter, or P to pass"
                 + (f" — you typed {self.typed}" if self.typed else "")]
        self.prompt_panel(surface, "Your bid", lines, 4)
        self.draw_buttons(surface)
        for b in self.buttons:
            if b.hover and b.tooltip:
                from game.ui.widgets import tooltip

                tooltip(surface, b.tooltip, b.rect.midtop, self.layout.font_small, 360)


class TrumpScene(Overlay):
    name = "trump"

    def __init__(self, app: AppContext, table: TableScene) -> None:
        super().__init__(app, table)
        legal = {a.suit for a in table.view.legal if isinstance(a, NameTrump)}
        total = meld_table(table.match.rules).total
        for suit in Suit:
            pts = total(table.view.hand, int(suit))
            self.buttons.append(Button(f"{suit.symbol} {suit.name.title()}  ({pts})",
                                       lambda s=suit: self.act(NameTrump(s)),
                                       enabled=suit in legal, hotkey=pygame.K_1 + int(suit),
                                       tooltip="" if suit in legal else
                                       "Trump must be a suit in which you hold a marriage."))

    def resize(self, size: tuple[int, int]) -> None:
        lay = self.layout
        for b in self.buttons:
            b.font_size = lay.font
        layout_row(self.buttons, self.table.prompt_x, size[1] - lay.card_h - round(120 * lay.s),
                   round(42 * lay.s), round(10 * lay.s))

    def draw(self, surface: pygame.Surface) -> None:
        view = self.table.view
        self.prompt_panel(surface, "Name trump", [f"You won the bid at {view.bid}.",
                                                  "Your meld with each trump is in brackets."])
        self.draw_buttons(surface)


class WidowScene(Overlay):
    name = "widow"

    def __init__(self, app: AppContext, table: TableScene) -> None:
        super().__init__(app, table)
        legal = table.view.legal
        self.buttons = [Button("Turn up the widow", lambda: self.act(TakeWidow()), primary=True,
                               hotkey=pygame.K_RETURN)]
        if ThrowIn() in legal:
            self.buttons.append(Button("Concede without looking", lambda: self.act(ThrowIn())))

    resize = TrumpScene.resize

    def draw(self, surface: pygame.Surface) -> None:
        lines = ["The widow is shown to everyone, then added to your hand."]
        if len(self.buttons) > 1:
            lines.append("Forced to take the bid, you may concede unseen: you lose "
                         f"{self.table.view.bid} and nobody else scores.")
        self.prompt_panel(surface, "The widow", lines, 2)
        self.draw_buttons(surface)


class ThrowInVoteScene(Overlay):
    """000: "unless everybody agrees to throw it in": the bidder asked; agree or play on."""

    name = "throw-in vote"

    def __init__(self, app: AppContext, table: TableScene) -> None:
        super().__init__(app, table)
        self.buttons = [Button("Agree: throw it in", lambda: self.act(AgreeThrowIn())),
                        Button("Play it out", lambda: self.act(RefuseThrowIn()), primary=True,
                               hotkey=pygame.K_RETURN)]

    resize = TrumpScene.resize

    def draw(self, surface: pygame.Surface) -> None:
        view = self.table.view
        rules = view.rules
        bside = rules.side_of(view.bidder)
        meld = view.side_meld[bside] if view.side_meld else 0
        who = self.table.human_name(view.bidder)
        self.prompt_panel(surface, "Throw in the hand?", [
            f"{who} bid {view.bid} with {meld} in meld and asks to throw in.",
            "It is thrown in only if everybody agrees: the bidders lose the bid and the "
            "other side scores its meld, without playing."], 2)
        self.draw_buttons(surface)


class DecideScene(Overlay):
    name = "decide"

    def __init__(self, app: AppContext, table: TableScene) -> None:
        super().__init__(app, table)
        legal = table.view.legal
        self.buttons = []
        if PlayHand() in legal:
            self.buttons.append(Button("Play the hand", lambda: self.act(PlayHand()),
                                       primary=True, hotkey=pygame.K_RETURN))
        self.buttons.append(Button("Concede", lambda: self.act(ThrowIn()),
                                   primary=PlayHand() not in legal))

    resize = TrumpScene.resize

    def draw(self, surface: pygame.Surface) -> None:
        view = self.table.view
        meld = view.melds[view.bidder].total if view.melds and view.melds[view.bidder] else 0
        need = max(0, view.bid - meld)
        lines = [f"Bid {view.bid}, your meld {meld}: you need {need} in tricks.",
                 "Decide before you see the others' meld."]
        if PlayHand() not in view.legal:
            lines.append("More than 250 short: the rules force you to concede.")
        self.prompt_panel(surface, "Play or concede?", lines, 3)
        self.draw_buttons(surface)


class PassScene(Overlay):
    """Pick cards to pass (racehorse), pass back, or discard (three-handed), then confirm."""

    def __init__(self, app: AppContext, table: TableScene) -> None:
        super().__init__(app, table)
        view = table.view
        self.phase = view.phase
        self.name = "discard" if self.phase == Phase.DISCARD else "passing"
        self.choices = {a.cards for a in view.legal if isinstance(a, (PassCards, Discard))}
        self.k = len(next(iter(self.choices))) if self.choices else 0
        self.picker = HandPicker(table)
        self.selected: list[int] = []
        verb = "Discard" if self.phase == Phase.DISCARD else "Pass"
        self.confirm = Button(f"{verb} these {self.k}", self.submit, enabled=False, primary=True,
                              hotkey=pygame.K_RETURN)
        self.buttons = [self.confirm, Button("Clear", self.clear, hotkey=pygame.K_BACKSPACE)]

    resize = TrumpScene.resize

    def chosen(self) -> tuple:
        return tuple(sorted(self.picker.card(i) for i in self.selected))  # type: ignore[type-var]

    def can_add(self, index: int) -> bool:
        card = self.picker.card(index)
        if card is None or index in self.selected or len(self.selected) >= self.k:
            return False
        trial = sorted([*self.chosen(), card])
        return any(all(trial.count(c) <= choice.count(c) for c in trial)
                   for choice in self.choices)

    def toggle(self, index: int) -> None:
        if index in self.selected:
            self.selected.remove(index)
        elif self.can_add(index):
            self.selected.append(index)
        elif len(self.selected) < self.k:
            self.table.say("That card is part of the meld you laid down: it stays with you.",
                           theme.RED)
        self.confirm.enabled = self.chosen() in self.choices

    def clear(self) -> None:
        self.selected = []
        self.confirm.enabled = False

    def submit(self) -> None:
        cards = self.chosen()
        if cards in self.choices:
            action = Discard(cards) if self.phase == Phase.DISCARD else PassCards(cards)
            self.act(action)

    def handle_event(self, event: pygame.event.Event) -> bool:
        # With the choice complete, Enter confirms it instead of toggling the focused card.
        confirming = (event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN
                      and self.confirm.enabled)
        if self.picker.handle(event, self.toggle, enter_picks=not confirming):
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        lifted = set(self.selected)
        for i, sp in enumerate(self.picker.sprites):
            sp.selected = i in lifted
            sp.dim = not (i in lifted or self.can_add(i) or len(self.selected) >= self.k)
        if self.picker.pointed >= 0:
            lifted.add(self.picker.pointed)
        self.picker.apply_lift(lifted, 22 * self.layout.s)

    def exit(self) -> None:
        for sp in self.picker.sprites:
            sp.selected = sp.dim = False
            sp.lift = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        view = self.table.view
        if self.phase == Phase.PASS:
            title = f"Pass {self.k} cards to your partner"
            lines = ["Your partner won the bid: send trump, meld and aces."]
        elif self.phase == Phase.PASS_BACK:
            title = f"Pass {self.k} cards back"
            lines = ["Your meld is laid down: its cards stay with you."]
        else:
            title = f"Discard {self.k} cards"
            lines = ["The discards count as your tricks."]
        lines.append(f"Chosen {len(self.selected)} of {self.k}. Click cards, or use the arrows "
                     "and Enter.")
        del view
        self.prompt_panel(surface, title, lines, 2)
        self.draw_buttons(surface)
