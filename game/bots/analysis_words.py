"""An analysed action in a player's words: "the Q♠", "bid 260", "pass back A♥ 10♥ K♥"."""

from __future__ import annotations

from game.bots.exchange import cards_text
from game.rules.actions import (
    Action,
    AgreeThrowIn,
    Bid,
    CountDix,
    DeclareOut,
    Discard,
    EndTurn,
    ExchangeDix,
    LayMeld,
    NameTrump,
    Pass,
    PassCards,
    PlayCard,
    PlayHand,
    ProposeThrowIn,
    RefuseThrowIn,
    TakeWidow,
    ThrowIn,
)
from game.rules.phase import Phase
from game.rules.view import PlayerView


def say(view: PlayerView, action: Action) -> str:
    """An action in a player's words."""
    if isinstance(action, PlayCard):
        return f"the {action.card.pretty}"
    if isinstance(action, Bid):
        return f"bid {action.amount}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, NameTrump):
        return f"name {action.suit.plural}"
    if isinstance(action, PassCards):
        verb = "pass back" if view.phase == Phase.PASS_BACK else "pass"
        return f"{verb} {cards_text(action.cards)}"
    if isinstance(action, Discard):
        return f"discard {cards_text(action.cards)}"
    if isinstance(action, LayMeld):
        return f"meld {action.kind.replace('_', ' ')}"
    texts: dict[type, str] = {
        TakeWidow: "look at the widow", ThrowIn: "throw in", ProposeThrowIn: "propose a throw-in",
        PlayHand: "play the hand", AgreeThrowIn: "agree to throw in",
        RefuseThrowIn: "play on", ExchangeDix: "exchange the dix", CountDix: "count the dix",
        EndTurn: "draw without melding", DeclareOut: "declare out"}
    if view.phase == Phase.WIDOW and isinstance(action, ThrowIn):
        return "concede without looking"
    if view.phase == Phase.DECIDE and isinstance(action, ThrowIn):
        return "concede"
    return texts.get(type(action), str(action))
