"""Scoring a hand of the auction games.

Made: meld and tricks are added. Set: the bid is subtracted and the side scores nothing else.
Defenders keep what they saved. Throw-ins, concessions and hands not played score as their
documents say; stars (002) and checks (003) are tallied beside the points.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.auction_game.state import HandState
from game.rules.auction_game.tallies import hand_stars, meld_checks, meld_stars
from game.rules.cards import Rank, Suit
from game.rules.events import Event, HandResult, HandScored, Outcome, RenegeCalled, SideResult
from game.rules.game_end import finish_hand
from game.rules.outcome import EndKind, HandEnd
from game.rules.ruleset import RuleSet
from game.rules.state import GameState


def saved(rules: RuleSet, side: int, points: int, tricks: int, is_bidder: bool) -> bool:
    """Whether a side keeps its meld (and, under 001's rule, scores at all)."""
    mode = rules.scoring.save_meld
    if mode == "none":
        return True
    if mode == "counter-or-last-trick":
        # 000: "If the other team fails to earn points while taking tricks ... they do not
        # score any points that were melded."
        return is_bidder or points > 0
    if mode == "trick":
        return tricks > 0
    return points >= rules.scoring.save_points


def _seat_nines(rules: RuleSet, hand: HandState, seat: int) -> int:
    """Nines a seat held this hand (for the seven-nines check)."""
    deck = rules.deck
    held = hand.hands[seat]
    if hand.play is not None:
        for trick in hand.play.tricks:
            for s, t in trick:
                if s == seat:
                    held += deck.one[t]
    if seat == hand.bidder:
        held += hand.discards
    return sum(deck.count(held, c) for c in deck.types if c.rank == Rank.NINE)


def score_hand(rules: RuleSet, game: GameState, hand: HandState, end: HandEnd
               ) -> tuple[GameState, list[Event]]:
    n = rules.n_sides
    bside = rules.side_of(hand.bidder)
    side_seats = [rules.seats_of(side) for side in range(n)]
    melds = hand.melds
    seat_meld = [m.total if m is not None else 0 for m in melds] if melds else [0] * rules.players
    # sum(map(...)) rather than generator expressions: this runs at the end of every playout
    shown = [sum(map(seat_meld.__getitem__, seats)) for seats in side_seats]
    allowed = list(hand.side_meld) if hand.side_meld else [0] * n
    ps = hand.play
    zeros = [0] * n
    taken = [sum(map(ps.taken.__getitem__, seats)) for seats in side_seats] if ps else zeros
    won = [sum(map(ps.won.__getitem__, seats)) for seats in side_seats] if ps else zeros
    if hand.discards:
        taken[bside] += sum(rules.trick_points_by_type[t] * rules.deck.count(hand.discards, c)
                            for t, c in enumerate(rules.deck.types))
    events: list[Event] = []
    results: list[SideResult] = []
    deltas = [0] * n
    keeps = [False] * n
    made: bool | None = None
    outcome = Outcome(end.kind.value)
    notes: list[str] = [end.note] if end.note else []
    reneges = ps.reneges if ps else ()
    if end.kind == EndKind.PLAYED and reneges:
        seat, rule = reneges[0]
        rside = rules.side_of(seat)
        events.append(RenegeCalled(seat, rside, rule))
        outcome = Outcome.RENEGE
        for side in range(n):
            if side == rside:
                deltas[side] = -hand.bid
                results.append(SideResult(side, shown[side], 0, taken[side], 0, -hand.bid,
                                          hand.bid if side == bside else 0,
                                          False if side == bside else None, ("reneged",)))
            else:
                deltas[side] = allowed[side] + rules.total_trick_points
                keeps[side] = True
                results.append(SideResult(side, shown[side], allowed[side], taken[side],
                                          rules.total_trick_points, deltas[side],
                                          hand.bid if side == bside else 0,
                                          True if side == bside else None,
                                          ("gets the renege penalty",)))
        made = rside != bside
    elif end.kind == EndKind.PLAYED:
        for side in range(n):
            is_b = side == bside
            keep = saved(rules, side, taken[side], won[side], is_b)
            keeps[side] = keep
            meld = allowed[side] if keep else 0
            tricks = taken[side] if keep or rules.scoring.save_meld != "points" else 0
            side_notes: list[str] = []
            if not keep and allowed[side]:
                side_notes.append("meld not saved")
            if is_b:
                made = (meld + taken[side] >= hand.bid
                        and taken[side] >= rules.scoring.bidder_min_trick_points)
                if taken[side] < rules.scoring.bidder_min_trick_points:
                    side_notes.append(f"under {rules.scoring.bidder_min_trick_points} in tricks")
                score = meld + taken[side] if made else -hand.bid
                results.append(SideResult(side, shown[side], meld if made else 0, taken[side],
                                          taken[side] if made else 0, score, hand.bid, made,
                                          tuple(side_notes)))
            else:
                score = meld + tricks
                results.append(SideResult(side, shown[side], meld, taken[side], tricks, score,
                                          notes=tuple(side_notes)))
            deltas[side] = score
        outcome = Outcome.MADE if made else Outcome.SET
    else:
        made = False
        for side in range(n):
            if side == bside:
                score = -hand.bid
                meld = 0
            elif end.kind in (EndKind.THROWN_IN, EndKind.UNDER_MINIMUM):
                meld = allowed[side]  # the defenders score their meld without playing
                score = meld
                keeps[side] = True
            else:  # conceded unseen, or no marriage in trump: nobody else scores
                meld = score = 0
            deltas[side] = score
            results.append(SideResult(side, shown[side], meld, 0, 0, score,
                                      hand.bid if side == bside else 0,
                                      False if side == bside else None))
    scores = tuple(game.scores[i] + deltas[i] for i in range(n))
    gained = _tallies(rules, hand, end, made, keeps, bside)
    tallies = tuple(game.tallies[i] + gained[i] for i in range(n)) if gained else game.tallies
    result = HandResult(game.hand_no, hand.dealer, hand.bidder, hand.bid,
                        Suit(hand.trump) if hand.trump >= 0 else None, tuple(results), scores,
                        tuple(gained), tallies, outcome, tuple(notes))
    events.append(HandScored(result))
    state = game._replace(scores=scores, tallies=tallies, records=game.records + (result,))
    return finish_hand(rules, state, bside, hand.bid_to_win, events)


def _tallies(rules: RuleSet, hand: HandState, end: HandEnd, made: bool | None,
             keeps: Sequence[bool], bside: int) -> list[int]:
    sc = rules.scoring
    if sc.stars:
        if end.kind != EndKind.PLAYED:
            return [0] * rules.n_sides
        side_stars = [sum(meld_stars(hand.melds[s]) for s in rules.seats_of(side))
                      for side in range(rules.n_sides)]
        return hand_stars(rules, hand.bid, bside, bool(made), side_stars, keeps,
                          hand.trump == Suit.SPADES)
    if sc.checks:
        out = []
        for seat in range(rules.players):
            checks = 0
            if end.kind != EndKind.CONCEDED_UNSEEN:
                # the nines are counted only for the option that needs them (a hand's tricks)
                nines = (_seat_nines(rules, hand, seat) if "seven-nines" in sc.optional_checks
                         else 0)
                checks += meld_checks(rules, hand.melds[seat] if hand.melds else None, nines)
            if seat == hand.bidder and hand.looked and not made:
                checks -= 1  # "Looking at the talon and losing the hand ... -1 check"
                if end.kind == EndKind.PLAYED and "lost-after-playing" in sc.optional_checks:
                    checks -= 1
            out.append(checks)
        return out
    return []
