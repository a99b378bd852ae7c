"""The overlays in front of the table when it is the player's turn: bidding, naming trump,
the widow, passing and discarding, conceding, and playing a card."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules.actions import (
    AgreeThrowIn,
    Bid,
    NameTrump,
    Pass,
    PlayHand,
    RefuseThrowIn,
    TakeWidow,
    ThrowIn,
)
from game.rules.cards import Suit
from game.rules.compiled import meld_table
from game.rules.errors import IllegalActionError
from game.rules.facts import side_meld_totals, still_needed
from game.rules.view import PlayerView
from game.ui.overlay import Overlay
from game.ui.table.infopanel import signals_so_far
from game.ui.widgets import Button, bubble

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.faces import PromptTable
    from game.ui.table.labels import DrawnTable


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
        # On a pill: the cards of the deal fly through the middle, under the words.
        bubble(surface, f"Hand {view.hand_no + 1}: {dealer}", lay.center, lay.font_big)


def meld_by_trump(table: DrawnTable) -> str:
    rules = table.match.rules
    total = meld_table(rules).total
    hand = table.view.hand
    return "   ".join(f"{Suit(s).symbol} {total(hand, s)}" for s in range(4))


def minimum_meld_warning(table: DrawnTable, suits: Sequence[int] = (0, 1, 2, 3),
                         bid: str = "a bid you win") -> str:
    """001: "If the bidding side fails to reach 20 in meld they automatically lose the bid
    without playing". Said before the player bids (or names trump) with less meld than that:
    their partner's meld, still unknown, must make up the rest. The numbers are the engine's."""
    rules = table.match.rules
    minimum = rules.meld.minimum
    if not minimum:
        return ""
    total = meld_table(rules).total
    best = max(total(table.view.hand, s) for s in suits)
    if best >= minimum:
        return ""
    return (f"Warning: your meld is at most {best}. Unless your side melds {minimum} or more "
            f"with your partner's, {bid} is lost without play.")


class AuctionScene(Overlay):
    shows_message = True
    name = "auction"

    def __init__(self, app: AppContext, table: PromptTable) -> None:
        super().__init__(app, table)
        view = table.view
        self.bids = [a.amount for a in view.legal if isinstance(a, Bid)]
        self.can_pass = Pass() in view.legal
        # Why passing is refused (003: holding meld, you must open), in the engine's words.
        refused = None if self.can_pass else table.match.refusal(Pass())
        # "You may not pass (you hold meld ...): <the preset's sentence>", one colon.
        self.no_pass = "" if refused is None else (
            f"({refused.detail}): {refused.rule}" if refused.detail else f": {refused.rule}")
        self.typed = ""
        quick = self.bids[:1] + [b for b in self.bids[1:] if b % (5 * self._step()) == 0][:4]
        self.buttons = [Button("Pass", lambda: self.act(Pass()), enabled=self.can_pass,
                               hotkey=pygame.K_p)]
        for amount in quick:
            self.buttons.append(Button(str(amount), partial(self.act, Bid(amount)),
                                       primary=amount == self.bids[0]))

    def _step(self) -> int:
        a = self.table.match.rules.auction
        return a.step if not a.step_above or (self.bids and self.bids[0] <= a.step_above[0]) \
            else a.step_above[1]

    def resize(self, size: tuple[int, int]) -> None:
        self.place_buttons(size, round(40 * self.layout.s), min_width=round(70 * self.layout.s))

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
                self.act(Bid(amount))  # a bid the engine refuses shows its own reason
                return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        view = self.table.view
        high = (f"High bid: {view.high_bid} by {self.table.human_name(view.high_bidder)}"
                if view.high_bidder >= 0 else "No bid yet")
        lines = [high, *signals_so_far(self.table),
                 f"Your meld by trump: {meld_by_trump(self.table)}"]
        warning = minimum_meld_warning(self.table)
        if warning:
            lines.append(warning)
        if self.no_pass:
            lines.append(f"You may not pass {self.no_pass}")
        lines.append("Type an amount and press Enter" + (", or P to pass" if self.can_pass else "")
                     + (f" — you typed {self.typed}" if self.typed else ""))
        self.prompt_panel(surface, "Your bid", lines, 4)
        self.draw_buttons(surface)


class TrumpScene(Overlay):
    shows_message = True
    name = "trump"

    def __init__(self, app: AppContext, table: PromptTable) -> None:
        super().__init__(app, table)
        legal = {a.suit for a in table.view.legal if isinstance(a, NameTrump)}
        total = meld_table(table.match.rules).total
        self.refused: dict[Suit, IllegalActionError] = {}
        for suit in Suit:
            pts = total(table.view.hand, int(suit))
            refused = None if suit in legal else table.match.refusal(NameTrump(suit))
            if refused is not None:
                self.refused[suit] = refused
            label = f"{suit.symbol} {suit.name.title()}  ({pts})"
            self.buttons.append(Button(label + ("  ✕" if refused is not None else ""),
                                       partial(self.act, NameTrump(suit)),
                                       enabled=suit in legal, hotkey=pygame.K_1 + int(suit)))
        self.warning = minimum_meld_warning(table, sorted(int(s) for s in legal), "the bid")

    def resize(self, size: tuple[int, int]) -> None:
        self.place_buttons(size, round(42 * self.layout.s))

    def draw(self, surface: pygame.Surface) -> None:
        view = self.table.view
        lines = [f"You won the bid at {view.bid}.", "Your meld with each trump is in brackets."]
        if self.refused:
            # Why a suit is greyed out: the engine's refusal, for each such suit.
            suits = ", ".join(s.symbol for s in self.refused)
            rule = next(iter(self.refused.values())).rule
            lines.append(f"Not allowed ✕ {suits}: {rule}")
        if self.warning:
            lines.append(self.warning)
        self.prompt_panel(surface, "Name trump", lines)
        self.draw_buttons(surface)


class WidowScene(Overlay):
    shows_message = True
    name = "widow"

    def __init__(self, app: AppContext, table: PromptTable) -> None:
        super().__init__(app, table)
        legal = table.view.legal
        self.buttons = [Button("Turn up the widow", lambda: self.act(TakeWidow()), primary=True,
                               hotkey=pygame.K_RETURN)]
        if ThrowIn() in legal and table.offers("throw-in"):
            self.buttons.append(Button("Concede without looking", lambda: self.act(ThrowIn()),
                                       destructive=True))

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

    shows_message = True
    name = "throw-in vote"

    def __init__(self, app: AppContext, table: PromptTable) -> None:
        super().__init__(app, table)
        self.buttons = [Button("Agree: throw it in", lambda: self.act(AgreeThrowIn()),
                               destructive=True),
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
    shows_message = True
    name = "decide"

    def __init__(self, app: AppContext, table: PromptTable) -> None:
        super().__init__(app, table)
        legal = table.view.legal
        self.buttons = []
        if PlayHand() in legal:
            self.buttons.append(Button("Play the hand", lambda: self.act(PlayHand()),
                                       primary=True, hotkey=pygame.K_RETURN))
        # Conceding loses the bid: never the default, even when the rules force it.
        self.buttons.append(Button("Concede", lambda: self.act(ThrowIn()), destructive=True))

    resize = TrumpScene.resize

    def draw(self, surface: pygame.Surface) -> None:
        lines = decide_lines(self.table.view)
        self.prompt_panel(surface, "Play or concede?", lines, 3)
        self.draw_buttons(surface)


def decide_lines(view: PlayerView) -> list[str]:
    """What the bidder deciding to play or concede reads: its bid, its meld, and what the
    engine says it still needs."""
    rules = view.rules
    shown = view.melds[view.bidder] if view.melds else None
    meld = shown.total if shown else 0
    zeros = (0,) * rules.n_sides
    need = still_needed(rules, view.bidder, view.bid, side_meld_totals(rules, view.melds),
                        zeros, zeros)[rules.side_of(view.bidder)]
    # The engine says what a side "needs ..."; said to the bidder: "you need ...".
    said = need.text.replace(" its meld", " your meld")
    said = "need " + said.removeprefix("needs ") if said.startswith("needs ") else said
    lines = [f"Bid {view.bid}, your meld {meld}: you {said}.",
             "Decide before you see the others' meld."]
    if PlayHand() not in view.legal:
        lines.append(f"More than {rules.widow.forced_concede_margin} short: the rules force "
                     "you to concede.")
    return lines
