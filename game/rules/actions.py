"""Actions: what a player (or the dealer) does. Imperative nouns with a text round trip, which
is what saves, replays and golden tests store."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.cards import Card, CardError, Rank, Suit, parse_cards
from game.rules.ruleset import MELD_KINDS, MeldKind


@dataclass(frozen=True, slots=True)
class Deal:
    """The dealer deals the hand: the one action while a hand is undealt (``Phase.DEAL``)."""

    def __str__(self) -> str:
        return "deal"


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``amount`` in the auction, or the contract a stuck dealer names; the table's ladder
    of bids says which amounts are legal."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass:
    """A pass in the auction: the seat bids no more this hand."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The bidder names ``suit`` trump."""

    suit: Suit
    # The trump card the bidder calls to find its partner (table.partner_by = "called-card"):
    # its first holder clockwise plays with the bidder this hand.
    call: Rank | None = None

    def __str__(self) -> str:
        if self.call is not None:
            return f"trump {self.suit.letter} call {self.call.letter}"
        return f"trump {self.suit.letter}"


@dataclass(frozen=True, slots=True)
class PassCards:
    """Cards passed between partners (to the bidder, then back)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "pass-cards " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class TakeWidow:
    """Three-handed: the bidder turns the widow up for all to see and takes it into its hand."""

    def __str__(self) -> str:
        return "take-widow"


@dataclass(frozen=True, slots=True)
class Discard:
    """Three-handed: the bidder lays ``cards`` away after taking the widow, as many as the widow
    held."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "discard " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class PlayHand:
    """The bidder chooses to play the hand out rather than concede."""

    def __str__(self) -> str:
        return "play-hand"


@dataclass(frozen=True, slots=True)
class ThrowIn:
    """The bidding side concedes the hand before play (throw-in / concede)."""

    def __str__(self) -> str:
        return "throw-in"


@dataclass(frozen=True, slots=True)
class ProposeThrowIn:
    """000: the bidding side asks to throw in a hand it may not throw in alone ("unless
    everybody agrees to throw it in")."""

    def __str__(self) -> str:
        return "propose-throw-in"


@dataclass(frozen=True, slots=True)
class AgreeThrowIn:
    """000: a player agrees to the throw-in the bidding side proposed (everybody must)."""

    def __str__(self) -> str:
        return "agree-throw-in"


@dataclass(frozen=True, slots=True)
class RefuseThrowIn:
    """000: a player refuses the throw-in the bidding side proposed: the hand is played out."""

    def __str__(self) -> str:
        return "refuse-throw-in"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play ``card`` to the trick."""

    card: Card
    from_table: bool = False  # two-handed: play a melded card from the table

    def __str__(self) -> str:
        return f"play {self.card}" + (" table" if self.from_table else "")


@dataclass(frozen=True, slots=True)
class LayMeld:
    """Two-handed: lay one meld after winning a trick."""

    kind: MeldKind
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"meld {self.kind} " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class CountDix:
    """Two-handed (004): the winner of a trick shows a dix it holds and counts it as meld."""

    def __str__(self) -> str:
        return "count-dix"


@dataclass(frozen=True, slots=True)
class ExchangeDix:
    """Two-handed (004): the winner of a trick exchanges a dix it holds for the turned-up trump
    card."""

    def __str__(self) -> str:
        return "exchange-dix"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Two-handed: done melding after a won trick; both players draw."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class DeclareOut:
    """Two-handed: "At any time during the play, a player may 'declare out.'" (004). ``seat``
    is the declaring player; -1 means the player whose turn it is (the form the legal actions
    list), any other seat may declare on the opponent's turn too."""

    seat: int = -1

    def __str__(self) -> str:
        return "declare-out" if self.seat < 0 else f"declare-out {self.seat}"


Action = (Deal | Bid | Pass | NameTrump | PassCards | TakeWidow | Discard | PlayHand | ThrowIn
          | ProposeThrowIn | AgreeThrowIn | RefuseThrowIn | PlayCard | LayMeld | CountDix
          | ExchangeDix | EndTurn | DeclareOut)

_SIMPLE: dict[str, Action] = {
    "deal": Deal(), "pass": Pass(), "take-widow": TakeWidow(), "play-hand": PlayHand(),
    "throw-in": ThrowIn(), "count-dix": CountDix(), "exchange-dix": ExchangeDix(),
    "draw": EndTurn(), "declare-out": DeclareOut(), "propose-throw-in": ProposeThrowIn(),
    "agree-throw-in": AgreeThrowIn(), "refuse-throw-in": RefuseThrowIn()}


class ActionParseError(ValueError):
    """Text that is no action (:func:`parse_action`), with the text and the reason in one line."""

    pass


def is_figures(text: str) -> bool:
    """ASCII figures only: str.isdigit() also admits '¹' and other digits int() refuses."""
    return text.isascii() and text.isdigit()


def parse_action(text: str) -> Action:
    """Read an action from its text form (``str(action)``)."""
    parts = text.split()
    if not parts:
        raise ActionParseError("empty action")
    head, rest = parts[0].lower(), parts[1:]
    try:
        if head in _SIMPLE and not rest:
            return _SIMPLE[head]
        action = _parse_call(head, rest) or _parse_cards(head, rest, text)
    except (CardError, ValueError) as exc:
        raise ActionParseError(f"malformed action {text!r}: {exc}") from None
    if action is not None:
        return action
    raise ActionParseError(f"unknown action {text!r}")


def _parse_call(head: str, rest: list[str]) -> Action | None:
    """A bid, a declaration or a trump named, from its words (None: none of these)."""
    if head == "bid" and len(rest) == 1:
        return Bid(int(rest[0]))
    if head == "declare-out" and len(rest) == 1 and is_figures(rest[0]):
        return DeclareOut(int(rest[0]))
    if head == "trump" and len(rest) == 1:
        return NameTrump(Suit.parse(rest[0]))
    if head == "trump" and len(rest) == 3 and rest[1].lower() == "call":
        return NameTrump(Suit.parse(rest[0]), Rank.parse(rest[2]))
    return None


def _parse_cards(head: str, rest: list[str], text: str) -> Action | None:
    """An action that names cards (a pass, a discard, a card played, a meld laid)."""
    if head == "pass-cards" and rest:
        return PassCards(tuple(sorted(parse_cards(rest))))
    if head == "discard" and rest:
        return Discard(tuple(sorted(parse_cards(rest))))
    if head == "play" and len(rest) in (1, 2) and (len(rest) == 1 or rest[1] == "table"):
        return PlayCard(Card.parse(rest[0]), len(rest) == 2)
    if head == "meld" and len(rest) >= 2:
        kind = next((k for k in MELD_KINDS if k == rest[0]), None)
        if kind is None:
            raise ActionParseError(f"unknown meld {rest[0]!r} in {text!r}")
        return LayMeld(kind, tuple(sorted(parse_cards(rest[1:]))))
    return None
