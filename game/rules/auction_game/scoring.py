"""Scoring a hand of the auction games.

Made: meld and tricks are added. Set: the bid is subtracted and the side scores nothing else.
Defenders keep what they saved. Throw-ins, concessions and hands not played score as their
documents say; stars (002) and checks (003) are tallied beside the points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from game.rules.auction_game.state import HandState, hand_sides
from game.rules.auction_game.tallies import hand_stars, meld_checks, meld_stars, renege_stars
from game.rules.cards import Rank, Suit
from game.rules.events import Event, HandResult, HandScored, Outcome, RenegeCalled, SideResult
from game.rules.game_end import finish_hand
from game.rules.outcome import EndKind, HandEnd
from game.rules.ruleset import RuleSet
from game.rules.seating import Sides
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


class SideTotals(NamedTuple):
    """Per side: meld shown, meld it may score (after the minimum), trick points, tricks won."""

    shown: list[int]
    allowed: list[int]
    taken: list[int]
    won: list[int]


def side_totals(rules: RuleSet, hand: HandState, sides: Sides | None = None) -> SideTotals:
    """Per side of the hand (``sides``: the hand's own by default)."""
    sides = sides or hand_sides(rules.seating, hand)
    n = sides.count
    bside = sides.side_of(hand.bidder)
    side_seats = [sides.seats_of(side) for side in range(n)]
    melds = hand.melds
    seat_meld = [m.total if m is not None else 0 for m in melds] if melds else [0] * rules.players
    # sum(map(...)) rather than generator expressions: this runs at the end of every playout
    shown = [sum(map(seat_meld.__getitem__, seats)) for seats in side_seats]
    allowed = list(hand.side_meld) if hand.side_meld else [0] * n
    ps = hand.play
    zeros = [0] * n
    taken = [sum(map(ps.taken.__getitem__, seats)) for seats in side_seats] if ps else zeros
    won = [sum(map(ps.won.__getitem__, seats)) for seats in side_seats] if ps else zeros
    if hand.discards:  # three-handed: the bidder's discards count as its tricks
        taken[bside] += sum(rules.trick_points_by_type[t] * rules.deck.count(hand.discards, c)
                            for t, c in enumerate(rules.deck.types))
    return SideTotals(shown, allowed, taken, won)


def played_side(rules: RuleSet, side: int, is_bidder: bool, bid: int, shown: int, allowed: int,
                taken: int, won: int) -> tuple[SideResult, bool]:
    """One side's score for a hand played out (no renege), and whether it kept its meld: the
    bidders make it or are set, the defenders score what they saved. The bots' search scores
    its rollouts with this too."""
    keep = saved(rules, side, taken, won, is_bidder)
    meld = allowed if keep else 0
    notes: tuple[str, ...] = ("meld not saved",) if not keep and allowed else ()
    if is_bidder:
        minimum = rules.scoring.bidder_min_trick_points
        made = meld + taken >= bid and taken >= minimum
        if taken < minimum:
            notes += (f"under {minimum} in tricks",)
        return SideResult(side, shown, meld if made else 0, taken, taken if made else 0,
                          meld + taken if made else -bid, bid, made, notes), keep
    tricks = taken if keep or rules.scoring.save_meld != "points" else 0
    return SideResult(side, shown, meld, taken, tricks, meld + tricks, notes=notes), keep


Scored = tuple[list[SideResult], list[bool]]  # per side: the result, and whether meld was kept


def _played(rules: RuleSet, hand: HandState, sides: Sides, totals: SideTotals) -> Scored:
    bside = sides.side_of(hand.bidder)
    pairs = [played_side(rules, side, side == bside, hand.bid, totals.shown[side],
                         totals.allowed[side], totals.taken[side], totals.won[side])
             for side in range(sides.count)]
    return [r for r, _ in pairs], [k for _, k in pairs]


def _reneged(rules: RuleSet, hand: HandState, sides: Sides, totals: SideTotals, rside: int
             ) -> Scored:
    """002: the side that reneged loses the bid; the other side scores its meld and every
    trick point."""
    bside = sides.side_of(hand.bidder)
    results = []
    for side in range(sides.count):
        bid = hand.bid if side == bside else 0
        if side == rside:
            results.append(SideResult(side, totals.shown[side], 0, totals.taken[side], 0,
                                      -hand.bid, bid, False if side == bside else None,
                                      ("reneged",)))
        else:
            score = totals.allowed[side] + rules.total_trick_points
            results.append(SideResult(side, totals.shown[side], totals.allowed[side],
                                      totals.taken[side], rules.total_trick_points, score, bid,
                                      True if side == bside else None,
                                      ("gets the renege penalty",)))
    return results, [side != rside for side in range(sides.count)]


def _not_played(rules: RuleSet, hand: HandState, sides: Sides, totals: SideTotals,
                end: HandEnd) -> Scored:
    """Thrown in, conceded, or not played (001): the bidders lose the bid. After a throw-in
    (or 001's minimum meld) the defenders score their meld without playing; after a concession
    unseen or 001's missing marriage nobody else scores."""
    bside = sides.side_of(hand.bidder)
    defenders_score = end.kind in (EndKind.THROWN_IN, EndKind.UNDER_MINIMUM)
    results, keeps = [], []
    for side in range(sides.count):
        if side == bside:
            results.append(SideResult(side, totals.shown[side], 0, 0, 0, -hand.bid, hand.bid,
                                      False))
            keeps.append(False)
        else:
            meld = totals.allowed[side] if defenders_score else 0
            results.append(SideResult(side, totals.shown[side], meld, 0, 0, meld))
            keeps.append(defenders_score)
    return results, keeps


def score_hand(rules: RuleSet, game: GameState, hand: HandState, end: HandEnd
               ) -> tuple[GameState, list[Event]]:
    """The game after the hand is scored as it ended (played out, thrown in, conceded
    unseen, not played for want of a marriage or of meld, a renege called): the bid made or
    set, each side's points, stars or checks, and the game won."""
    n = rules.n_sides  # the score sheet's columns
    sides = hand_sides(rules.seating, hand)
    bside = sides.side_of(hand.bidder)
    totals = side_totals(rules, hand, sides)
    events: list[Event] = []
    notes: list[str] = [end.note] if end.note else []
    reneges = hand.play.reneges if hand.play else ()
    rside = -1
    if end.kind == EndKind.PLAYED and reneges:
        seat, rule = reneges[0]
        rside = sides.side_of(seat)
        events.append(RenegeCalled(seat, rside, rule))
        (results, keeps), outcome = _reneged(rules, hand, sides, totals, rside), Outcome.RENEGE
    elif end.kind == EndKind.PLAYED:
        results, keeps = _played(rules, hand, sides, totals)
        outcome = Outcome.MADE if results[bside].made else Outcome.SET
    else:
        (results, keeps), outcome = (_not_played(rules, hand, sides, totals, end),
                                     Outcome(end.kind.value))
    # "A player who sits out scores nothing that hand" (VARIANTS.md): dealt no cards, such a
    # chair shows no meld and takes no trick; the score sheet says why its column stands.
    for seat in rules.seating.sitting_out(hand.dealer):
        results[seat] = results[seat]._replace(notes=results[seat].notes + ("sat out",))
    made = bool(results[bside].made)
    bidding = (hand.bidder, *sides.partners(hand.bidder))
    if rules.seating.by_card:  # each scores alone: the hand's two sides, column by column
        results = by_player(rules, hand, sides, results)
    else:
        bidding = (bside,)
    scores = tuple(game.scores[i] + results[i].score for i in range(n))
    gained = _tallies(rules, hand, end, made, keeps, bside, rside)
    tallies = tuple(game.tallies[i] + gained[i] for i in range(n)) if gained else game.tallies
    result = HandResult(game.hand_no, hand.dealer, hand.bidder, hand.bid,
                        Suit(hand.trump) if hand.trump >= 0 else None, tuple(results), scores,
                        tuple(gained), tallies, outcome, tuple(notes))
    events.append(HandScored(result))
    # the hand as it ended: a game that ends here keeps it (the last card played has left
    # its hand; at a game's end the player's view still held it)
    state = game._replace(scores=scores, tallies=tallies, records=game.records + (result,),
                          hand=hand)
    return finish_hand(rules, state, bidding[0], hand.bid_to_win, events, bidding[1:])


def by_player(rules: RuleSet, hand: HandState, sides: Sides, results: Sequence[SideResult]
              ) -> list[SideResult]:
    """A result per player where a card found the partner (see :func:`seat_result`)."""
    melds = hand.melds or (None,) * rules.players
    return [seat_result(rules, sides, hand.bidder, results[sides.side_of(seat)], seat,
                        meld.total if meld is not None else 0)
            for seat, meld in enumerate(melds)]


def seat_result(rules: RuleSet, sides: Sides, bidder: int, side: SideResult, seat: int,
                own_meld: int) -> SideResult:
    """One player's result from its side's, where a card found the partner (VARIANTS.md,
    five-handed: "if the bidding side's meld and tricks reach the bid, the bidder and the
    partner *each* score the side's whole meld and tricks; each defender scores their own meld
    plus all the defenders' tricks, if the defenders took 20 trick points". "Set: the bidder
    and the partner each lose the bid", or, with ``scoring.partner_set = "bidder-alone"``, the
    bidder alone). ``own_meld``: the meld this player showed."""
    if sides.same_side(seat, bidder):
        lost = seat != bidder and not side.made and rules.scoring.partner_set != "both"
        return side._replace(side=seat, score=0 if lost else side.score,
                             notes=side.notes + (("the bidder alone loses the bid",)
                                                 if lost else ()))
    counted = own_meld if side.meld_counted else 0
    return side._replace(side=seat, meld=own_meld, meld_counted=counted,
                         score=counted + side.tricks_counted)


def _tallies(rules: RuleSet, hand: HandState, end: HandEnd, made: bool | None,
             keeps: Sequence[bool], bside: int, rside: int) -> list[int]:
    """Stars or checks each side gains; ``rside`` is the side that reneged (-1: none)."""
    sc = rules.scoring
    if sc.stars:
        if end.kind != EndKind.PLAYED:
            return [0] * rules.n_sides
        side_stars = [sum(meld_stars(hand.melds[s]) for s in rules.seats_of(side))
                      for side in range(rules.n_sides)]
        if rside >= 0:
            return renege_stars(rules, hand.bid, bside, rside, side_stars,
                                hand.trump == Suit.SPADES)
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
