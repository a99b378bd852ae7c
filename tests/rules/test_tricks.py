"""Trick obligations of every preset, quoted from their documents, and the kernel held to the
rule-by-rule statement on a large number of random positions (40,000 per preset and list of
obligations: a tenth in the fast tier, the rest marked slow; tests/tiers.py)."""

import random

import pytest

from game.rules.cards import Suit
from game.rules.compiled import kernel_for
from game.rules.tricks import explain_plays, trick_winner_index
from game.store.content import ruleset_from_text
from tests.helpers import cards, rules, strs
from tests.tiers import parts


def verdict(name, trump, trick, hand, obligations=None):
    return explain_plays(rules(name) if isinstance(name, str) else name, cards(hand),
                         cards(trick), trump, obligations)


class TestRacehorse000:
    def test_follow_suit_comes_before_taking_the_trick(self):
        # 000: "Q♦ is led, with a J▼ following. You have A♦, 10▼, J▼, 9♣. Can you take the trick
        # with the 10▼? No. Rule #2 comes before Rule #3: you must play the A♦."
        v = verdict("racehorse", Suit.HEARTS, "QD JH", "AD TH JH 9C")
        assert strs(v.legal) == ["AD"]
        assert {f.rule for f in v.illegal} == {"follow_suit"}
        assert v.reason(cards("TH")[0]).number == 2

    def test_without_the_suit_you_must_trump_when_that_wins(self):
        # 000: "If you don't have any diamonds, you *must* play the 10▼ ... because of Rule #3."
        v = verdict("racehorse", Suit.HEARTS, "QD JH", "TH JH 9C")
        assert strs(v.legal) == ["TH"]
        assert v.reason(cards("9C")[0]).rule == "take_trick"

    def test_you_need_not_play_a_losing_trump(self):
        # 000: "if you have just the J♥, you can sluff your 9♣ on the trick instead. Since you
        # can't take the trick (see Rule #1), you do not have to trump the trick."
        v = verdict("racehorse", Suit.HEARTS, "QD JH", "JH 9C")
        assert sorted(strs(v.legal)) == ["9C", "JH"]

    def test_rule_4_does_not_override_rule_2(self):
        # 000: "If somebody *leads* with a Heart, then you will have to play that J♥."
        v = verdict("racehorse", Suit.HEARTS, "AH", "JH 9C")
        assert strs(v.legal) == ["JH"]

    def test_identical_cards_first_played_wins(self):
        # 000: "If two identical cards are played, the first one outranks the second."
        r = rules("racehorse")
        assert trick_winner_index(r, cards("AS AS"), Suit.HEARTS) == 0
        assert trick_winner_index(r, cards("KS JH JH"), Suit.HEARTS) == 1


class TestDoubleDeck001:
    def test_crawl_when_following(self):
        # 001: "Each subsequent players must follow suit if they can and must crawl"
        v = verdict("double-deck", Suit.HEARTS, "KS", "AS QS AH")
        assert strs(v.legal) == ["AS"]
        assert v.reason(cards("QS")[0]).rule == "crawl"

    def test_cannot_crawl_follow_anyway(self):
        # 001: "A player who cannot crawl ... must follow suit in any case"
        v = verdict("double-deck", Suit.HEARTS, "AS", "QS KS AH")
        assert sorted(strs(v.legal)) == ["KS", "QS"]

    def test_void_must_trump_and_crawl_in_trump(self):
        # 001: "Any player who does not have any cards of the suit that was led must trump ...
        # subsequent players who do not have the led suit either must crawl in trump"
        v = verdict("double-deck", Suit.HEARTS, "AS KH", "AH JH KC")
        assert strs(v.legal) == ["AH"]
        assert v.reason(cards("KC")[0]).rule == "must_trump"
        assert v.reason(cards("JH")[0]).rule == "over_trump"

    def test_cannot_beat_the_trump_must_still_trump(self):
        # 001: "A player who cannot follow suit and cannot beat the highest trump so far played
        # must still play a trump"
        v = verdict("double-deck", Suit.HEARTS, "AS AH", "JH KC")
        assert strs(v.legal) == ["JH"]

    def test_trumped_trick_any_card_of_led_suit(self):
        # 001: "If someone has already trumped then later players who can follow suit may play
        # any card of the suit led"
        v = verdict("double-deck", Suit.HEARTS, "KS JH", "AS QS")
        assert sorted(strs(v.legal)) == ["AS", "QS"]

    def test_no_suit_no_trump_any_card(self):
        # 001: "A player who has no card of the suit led and no trumps may play any card."
        v = verdict("double-deck", Suit.HEARTS, "KS", "AC QD")
        assert sorted(strs(v.legal)) == ["AC", "QD"]

    def test_post_1945_option_beats_only_on_trump_leads(self):
        # 001: "'Post 1945' rules wherein playing to win the trick is only required when trump
        # is led."
        post = ruleset_from_text(
            'base = "double-deck"\nname = "post"\ntitle = "post"\n[tricks]\nobligations = '
            '["first_identical_wins", "follow_suit", "beat_trump_lead", "must_trump", '
            '"any_card"]\n', "post.toml")
        assert sorted(strs(verdict(post, Suit.HEARTS, "KS", "AS QS").legal)) == ["AS", "QS"]
        assert strs(verdict(post, Suit.HEARTS, "KH", "AH QH").legal) == ["AH"]
        assert sorted(strs(verdict(post, Suit.HEARTS, "AS AH", "QH KH").legal)) == ["KH", "QH"]


class TestPartnership002:
    def test_follow_suit_any_rank(self):
        # 002: "When a non trump suit is led any card can be played. It can be higher or lower"
        v = verdict("partnership-190", Suit.HEARTS, "KS", "AS 9S AH")
        assert sorted(strs(v.legal)) == ["9S", "AS"]

    def test_void_any_trump_no_need_to_overtrump(self):
        # 002: "When you are void of a suit played, you must play trump. Any trump can be played.
        # In the event two players are void of a suit the second player does not have to beat
        # the previously played trump"
        v = verdict("partnership-190", Suit.HEARTS, "KS QH", "AH 9H AC")
        assert sorted(strs(v.legal)) == ["9H", "AH"]

    def test_trump_led_must_beat(self):
        # 002: "When trump is led you must beat the highest trump on the table."
        v = verdict("partnership-190", Suit.HEARTS, "KH", "AH 9H")
        assert strs(v.legal) == ["AH"]
        assert v.reason(cards("9H")[0]).rule == "beat_trump_lead"


class TestPartnership003:
    def test_must_overruff(self):
        # 003: "if player A leads clubs, and player B and C have no clubs, both player B and C
        # must ruff, and player C must overruff player B if possible."
        v = verdict("partnership-150", Suit.HEARTS, "AC QH", "KH 9H AS")
        assert strs(v.legal) == ["KH"]
        assert v.reason(cards("9H")[0]).rule == "over_trump"
        assert v.reason(cards("AS")[0]).rule == "must_trump"

    def test_trump_king_led_must_play_ten_or_ace(self):
        # 003: "if the trump king is led, you must play the ten or ace if you are next to play.
        # If you have neither of these cards, you may play any trump you wish"
        v = verdict("partnership-150", Suit.HEARTS, "KH", "TH 9H QH")
        assert strs(v.legal) == ["TH"]
        assert sorted(strs(verdict("partnership-150", Suit.HEARTS, "KH", "9H QH").legal)) \
            == ["9H", "QH"]

    @pytest.mark.parametrize("preset", ["partnership-150", "cutthroat", "check"])
    def test_the_card_to_beat_is_the_highest_trump_so_far(self, preset):
        # 003: "When trump is led or played, you must beat the previous card played. So, if the
        # trump king is led, you must play the ten or ace if you are next to play. If you have
        # neither of these cards, you may play any trump you wish". Each player after the lead
        # beats the card before it whenever it can, so "the previous card" is the one winning
        # the trick; a player who could not beat it plays "any trump", which does not become
        # the card to beat (beating it would win nothing). K♥ led, 9♥ from the player who could
        # not beat it: holding Q♥ and 9♥, neither beats the K♥, so either may be played.
        v = verdict(preset, Suit.HEARTS, "KH 9H", "QH 9H")
        assert sorted(strs(v.legal)) == ["9H", "QH"]
        v = verdict(preset, Suit.HEARTS, "KH 9H", "AH QH")
        assert strs(v.legal) == ["AH"]
        assert "highest trump" in rules(preset).obligation_text("beat_trump_lead")

    def test_following_suit_needs_no_beating(self):
        v = verdict("cutthroat", Suit.HEARTS, "TS", "AS 9S")
        assert sorted(strs(v.legal)) == ["9S", "AS"]


class TestTwoHanded004:
    def test_while_stock_lasts_any_card(self):
        # 004: "The leader may lead any card, and the opponent may play any card. It is not
        # necessary to follow suit."
        v = verdict("two-handed", Suit.HEARTS, "AS", "9S AH KD")
        assert sorted(strs(v.legal)) == ["9S", "AH", "KD"]

    def test_playoff_is_strict(self):
        # 004: "each player must follow suit to the card led if possible, and must try to win
        # when a trump is led (by playing a higher trump). A player who cannot follow suit must
        # trump if they have a trump."
        r = rules("two-handed")
        strict = r.stock.playoff_obligations
        assert strs(verdict(r, Suit.HEARTS, "KS", "9S AH", strict).legal) == ["9S"]
        assert strs(verdict(r, Suit.HEARTS, "QH", "KH JH", strict).legal) == ["KH"]
        assert strs(verdict(r, Suit.HEARTS, "KS", "JH AC", strict).legal) == ["JH"]


def _random_position(r, rng, obligations):
    pack = r.deck.cards()
    rng.shuffle(pack)
    n = rng.randrange(1, r.players)
    trick = pack[:n]
    hand = pack[n:n + rng.randint(1, r.hand_size)]
    trump = rng.choice(list(Suit))
    return trick, hand, trump


@pytest.mark.parametrize("positions", parts(4_000, 40_000))
@pytest.mark.parametrize("name", ["racehorse", "double-deck", "partnership-190",
                                  "partnership-150", "cutthroat", "two-handed"])
def test_kernel_agrees_with_the_rules_on_random_positions(name, positions):
    """The bots' mask kernel and the explained rules give the same legal cards and winners."""
    r = rules(name)
    lists = [r.tricks.obligations]
    if r.stock.enabled:
        lists.append(r.stock.playoff_obligations)
    deck = r.deck
    for k, obligations in enumerate(lists):
        kernel = kernel_for(r, obligations)
        for i in positions:  # each position seeded by its number: the tiers never overlap
            rng = random.Random(f"{name}/{k}/{i}")
            trick, hand, trump = _random_position(r, rng, obligations)
            counts = deck.counts_of(hand)
            types = [deck.type_of(c) for c in trick]
            wt = types[0]
            for t in types[1:]:
                if kernel.beats(t, wt, trump):
                    wt = t
            assert deck.types[wt] is trick[trick_winner_index(r, trick, trump)]
            mask = kernel.legal(counts, [(i, t) for i, t in enumerate(types)], wt, trump)
            fast = {deck.types[t] for t in kernel.types_in(mask)}
            slow = set(explain_plays(r, hand, trick, trump, obligations).legal)
            assert fast == slow, (strs(trick), strs(hand), trump)


def _beat_led(base):
    text = (f'base = "{base}"\nname = "b"\ntitle = "b"\n[tricks]\nobligations = '
            f'{list(rules(base).tricks.obligations) + ["must_beat_led_after_trump"]!r}\n')
    return ruleset_from_text(text.replace("'", '"'), "beat led")


class TestMustBeatLedAfterTrump:
    """Issue 18: "Must beat the led suit even after a trick is trumped. A player who can follow
    must still beat the highest card of the led suit. Today `crawl` drops that duty once the
    trick is trumped." """

    def test_crawl_alone_drops_the_duty_once_trumped(self):
        # 001: "If someone has already trumped then later players who can follow suit may play
        # any card of the suit led (no card of the led suit can beat a trump)."
        v = verdict("double-deck", Suit.HEARTS, "QD JH", "AD JD")
        assert sorted(strs(v.legal)) == ["AD", "JD"]

    def test_with_the_option_the_highest_led_card_must_still_be_beaten(self):
        r = _beat_led("double-deck")
        v = verdict(r, Suit.HEARTS, "QD JH", "AD JD")
        assert strs(v.legal) == ["AD"]
        reason = v.reason(cards("JD")[0])
        assert reason.rule == "must_beat_led_after_trump" and "beat" in reason.text
        # the highest card of the suit led, not the led card: K led, then 10, then a trump
        assert strs(verdict(r, Suit.HEARTS, "KD TD JH", "AD QD").legal) == ["AD"]
        # nothing beats the A (an identical A does not: the first one wins): any diamond
        assert sorted(strs(verdict(r, Suit.HEARTS, "KD AD JH", "AD TD").legal)) == ["AD", "TD"]

    def test_on_a_take_the_trick_table(self):
        # 000's "You must take the trick if you can" asks nothing once the trick is trumped:
        # with the option, the follower must still head the suit led.
        assert sorted(strs(verdict("racehorse", Suit.HEARTS, "QD JH", "AD 9D").legal)) == [
            "9D", "AD"]
        assert strs(verdict(_beat_led("racehorse"), Suit.HEARTS, "QD JH", "AD 9D").legal) == [
            "AD"]

    def test_needs_crawl_or_take_trick(self):
        from game.rules.errors import RuleSetError

        with pytest.raises(RuleSetError, match="must_beat_led_after_trump extends crawl"):
            ruleset_from_text('base = "partnership-190"\nname = "b"\ntitle = "b"\n[tricks]\n'
                              'obligations = ["follow_suit", "must_trump", '
                              '"must_beat_led_after_trump"]\n', "beat led")

    @pytest.mark.parametrize("positions", parts(2_000, 20_000))
    @pytest.mark.parametrize("base", ["double-deck", "racehorse"])
    def test_the_kernel_agrees_with_the_rule_on_random_positions(self, base, positions):
        r = _beat_led(base)
        kernel = kernel_for(r)
        deck = r.deck
        trumped = 0
        for i in positions:
            rng = random.Random(f"{base}/{i}")
            trick, hand, trump = _random_position(r, rng, r.tricks.obligations)
            types = [deck.type_of(c) for c in trick]
            wt = types[0]
            for t in types[1:]:
                if kernel.beats(t, wt, trump):
                    wt = t
            mask = kernel.legal(deck.counts_of(hand), list(enumerate(types)), wt, trump)
            fast = {deck.types[t] for t in kernel.types_in(mask)}
            slow = set(explain_plays(r, hand, trick, trump).legal)
            assert fast == slow, (strs(trick), strs(hand), trump)
            trumped += kernel.suit_of[wt] != kernel.suit_of[types[0]]
        assert trumped > len(positions) // 20  # the option's case is reached often
