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
