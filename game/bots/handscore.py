"""Scoring a simulated hand the way the engine would, and valuing it for the game.

Every search (card play, the exchanges, the auction's game check) ends a simulated hand here:
the sides' results come from the engine's own ``played_side`` (made or set, meld saved or not,
001's minimum trick points), the side tallies from the engine's own star and check rules (002's
run and aces stars, 003's meld checks: what the simulated hands meld with the trump of the
candidate, since a flush counts only in trump and a hand conceded unseen earns nobody any), and
the value for this seat's side from :class:`~game.bots.gamevalue.GameValue`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.bots.gamevalue import GameValue
from game.rules.auction_game.scoring import played_side, seat_result
from game.rules.auction_game.tallies import hand_stars, meld_checks, meld_stars
from game.rules.cards import Rank, Suit
from game.rules.compiled import best_meld
from game.rules.events import SideResult
from game.rules.ruleset import RuleSet
from game.rules.seating import Sides
from game.rules.view import PlayerView

Valuer = Callable[[Sequence[int], Sequence[int]], float]  # (taken, won) per seat -> value


def side_outcomes(rules: RuleSet, bidder: int, bid: int, side_meld: Sequence[int],
                  taken: Sequence[int], won: Sequence[int], banked: int = 0,
                  sides: Sides | None = None) -> tuple[list[SideResult], list[bool]]:
    """(each side's result, whether it kept its meld) for a played hand: ``taken`` and ``won``
    per seat, ``banked`` trick points in the bidder's discards, ``sides`` the hand's (the
    table's by default)."""
    sides = sides or rules.seating.sides
    seats_of = sides.seats_of
    bside = sides.side_of(bidder)
    results, keeps = [], []
    for side in range(sides.count):
        t = sum(taken[s] for s in seats_of(side)) + (banked if side == bside else 0)
        w = sum(won[s] for s in seats_of(side))
        meld = side_meld[side] if side_meld else 0
        result, keep = played_side(rules, side, side == bside, bid, meld, meld, t, w)
        results.append(result)
        keeps.append(keep)
    return results, keeps


def side_results(rules: RuleSet, bidder: int, bid: int, side_meld: Sequence[int],
                 taken: Sequence[int], won: Sequence[int], banked: int = 0,
                 sides: Sides | None = None) -> tuple[list[int], bool, list[bool]]:
    """(score per side, whether the bidders made it, whether each side kept its meld) for a
    played hand (see :func:`side_outcomes`)."""
    results, keeps = side_outcomes(rules, bidder, bid, side_meld, taken, won, banked, sides)
    bside = (sides or rules.seating.sides).side_of(bidder)
    return [r.score for r in results], bool(results[bside].made), keeps


def columns(rules: RuleSet, sides: Sides, bidder: int, results: Sequence[SideResult],
            seat_meld: Sequence[int]) -> list[int]:
    """Each score-sheet column's score from the hand's sides' results: the sides' own at a
    table of fixed sides; each player's, where a card found the partner (the engine's
    ``seat_result``)."""
    if not rules.seating.by_card:
        return [r.score for r in results]
    return [seat_result(rules, sides, bidder, results[sides.side_of(s)], s, seat_meld[s]).score
            for s in sides.seats]


def seat_meld_stars(rules: RuleSet, hands: Sequence[int], trump: int) -> list[int]:
    """002's run and aces stars per side for simulated hands (0 without stars)."""
    if not rules.scoring.stars or trump < 0:
        return [0] * rules.n_sides
    out = [0] * rules.n_sides
    for seat, h in enumerate(hands):
        out[rules.side_of(seat)] += meld_stars(best_meld(rules, h, trump))
    return out


def hand_meld_checks(rules: RuleSet, h: int, trump: int) -> int:
    """003's checks for what one hand melds with ``trump`` (flush, aces, roundtable and the
    table's options; seven nines counted in the hand held); 0 without checks."""
    if not rules.scoring.checks or trump < 0:
        return 0
    d = rules.deck
    nines = 0
    if Rank.NINE in d.ranks:
        nine = d.ranks.index(Rank.NINE)
        nines = sum((h >> ((s * d.n_ranks + nine) * d.bits)) & d.field_mask for s in range(4))
    return meld_checks(rules, best_meld(rules, h, trump), nines)


class HandScorer:
    """Values a played-out hand for one seat: game value of the points and the tallies.

    Scores are kept per side of the hand (``sides``: the view's, or those a simulated deal's
    partner card makes) and turned into the score sheet's columns for the game value; where a
    card finds the partner each player is a column, and a defender's column needs its own meld
    (``seat_meld``: every seat's meld total, from the view's shown melds when not given)."""

    def __init__(self, view: PlayerView, bidder: int, bid: int, trump: int,
                 looked: bool = False, gv: GameValue | None = None,
                 sides: Sides | None = None) -> None:
        rules = view.rules
        self.rules = rules
        self.gv = gv or GameValue.of(view)
        self.bidder, self.bid, self.trump = bidder, bid, trump
        self.sides = sides or view.sides
        self.bside = self.sides.side_of(bidder) if bidder >= 0 else -1
        sc = rules.scoring
        self.stars = sc.stars and not self.gv.linear
        self.checks = sc.checks and not self.gv.linear
        self.looked = looked
        self.meld_stars = [0] * rules.n_sides
        self.shown_meld = tuple(m.total if m is not None else 0 for m in view.melds) \
            if view.melds else (0,) * rules.players
        # played()'s answers: a hand's value depends only on each side's trick points and tricks
        # (given the meld), which repeat from one rollout to the next within a decision.
        self._valuers: dict[tuple[object, ...], Valuer] = {}
        if self.stars and view.melds:
            for seat, m in enumerate(view.melds):
                if m is not None:
                    self.meld_stars[rules.side_of(seat)] += meld_stars(m)

    def tallies(self, made: bool, keeps: Sequence[bool], played: bool = True,
                meld_tally: Sequence[int] | None = None) -> list[int] | None:
        """The tally change this outcome brings (stars or checks), None without tallies.
        ``meld_tally``: per side, the run and aces stars (002) or the meld checks (003) of the
        simulated hands; without it, the stars the view shows and no meld checks (they are the
        same whatever a card search chooses)."""
        rules = self.rules
        if self.stars:
            if not played:
                return [0] * rules.n_sides
            ms = meld_tally if meld_tally is not None else self.meld_stars
            return hand_stars(rules, self.bid, self.bside, made, ms, keeps,
                              self.trump == Suit.SPADES)
        if self.checks:
            out = list(meld_tally) if meld_tally is not None else [0] * rules.n_sides
            if self.looked and not made:
                out[self.bside] -= 1
                if played and "lost-after-playing" in rules.scoring.optional_checks:
                    out[self.bside] -= 1
            return out
        return None

    def played(self, side_meld: Sequence[int], taken: Sequence[int], won: Sequence[int],
               banked: int = 0, meld_tally: Sequence[int] | None = None,
               sides: Sides | None = None, seat_meld: Sequence[int] | None = None) -> float:
        """The value of a hand played to its end (``side_meld`` per side of ``sides``)."""
        return self.valuer(side_meld, banked, meld_tally, sides, seat_meld)(taken, won)

    def valuer(self, side_meld: Sequence[int], banked: int = 0,
               meld_tally: Sequence[int] | None = None, sides: Sides | None = None,
               seat_meld: Sequence[int] | None = None) -> Valuer:
        """:meth:`played` for one meld, banked points and stars: a function of the trick points
        and tricks per seat, which remembers its answers by the sides' totals."""
        sides = sides or self.sides
        seat_meld = tuple(seat_meld) if seat_meld is not None else self.shown_meld
        key = (tuple(side_meld), banked, None if meld_tally is None else tuple(meld_tally),
               sides.team, seat_meld if self.rules.seating.by_card else None)
        fn = self._valuers.get(key)
        if fn is None:
            if len(self._valuers) > 10_000:
                self._valuers.clear()
            fn = self._valuers[key] = self._make_valuer(tuple(side_meld), banked, meld_tally,
                                                        sides, seat_meld)
        return fn

    def _make_valuer(self, side_meld: tuple[int, ...], banked: int,
                     stars: Sequence[int] | None, sides: Sides, seat_meld: Sequence[int]
                     ) -> Valuer:
        memo: dict[tuple[int, ...], float] = {}
        rules, bidder = self.rules, self.bidder
        column = rules.side_of(bidder)

        def compute(taken: Sequence[int], won: Sequence[int]) -> float:
            results, keeps = side_outcomes(rules, bidder, self.bid, side_meld, taken, won,
                                           banked, sides)
            made = bool(results[sides.side_of(bidder)].made)
            scores = columns(rules, sides, bidder, results, seat_meld)
            return self.gv.value(scores, column, self.tallies(made, keeps, True, stars))

        seats = [sides.seats_of(side) for side in range(sides.count)]
        if all(len(x) == 1 for x in seats):  # each for himself: the seats are the sides
            def value(taken: Sequence[int], won: Sequence[int]) -> float:
                key = (*taken, *won)
                v = memo.get(key)
                if v is None:
                    v = memo[key] = compute(taken, won)
                return v
            return value

        def by_sides(taken: Sequence[int], won: Sequence[int]) -> float:
            key = (*[sum([taken[s] for s in x]) for x in seats],
                   *[sum([won[s] for s in x]) for x in seats])
            v = memo.get(key)
            if v is None:
                v = memo[key] = compute(taken, won)
            return v
        if len(seats) != 2 or any(len(x) != 2 for x in seats):
            return by_sides
        (a, b), (c, d) = seats

        def partners(taken: Sequence[int], won: Sequence[int]) -> float:
            key = (taken[a] + taken[b], taken[c] + taken[d], won[a] + won[b], won[c] + won[d])
            v = memo.get(key)
            if v is None:
                v = memo[key] = compute(taken, won)
            return v
        return partners

    def conceded(self, defender_meld: Sequence[int],
                 meld_checks_now: Sequence[int] | None = None, sides: Sides | None = None,
                 seat_meld: Sequence[int] | None = None) -> float:
        """The value of the bidders giving up: they lose the bid, the others score
        ``defender_meld`` per side of ``sides`` (zeros when nobody else scores). 003: "Checks
        are kept even if you do not make your bid or 'throw it in'": ``meld_checks_now`` per
        side, when the bidder conceded after looking (none when conceded unseen)."""
        rules = self.rules
        sides = sides or self.sides
        bside = sides.side_of(self.bidder)
        results = [SideResult(side, 0, 0, 0, 0, -self.bid, self.bid, False) if side == bside
                   else SideResult(side, defender_meld[side], defender_meld[side], 0, 0,
                                   defender_meld[side])
                   for side in range(sides.count)]
        seat_meld = seat_meld if seat_meld is not None else self.shown_meld
        scores = columns(rules, sides, self.bidder, results, seat_meld)
        keeps = [True] * rules.n_sides
        tally = meld_checks_now if self.checks else None
        return self.gv.value(scores, rules.side_of(self.bidder),
                             self.tallies(False, keeps, False, tally))
