"""What the seats say at the table: the bubble beside each seat (a bid, a pass, "Trump ♠",
"Thrown in") and the one line of narration under the trick (why a hand was not played, a
declaration out, a renege). The auction's and the hand's spoken events land here."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import events as ev
from game.rules.seating import Seating
from game.ui.anim import Timeline, Wait


@dataclass
class TableTalk:
    """The bubbles and the narration line, and the events that change them."""

    seating: Seating
    human: int
    timeline: Timeline
    sounds: list[str]
    bubbles: dict[int, str] = field(default_factory=dict)
    message: str = ""

    def who(self, seat: int) -> str:
        return "You" if seat == self.human else self.seating.name(seat)

    def reset(self) -> None:
        self.bubbles, self.message = {}, ""

    def on_BidMade(self, e: ev.BidMade, dealer: int) -> None:  # noqa: N802
        # 002: the dealer's opening hold comes before anyone has spoken; it is not "stuck"
        # (that is the dealer left with the bid when everyone else passes).
        if e.seat == dealer and not self.bubbles:
            self.bubbles[e.seat] = f"holds {e.amount}"
        else:
            stuck = e.forced and e.seat == dealer
            self.bubbles[e.seat] = f"{e.amount}" + (" (stuck)" if stuck else "")
        self.sounds.append("bid")
        self.timeline.add([Wait(0.35)])

    def on_Passed(self, e: ev.Passed) -> None:  # noqa: N802
        self.bubbles[e.seat] = "Pass"
        self.sounds.append("click")
        self.timeline.add([Wait(0.3)])

    def on_AuctionWon(self, e: ev.AuctionWon) -> None:  # noqa: N802
        self.bubbles = {e.seat: f"{e.bid}"}
        self.timeline.add([Wait(0.4)])

    def on_TrumpNamed(self, e: ev.TrumpNamed) -> None:  # noqa: N802
        self.bubbles = {e.seat: f"Trump {e.suit.symbol}"}

    def on_PartnerFound(self, e: ev.PartnerFound) -> None:  # noqa: N802
        """Announced at once (VARIANTS.md, five-handed): who plays with the bidder, and the
        card that says so."""
        card = e.card.pretty if e.card is not None else ""
        if not e.partners:
            self.message = (f"{self.who(e.seat)} plays alone: nobody else holds "
                            + (f"the {card}." if card else "a trump."))
        else:
            names = " and ".join(self.who(p) for p in e.partners)
            verb = "hold" if names == "You" else "holds"
            whose = ("your partner" if e.seat == self.human
                     else f"{self.seating.name(e.seat)}'s partner")
            self.message = f"{names} {verb} the {card}: {whose} this hand."
            for p in e.partners:
                self.bubbles[p] = "Partner"
        self.timeline.add([Wait(0.6)])

    def on_HandNotPlayed(self, e: ev.HandNotPlayed) -> None:  # noqa: N802
        self.message = e.reason

    def on_TargetRaised(self, e: ev.TargetRaised) -> None:  # noqa: N802
        self.message = e.reason

    def on_HandConceded(self, e: ev.HandConceded) -> None:  # noqa: N802
        # Words that fit any seat: beside "You", "Throws in" read like "You discards".
        self.bubbles[e.seat] = "Thrown in" if not e.unseen else "Conceded unseen"

    def on_AcesDeclared(self, e: ev.AcesDeclared) -> None:  # noqa: N802
        self.bubbles[e.seat] = "Aces around"

    def on_DeclaredOut(self, e: ev.DeclaredOut) -> None:  # noqa: N802
        verdict = "and wins the game" if e.won else "short of the target: the claim loses"
        self.message = f"{self.who(e.seat)} declared out with {e.points}, {verdict}."

    def on_RenegeCalled(self, e: ev.RenegeCalled) -> None:  # noqa: N802
        self.message = f"Renege called on {self.who(e.seat)}: {e.rule}"

    def on_ThrowInProposed(self, e: ev.ThrowInProposed) -> None:  # noqa: N802
        self.bubbles[e.seat] = "Throw in?"

    def on_ThrowInAnswered(self, e: ev.ThrowInAnswered) -> None:  # noqa: N802
        self.bubbles[e.seat] = "Agreed" if e.agreed else "Play it out"
