"""The check run on every message a host sends: no hidden card reaches a seat that may not
see it, and the seed never leaves the host.

It shares no code with what builds the messages (``observe``, ``redact``, the codec, the
review): it reads the raw JSON with ``json.loads`` and holds each field against the host's
true state, by rules written here from the documents' own terms (a player sees their own hand;
the widow once it is turned up; the cards they pass and receive; their own discards; every card
played or melded).
Every field of a view and every kind of event has a rule below: a field nobody has classified
fails the check, so a new field cannot carry cards past it unread.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.rules.actions import Action
from game.rules.auction_game.state import HandState
from game.rules.engine import actor, legal_actions, replay
from game.rules.state import GameState
from game.rules.stock_game.state import StockHand


class LeakError(AssertionError):
    pass


# Fields of a seat's view that carry no card a seat may not see, whatever they hold, because
# they are facts announced to the whole table (bids, scores, melds laid, cards played) or
# numbers without cards; and fields checked against the truth below.
PUBLIC = {"seat", "phase", "hand_no", "dealer", "actor", "hand_sizes", "scores", "tallies",
          "target", "records", "bids", "high_bid", "high_bidder", "passed_out", "bidder", "bid",
          "trump", "partners", "partner_card", "melds", "side_meld", "leader", "trick", "tricks",
          "taken", "won", "turnup", "stock_size", "tabled", "tabled_records", "laid",
          "meld_points", "playoff", "running", "shown_draws", "winner", "over_reason"}
CHECKED = {"hand", "legal", "passed", "received", "widow", "discards", "played", "revealed",
           "all_hands", "face_down_widow", "hidden_discards", "stock_order"}
# Events whose cards every seat sees (cards played, melds shown, the widow turned face up, a
# claim's hands laid down), and those that carry cards only some seats may see.
PUBLIC_EVENTS = {"HandStarted", "BidMade", "Passed", "AuctionWon", "WidowShown", "TrumpNamed",
                 "PartnerFound", "MeldShown", "AcesDeclared", "HandNotPlayed", "HandConceded",
                 "CardPlayed", "TrickWon", "HandScored", "GameWon", "TargetRaised", "MeldLaid",
                 "DixCounted", "DixExchanged", "PlayoffStarted", "DeclaredOut", "RenegeCalled",
                 "ThrowInProposed", "ThrowInAnswered", "HandClaimed"}
PRIVATE_EVENTS = {"CardsDealt", "CardsPassed", "Discarded", "CardDrawn"}


def cards(state: GameState, counts: int) -> list[str]:
    return sorted(str(c) for c in state.rules.deck.to_cards(counts))


def check_message(state: GameState, seat: int, text: str,
                  actions: Sequence[Action] | None = None) -> int:
    """Raise :class:`LeakError` if ``text``, sent to ``seat`` with the host's game in ``state``
    (reached by ``actions``), shows a hidden card or the seed; returns the number of fields
    checked. A review can only be checked with the game's actions."""
    if str(state.seed) in text:
        raise LeakError(f"the seed {state.seed} is in a message to seat {seat}")
    data = json.loads(text)
    if data.get("t") == "review":
        return check_review(state, seat, data, actions)
    checked = 0
    if "view" in data:
        checked += check_view(state, seat, data["view"])
    for i, event in enumerate(data.get("events", [])):
        checked += check_event(seat, event, f"events[{i}]")
    return checked


REVIEW_FIELDS = {"t", "hand", "review", "moments", "score", "error"}
REVIEW_TOP = {"format", "hand", "seat", "budget", "ceiling", "ceiling_runs", "decisions"}
DECISION_FIELDS = {"index", "seat", "kind", "chosen", "reason", "samples", "levels", "options"}


def check_review(state: GameState, seat: int, data: dict[str, Any],
                 actions: Sequence[Action] | None) -> int:
    """A review goes only to the seat whose decisions it grades, and names no card that seat
    did not hold: each decision is one the seat made, at a position the game reached, and
    every choice in it (the options, each level's pick) is one the seat could make there.
    Numbers (values, the score, the open level's play-outs) carry no card."""
    unknown = set(data) - REVIEW_FIELDS
    if unknown:
        raise LeakError(f"review fields no rule covers: {sorted(unknown)}")
    review = data["review"]
    if review is None:
        return 1
    if actions is None:
        raise LeakError("a review was sent where the game's actions were not given to check it")
    if set(review) - REVIEW_TOP or any(set(d) - DECISION_FIELDS for d in review["decisions"]):
        raise LeakError("review fields no rule covers")
    if review["seat"] != seat:
        raise LeakError(f"seat {seat} was sent the review of seat {review['seat']}")
    for d in review["decisions"]:
        index = d["index"]
        if d["seat"] != seat or not 0 <= index < len(actions):
            raise LeakError(f"seat {seat} was sent a decision it did not make: {d['chosen']}")
        before, _ = replay(state.rules, state.seed, list(actions[:index]))
        if actor(before) != seat or str(actions[index]) != d["chosen"]:
            raise LeakError(f"seat {seat} was sent a decision of another seat: {d['chosen']}")
        mine = {str(a) for a in legal_actions(before)}
        named = [o[0] for o in d["options"]] + [pick for _, pick in d["levels"]]
        strange = [a for a in named if a not in mine]
        if strange:
            raise LeakError(f"seat {seat} was sent choices it could not make at action "
                            f"{index}: {strange}")
    return 1 + len(review["decisions"])


def check_view(state: GameState, seat: int, view: dict[str, Any]) -> int:
    unknown = set(view) - PUBLIC - CHECKED
    if unknown:
        raise LeakError(f"view fields no rule covers: {sorted(unknown)}")
    if view["seat"] != seat:
        raise LeakError(f"seat {seat} was sent seat {view['seat']}'s view")
    if view["revealed"] or view["all_hands"] or view["face_down_widow"] \
            or view["hidden_discards"] or view["stock_order"]:
        raise LeakError(f"seat {seat} was sent the hidden hands, widow, discards or stock")
    hand = state.hand
    true_hand: list[str] = []
    if isinstance(hand, HandState | StockHand) and hand.hands:
        true_hand = cards(state, hand.hands[seat])
    if sorted(view["hand"]) != true_hand:
        raise LeakError(f"seat {seat} was sent a hand that is not its own: {view['hand']}")
    for action in view["legal"]:
        words = action.split()
        if words[0] == "play" and words[1] not in true_hand:
            raise LeakError(f"seat {seat} was offered {action}, a card it does not hold")
    checked = 3
    if isinstance(hand, HandState):
        widow_up = hand.looked
        if view["widow"] is not None and not widow_up:
            raise LeakError(f"seat {seat} was sent the widow before it was turned up")
        if view["discards"] and seat != hand.bidder:
            raise LeakError(f"seat {seat} was sent the bidder's discards")
        if view["discards"] and sorted(view["discards"]) != cards(state, hand.discards):
            raise LeakError(f"seat {seat} was sent discards that are not its own")
        mine = Counter[str]()
        given = Counter[str]()
        for source, target, counts in hand.passes:
            if source == seat:
                mine.update(cards(state, counts))
            if target == seat:
                given.update(cards(state, counts))
        if Counter(view["passed"]) != mine or Counter(view["received"]) != given:
            raise LeakError(f"seat {seat} was sent passed cards that did not pass through it")
        played = cards(state, hand.play.played) if hand.play is not None else []
        if sorted(view["played"]) != played:
            raise LeakError(f"seat {seat} was sent cards as played that were not played")
        checked += 4
    return checked


def check_event(seat: int, event: dict[str, Any], where: str) -> int:
    kind = event.get("e")
    if kind in PUBLIC_EVENTS:
        return 1
    if kind not in PRIVATE_EVENTS:
        raise LeakError(f"{where}: an event no rule covers: {kind}")
    if kind == "CardsDealt":
        for other, dealt in enumerate(event["hands"]):
            if other != seat and dealt:
                raise LeakError(f"{where}: seat {seat} was sent seat {other}'s dealt hand")
    elif kind == "CardsPassed":
        if event["cards"] and seat not in (event["source"], event["target"]):
            raise LeakError(f"{where}: seat {seat} was sent cards passed between others")
    elif kind == "Discarded":
        if event["cards"] and seat != event["seat"]:
            raise LeakError(f"{where}: seat {seat} was sent another seat's discards")
    elif kind == "CardDrawn" and event["card"] is not None and seat != event["seat"] \
            and not event["public"]:
        raise LeakError(f"{where}: seat {seat} was sent the card another player drew")
    return 1
