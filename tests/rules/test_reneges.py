"""002's renege option: illegal cards may be played, and the renege is called at the end."""

from game.rules.auction_game.state import HandState, PlayState
from game.rules.engine import legal_actions, new_game
from game.rules.events import CardPlayed, HandScored, RenegeCalled
from game.rules.meld import MeldResult
from game.rules.phase import Phase
from game.store.content import ruleset_from_text
from tests.helpers import cards, play_actions, rules

RENEGES = ('base = "partnership-190"\nname = "r"\ntitle = "r"\n[tricks]\nreneges = true\n')


def position(r, hands):
    counts = tuple(r.deck.counts_of(cards(h)) for h in hands)
    melds = (MeldResult(40, ()), MeldResult(20, ()), MeldResult(0, ()), MeldResult(30, ()))
    play = PlayState(1, 1, (), -1, 0, (0,) * 4, (0,) * 4, (), 0)
    hand = HandState(Phase.TRICKS, 0, counts, play, bidder=2, bid=250, trump=1, melds=melds,
                     side_meld=(40, 50))
    return new_game(r, 0)._replace(hand=hand)


def test_off_by_default_illegal_cards_are_refused():
    state = position(rules("partnership-190"), ["9S AH", "KS QC", "QS JC", "JS 9C"])
    state, _ = play_actions(state, "play KS", "play QS", "play JS")
    assert [str(a) for a in legal_actions(state)] == ["play 9S"]


def test_a_renege_is_allowed_recorded_and_penalised():
    # 002: "if you trump a card and you still have one of that suit, it is called a renege and
    # the team reneging loses their meld, goes set for the bid and the other teams gets 250
    # pts., and an extra star."
    r = ruleset_from_text(RENEGES, "reneges.toml")
    state = position(r, ["9S AH", "KS QC", "QS JC", "JS 9C"])
    state, _ = play_actions(state, "play KS", "play QS", "play JS")
    assert {str(a) for a in legal_actions(state)} == {"play 9S", "play AH"}
    state, events = play_actions(state, "play AH")
    played = next(e for e in events if isinstance(e, CardPlayed))
    assert "follow suit" in played.renege
    state, events = play_actions(state, "play 9S", "play QC", "play JC", "play 9C")
    called = next(e for e in events if isinstance(e, RenegeCalled))
    assert called.seat == 0 and called.side == 0
    result = next(e.result for e in events if isinstance(e, HandScored))
    assert result.outcome == "renege"
    assert state.scores == (-250, 50 + 250)
    assert result.tallies[1] >= 1  # the other side is paid in stars too


def _meld(total, *kinds):
    from game.rules.meld import Meld

    return MeldResult(total, tuple(Meld(k, "c", k, (), 0) for k in kinds))


def renege_position(r, hands, melds, bid, trump=1):
    counts = tuple(r.deck.counts_of(cards(h)) for h in hands)
    play = PlayState(1, 1, (), -1, 0, (0,) * 4, (0,) * 4, (), 0)
    side = (melds[0].total + melds[2].total, melds[1].total + melds[3].total)
    hand = HandState(Phase.TRICKS, 0, counts, play, bidder=2, bid=bid, trump=trump,
                     melds=melds, side_meld=side)
    return new_game(r, 0)._replace(hand=hand)


# Seat 1 leads the K of spades; the seat named plays a heart while still holding a spade.
BIDDERS_RENEGE = ["9S AH", "KS QC", "QS JC", "JS 9C"]  # seat 0, bidder's partner
DEFENDERS_RENEGE = ["JS 9C", "KS QC", "QS JC", "9S AH"]  # seat 3, a defender


def _renege(r, hands, melds, bid, seat, trump=1):
    state = renege_position(r, hands, melds, bid, trump)
    heart = "AH"
    order = {0: ["play KS", "play QS", "play JS", "play " + heart],
             3: ["play KS", "play QS", "play " + heart, "play JS"]}[seat]
    state, _ = play_actions(state, *order)
    rest = [a for a in ("play 9S", "play QC", "play JC", "play 9C")]
    # the trick's winner leads the last trick; any order of the forced cards will do
    for _ in range(4):
        acts = legal_actions(state)
        state, events = play_actions(state, str(next(a for a in acts if str(a) in rest)))
        if any(isinstance(e, HandScored) for e in events):
            return state, next(e.result for e in events if isinstance(e, HandScored))
    raise AssertionError("the hand did not end")


def test_002_bidders_renege_defenders_get_double_plus_one():
    # 002: "the team reneging loses their meld, goes set for the bid and the other teams gets
    # 250 pts., and an extra star. In the event that the reneging team had any stars they lose
    # them and the other team gets double plus one."
    r = ruleset_from_text(RENEGES, "reneges.toml")
    melds = (_meld(20), _meld(100, "aces"), _meld(150, "run"), _meld(0))
    state, result = _renege(r, BIDDERS_RENEGE, melds, 300, seat=0)
    assert result.outcome == "renege" and state.scores == (-300, 100 + 250)
    # the bidders had 2 for the 300 close-out and 1 for the run: the defenders get 2 x 3 + 1,
    # and keep their own aces star
    assert result.tallies == (0, 2 * 3 + 1 + 1)


def test_002_defenders_renege_the_bidders_get_the_extra_star():
    # Issue 16.3's seeded case: "the defenders reneged on a 200 bid; scores [260, -200], stars
    # (0, 0); the document gives the bidders one star." 002: "... and an extra star".
    r = ruleset_from_text(RENEGES, "reneges.toml")
    melds = (_meld(10), _meld(0), _meld(0), _meld(0))
    state, result = _renege(r, DEFENDERS_RENEGE, melds, 200, seat=3)
    assert state.scores == (10 + 250, -200)
    assert result.tallies == (1, 0)


def test_002_defenders_with_stars_renege_the_bidders_get_double_plus_one():
    # 002: "In the event that the reneging team had any stars they lose them and the other team
    # gets double plus one." The bidders keep their own stars: 250's close-out level (1).
    r = ruleset_from_text(RENEGES, "reneges.toml")
    melds = (_meld(40), _meld(100, "aces"), _meld(150, "run"), _meld(150, "run"))
    _, result = _renege(r, DEFENDERS_RENEGE, melds, 250, seat=3)
    # bidders: 1 (close-out 250) + 1 (run); defenders had 2 (aces, run): 2 x 2 + 1 more
    assert result.tallies == (1 + 1 + 2 * 2 + 1, 0)


def test_002_spades_option_doubles_every_renege_star():
    # 002: "many games play if spades are named trump, then all the stars double"; VARIANTS.md:
    # "every star doubles, the set's extra star included".
    r = ruleset_from_text(RENEGES + "[scoring]\nstars_double_spades = true\n", "reneges.toml")
    melds = (_meld(10), _meld(0), _meld(0), _meld(0))
    hands = [h.replace("H", "X") for h in DEFENDERS_RENEGE]
    hands = [h.replace("S", "H").replace("X", "S") for h in hands]  # spades trump, hearts led
    state = renege_position(r, hands, melds, 200, trump=0)
    state, _ = play_actions(state, "play KH", "play QH", "play AS", "play JH")
    for _ in range(4):
        state, events = play_actions(state, str(legal_actions(state)[0]))
        scored = [e.result for e in events if isinstance(e, HandScored)]
        if scored:
            assert scored[0].outcome == "renege" and scored[0].tallies == (2, 0)
            return
    raise AssertionError("the hand did not end")
