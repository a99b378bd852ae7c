"""Bots return only legal actions: every level, every preset, many seeds, and house tables whose
rules differ from every preset (the issue: "bots return only legal actions (property test over
presets and seeds, hundreds of thousands of decisions)"). The hundreds of thousands come in two
parts (tests/tiers.py): a sixth of each preset's hands in the fast tier, the rest marked slow."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.store.content import load_preset, preset_names, ruleset_from_text
from tests.bots.conftest import play_hand
from tests.tiers import PART

PRESETS = preset_names()
CHEAP = ("random", "easy", "medium")

HOUSE_TABLES = {
    # Trumping is never forced and four cards are passed: every exchange path changes.
    "loose": """base = "racehorse"
name = "loose"
title = "Racehorse, pass four, any card when void"
[passing]
count = 4
[tricks]
obligations = ["follow_suit", "any_card"]
""",
    "skips": """base = "partnership-150"
name = "skips"
title = "150 without bids ending in 40 or 90, dealer stuck at 190 with meld"
[auction]
skip_endings = [40, 90]
all_pass_bid_with_meld = 190
""",
    "post45": """base = "double-deck"
name = "post45"
title = "Double deck, post-1945: must beat only when trump is led"
[tricks]
obligations = ["first_identical_wins", "follow_suit", "beat_trump_lead", "must_trump", "any_card"]
""",
    # Issue 18's two options: beat the led suit after a trump; the simultaneous exchange.
    "beatled": """base = "double-deck"
name = "beatled"
title = "Double deck, must beat the led suit even after a trump"
[tricks]
obligations = ["first_identical_wins", "follow_suit", "crawl", "must_beat_led_after_trump",
               "must_trump", "over_trump", "any_card"]
""",
    "beatled000": """base = "racehorse"
name = "beatled000"
title = "Racehorse, must beat the led suit even after a trump, simultaneous exchange"
[passing]
exchange = "simultaneous"
[tricks]
obligations = ["first_identical_wins", "follow_suit", "take_trick", "must_beat_led_after_trump",
               "any_card"]
""",
    "twodeal": """base = "two-handed"
name = "twodeal"
title = "Two-handed, every deal a game"
[scoring]
game = "deal"
""",
}


HANDS = {6: 120, 5: 120, 4: 720, 3: 660, 2: 520}  # per preset, by players at the table
SAMPLE = 6  # the fast tier plays the first sixth of them


@pytest.mark.parametrize("part", PART)
def test_cheap_levels_play_legally_in_every_preset_hundreds_of_thousands_of_times(part):
    stats: dict[str, int] = {}
    played = everything = 0
    for name in PRESETS:
        rules = load_preset(name)
        mixes = list(itertools.product(CHEAP, repeat=2))
        hands = HANDS[rules.players]
        cut = hands // SAMPLE
        numbers = range(cut) if part == "sample" else range(cut, hands)
        played += len(numbers)
        everything += hands
        for i in numbers:
            a, b = mixes[i % len(mixes)]
            levels = [a if s % 2 == 0 else b for s in range(rules.players)]
            if rules.players == 3:
                levels = [a, b, CHEAP[i % 3]]
            _, actions, result = play_hand(rules, 1000 + i, levels, deal=i, stats=stats)
            assert result is not None or rules.stock.enabled
    total = sum(stats.values())
    share = played / everything  # of the decisions both parts make
    assert stats["easy"] > 75_000 * share and stats["medium"] > 75_000 * share, stats
    assert total > 200_000 * share, stats


@pytest.mark.parametrize("name", list(HOUSE_TABLES))
def test_house_tables_unlike_any_preset_are_played_legally(name):
    rules = ruleset_from_text(HOUSE_TABLES[name], name)
    stats: dict[str, int] = {}
    for i in range(40):
        levels = [("medium", "easy", "random")[(s + i) % 3] for s in range(rules.players)]
        play_hand(rules, 77 + i, levels, deal=i, stats=stats)
    assert stats["medium"] > 200


SEARCHERS = ("hard", "expert", "open")
# Small budgets: the searches' paths are the same at any budget, and these tests count phases.
SMALL = {lv: {"samples": 6, "bid_samples": 4, "exchange_samples": 6} for lv in SEARCHERS}


@pytest.mark.parametrize("name", ["beatled", "beatled000"])
def test_hard_plays_issue_18s_options_legally(name):
    rules = ruleset_from_text(HOUSE_TABLES[name], name)
    stats: dict[str, int] = {}
    levels = ["hard" if s % 2 == 0 else "medium" for s in range(rules.players)]
    for deal in range(2):
        # Small budgets: hard's whole budget on 80 cards cost 12 s of CPU here.
        play_hand(rules, 9, levels, deal=deal, stats=stats, options=SMALL)
    assert stats["hard"] > 10


def exchanges(rules) -> set[str]:
    """The phases in which a seat has a real choice at this table (five-handed's widow is
    taken without one: it comes after trump, with nothing to concede)."""
    if rules.stock.enabled:
        return {"TRICKS", "MELD_TURN"}
    out = {"AUCTION", "TRUMP", "TRICKS"}
    if rules.widow.size:
        out |= {"DISCARD"} if rules.widow.after_trump else {"WIDOW", "DISCARD", "DECIDE"}
    if rules.passing.count:
        out |= {"PASS", "PASS_BACK"}
    return out


@pytest.mark.parametrize("level", SEARCHERS)
@pytest.mark.parametrize("name", PRESETS)
def test_search_levels_play_legally_in_every_preset_and_phase(name, level):
    """Every searching level in every phase of every preset, with no fallback: a bot's illegal
    choice raises (play_hand checks every action against the legal list). The level sits in
    every seat, and deals are played until it has chosen in every phase the preset has."""
    rules = load_preset(name)
    want = exchanges(rules)
    phases: set[str] = set()
    levels = [level] * rules.players
    for deal in range(12):
        state, actions, _ = play_hand(rules, 5, levels, deal=deal, options=SMALL)
        phases |= _phases_of(rules, 5, deal, actions, levels, level)
        if phases >= want:
            break
    assert phases >= want, sorted(want - phases)


def _phases_of(rules, seed, deal, actions, levels, level):
    """The phases in which a seat of ``level`` had a real choice, replaying a hand."""
    from game.rules.actions import Deal
    from game.rules.engine import actor, apply, at_deal, legal_actions, new_game

    state = at_deal(new_game(rules, seed), deal, rules.seating.wrapped(deal))
    state, _ = apply(state, Deal())
    out = set()
    for action in actions:
        seat = actor(state)
        if levels[seat] == level and len(legal_actions(state)) > 1:
            out.add(state.phase.name)
        state, _ = apply(state, action)
    return out


@pytest.mark.parametrize("name", list(HOUSE_TABLES))
def test_search_levels_play_house_tables_legally(name):
    rules = ruleset_from_text(HOUSE_TABLES[name], name)
    for deal in range(2):
        levels = [("hard", "expert")[(s + deal) % 2] for s in range(rules.players)]
        play_hand(rules, 31 + deal, levels, deal=deal, options=SMALL)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(PRESETS), seed=st.integers(0, 10**9),
       mix=st.lists(st.sampled_from(CHEAP), min_size=6, max_size=6))
def test_any_mix_of_levels_is_legal_property(name, seed, mix):
    rules = load_preset(name)
    play_hand(rules, seed, mix[:rules.players], deal=seed % 7)


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(PRESETS), seed=st.integers(0, 10**9),
       mix=st.lists(st.sampled_from(("medium", *SEARCHERS)), min_size=6, max_size=6))
def test_any_mix_with_the_search_levels_is_legal_property(name, seed, mix):
    rules = load_preset(name)
    play_hand(rules, seed, mix[:rules.players], deal=seed % 7, options=SMALL)
