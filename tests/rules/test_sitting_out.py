"""Sitting out at the three-handed tables, quoted from VARIANTS.md ("Five and six players (003)",
**Sitting out**, after Bicycle's *Auction Pinochle*): "at the three-handed tables (`cutthroat`,
`check`) four or five people may sit down. 'If there are four players, the dealer receives no
cards; if five people play, the dealer and the player second from his left receive no cards.' A
player who sits out scores nothing that hand. An option of those presets (`seated = 4` or `5`),
so that a family of five can play 003's three-handed game in turn."

The chairs expected to sit out are written out by hand below (seats are numbered clockwise from
south, so the dealer's left is the next chair round): they share no code with the seating
model that the engine asks.
"""

from __future__ import annotations

import random

import pytest

from game.bots.analysis import analyse
from game.bots.registry import make_bot
from game.rules.actions import Deal, Pass, PlayHand
from game.rules.compiled import kernel_for
from game.rules.engine import actor, apply, at_deal, deal_cards, legal_actions, new_game
from game.rules.errors import RuleSetError
from game.rules.events import AuctionWon, CardPlayed, CardsDealt, TrickWon
from game.rules.explain import rules_text
from game.rules.gamehands import game_hands
from game.rules.handview import chair_words, hand_rules, hand_view
from game.rules.notation import read
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.view import observe
from game.store.content import load_preset, ruleset_from_text

QUOTE = ("If there are four players, the dealer receives no cards; if five people play, the "
         "dealer and the player second from his left receive no cards.")
PRESETS = ("cutthroat", "check")
# Dealer -> the chairs dealt no cards. Four seated: the dealer. Five seated: the dealer and the
# player second from the dealer's left (chairs numbered clockwise: dealer + 2, round the table).
OUT = {4: {0: {0}, 1: {1}, 2: {2}, 3: {3}},
       5: {0: {0, 2}, 1: {1, 3}, 2: {2, 4}, 3: {3, 0}, 4: {4, 1}}}
# Dealer -> the chair on the dealer's left that is dealt a hand: it bids first.
FIRST = {4: {0: 1, 1: 2, 2: 3, 3: 0}, 5: {0: 1, 1: 2, 2: 3, 3: 4, 4: 0}}


def seated(preset: str, n: int, extra: str = "") -> RuleSet:
    return ruleset_from_text(f'base = "{preset}"\nname = "{preset}-{n}"\ntitle = "t"\n'
                             f'[table]\nseated = {n}\n{extra}', f"{preset}-{n}.toml")


def dealt_by(rules: RuleSet, dealer: int, seed: int = 0):
    """The game of ``rules`` just after ``dealer`` has dealt, and the deal's event."""
    state, events = apply(at_deal(new_game(rules, seed), 0, dealer), Deal())
    return state, next(e for e in events if isinstance(e, CardsDealt))


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("n", (4, 5))
def test_who_receives_no_cards(preset: str, n: int) -> None:
    # "If there are four players, the dealer receives no cards; if five people play, the
    # dealer and the player second from his left receive no cards."
    rules = seated(preset, n)
    for dealer in range(n):
        state, dealt = dealt_by(rules, dealer, seed=dealer)
        empty = {s for s, h in enumerate(dealt.hands) if not h}
        assert empty == OUT[n][dealer], (n, dealer)
        assert all(len(h) == 15 for s, h in enumerate(dealt.hands) if s not in empty)
        assert {s for s, _ in dealt.packets if s >= 0}.isdisjoint(OUT[n][dealer])
        # The sitter's own view shows no hand and offers it nothing to do.
        for s in OUT[n][dealer]:
            view = observe(state, s)
            assert view.hand == 0 and view.legal == () and view.hand_sizes[s] == 0


@pytest.mark.parametrize("n", (4, 5))
def test_the_auction_skips_the_chairs_sitting_out(n: int) -> None:
    # "Bidding starts to the dealer's left" (003), among the chairs dealt a hand; a chair
    # sitting out is never asked for a call.
    rules = seated("cutthroat", n, "[auction]\nforced_open_with_meld = false\n")
    for dealer in range(n):
        state, _ = dealt_by(rules, dealer, seed=10 + dealer)
        assert actor(state) == FIRST[n][dealer]
        asked = []
        while state.phase == Phase.AUCTION:
            asked.append(actor(state))
            state, events = apply(state, Pass())
        assert len(asked) == 2 and not set(asked) & OUT[n][dealer]
        # Everyone else passed: the chair on the dealer's right plays the dealer's part (this
        # table's decision, printed by pinochle rules) and is held to the bid of 300.
        won = next(e for e in events if isinstance(e, AuctionWon))
        right = {4: {0: 3, 1: 0, 2: 1, 3: 2}, 5: {0: 4, 1: 0, 2: 1, 3: 2, 4: 3}}[n][dealer]
        assert (won.seat, won.bid, won.forced) == (right, 300, True)


@pytest.mark.parametrize("n", (4, 5))
def test_the_play_skips_the_chairs_sitting_out(n: int) -> None:
    rules = seated("cutthroat", n)
    for dealer in range(n):
        dealt = set(range(n)) - OUT[n][dealer]
        # Deals until one is played out (a bidder short of meld must concede: 003).
        tricks = next(t for seed in range(40) if (t := _play_hand(rules, dealer, seed, dealt)))
        assert tricks == 15


def _play_hand(rules: RuleSet, dealer: int, seed: int, dealt: set[int]) -> int:
    """Plays one hand (lowest calls, random cards), checking every trick; the tricks played."""
    state, _ = dealt_by(rules, dealer, seed)
    rng = random.Random(seed)
    played: list[int] = []
    tricks = 0
    while state.phase != Phase.DEAL and not state.over:
        who = actor(state)
        assert who in dealt
        legal = legal_actions(state)
        if state.phase == Phase.AUCTION:
            action = Pass() if Pass() in legal else legal[0]
        elif PlayHand() in legal:
            action = PlayHand()
        else:
            action = rng.choice(legal)
        state, events = apply(state, action)
        for e in events:
            if isinstance(e, CardPlayed):
                played.append(e.seat)
            if isinstance(e, TrickWon):
                # each trick is one card from each of the three chairs dealt, in turn round
                # the table
                assert len(e.cards) == 3 and {s for s, _ in e.cards} == dealt
                assert played == _in_turn(played[0], dealt, len(state.scores))
                played = []
                tricks += 1
    assert state.records and state.records[-1].dealer == dealer
    return tricks


def _in_turn(first: int, dealt: set[int], n: int) -> list[int]:
    order = [first]
    seat = first
    while len(order) < 3:
        seat = (seat + 1) % n  # clockwise, written out independently of the seating model
        if seat in dealt:
            order.append(seat)
    return order


def _play_game(rules: RuleSet, seed: int, levels: tuple[str, ...]) -> tuple:
    """A whole game played by bots of ``levels`` in turn round the chairs: its last state
    and its actions."""
    bots = [make_bot(levels[i % len(levels)]) for i in range(rules.players)]
    rng = random.Random(seed)
    state = new_game(rules, seed)
    moves = []
    while not state.over:
        who = actor(state)
        acts = legal_actions(state)
        if state.phase != Phase.DEAL:
            assert who not in OUT[rules.players][state.dealer], "a bot acted for a sitter"
        action = acts[0] if len(acts) == 1 else bots[who].choose(observe(state, who), rng)
        assert action in acts
        state, _ = apply(state, action)
        moves.append(action)
        assert len(moves) < 20_000
    return state, moves


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("n", (4, 5))
def test_whole_games_with_bots_and_sitters_score_nothing(preset: str, n: int) -> None:
    # "A player who sits out scores nothing that hand"; at check, no checks either.
    rules = seated(preset, n)
    state, _ = _play_game(rules, 5, ("medium", "easy"))
    assert 0 <= state.winner < n
    before = (0,) * n
    tallies = (0,) * n
    dealers = [r.dealer for r in state.records]
    assert len(dealers) >= 2
    for record in state.records:
        for s in OUT[n][record.dealer]:
            side = record.sides[s]
            assert side.score == 0 and side.meld == 0 and side.tricks == 0
            assert "sat out" in side.notes
            assert record.totals[s] == before[s]
            if rules.scoring.checks:
                assert record.tallies[s] == 0 and record.tally_totals[s] == tallies[s]
        before = record.totals
        tallies = record.tally_totals or tallies
    # The deal passes to the next chair clockwise, round every chair.
    assert dealers == [(dealers[0] + i) % n for i in range(len(dealers))]


@pytest.mark.parametrize("n", (4, 5))
def test_the_bots_see_the_hand_at_its_three_handed_table(n: int) -> None:
    rules = seated("cutthroat", n)
    state, _ = dealt_by(rules, 1, seed=3)
    view = observe(state, actor(state))
    seen = hand_view(view)
    # the house table's own rules, three seated: cutthroat's table
    assert seen.rules.table == load_preset("cutthroat").table and seen.rules.players == 3
    assert (seen.rules.auction, seen.rules.scoring) == (rules.auction, rules.scoring)
    assert seen.hand_sizes == (15, 15, 15) and seen.hand == view.hand
    assert seen.legal == view.legal and seen.actor == seen.seat
    # Dealer 1 leaves out chair 1 (and, five seated, chair 3): the three chairs dealt are the
    # hand's seats 0, 1, 2 in seat order, and the dealer's right (chair 0) plays the dealer.
    chairs = sorted(set(range(n)) - OUT[n][1])
    assert seen.seat == chairs.index(view.seat) and seen.dealer == chairs.index(0)


@pytest.mark.parametrize("n", (4, 5))
def test_a_hand_with_sitters_is_written_and_read_back(n: int) -> None:
    # The hand history (position notation) writes a sitter's hand empty and reads it back.
    rules = seated("check", n)
    state, actions = _play_game(rules, 8, ("easy",))
    hands = game_hands(rules, 8, actions)
    assert hands and len(hands) == len(state.records)
    for hand in hands[:n]:
        back = read(hand.text, lambda _: rules)
        assert back.start.hand.hands == hand.start.hand.hands
        assert back.state.scores == state.records[hand.hand_no].totals


@pytest.mark.parametrize("n", (4, 5))
def test_a_bot_decides_as_at_a_three_handed_table_dealt_the_same_cards(n: int) -> None:
    # Cross-check with no projection at all: the same three hands dealt at a table of three
    # (the chairs dealt, in seat order, as South, West, East; the dealer's right deals), the
    # same decision asked of the hard bot and of the review's analysis.
    rules = seated("cutthroat", n)
    dealer = 2
    state, dealt = dealt_by(rules, dealer, seed=31)
    chairs = sorted(set(range(n)) - OUT[n][dealer])
    three = hand_rules(rules)
    assert three.players == 3
    right = max(c for c in chairs if c < dealer)  # the dealer's right, dealt a hand
    plain = at_deal(new_game(three, 31), 0, chairs.index(right))
    widow = _widow_of(rules, dealt)
    plain, _ = deal_cards(plain, [dealt.hands[c] for c in chairs], widow, [])
    seat = actor(state)
    assert actor(plain) == chairs.index(seat)
    ours, theirs = observe(state, seat), observe(plain, chairs.index(seat))
    hard = make_bot("hard")
    a = hard.suggest(ours, random.Random(4))
    b = hard.suggest(theirs, random.Random(4))
    assert a.action == b.action
    x = analyse(ours, random.Random(5), 0.2)
    y = analyse(theirs, random.Random(5), 0.2)
    assert [(o.action, round(o.value, 6)) for o in x.options] == \
        [(o.action, round(o.value, 6)) for o in y.options]


def _widow_of(rules: RuleSet, dealt: CardsDealt) -> list:
    """The widow of a deal: the pack less every hand."""
    held = rules.deck.counts_of([c for h in dealt.hands for c in h])
    return rules.deck.to_cards(rules.deck.full() - held)


def test_a_playout_at_the_chairs_is_refused_not_guessed() -> None:
    # The trick kernel's playouts go round every chair; where people sit out, a playout must
    # be played at the hand's own table, and asking the chairs' kernel for one is a bug.
    rules = seated("cutthroat", 4)
    state, _ = dealt_by(rules, 0)
    with pytest.raises(ValueError, match="sit out"):
        kernel_for(rules).random_playout(list(state.hand.hands), 0, 1)
    three = hand_rules(rules)
    hands = [h for h in state.hand.hands if h]
    assert sum(kernel_for(three).random_playout(hands, 0, 0)) == three.total_trick_points - \
        sum(three.trick_points_by_type[t] * three.deck.count(state.hand.widow, c)
            for t, c in enumerate(three.deck.types))


def test_a_bots_reason_names_the_chairs() -> None:
    # Five seated, chair 4 (East) deals: East and West sit out, and the hand's seats South,
    # West, East are the chairs South, Northwest, Northeast.
    state, _ = dealt_by(seated("cutthroat", 5), 4)
    view = observe(state, 0)
    assert chair_words(view, "West takes it; East led, South holds the ace") == \
        "Northwest takes it; Northeast led, South holds the ace"


@pytest.mark.parametrize(("text", "says"), [
    ('base = "check"\n[table]\nseated = 6', "must be 3, 4 or 5, got 6"),
    ('base = "cutthroat"\n[table]\nseated = 2', "must be 3, 4 or 5, got 2"),
    ('base = "racehorse"\n[table]\nseated = 5', "three-handed tables"),
    ('base = "five-handed"\n[table]\nseated = 6', "three-handed tables"),
])
def test_other_tables_and_values_are_refused(text: str, says: str) -> None:
    head, _, rest = text.partition("\n")
    with pytest.raises(RuleSetError) as err:
        ruleset_from_text(f'{head}\nname = "x"\ntitle = "x"\n{rest}', "house.toml")
    message = str(err.value)
    assert "table.seated" in message and says in message and "\n" not in message


def test_the_presets_seat_three_and_the_rules_text_quotes_the_source() -> None:
    for preset in PRESETS:
        rules = load_preset(preset)
        assert rules.players == 3 and not rules.seating.sits_out
        assert QUOTE not in rules_text(rules)
        assert QUOTE in " ".join(rules_text(seated(preset, 5)).split())
