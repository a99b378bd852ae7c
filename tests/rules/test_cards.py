"""Cards, packs and the card notation (issue: 48, 80 and 64-card packs; AS TS ... 10S ♠)."""

import pytest

from game.rules.cards import Card, CardError, Rank, Suit, format_cards, make_deck, parse_cards


def test_notation_accepts_ten_as_t_or_10_and_suit_symbols():
    assert Card.parse("10S") is Card.parse("TS") is Card.parse("t♠") is Card(Rank.TEN, Suit.SPADES)
    assert Card.parse("A♥") is Card.parse("ah")
    assert format_cards(parse_cards("AS TS KS QS JS 9S")) == "AS TS KS QS JS 9S"
    assert format_cards(parse_cards("10♦, Q♣"), pretty=True) == "10♦ Q♣"


@pytest.mark.parametrize("bad", ["", "A", "1S", "AX", "11H", "ZZ"])
def test_malformed_cards_are_refused_with_a_clear_message(bad):
    with pytest.raises(CardError):
        Card.parse(bad)


def test_packs_have_the_documented_sizes_and_ranks():
    # 001: "The deck consists of 80 cards, containing A T K Q J ... with four identical copies"
    d80 = make_deck(80)
    assert d80.size == 80 and d80.copies == 4 and Rank.NINE not in d80.ranks
    d48 = make_deck(48)
    assert d48.size == 48 and d48.copies == 2
    assert [r.letter for r in d48.ranks_high_to_low] == list("ATKQJ9")
    d64 = make_deck(64)
    assert d64.size == 64 and d64.ranks[0] == Rank.SEVEN and d64.ranks[1] == Rank.EIGHT


def test_document_004_ranks_the_ten_below_the_jack():
    # 004: "A Pinochle pack consists of: A (high), K, Q, J, 10, 9 (low)"
    deck = make_deck(48, "A-K-Q-J-10-9")
    assert [r.label for r in deck.ranks_high_to_low] == ["A", "K", "Q", "J", "10", "9"]
    assert deck.beats(Card.parse("JS"), Card.parse("TS"), None)
    assert not make_deck(48).beats(Card.parse("JS"), Card.parse("TS"), None)


def test_identical_copies_are_interchangeable_in_a_hand():
    deck = make_deck(48)
    a = deck.counts_of(parse_cards("AS KS AS"))
    b = deck.counts_of(parse_cards("AS AS KS"))
    assert a == b and deck.count(a, Card.parse("AS")) == 2
    assert format_cards(deck.to_cards(a)) == "AS AS KS"


def test_more_copies_than_the_pack_holds_are_refused():
    with pytest.raises(CardError, match="2 of each card"):
        make_deck(48).counts_of(parse_cards("AS AS AS"))
    make_deck(80).counts_of(parse_cards("AS AS AS AS"))
    with pytest.raises(CardError):
        make_deck(80).counts_of(parse_cards("9S"))


def test_full_pack_round_trips():
    for size in (48, 64, 80):
        deck = make_deck(size)
        assert deck.size_of(deck.full()) == size
        assert sorted(deck.to_cards(deck.full())) == sorted(deck.cards())
