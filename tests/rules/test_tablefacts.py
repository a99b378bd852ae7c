"""The rule facts of each table (game/rules/tablefacts.py), asked of the engine, against the
documents' own sentences: what the tutorial's sentences are tested against must itself be the
tables' rules."""

import dataclasses

from game.rules.tablefacts import table_facts
from game.store.content import load_preset


def facts(name):
    return table_facts(load_preset(name))


def test_rank_order_and_trick_points():
    # 004: "A (high), K, Q, J, 10, 9 (low)"; 003: "Note that 10's rank higher than face cards."
    assert facts("two-handed").ranks == ("A", "K", "Q", "J", "T", "9")
    assert facts("partnership-150").ranks == ("A", "T", "K", "Q", "J", "9")
    assert facts("partnership-150").outranks("T", "K")
    # 001: "Each Ace, Ten and King is worth one point, and the team who win the last trick get
    # an extra 2 points. Hence there are a total of 50 points available for tricks."
    dd = facts("double-deck")
    assert (dd.points["A"], dd.points["T"], dd.points["K"], dd.points["Q"]) == (1, 1, 1, 0)
    assert (dd.last_trick, dd.trick_total) == (2, 50)


def test_each_meld_is_the_cards_the_scorer_finds():
    # 003: "Pinochle" - Jack of Diamonds and Queen of Spades; "Flush" - ATKQJ of trump suit;
    # "Marriage" - King and Queen of nontrump suit; "Aces" - 4 aces of different suits.
    melds = facts("partnership-150").melds
    assert (melds["pinochle"].suits, melds["pinochle"].cards) == ("fixed", ("JD", "QS"))
    assert (melds["run"].suits, set(melds["run"].ranks)) == ("trump", set("ATKQJ"))
    assert (melds["marriage"].suits, melds["marriage"].ranks) == ("one", ("K", "Q"))
    assert (melds["aces"].suits, melds["aces"].ranks) == ("each", ("A",))
    assert melds["run"].name == "Flush"
    # 001's pack has no nines: no dix to score.
    assert "dix" not in facts("double-deck").melds


def test_trick_behaviours_and_the_rule_deciding_each():
    # 000: "If you don't have any diamonds, you *must* play the 10▼ ... because of Rule #3";
    # "if you have just the J♥, you can sluff your 9♣ on the trick instead."
    racehorse = facts("racehorse")
    assert racehorse.behaviour("trump_void").rule == "take_trick"
    assert racehorse.behaviour("trump_void").number == 3
    assert not racehorse.behaviour("losing_trump").enforced
    # 002: "the second player does not have to beat the previously played trump"
    assert not facts("partnership-190").behaviour("over_trump").enforced
    # 003: "player C must overruff player B if possible"
    assert facts("partnership-150").behaviour("over_trump").rule == "over_trump"
    # 004: while the stock lasts "It is not necessary to follow suit"; in the playoff "each
    # player must follow suit to the card led if possible".
    two = facts("two-handed")
    assert two.phases == ("stock", "playoff")
    assert not two.behaviour("follow", "stock").enforced
    assert two.behaviour("follow", "playoff").rule == "follow_suit"


def test_the_auction():
    # 001: "The person to the left of the dealer bids first."
    assert facts("double-deck").first_bidder == 1
    # 002: "The starting bid of the dealer is 190 pts."
    assert facts("partnership-190").dealer_opens_at == 190
    # 003 four-handed: "the dealer names trump at a "price" usually one less than the minimum"
    p150 = facts("partnership-150")
    assert p150.all_pass_bid == p150.min_bid - 1 and p150.forced_open
    assert facts("two-handed").first_bidder == -1 and not facts("two-handed").auction


def test_a_changed_rule_set_changes_its_facts():
    """Nothing is typed: move follow suit after take the trick and the engine's answer moves."""
    rules = load_preset("racehorse")
    moved = dataclasses.replace(rules, tricks=dataclasses.replace(
        rules.tricks, obligations=("take_trick", "follow_suit", "any_card")))
    assert table_facts(moved).behaviour("follow").enforced
    assert table_facts(moved).obligations[""] == ("take_trick", "follow_suit", "any_card")
    assert table_facts(moved).behaviour("head").number == 1
