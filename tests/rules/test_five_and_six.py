"""The five- and six-handed tables, quoted from VARIANTS.md's "Five and six players" (003 opens
"Variants of pinochle can be played by two, three, four, five or six players" and gives no
rules for them; VARIANTS.md decides them)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.rules.actions import Bid, Discard, NameTrump, Pass, TakeWidow
from game.rules.auction_game.scoring import score_hand
from game.rules.auction_game.state import HandState, PlayState
from game.rules.cards import Card, Rank, Suit, parse_cards
from game.rules.compiled import best_meld
from game.rules.compose import contracted
from game.rules.deal import WIDOW
from game.rules.engine import apply, hand_sides, legal_actions, new_game
from game.rules.errors import IllegalActionError
from game.rules.events import CardsDealt, HandScored, MeldShown, PartnerFound, WidowShown
from game.rules.game_end import decide
from game.rules.meld import MeldResult
from game.rules.outcome import EndKind, HandEnd
from game.rules.phase import Phase
from game.store.content import load_preset, ruleset_from_text
from tests.helpers import game_with_hands, rest_of_pack

FIVE, SIX = load_preset("five-handed"), load_preset("six-handed")


def _five(option: str = "") -> object:
    if not option:
        return FIVE
    return ruleset_from_text(f'base = "five-handed"\nname = "f"\ntitle = "f"\n{option}', "f")


def _hands(r, *given):
    """Seats 0.. get ``given``; the rest of the pack goes evenly to the others, and the last
    five cards left make the widow."""
    hands = list(given)
    rest = rest_of_pack(r, *given)
    # rest_of_pack shares every unused card among the other seats; keep a widow back.
    cards = " ".join(rest).split()
    widow, cards = cards[-r.widow.size:] if r.widow.size else [], cards
    if r.widow.size:
        cards = cards[:-r.widow.size]
    n = r.hand_size
    while len(hands) < r.players:
        hands.append(" ".join(cards[:n]))
        cards = cards[n:]
    return hands, " ".join(widow)


def _contract(r, hands, widow, bidder, bid, dealer=0):
    state = game_with_hands(r, hands, dealer=dealer, widow=widow)
    return state._replace(hand=contracted(r, state.hand, bidder, bid))


def _named(r, hands, widow, bidder, suit="S", call=""):
    state = _contract(r, hands, widow, bidder, 45)
    action = f"trump {suit}" + (f" call {call}" if call else "")
    from game.rules.actions import parse_action
    state, events = apply(state, parse_action(action))
    found = next(e for e in events if isinstance(e, PartnerFound))
    return state, found


def _spades(*per_seat: str) -> tuple[list[str], str]:
    """Hands whose spades are ``per_seat`` (seat 0 first; spades are trump in these tests),
    filled up with other suits. The spades nobody is given go to the widow, then to the
    bidder (seat 1): neither can be found as the partner."""
    r = FIVE
    used = [parse_cards(s) if s else [] for s in per_seat]
    others = [c for c in r.deck.cards() if c.suit != Suit.SPADES]
    spades_left = [c for c in r.deck.cards() if c.suit == Suit.SPADES]
    for hand in used:
        for c in hand:
            spades_left.remove(c)
    widow, used[1] = spades_left[:5], used[1] + spades_left[5:]
    hands = []
    for hand in used:
        fill = 15 - len(hand)
        hands.append(" ".join(str(c) for c in hand + others[:fill]))
        others = others[fill:]
    widow += others
    assert len(widow) == 5, "the test's hands leave five cards for the widow"
    return hands, " ".join(str(c) for c in widow)


class TestFiveHandedPartner:
    def test_the_first_player_clockwise_holding_an_ace_of_trump(self):
        # VARIANTS.md: "The bidder's partner for this hand is the first player clockwise from
        # the bidder who holds an ace of trump". Bidder 1; seats 2, 3 and 0 follow clockwise:
        # 3 and 0 hold the ace, 3 comes first.
        hands, widow = _spades("AS", "TS", "KS", "AS AS", "")
        state, found = _named(FIVE, hands, widow, 1)
        assert found == PartnerFound(1, (3,), Card(Rank.ACE, Suit.SPADES))
        assert state.hand.partners == (3,)
        sides = hand_sides(state)
        assert sides.seats_of(sides.side_of(1)) == (1, 3)
        assert sides.partners(0) == (2, 4)  # the other three defend together

    def test_nobody_else_with_an_ace_the_first_with_a_ten(self):
        # VARIANTS.md: "if nobody else holds one, the first who holds a ten of trump, then a
        # king, and so on."
        hands, widow = _spades("", "AS AS AS AS", "KS KS", "QS", "TS")
        _, found = _named(FIVE, hands, widow, 1)
        assert found.partners == (4,) and found.card == Card(Rank.TEN, Suit.SPADES)

    def test_no_other_player_holds_trump_and_the_bidder_plays_alone(self):
        # VARIANTS.md: "If no other player holds any trump, the bidder plays alone against
        # four."
        hands, widow = _spades("", "", "", "", "")
        state, found = _named(FIVE, hands, widow, 1)
        assert found.partners == () and found.card is None
        sides = hand_sides(state)
        assert sides.partners(1) == () and sides.opponents(1) == (0, 2, 3, 4)

    def test_the_partner_is_announced_when_trump_is_named_before_the_widow(self):
        # VARIANTS.md: "The partner is announced at once." ... "Widow: the bidder then shows
        # the widow, takes it and discards five".
        hands, widow = _spades("AS", "TS", "", "", "")
        state = _contract(FIVE, hands, widow, 1, 45)
        assert state.phase == Phase.TRUMP
        state, events = apply(state, NameTrump(Suit.SPADES))
        assert isinstance(events[-1], PartnerFound) and state.phase == Phase.WIDOW
        state, events = apply(state, TakeWidow())
        assert isinstance(events[0], WidowShown) and state.phase == Phase.DISCARD
        discard = legal_actions(state)[0]
        assert isinstance(discard, Discard) and len(discard.cards) == 5
        after, events = apply(state, discard)
        # then everyone melds ("each player melds from their own hand"), and play begins (or
        # the bidding side, under 20 meld, loses its bid unplayed)
        assert sorted(e.seat for e in events if isinstance(e, MeldShown)) == [0, 1, 2, 3, 4]
        if after.phase == Phase.TRICKS:
            assert after.hand.play.leader == 1
            assert after.hand.discards and hand_sides(after).side_of(1) == 0

    def test_the_called_card_option(self):
        # VARIANTS.md: "Option (Wikipedia): the bidder calls a trump card instead, and its first
        # holder clockwise is the partner."
        r = _five('[table]\npartner_by = "called-card"\n')
        hands, widow = _spades("KS", "", "AS", "", "KS")
        state = _contract(r, hands, widow, 1, 45)
        assert NameTrump(Suit.SPADES) not in legal_actions(state)
        with pytest.raises(IllegalActionError, match="calls a trump card"):
            apply(state, NameTrump(Suit.SPADES))
        state, events = apply(state, NameTrump(Suit.SPADES, Rank.KING))
        assert events[-1] == PartnerFound(1, (4,), Card(Rank.KING, Suit.SPADES))
        assert str(NameTrump(Suit.SPADES, Rank.KING)) == "trump S call K"


def _five_played(bidder, partners, bid, melds, taken, won, discards=0):
    r = FIVE
    melds = tuple(MeldResult(m, ()) for m in melds)
    zeros = (0,) * r.players
    hand = HandState(Phase.TRICKS, 0, zeros, PlayState(0, 0, (), -1, 0, tuple(taken),
                                                       tuple(won), (), 0),
                     bidder=bidder, bid=bid, trump=0, melds=melds, discards=discards,
                     partners=partners)
    from game.rules.auction_game.melding import side_melds
    return hand._replace(side_meld=side_melds(r, hand))


def _score(r, hand, scores=None):
    game = new_game(r, 0)
    if scores is not None:
        game = game._replace(scores=scores)
    state, events = score_hand(r, game, hand, HandEnd(EndKind.PLAYED))
    return state, next(e.result for e in events if isinstance(e, HandScored))


class TestFiveHandedScoring:
    def test_made_the_bidder_and_partner_each_score_the_sides_whole(self):
        # VARIANTS.md: "if the bidding side's meld and tricks reach the bid, the bidder and the
        # partner *each* score the side's whole meld and tricks; each defender scores their own
        # meld plus all the defenders' tricks, if the defenders took 20 trick points".
        hand = _five_played(1, (3,), 50, (10, 20, 6, 14, 8), (10, 12, 3, 10, 15), (2,) * 5)
        state, result = _score(FIVE, hand)
        side = 20 + 14 + 12 + 10  # meld 34, tricks 22
        assert state.scores == (10 + 28, side, 6 + 28, side, 8 + 28)
        assert result.outcome == "made"
        assert [s.made for s in result.sides] == [None, True, None, True, None]

    def test_defenders_under_twenty_in_tricks_score_nothing(self):
        hand = _five_played(1, (3,), 40, (10, 20, 0, 24, 12), (5, 20, 4, 16, 5), (1,) * 5)
        state, _ = _score(FIVE, hand)
        assert state.scores == (0, 80, 0, 80, 0)  # 14 in tricks: under 20

    def test_set_the_bidder_and_the_partner_each_lose_the_bid(self):
        # VARIANTS.md: "Set: the bidder and the partner each lose the bid (ours; option: the
        # bidder alone)."
        hand = _five_played(1, (3,), 70, (10, 20, 6, 14, 8), (10, 12, 3, 10, 15), (2,) * 5)
        state, result = _score(FIVE, hand)
        assert state.scores == (38, -70, 34, -70, 36) and result.outcome == "set"
        alone = _five('[scoring]\npartner_set = "bidder-alone"\n')
        state, _ = _score(alone, hand)
        assert state.scores == (38, -70, 34, 0, 36)

    def test_defenders_under_the_minimum_meld_score_only_their_tricks(self):
        # VARIANTS.md: "Meld: 001's double-deck table and minimum (a side under 20 meld scores
        # none)": the defenders' 10 + 0 + 8 is under 20.
        hand = _five_played(1, (3,), 50, (10, 20, 0, 14, 8), (10, 12, 3, 10, 15), (2,) * 5)
        state, _ = _score(FIVE, hand)
        assert state.scores == (28, 56, 28, 56, 28)

    def test_the_bidder_then_the_partner_then_the_highest_go_out(self):
        # VARIANTS.md: "the first player to 500; if several pass 500 on one hand, the bidder,
        # then the partner, then the highest (ours, after 001)."
        scores = (520, 505, 530, 480, 501)
        assert decide(FIVE, scores, 500, 1, False, 9, (3,))[0] == 1
        assert decide(FIVE, scores, 500, 3, False, 9, (1,))[0] == 1  # the partner next
        assert decide(FIVE, scores, 500, 3, False, 9, (4,))[0] == 4
        assert decide(FIVE, scores, 500, 3, False, 9, ())[0] == 2  # then the highest

    def test_a_score_sheet_column_per_player(self):
        # VARIANTS.md: "Score sheet: one column per player, and each hand's sides shown."
        assert FIVE.n_sides == 5 and new_game(FIVE, 0).scores == (0,) * 5


class TestFiveHandedDealAndAuction:
    def test_fifteen_each_and_a_widow_of_five_scattered_never_the_last_five(self):
        # VARIANTS.md: "80 cards (001's), 15 each and a 5-card widow dealt face down at random
        # points of the deal, never the last five."
        assert FIVE.table.deck == 80 and FIVE.hand_size == 15 and FIVE.widow.size == 5
        seen = set()
        for seed in range(12):
            state = new_game(FIVE, seed)
            state, events = apply(state, legal_actions(state)[0])
            packets = next(e for e in events if isinstance(e, CardsDealt)).packets
            widow_at = [i for i, (seat, _) in enumerate(packets) if seat == WIDOW]
            assert sum(packets[i][1] for i in widow_at) == 5
            assert all(packets[i][1] == 1 for i in widow_at)
            after_last = sum(n for seat, n in packets[widow_at[-1] + 1:])
            assert after_last >= 5
            seen.add(tuple(widow_at))
        assert len(seen) > 3  # the points change with the deal

    def test_the_dealer_takes_it_at_one_less_than_the_minimum(self):
        # VARIANTS.md: "minimum 40; if all other players pass, the dealer names trump at one
        # less than the minimum (39), as 003 says."
        state = new_game(FIVE, 1)
        state, _ = apply(state, legal_actions(state)[0])
        assert Bid(40) in legal_actions(state) and Bid(39) not in legal_actions(state)
        for _ in range(4):
            state, events = apply(state, Pass())
        assert state.hand.bidder == state.dealer and state.hand.bid == 39

    def test_one_round_only_option(self):
        # VARIANTS.md: "Option: one round only (each player bids once or passes, dealer last;
        # the family rules' form)."
        r = _five("[auction]\nrounds = 1\n")
        state = new_game(r, 1)
        state, _ = apply(state, legal_actions(state)[0])
        order = []
        for amount in (40, 0, 45, 0, 50):
            order.append(state.hand.auction.turn)
            state, _ = apply(state, Bid(amount) if amount else Pass())
        assert order == [0, 1, 2, 3, 4]  # each once, the dealer (4) last
        assert state.hand.bidder == 4 and state.hand.bid == 50


class TestSixHanded:
    def test_two_sides_of_three_alternating_and_twenty_each_from_120(self):
        # VARIANTS.md: "six, in two sides of three, alternating, so that each player has an
        # opponent on each side"; "three packs without nines, 120 cards; 20 each, no widow."
        assert SIX.deck.size == 120 and SIX.deck.copies == 6 and SIX.hand_size == 20
        assert SIX.widow.size == 0 and SIX.n_sides == 2
        assert [SIX.side_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]

    @pytest.mark.parametrize(("kind", "rank", "five", "six"), [
        ("aces", Rank.ACE, 100 + 150, 150 + 150), ("jacks", Rank.JACK, 40 + 60, 60 + 60)])
    def test_five_and_six_copies_of_an_around(self, kind, rank, five, six):
        # VARIANTS.md: "Five copies of a meld count as its double plus its triple ("if a player
        # should hold twenty aces, five of each suit, the value would be that of double aces
        # and triple aces combined"); six copies as two triples (ours, the same split)."
        for copies, value in ((5, five), (6, six)):
            hand = [Card(rank, s) for s in Suit for _ in range(copies)]
            meld = best_meld(SIX, hand, None)
            assert [m.points for m in meld.melds if m.kind == kind] == [value]

    def test_the_totals_last_trick_three_and_side_minimums(self):
        # VARIANTS.md: "Counters A, T, K one point each, last trick 3: 75 in all. A side must
        # take 30 trick points to score anything for the hand"; "the minimum meld is 30".
        assert SIX.total_trick_points == 75 and SIX.tricks.last_trick == 3
        assert SIX.scoring.save_points == 30 and SIX.meld.minimum == 30
        assert SIX.scoring.target == 750

    def test_dealer_stuck_at_75_and_trump_needs_a_marriage(self):
        # VARIANTS.md: "001's, with a minimum of 75 ...; if all pass, the dealer is stuck at
        # 75 (ours, as 001's forced bid). The bidder must hold a marriage in trump (001)."
        state = new_game(SIX, 3)
        state, _ = apply(state, legal_actions(state)[0])
        for _ in range(5):
            state, _ = apply(state, Pass())
        assert state.hand.bidder == state.dealer == 5 and state.hand.bid == 75
        trumps = [a for a in legal_actions(state) if isinstance(a, NameTrump)]
        held = state.hand.hands[5]
        for a in trumps:
            assert SIX.deck.count(held, Card(Rank.KING, a.suit)) and \
                SIX.deck.count(held, Card(Rank.QUEEN, a.suit))


def test_a_random_whole_game_at_each_table_keeps_every_card():
    """Random legal play to the end of two hands at each table: every deal holds the pack."""
    for r in (FIVE, SIX):
        rng = random.Random(5)
        state = new_game(r, 5)
        hands = 0
        while hands < 2 and not state.over:
            if state.phase == Phase.DEAL:
                state, events = apply(state, legal_actions(state)[0])
                dealt = next(e for e in events if isinstance(e, CardsDealt))
                total = sum(len(h) for h in dealt.hands) + r.widow.size
                assert total == r.deck.size
                continue
            acts = legal_actions(state)
            state, events = apply(state, acts[int(rng.random() * len(acts))])
            hands += sum(isinstance(e, HandScored) for e in events)


def test_the_shape_refusals_name_the_field():
    from game.rules.errors import RuleSetError
    with pytest.raises(RuleSetError, match="table.sides.*5 players cannot sit as 'pairs'"):
        ruleset_from_text('base = "racehorse"\nname = "x"\ntitle = "x"\n[table]\nplayers = 5\n',
                          "x")
    with pytest.raises(RuleSetError, match="table.partner_by"):
        ruleset_from_text('base = "racehorse"\nname = "x"\ntitle = "x"\n[table]\n'
                          'partner_by = "called-card"\n', "x")
    assert dataclasses.replace  # the rule set stays a value
