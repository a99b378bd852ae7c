"""Every number the tutorial says comes from the engine: fields filled from the rule set and
the position, named claims from the engine's own computation, and a scan that finds any number
typed by hand."""

import dataclasses

import pytest

from game.rules.cards import parse_cards
from game.store.content import load_preset, load_tutorial_library
from game.store.lessons import Claim, Position
from game.tutorial.claims import named_values
from game.tutorial.positions import build_state
from game.tutorial.scan import bare_numbers, style_problems
from game.tutorial.text import (
    TemplateError,
    TextContext,
    render,
    terms_in,
)


def test_table_fields_come_from_the_rule_set():
    racehorse = load_preset("racehorse")
    text = "{min_bid} {meld:run} {meld:aces:2} {points:K} {trick_total} {rule_no:take_trick}"
    assert render(text, TextContext(racehorse)) == "250 150 1000 10 250 3"
    deck = load_preset("double-deck")
    assert render("{min_bid} {meld:run} {points:K} {trick_total} {deck_size}",
                  TextContext(deck)) == "50 16 1 50 80"


def test_a_changed_rule_set_changes_the_text():
    """Nothing is typed: give racehorse another minimum bid and the sentence follows."""
    rules = load_preset("racehorse")
    changed = dataclasses.replace(rules, auction=dataclasses.replace(rules.auction,
                                                                     min_bid=300))
    assert render("The lowest bid is {min_bid}.", TextContext(changed)) == \
        "The lowest bid is 300."


def test_fields_a_table_lacks_are_refused():
    with pytest.raises(TemplateError, match="has no rule 'crawl'"):
        render("{rule:crawl}", TextContext(load_preset("racehorse")))
    with pytest.raises(TemplateError, match="unknown field"):
        render("{nonsense}", TextContext(load_preset("racehorse")))


def test_position_fields_come_from_the_state():
    rules = load_preset("racehorse")
    pos = Position(phase="tricks", trump=parse_cards("AH")[0].suit, bidder=2, bid=250,
                   leader=2, dealer=1, cards_each=4,
                   cards=(tuple(parse_cards("AD TH JH 9C")), tuple(parse_cards("9D TD KD 9S")),
                          tuple(parse_cards("QD AS KS QS")), tuple(parse_cards("JH KC QC JC"))))
    from game.rules.actions import parse_action
    from game.rules.engine import apply

    state = build_state(rules, pos, "t")
    for a in ("play QD", "play JH"):
        state, _ = apply(state, parse_action(a))
    ctx = TextContext(rules, state)
    assert render("{leader} led the {led}; {winner_seat} wins with the {winner}; you may play "
                  "{legal}.", ctx) == "North led the Q♦; East wins with the J♥; you may play A♦."


def test_named_claims_show_the_engines_value_not_the_files():
    rules = load_preset("racehorse")
    claim = Claim("meld", cards=tuple(parse_cards("KS QS KH QH KC QC KD QD")),
                  trump=parse_cards("AC")[0].suit, total=999, name="round")
    named = named_values((claim,), None, rules)
    assert named == {"round": 240}
    assert render("{round}", TextContext(rules, named=named)) == "240"


@pytest.mark.parametrize("text,found", [
    ("The meld is only 999.", ["999"]),
    ("Bid {min_bid} now.", []),
    ("Your 10♥ takes it.", []),
    ("Pass three cards.", ["three"]),
    ("The two-handed game.", []),
    ("Partnership 190 differs.", []),
    ("Rule 2 first.", ["2"]),
    ("{quote:000/order}", []),
])
def test_bare_numbers_are_found(text, found):
    assert bare_numbers(text) == found


def test_quotations_and_document_numbers_in_prose_are_style_faults():
    assert style_problems('He said "pass".')
    assert style_problems("As document 003 says")
    assert style_problems("{quote:003/overruff}") == []


def test_quotations_render_with_the_table_name_never_the_document_number():
    library = load_tutorial_library()
    rules = load_preset("cutthroat")
    text = render("{quote:003/overruff}", TextContext(rules, quotes=library.quotes))
    assert text.startswith("“Further, when a previous player has ruffed")
    assert text.endswith("(Cutthroat rules)") and "003" not in text
    mine = render("{tquote:classes}", TextContext(load_preset("racehorse"),
                                                  quotes=library.quotes))
    assert "(Racehorse rules)" in mine and "category" in mine


def test_glossary_terms_are_found_in_order_of_first_use():
    glossary = load_tutorial_library().glossary
    assert terms_in("Trump the trick, then crawl.", glossary)[:3] == ["trump", "trick", "crawl"]
    ids = {t.id for t in glossary}
    # the jargon the issue found used before it was explained
    assert {"trick", "trump", "ruff", "sluff", "crawl", "dix", "set"} <= ids
