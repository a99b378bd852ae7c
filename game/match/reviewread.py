"""A stored hand review read for a player: the moment of each decision, the costliest first,
the hand's score beside what the open level scored with every card seen, as text or as the
``--json`` of ``pinochle review``. The table's Review screen reads the same rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.match.review import GRADES, Graded, hand_lost, margin, margin_words
from game.rules.actions import Action, Pass, PlayCard
from game.rules.engine import actor, apply, replay
from game.rules.events import HandScored
from game.rules.gamehands import GameHand
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.view import PlayerView, observe
from game.store.reviews import StoredReview

COSTLIEST = 3


@dataclass(frozen=True)
class Row:
    """One graded decision with where it happened."""

    graded: Graded
    moment: str  # "the auction", "trick 3", "the pass" ...
    trick: int  # the trick it belongs to (0-based), -1 before the play

    @property
    def lost(self) -> float:
        return self.graded.lost

    @property
    def at_trick(self) -> bool:
        """A card played to a trick: the replay opens at that trick. Any other decision (a
        bid, a pass, trump, the widow, a two-handed meld) opens at its own moment."""
        return isinstance(self.graded.decision.chosen, PlayCard)


def seen_at(rules: RuleSet, seed: int, actions: list[Action], row: Row) -> PlayerView:
    """What the player saw when making the row's decision: the game replayed to it, from the
    player's seat (never the hidden cards)."""
    d = row.graded.decision
    state, _ = replay(rules, seed, actions[:d.index])
    return observe(state, d.seat)


def moment(hand: GameHand, index: int) -> tuple[str, int]:
    """Where the game's action ``index`` was, in words, and its trick (-1 before the play)."""
    state = hand.start
    for action in hand.moves[:index - hand.first]:
        state, _ = apply(state, action)
    return moment_at(state)


def moment_at(state: GameState) -> tuple[str, int]:
    """Where a state is in its hand, in words, and its trick (-1 before the play)."""
    who = actor(state)
    view = observe(state, max(0, who))
    phase = view.phase
    if phase == Phase.TRICKS or phase == Phase.MELD_TURN or view.rules.stock.enabled:
        n = len(view.tricks)
        place = "lead" if not view.trick else f"card {len(view.trick) + 1}"
        if phase == Phase.MELD_TURN:
            return f"after trick {n}: meld or draw", n - 1
        return f"trick {n + 1}, {place}", n
    if phase == Phase.AUCTION:
        return auction_moment(view), -1
    words = {Phase.PASS: "the pass to your partner",
             Phase.PASS_BACK: "the pass back", Phase.TRUMP: "naming trump",
             Phase.WIDOW: "the widow", Phase.DISCARD: "the discard",
             Phase.DECIDE: "play or concede", Phase.THROW_IN_VOTE: "the throw-in vote"}
    return words.get(phase, str(phase)), -1


def auction_moment(view: PlayerView) -> str:
    """Which call of the auction, in words: "the auction, your 2nd call, over West's 260" (or
    "the opening call", or the stuck dealer's contract)."""
    rules = view.rules
    made = sum(1 for seat, _ in view.bids if seat == view.actor) + 1
    nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(made, f"{made}th")
    if view.high_bidder >= 0 and view.high_bid:
        holder = rules.seating.name(view.high_bidder)
        over = (f"over your own {view.high_bid}" if view.high_bidder == view.actor else
                f"over {holder}'s {view.high_bid}")
    else:
        over = "nobody has bid yet"
    if Pass() not in view.legal:
        over += ", you must bid"
    return f"the auction, your {nth} call, {over}"


def rows(hand: GameHand, review: StoredReview) -> list[Row]:
    """The review's decisions in the order they were made."""
    at = {d.index - hand.first: d for d in review.decisions}
    out = []
    state = hand.start
    for i, action in enumerate(hand.moves):  # one pass over the hand, not one per decision
        if i in at:
            where, trick = moment_at(state)
            out.append(Row(Graded(at[i]), where, trick))
        state, _ = apply(state, action)
    return out


def costliest(all_rows: list[Row], n: int = COSTLIEST) -> list[Row]:
    """The ``n`` decisions that lost most (any that lost nothing are left out)."""
    lossy = [r for r in all_rows if r.lost >= 0.5]
    return sorted(lossy, key=lambda r: -r.lost)[:n]


def scored(hand: GameHand, seat: int) -> float | None:
    """What the hand scored for the seat's side, in the review's units."""
    state = hand.start
    for action in hand.moves:
        state, events = apply(state, action)
        for e in events:
            if isinstance(e, HandScored):
                return margin(hand.start.rules, seat, e.result)
    return None


def review_json(hand: GameHand, review: StoredReview) -> dict[str, Any]:
    """A hand's review as data (``pinochle review --json``): the table, the seat, the
    grades and every decision with what each choice was worth."""
    all_rows = rows(hand, review)
    rules = hand.start.rules
    top = costliest(all_rows)
    lost = hand_lost([r.graded for r in all_rows]) or 0.0
    return {
        "table": rules.name, "hand": review.hand_no + 1,
        "seat": rules.seating.name(review.seat),
        "units": f"points of this hand: {margin_words(rules)}",
        "grades": {name: below for name, below in GRADES if below != float("inf")},
        "score": scored(hand, review.seat), "ceiling": review.ceiling,
        "all_cards_seen": {"mean": review.ceiling, "playouts": list(review.ceiling_runs)},
        "points_lost": round(lost, 1),
        "points_lost_summed": round(sum(r.lost for r in all_rows), 1), "budget": review.budget,
        "costliest": [all_rows.index(r) for r in top],
        "decisions": [{
            "action": r.graded.decision.index, "moment": r.moment, "kind": r.graded.decision.kind,
            "chosen": str(r.graded.decision.chosen), "chosen_text": r.graded.chosen.text,
            "chosen_value": round(r.graded.chosen.value, 1),
            "best": str(r.graded.best.action), "best_text": r.graded.best.text,
            "best_value": round(r.graded.best.value, 1),
            # every option within the tie of the best: each is best, none preferred
            "equally_best": [str(o.action) for o in r.graded.equally_best],
            "points_lost": round(r.lost, 1), "grade": r.graded.grade,
            "reason": r.graded.decision.reason,
            "options": [{"action": str(o.action), "text": o.text, "value": round(o.value, 1)}
                        for o in r.graded.decision.options],
            "levels": {lv: str(a) for lv, a in r.graded.decision.levels},
        } for r in all_rows],
    }


def score_words(rules: RuleSet, score: float) -> str:
    """What the hand scored, for a side or a lone player (cutthroat and two-handed have no
    side to speak of)."""
    who = "Your side" if rules.partnerships else "You"
    return f"{who} scored {score:+.0f} this hand ({margin_words(rules)})"


def lost_words(all_rows: list[Row]) -> str:
    """"299 points lost in all", with the decisions' own sum beside it when that is more:
    a hand never loses more than its choices could change (review.hand_lost)."""
    lost = hand_lost([r.graded for r in all_rows]) or 0.0
    summed = sum(r.lost for r in all_rows)
    text = f"{lost:.0f} points lost in all"
    if round(summed) > round(lost):
        text += f" ({summed:.0f} decision by decision, more than its choices could change)"
    return text


def all_cards_seen_words(review: StoredReview, score: float | None) -> str:
    """"All cards seen" in a player's words: the mean of the open level's play-outs of the deal,
    beside the player's own score. Never called a ceiling: the open level is a search, and a
    player who read the cards well (or was lucky) may score more; then the sentence says so."""
    if review.ceiling is None:
        return ""
    n = len(review.ceiling_runs) or 1
    runs = "one play-out" if n == 1 else f"{n} play-outs"
    base = (f"All cards seen: the open level, which sees every card, scored "
            f"{review.ceiling:+.0f} on average over {runs} of this deal in your seat")
    if score is None:
        return base + "."
    if score >= review.ceiling:
        return base + f"; your {score:+.0f} is as good or better."
    return base + f", {review.ceiling - score:.0f} more than you."


def review_text(hand: GameHand, review: StoredReview) -> list[str]:
    """A hand's review as lines of text for ``pinochle review``: what was lost, the score,
    and each decision with its grade."""
    data = review_json(hand, review)
    all_rows = rows(hand, review)
    out = [f"Hand {data['hand']} at {data['table']}, reviewed for {data['seat']}: "
           f"{len(all_rows)} decisions, {lost_words(all_rows)}."]
    if data["score"] is not None:
        out.append(score_words(hand.start.rules, data["score"]) + ".")
    seen = all_cards_seen_words(review, data["score"])
    if seen:
        out.append(seen)
    top = costliest(all_rows)
    if top:
        out.append("Costliest decisions:")
        for i, r in enumerate(top, 1):
            out.append(f" {i}. {r.moment}: you chose {r.graded.chosen.text} "
                       f"({r.graded.grade}, {r.lost:.0f} points lost). {r.graded.decision.reason}.")
    else:
        out.append("No decision cost points by the analysis.")
    out.append("Every decision:")
    for r in all_rows:
        out.append(f"  {r.moment}: {r.graded.chosen.text}: {r.graded.grade}"
                   + (f", {r.lost:.0f} lost; best {r.graded.best_words}" if r.lost > 0
                      else ""))
    return out
