"""Playing for the game: what a hand's result is worth to the chance of winning the game.

Every search of ``hard`` and ``expert`` scores a simulated hand by :class:`GameValue`. A hand's
side scores are added to the game score, the rules decide whether that ends the game (the
target, 001's bid-to-win, the tie rules, overtime: :func:`game.rules.game_end.decide`), and an
unfinished game is valued by its margin against the hands still to come: a side scores ``mu``
points a hand on average with spread ``sd`` (measured per preset with ``medium`` playing itself),
the game has about ``(target - leader's score) / mu`` hands left, and a lead of ``d`` wins with
the normal chance of ``d`` against the spread of two sides' scores over those hands. It is
symmetric (a lead and the same deficit weigh the same) and S-shaped: a point counts for most
when the game is close and near its end. Three players multiply their pairwise chances.
(A first model timed each side's race to the target separately; its leader's shorter race made
the value convex at the start, so the search preferred gambles: replaced before measuring.)

Side tallies are money beside the game: 003's checks (a won game is worth ``game_checks``
checks) and 002's stars (a won game is worth :data:`STARS_PER_GAME` stars, see the note there).
Their change is added in the same unit as the chance of winning.

The value is expressed in points: it is scaled so that, at the start of a game, one point more
for this seat's side is worth 1. Far from the end it therefore ranks results exactly as the
point difference does; near the end a set that loses the game costs more than its points, a
made bid that wins the game is worth more, and a point that changes nothing is worth nothing.
Rule sets that are not played to a target (a fixed number of hands, or one deal) use the point
difference itself.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.bots.handeval import preset_key
from game.rules.game_end import decide
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView

# Points a side scores in a hand: (mean, standard deviation), medium against medium over 300
# deals per preset (/tmp measurement recorded in docs/strength.md).
HAND_STATS: dict[str, tuple[float, float]] = {
    "racehorse": (180.0, 222.0), "partnership-150": (200.0, 115.0),
    "partnership-190": (197.0, 129.0), "double-deck": (39.0, 48.5),
    "cutthroat": (66.0, 210.0), "check": (66.0, 210.0), "two-handed": (265.0, 100.0),
    # Issue 38, the same way (each column: five-handed per player, six-handed per side).
    "five-handed": (19.1, 43.3), "six-handed": (50.1, 69.1),
}
# 002: "Each star is worth a value determined by the players"; "The game to 1000 points is worth
# another value, i.e., Dollar, Two, Five". At the document's common 10 or 25 cents a star and a
# dollar or two a game, a game is worth about twenty stars.
STARS_PER_GAME = 20.0


def hand_stats(rules: RuleSet) -> tuple[float, float]:
    """(mean, sd) of a side's score per hand: measured for the presets and for a house table
    that plays a preset's hands (its signature: another target or name), scaled to the table's
    trick points otherwise (the auction tables' hand models are fitted for them, but a hand's
    score needs whole bot-against-bot hands: not measured at run time)."""
    stats = HAND_STATS.get(rules.name) or HAND_STATS.get(preset_key(rules))
    if stats is not None:
        return stats
    total = rules.total_trick_points
    return 0.75 * total, 0.85 * total


def phi(z: float) -> float:
    """The standard normal distribution function at ``z``."""
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


@dataclass
class GameValue:
    """The game-score value of a hand's outcome for one seat's side."""

    rules: RuleSet
    side: int
    scores: tuple[int, ...]
    tallies: tuple[int, ...]
    target: int
    hands_played: int
    bid_to_win: bool
    linear: bool
    mu: float
    var: float  # per hand
    scale: float = 1.0  # points per unit of (chance of winning + tallies as games)
    tally_unit: float = 0.0  # games per tally unit

    @classmethod
    def of(cls, view: PlayerView, game: bool = True) -> GameValue:
        """The value for ``view``'s side; ``game=False`` values points alone (for measuring
        what playing for the game is worth)."""
        rules = view.rules
        sc = rules.scoring
        n = rules.n_sides
        scores = tuple(view.scores) if view.scores else (0,) * n
        tallies = tuple(view.tallies) if view.tallies else (0,) * n
        linear = sc.game != "score" or not view.target or not game
        mu, sd = hand_stats(rules)
        bid_to_win = bool(sc.bid_to_win_above) and all(s > sc.bid_to_win_above for s in scores)
        gv = cls(rules, rules.side_of(view.seat), scores, tallies, view.target or sc.target,
                 view.hand_no, bid_to_win, linear, mu, sd * sd)
        if sc.checks:
            gv.tally_unit = 1.0 / max(1, sc.game_checks)
        elif sc.stars:
            gv.tally_unit = 1.0 / STARS_PER_GAME
        if not linear:
            gv.scale = 1.0 / gv.start_slope()
        return gv

    # -- the race model -----------------------------------------------------------------------
    def win_chance(self, scores: Sequence[float], target: int) -> list[float]:
        """Each side's chance of winning from ``scores`` after this hand, with nobody out
        yet: each margin against the spread of the hands still to come. Their number is
        reckoned from the scores before this hand (the leader's distance to the target over
        ``mu``, less this hand, half a hand at least), so that a result and its opposite weigh
        the same."""
        n = len(scores)
        hands = max(0.5, (target - max(self.scores)) / self.mu - 0.5)
        spread = math.sqrt(2.0 * self.var * hands)
        raw = []
        for i in range(n):
            p = 1.0
            for j in range(n):
                if j != i:
                    p *= phi((scores[i] - scores[j]) / spread)
            raw.append(p)
        total = sum(raw) or 1.0
        return [p / total for p in raw]

    def start_slope(self) -> float:
        """How much one point at the start of a game adds to the chance of winning."""
        n = self.rules.n_sides
        zero = [0.0] * n
        up = [0.0] * n
        up[0] = 50.0
        start = GameValue(self.rules, 0, (0,) * n, self.tallies, self.target, 0,
                          False, False, self.mu, self.var)
        target = self.rules.scoring.target
        base = start.win_chance(zero, target)[0]
        return max(1e-6, (start.win_chance(up, target)[0] - base) / 50.0)

    # -- values -------------------------------------------------------------------------------
    def value(self, deltas: Sequence[int], bidder_side: int = -1,
              tally_deltas: Sequence[int] | None = None) -> float:
        """This side's value (in points) of a hand scoring ``deltas`` per side."""
        side = self.side
        if self.linear:
            others = [d for i, d in enumerate(deltas) if i != side]
            return deltas[side] - sum(others) / len(others)
        scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        winner, target, _ = decide(self.rules, scores, self.target, bidder_side,
                                   self.bid_to_win, self.hands_played + 1)
        if winner >= 0:
            chance = 1.0 if winner == side else 0.0
        else:
            chance = self.win_chance(scores, target)[side]
        games = chance
        if tally_deltas is not None and self.tally_unit:
            others = [d for i, d in enumerate(tally_deltas) if i != side]
            games += self.tally_unit * (tally_deltas[side] - sum(others) / len(others))
        return games * self.scale

    def current(self) -> float:
        """The value of the game as it stands (a hand that scores nothing)."""
        return self.value([0] * self.rules.n_sides)
