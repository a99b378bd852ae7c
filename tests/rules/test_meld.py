"""Meld: each document's worked examples and meld-class rules, plus the fast tables against a
plain reference implementation over thousands of random hands."""

import functools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.cards import Card, Rank, Suit
from game.rules.compiled import best_meld, meld_table, meld_total
from game.store.content import preset_names
from tests.helpers import cards, rules


def kinds(result):
    return sorted((m.kind, m.points) for m in result.melds)


def test_000_diamonds_example():
    # 000: "let's say you call Diamonds as trump and lay down A, 10, K, K, Q, J, 9 of Diamonds;
    # K, Q of Spades, K of Hearts; and K of Clubs." -> run 150, spade marriage 20, nine 10,
    # pinochle 40 (J of Diamonds from the run with the Q of Spades), kings around 80.
    r = rules("racehorse")
    result = best_meld(r, cards("AD TD KD KD QD JD 9D KS QS KH KC"), Suit.DIAMONDS)
    assert kinds(result) == sorted([("run", 150), ("marriage", 20), ("dix", 10),
                                    ("pinochle", 40), ("kings", 80)])
    assert result.total == 300
    classes = {m.kind: m.cls for m in result.melds}
    assert classes == {"run": "Runs & Marriages", "marriage": "Runs & Marriages",
                       "dix": "Nine of Trump", "pinochle": "Pinochle", "kings": "Arounds"}


def test_000_extra_king_alone_scores_nothing_but_extra_king_and_queen_score_40():
    # 000: "You can't use that extra K of Diamonds with the Q for a 40 point Royal Marriage
    # because the queen's already in the run ... If you had both the extra K and Q of Diamonds,
    # you could score 40 for a Royal Marriage."
    r = rules("racehorse")
    assert meld_total(r, cards("AD TD KD KD QD JD"), Suit.DIAMONDS) == 150
    assert meld_total(r, cards("AD TD KD KD QD QD JD"), Suit.DIAMONDS) == 190


def test_000_double_run_double_pinochle_and_double_arounds():
    # 000 table: "Double Run (A, A, 10, 10, K, K, Q, Q, J, J) in trump 1500 pts";
    # "Doubled (J, J, Q, Q) 300 pts"; "Double Around ... 10x value of single"
    r = rules("racehorse")
    assert meld_total(r, cards("AH AH TH TH KH KH QH QH JH JH"), Suit.HEARTS) == 1500
    assert meld_total(r, cards("JD JD QS QS"), Suit.HEARTS) == 300
    assert meld_total(r, cards("AS AS AH AH AC AC AD AD"), Suit.HEARTS) == 1000


def test_000_around_the_horn_is_only_a_name_for_240():
    # 000: "Around Kings (80) + Around Queens (60) + Royal Marriage (40) + 3 Common Marriages
    # (3x20) = 240."
    r = rules("racehorse")
    assert meld_total(r, cards("KS QS KH QH KC QC KD QD"), Suit.HEARTS) == 240


def test_001_88_point_hand():
    # 001: "with hearts as trump, the following hand ... scores 88 for meld: a run (16), a royal
    # marriage (4), a double marriage in spades (4), a pinochle (4) and double queens around (60)."
    r = rules("double-deck")
    hand = cards("AH TH KH KH KH QH QH JH QD QD JD QC QC AS KS KS QS QS JS JS")
    result = best_meld(r, hand, Suit.HEARTS)
    assert result.total == 88
    assert kinds(result) == sorted([("run", 16), ("royal_marriage", 4), ("marriage", 4),
                                    ("pinochle", 4), ("queens", 60)])


def test_001_double_deck_table_levels():
    # 001 table: "Run ... 16 150 225 300"; "Pinochle - Qs and Jd 4 30 60 90";
    # "Aces around ... 10 100 150 200"; "Marriage ... 2 4 6 8"
    r = rules("double-deck")
    run = "AH TH KH QH JH "
    for n, value in enumerate((16, 150, 225, 300), start=1):
        assert meld_total(r, cards(run * n), Suit.HEARTS) == value
    for n, value in enumerate((4, 30, 60, 90), start=1):
        assert meld_total(r, cards("QS JD " * n), Suit.HEARTS) == value
    for n, value in enumerate((10, 100, 150, 200), start=1):
        assert meld_total(r, cards("AS AH AC AD " * n), Suit.HEARTS) == value
    assert meld_total(r, cards("KC QC " * 3), Suit.HEARTS) == 6


def test_001_run_outside_trump_is_only_a_marriage():
    # 001: "A run in a suit other than trumps is not worth anything more than the marriage score"
    assert meld_total(rules("double-deck"), cards("AC TC KC QC JC"), Suit.HEARTS) == 2


def test_002_sample_hands():
    # 002: "The four queens are 60 pts., two marriages are 20 each (40 pts.) and the pinochle
    # (Jd - Qs) is 40 for a total of 140 ... (10 more points for the Dix ... after your partner
    # names diamonds" and "You have a Run (150) a Dix (10) and two Marriages (40) a Pinochle
    # (Jd-Qs) 40 for a total of 240"
    r = rules("partnership-190")
    partner = cards("AC KC QC KH KH QH AD QD JD 9D QS 9S")
    assert meld_total(r, partner, None) == 140
    assert meld_total(r, partner, Suit.DIAMONDS) == 150
    mine = cards("TC KC QC KS QS AD TD KD KD QD JD 9D")
    assert meld_total(r, mine, Suit.DIAMONDS) == 240


def test_003_one_card_once_per_class():
    # 003: "So, HK HK HQ only counts as one marriage. But, with SK SQ DJ, the spade queen may be
    # used both for a marriage and for a pinochle."
    r = rules("partnership-150")
    assert meld_total(r, cards("KH KH QH"), Suit.CLUBS) == 20
    assert meld_total(r, cards("KS QS JD"), Suit.CLUBS) == 60
    # "The SA, HA, HA, and CA does not qualify for aces because you are missing the DA."
    assert meld_total(r, cards("AS AH AH AC"), Suit.CLUBS) == 0


def test_003_roundtable_is_240():
    # 003: "a marriage in each suit is worth 240 total points ... called a 'roundtable'."
    r = rules("cutthroat")
    assert meld_total(r, cards("KS QS KH QH KC QC KD QD"), Suit.SPADES) == 240


def test_house_rule_run_also_scores_royal_marriage():
    # The house rule players argue about: a run's K-Q also scores a royal marriage (190).
    from game.store.content import ruleset_from_text

    house = ruleset_from_text('base = "racehorse"\nname = "h"\ntitle = "h"\n'
                              '[meld]\nrun_includes_royal_marriage = true\n', "house.toml")
    assert meld_total(house, cards("AD TD KD QD JD"), Suit.DIAMONDS) == 190
    assert meld_total(rules("racehorse"), cards("AD TD KD QD JD"), Suit.DIAMONDS) == 150


def test_no_trump_meld_leaves_out_the_dix_for_forced_openings():
    # 003: "A player that has meld (not including 9s) must open the bidding."
    r = rules("cutthroat")
    assert meld_total(r, cards("9S 9H 9C"), None) == 0
    assert meld_total(r, cards("9S 9H 9C"), Suit.SPADES) == 10


def test_breakdown_lists_cards_and_sums_to_total():
    r = rules("racehorse")
    result = best_meld(r, cards("AS AS TS TS KS KS QS QS JS JS 9S JD"), Suit.SPADES)
    assert result.total == sum(m.points for m in result.melds) == 1500 + 10 + 40
    run = next(m for m in result.melds if m.kind == "run")
    assert run.name == "Double Run" and len(run.cards) == 10


def reference_total(r, hand, trump):
    """A plain statement of the meld rules, independent of the packed tables."""
    c = Counter(hand)
    m = r.meld

    def n(rank, suit):
        return c[Card(rank, suit)]

    total = 0
    for suit in Suit:
        k, q = n(Rank.KING, suit), n(Rank.QUEEN, suit)
        if suit == trump:
            best = 0
            runs_max = min(n(rk, suit) for rk in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN,
                                                    Rank.JACK))
            for runs in range(runs_max + 1):
                royal = min(k - runs, q - runs) + (runs if m.run_includes_royal_marriage else 0)
                best = max(best, (m.run[runs - 1] if runs else 0) + royal * m.royal_marriage)
            total += best
            if r.dix_rank is not None:
                total += m.dix * n(r.dix_rank, suit)
        else:
            total += m.marriage * min(k, q)
    for rank, values in ((Rank.ACE, m.aces), (Rank.KING, m.kings), (Rank.QUEEN, m.queens),
                         (Rank.JACK, m.jacks)):
        level = min(n(rank, s) for s in Suit)
        total += values[level - 1] if level else 0
    level = min(n(Rank.QUEEN, Suit.SPADES), n(Rank.JACK, Suit.DIAMONDS))
    total += m.pinochle[level - 1] if level else 0
    return total


@pytest.mark.parametrize("name", [n for n in preset_names() if n != "two-handed"])
def test_tables_match_reference_on_random_hands(name):
    r = rules(name)
    rng = random.Random(name)
    pack = r.deck.cards()
    table = meld_table(r)
    size = r.hand_size + r.passing.count + r.widow.size
    for _ in range(25000):
        hand = rng.sample(pack, size)
        trump = rng.choice([None, *Suit])
        counts = r.deck.counts_of(hand)
        expected = reference_total(r, hand, trump)
        assert table.total(counts, trump) == expected
        assert table.breakdown(counts, trump).total == expected


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_breakdown_cards_come_from_the_hand(data):
    name = data.draw(st.sampled_from([n for n in preset_names() if n != "two-handed"]))
    r = rules(name)
    hand = data.draw(st.lists(st.sampled_from(r.deck.cards()), max_size=r.hand_size)
                     .filter(lambda h: all(v <= r.deck.copies for v in Counter(h).values())))
    trump = data.draw(st.sampled_from([None, *Suit]))
    result = best_meld(r, hand, trump)
    have = Counter(hand)
    for card, needed in Counter(result.cards_used()).items():
        assert have[card] >= needed


MELD_OPTION_PRESETS = [n for n in preset_names()]


@functools.cache  # 7 presets x 32 option sets: each table is read once
def _meld_house(base, run_royal, zeroes, one_class):
    """A house table on ``base`` with the meld options drawn (issue 18)."""
    text = (f'base = "{base}"\nname = "m"\ntitle = "m"\n[meld]\n'
            f"run_includes_royal_marriage = {'true' if run_royal else 'false'}\n")
    for kind in zeroes:
        value = "0" if kind in ("royal_marriage", "marriage", "dix") else None
        if value is not None:
            text += f"{kind} = {value}\n"
    if one_class:  # run, royal marriage, marriage and dix in one class (as 003 and 004 do)
        text += ('[meld.classes]\nrun = "suit"\nroyal_marriage = "suit"\nmarriage = "suit"\n'
                 'dix = "suit"\npinochle = "pinochle"\naces = "arounds"\nkings = "arounds"\n'
                 'queens = "arounds"\njacks = "arounds"\n')
    from game.store.content import ruleset_from_text

    return ruleset_from_text(text, "meld options")


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_cards_used_is_a_multiset_within_the_hand_for_every_preset_and_meld_option(data):
    # 000: "Any card you play for meld can be used more than once, as long as it's not used more
    # than once in each category." Whatever the classes and options, the cards a meld needs on
    # the table are cards of the hand (issue 18: the run's K-Q were claimed twice when they
    # also scored a royal marriage, and passing back then looped forever).
    base = data.draw(st.sampled_from(MELD_OPTION_PRESETS))
    r = _meld_house(base, data.draw(st.booleans()),
                    frozenset(data.draw(st.sets(st.sampled_from(
                        ["royal_marriage", "marriage", "dix"])))),
                    data.draw(st.booleans()))
    size = data.draw(st.integers(5, r.hand_size + 3))
    pack = r.deck.cards()
    trump = data.draw(st.sampled_from([None, *Suit]))
    # Runs are rare in random hands: plant one (or two) in the trump suit half of the time.
    planted = [Card(rank, trump) for rank in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN,
                                              Rank.JACK)] if trump is not None else []
    planted *= data.draw(st.sampled_from([0, 0, 1, 2]))
    for card in planted:
        pack.remove(card)
    hand = planted + data.draw(st.permutations(pack))[:max(0, size - len(planted))]
    result = best_meld(r, hand, trump)
    have = Counter(hand)
    for card, needed in Counter(result.cards_used()).items():
        assert have[card] >= needed, (card, needed, result)
    counts = r.deck.counts_of(result.cards_used())  # never more copies than the pack holds
    assert r.deck.size_of(r.deck.counts_of(hand) - counts) == (
        len(hand) - len(result.cards_used()))


def test_a_run_that_is_also_a_royal_marriage_lays_its_king_and_queen_once():
    # The README's house rule: "a run's K-Q is also a royal marriage". With the run and the
    # royal marriage in one class the K and Q are laid once; 150 + 40 are scored.
    r = _meld_house("racehorse", True, frozenset(), False)
    result = best_meld(r, cards("AD TD KD QD JD 9C"), Suit.DIAMONDS)
    assert result.total == 190
    assert sorted(str(c) for c in result.cards_used()) == sorted(["AD", "TD", "KD", "QD", "JD"])
    # In separate classes the royal marriage may reuse the run's cards anyway: still laid once.
    r2 = _meld_house("two-handed", True, frozenset(), False)
    assert Counter(best_meld(r2, cards("AD TD KD QD JD KD"), Suit.DIAMONDS).cards_used())[
        Card(Rank.KING, Suit.DIAMONDS)] <= 2


def test_kinds_that_share_a_card_may_not_be_put_in_one_class():
    # 003: "Each card may be used in at most one meld of each class." The engine scores
    # pinochle and queens around independently (the Q of spades in both), so a table may not
    # put them in one class and promise otherwise.
    from game.rules.errors import RuleSetError
    from game.store.content import ruleset_from_text

    with pytest.raises(RuleSetError, match="meld.classes.queens.*pinochle and queens"):
        ruleset_from_text('base = "racehorse"\nname = "c"\ntitle = "c"\n[meld.classes]\n'
                          'pinochle = "Class X"\nqueens = "Class X"\n', "classes")
    with pytest.raises(RuleSetError, match="marriage and kings"):
        ruleset_from_text('base = "racehorse"\nname = "c"\ntitle = "c"\n[meld.classes]\n'
                          'marriage = "All"\nkings = "All"\n', "classes")


def test_suit_losses_are_total_less_each_card():
    """MeldTable.slices and suit_losses (the two-handed simulator's keep values, a suit at a
    time) give for every type held exactly ``total(h) - total(h - card)``, suits in order."""
    import random

    from game.rules.compiled import meld_table
    from game.store.content import load_preset, preset_names

    for name in preset_names():
        rules = load_preset(name)
        table, deck = meld_table(rules), rules.deck
        rng = random.Random(name + "/losses")
        for _ in range(300):
            pack = deck.cards()
            rng.shuffle(pack)
            h = deck.counts_of(pack[:rng.randrange(1, 25)])
            trump = rng.choice([None, 0, 1, 2, 3])
            got = [pair for s, (x, rest) in enumerate(table.slices(h)) if x
                   for pair in table.suit_losses(trump, s, x, rest)]
            whole = table.total(h, trump)
            want = [(t, whole - table.total(h - deck.one[t], trump))
                    for t in range(deck.n_types) if deck.count(h, deck.types[t])]
            assert got == want, name
