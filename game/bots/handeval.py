"""Hand evaluation for bidding: what a hand is worth to its side with a given trump.

A side's result is its meld plus its trick points. Meld is exact (the engine's meld table).
Trick points, and in racehorse what the three passed cards add, are estimated by a linear model
of a few features of the hand (trump length and honours, side aces and tens, short suits),
fitted per preset by simulation (:mod:`game.bots.calibrate`, whose output is the table
``MODELS`` below). A house table keeps its preset's models while its trick-taking is the
preset's (:func:`signature`); one whose trick-taking is no preset's is fitted the same way the
first time the bots need it, once per signature in this process: never given a model fitted on
other rules. ``easy`` uses a rough version: meld plus a few points per ace and trump.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.bots.calibrate import RUN_TIME_DEALS, fit
from game.bots.handmodel import HandShape, Model, rank_index, shape_features, suit_counts
from game.rules.cards import Rank
from game.rules.compiled import meld_table
from game.rules.ruleset import RuleSet

# Fitted by ``python -m tools.calibrate_bots`` (simulated declarations with every trump, the
# rollout policy playing every seat). Per preset: (bid model, play model). The bid model reads
# the hand as dealt and predicts the side's meld plus tricks after any passing or widow; the
# play model reads the hand in play and predicts the side's trick points alone.
MODELS: dict[str, tuple[Model, Model]] = {
    'racehorse': (
        Model((111.0, 0.85, 24.33, 20.6, 10.27, 9.55, 17.73, 1.11, -0.78, -3.85, -2.76, 4.27),
              sd=78.6, partner_meld=44.1, tricks_mean=145.2),
        Model((13.28, 0.0, 12.15, 25.29, 14.51, 5.52, 9.96, -1.68, -3.2, 12.09, 7.24, 3.41),
              sd=27.7, partner_meld=44.1, tricks_mean=145.2),
    ),
    'double-deck': (
        Model((26.79, 0.99, 0.68, 2.01, 1.4, 0.44, 1.74, 0.85, 0.2, 0.41, 0.02, 0.01),
              sd=15.0, partner_meld=17.0, tricks_mean=25.3),
        Model((13.41, 0.0, 1.27, 1.46, 0.4, 0.25, 1.29, -0.2, -0.23, 1.71, 0.46, 0.41),
              sd=6.1, partner_meld=17.0, tricks_mean=25.3),
    ),
    'partnership-190': (
        Model((115.86, 0.98, 5.37, 13.92, 11.92, 1.65, 11.49, 3.6, -1.37, 10.78, 3.61, -0.66),
              sd=55.7, partner_meld=40.6, tricks_mean=126.0,
              margin=0.6),
        Model((73.16, 0.0, 7.64, 11.65, 8.13, 2.69, 10.91, 1.24, -0.94, 10.91, 4.69, -0.32),
              sd=36.4, partner_meld=40.6, tricks_mean=126.0),
    ),
    'partnership-150': (
        Model((116.72, 0.98, 5.32, 14.05, 12.0, 2.01, 11.31, 3.22, -1.8, 8.83, 3.37, -0.09),
              sd=55.8, partner_meld=40.6, tricks_mean=126.2,
              margin=0.6),
        Model((74.0, 0.0, 7.58, 11.79, 8.22, 3.05, 10.73, 0.86, -1.37, 8.97, 4.45, 0.26),
              sd=36.5, partner_meld=40.6, tricks_mean=126.2),
    ),
    'cutthroat': (
        Model((22.62, 0.89, 16.02, 16.53, 5.17, 6.86, 15.12, 3.38, 0.5, 10.67, 4.87, 1.26),
              sd=60.1, partner_meld=0.0, tricks_mean=95.2),
        Model((7.88, 0.0, 8.56, 16.23, 12.04, 3.82, 13.29, 3.77, -1.44, 22.62, 12.24, -0.24),
              sd=21.3, partner_meld=0.0, tricks_mean=95.2),
    ),
    'check': (
        Model((22.62, 0.89, 16.02, 16.53, 5.17, 6.86, 15.12, 3.38, 0.5, 10.67, 4.87, 1.26),
              sd=60.1, partner_meld=0.0, tricks_mean=95.2),
        Model((7.88, 0.0, 8.56, 16.23, 12.04, 3.82, 13.29, 3.77, -1.44, 22.62, 12.24, -0.24),
              sd=21.3, partner_meld=0.0, tricks_mean=95.2),
    ),
    # The side is the bidder and the partner its trump finds; the widow comes after trump.
    'five-handed': (
        Model((28.14, 0.92, 2.55, 2.41, 0.45, 0.24, 1.57, 0.13, 0.32, 0.36, -0.37, 0.25),
              sd=15.1, partner_meld=8.7, tricks_mean=28.1),
        Model((10.56, 0.0, 1.99, 1.99, 0.74, 0.26, 1.53, -0.18, -0.21, 0.98, 0.62, 0.43),
              sd=6.3, partner_meld=8.7, tricks_mean=28.1),
    ),
    'six-handed': (
        Model((54.16, 0.98, 0.97, 1.89, 1.37, 0.09, 1.88, 0.76, -0.04, 0.23, 2.4, 0.41),
              sd=21.5, partner_meld=31.7, tricks_mean=39.2),
        Model((23.31, 0.0, 1.48, 1.59, 0.5, 0.24, 1.75, -0.04, -0.1, 0.06, 1.15, 0.59),
              sd=10.0, partner_meld=31.7, tricks_mean=39.2),
    ),
}


def signature(rules: RuleSet) -> tuple[object, ...]:
    """What the models depend on, so a house table built on a preset keeps its model."""
    return (rules.players, rules.table.deck, rules.passing.count, rules.widow.size,
            rules.trick_points_by_type, rules.tricks.last_trick, rules.tricks.obligations,
            rules.table.sides, rules.widow.after_trump)


def model_for(rules: RuleSet) -> Model:
    """The bid model: side total from the hand as dealt."""
    return _models(rules)[0]


def play_model_for(rules: RuleSet) -> Model:
    """The play model: the side's trick points from the declarer's hand in play."""
    return _models(rules)[1]


# The models fitted at run time for house tables, by signature (a second table with the same
# trick-taking, or the same table loaded again, is not fitted twice). Only ever added to.
FITTED: dict[tuple[object, ...], tuple[Model, Model]] = {}


@lru_cache(maxsize=64)
def _models(rules: RuleSet) -> tuple[Model, Model]:
    """The (bid, play) models of this rule set (the bots' own memo, once per rule set): the
    preset's fitted ones, else the ones fitted for this signature, fitting them if need be."""
    key = preset_key(rules)
    if key:
        return MODELS[key]
    sig = signature(rules)
    if sig not in FITTED:
        FITTED[sig] = fit(rules, RUN_TIME_DEALS, seed=1)
    return FITTED[sig]


def preset_key(rules: RuleSet) -> str:
    """The preset whose fitted model fits this rule set: its own (while its rules are still
    those the model was fitted on), or one with the same table, passing, widow, trick points and
    obligations (a house table built on a preset). A preset's own model is never used for rules
    that have changed under its name: ``tests/bots/test_levels_declared.py`` checks every
    shipped preset against ``PRESET_SIGNATURES``."""
    sig = signature(rules)
    if rules.name in MODELS and PRESET_SIGNATURES.get(rules.name) == sig:
        return rules.name
    for name, sig2 in PRESET_SIGNATURES.items():
        if sig2 == sig:
            return name
    return ""


_OB_000 = ("first_identical_wins", "follow_suit", "take_trick", "any_card")
_OB_003 = ("follow_suit", "must_trump", "beat_trump_lead", "over_trump", "any_card")
_PTS_AKT = (0, 0, 0, 10, 10, 10) * 4
_PTS_AT_KQ = (0, 0, 5, 5, 10, 10) * 4
_OB_001 = ("first_identical_wins", "follow_suit", "crawl", "must_trump", "over_trump", "any_card")
_PTS_001 = (0, 0, 1, 1, 1) * 4
_SELF = ("each-for-self", False)
PRESET_SIGNATURES: dict[str, tuple[object, ...]] = {
    "racehorse": (4, 48, 3, 0, _PTS_AKT, 10, _OB_000, "pairs", False),
    "double-deck": (4, 80, 0, 0, _PTS_001, 2, _OB_001, "pairs", False),
    "partnership-190": (4, 48, 0, 0, _PTS_AT_KQ, 10,
                        ("follow_suit", "first_identical_wins", "must_trump", "beat_trump_lead",
                         "any_card"), "pairs", False),
    "partnership-150": (4, 48, 0, 0, _PTS_AT_KQ, 10, _OB_003, "pairs", False),
    "cutthroat": (3, 48, 0, 3, _PTS_AT_KQ, 10, _OB_003, *_SELF),
    "check": (3, 48, 0, 3, _PTS_AT_KQ, 10, _OB_003, *_SELF),
    "five-handed": (5, 80, 0, 5, _PTS_001, 2, _OB_001, "partner-by-card", True),
    "six-handed": (6, 120, 0, 0, _PTS_001, 3, _OB_001, "threes", False),
}


@dataclass(frozen=True)
class Estimate:
    """A hand's worth with one trump: its own meld, the expected side total with this seat
    declaring, and the model's spread (``sd``)."""

    trump: int
    meld: int  # this hand's own meld with that trump
    value: float  # expected side total with this seat declaring
    sd: float


def estimates(rules: RuleSet, h: int, trumps: list[int] | None = None) -> list[Estimate]:
    """Expected side total for each trump this seat could name, best first."""
    if trumps is None:
        return list(_every_trump(rules, h))
    return _estimates(rules, h, trumps)


@lru_cache(maxsize=4096)  # the review's play-outs of the auction ask it of each hand per call
def _every_trump(rules: RuleSet, h: int) -> tuple[Estimate, ...]:
    return tuple(_estimates(rules, h, None))


def _estimates(rules: RuleSet, h: int, trumps: list[int] | None) -> list[Estimate]:
    model = model_for(rules)
    table = meld_table(rules)
    hand = HandShape(rules, h)
    out = []
    for t in (trumps if trumps is not None else range(4)):
        meld = table.total(h, t)
        out.append(Estimate(t, meld, model.value(shape_features(rules, hand, t, meld)), model.sd))
    out.sort(key=lambda e: -e.value)
    return out


def best_estimate(rules: RuleSet, h: int, trumps: list[int] | None = None
                  ) -> tuple[int, float]:
    """(trump, value) of ``estimates(rules, h, trumps)[0]``, without building the list: the
    auction's reading and the simulated declarers ask it of every sampled hand."""
    model = model_for(rules)
    total = meld_table(rules).total
    hand = HandShape(rules, h)
    best_t, best_v = -1, 0.0
    for t in (trumps if trumps is not None else range(4)):
        v = model.value(shape_features(rules, hand, t, total(h, t)))
        if best_t < 0 or v > best_v:  # the first of equal values, as the stable sort keeps
            best_t, best_v = t, v
    return best_t, best_v


def rough_value(rules: RuleSet, h: int, trump: int) -> float:
    """``easy``'s evaluation: meld, plus a few points per ace and per trump, plus an average
    share of the tricks."""
    sc = suit_counts(rules, h)
    ia = rank_index(rules, Rank.ACE)
    scale = rules.total_trick_points / 250
    aces = sum(sc[s][ia] for s in range(4))
    trumps = sum(sc[trump])
    model = model_for(rules)
    base = 0.35 * rules.total_trick_points + model.partner_meld
    return meld_table(rules).total(h, trump) + base + scale * (10 * aces + 6 * trumps)
