"""The review's reason says what the better card does to the trick on the table, in a player's
words (issue 28: "the expert's reason in words"; the brief: "in a player's words")."""

from __future__ import annotations

from game.bots.analysis import _trick_why
from game.rules.actions import PlayCard
from game.rules.cards import Card
from game.store.content import load_preset


class _View:
    """The few fields the reason reads, for a trick laid out by hand."""

    def __init__(self, trick, seat=0, trump=2):
        self.rules = load_preset("racehorse")
        self.trick = tuple((s, Card.parse(c)) for s, c in trick)
        self.seat = seat
        self.trump = trump


def card(text: str) -> PlayCard:
    return PlayCard(Card.parse(text))


def test_the_reason_names_what_the_better_card_does_to_the_trick():
    # West led the K♠ and North, South's partner, won it so far with the A♠.
    view = _View([(1, "KS"), (2, "AS")])
    assert _trick_why(view, card("TS"), card("9S")) == \
        ", which gives points to the trick your partner is winning"
    # East led the A♥: the 9♥ gives the other side fewer points than the 10♥.
    view = _View([(3, "AH")])
    assert _trick_why(view, card("9H"), card("TH")) == \
        ", which gives fewer points to a trick the other side is winning"
    # West led the 10♦: the A♦ beats it, the 9♦ does not.
    view = _View([(1, "TD")])
    assert _trick_why(view, card("AD"), card("9D")) == \
        ", which beats every card played to this trick so far"
    assert _trick_why(view, card("9D"), card("AD")) == \
        ", which lets this trick go and keeps the A♦ for later"
    assert _trick_why(_View([]), card("AD"), card("9D")) == ""  # a lead: nothing to say
