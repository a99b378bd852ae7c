"""The rule facts of one table, asked of the engine: what a sentence about the rules of that
table can be tested against.

Nothing here is typed per table. The rank order is the pack's; the counters, the last trick and
the total are the trick scorer's; each meld's cards are what the meld scorer finds in a pack
(one card of each kind, with trump named); who bids first is whose turn it is once the engine
has dealt; and each trick behaviour (follow suit, beat the winning card, trump when void, a
losing trump, over-trump, beat a trump lead, any card) is a small trick played to the engine's
``explain_plays``, which answers whether the card the behaviour forbids is refused, and by which
of the table's numbered rules. The tutorial's check reads sentences against these facts
(``game/tutorial/meaning.py``), and the Rule order page shows the behaviours' rule numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from game.rules.actions import Action, Deal, DeclareOut, PlayCard, ProposeThrowIn, ThrowIn
from game.rules.auction_game.state import HandState
from game.rules.cards import Card, Rank, Suit
from game.rules.compiled import best_meld
from game.rules.engine import actor, apply, legal_actions, new_game
from game.rules.events import TrickWon
from game.rules.ruleset import MeldKind, Obligation, RuleSet
from game.rules.tricks import explain_plays, trick_winner_index

PROBE_TRUMP = Suit.HEARTS
PHASES = ("", "stock", "playoff")  # a table's trick rules: "" (one list), or two-handed's two


@dataclass(frozen=True)
class Probe:
    """A trick behaviour: ``hand`` plays to a trick led with ``led`` (then ``played``), hearts
    trump; the behaviour is in force when the engine refuses ``refused``. A probe with no
    ``refused`` card asks whether every card of the hand is legal (``any_card``). Cards are
    aces to jacks, which every pack holds, and each probe reads the same under both rank
    orders."""

    name: str
    led: str
    hand: tuple[str, str]
    refused: str = ""
    played: tuple[str, ...] = ()


PROBES: dict[str, Probe] = {p.name: p for p in (
    Probe("follow", "KS", ("QS", "JC"), "JC"),
    Probe("head", "QS", ("AS", "JS"), "JS"),  # beat the winning card of the suit led
    Probe("trump_void", "KS", ("JH", "JC"), "JC"),  # void: a trump that wins
    Probe("losing_trump", "KS", ("JH", "JC"), "JC", ("AH",)),  # void: a trump that loses
    Probe("over_trump", "KS", ("AH", "JH"), "JH", ("QH",)),
    Probe("beat_trump_lead", "QH", ("AH", "JH"), "JH"),
    Probe("head_after_ruff", "QS", ("AS", "JS"), "JS", ("JH",)),
    Probe("any_card", "KS", ("JC", "QD")),  # void and no trump: any card
)}


@dataclass(frozen=True)
class Behaviour:
    """What the engine does in a probe: ``enforced`` (the card is refused; for ``any_card``,
    every card is legal) and the rule that decides it (name and number at the table)."""

    enforced: bool
    rule: str | None = None  # an Obligation
    number: int = 0


@dataclass(frozen=True)
class MeldShape:
    """A meld as the meld scorer finds it: its ranks and how its suits go together
    (``trump``: all trump; ``one``: one suit, not trump; ``each``: one of each suit;
    ``fixed``: these very cards), its name at the table and its values (single, double...)."""

    kind: MeldKind
    name: str
    ranks: tuple[str, ...]  # rank letters, high to low
    suits: str
    cards: tuple[str, ...]  # for ``fixed``: the cards
    values: tuple[int, ...]


@dataclass(frozen=True)
class TableFacts:
    """The rule facts of one table (see the module), as :func:`table_facts` asks them of the
    engine."""

    table: str
    ranks: tuple[str, ...]  # rank letters, high to low
    points: Mapping[str, int]  # rank letter -> trick points (every rank of the pack)
    last_trick: int
    trick_total: int
    melds: Mapping[str, MeldShape]  # the melds the table scores, by kind
    one_class_once: bool  # a card serves once per class (two-handed: also a higher meld later)
    card_in_two_classes: bool  # the Q♠ of a marriage in spades also makes the pinochle
    meld_minimum: int
    obligations: Mapping[str, tuple[Obligation, ...]]  # phase -> the numbered rules
    behaviours: Mapping[tuple[str, str], Behaviour]  # (phase, probe) -> what the engine does
    twins_first_wins: bool  # of identical cards in a trick, the first played wins
    trick_winner_rule: bool  # the highest of the suit led wins, a trump beats the other suits
    winner_leads: bool  # the winner of a trick leads the next
    auction: bool
    first_bidder: int  # seats after the dealer (1: the dealer's left); -1 without an auction
    dealer_opens_at: int  # the dealer's standing opening bid (0: none)
    min_bid: int
    bid_steps: tuple[int, ...]  # the increment, then (switch, increment above)
    all_pass_bid: int  # what the dealer is held to when every other player passes
    stuck_may_raise: bool
    forced_open: bool  # a player holding meld may not pass
    trump_needs_marriage: bool
    pass_count: int
    # The bidder's meld is counted before the pass back and its cards stay in hand: the cards
    # passed back come from outside it while enough remain (000, passing.legal_pass).
    meld_stays_in_pass_back: bool
    widow: int
    throw_in: str  # "never", "before-play", "over-margin"
    concede_margin: int  # three-handed: forced to concede past this margin (0: never forced)
    save_meld: str  # how a side keeps its meld: "none", "counter-or-last-trick", "trick", "points"
    stars: bool
    checks: bool
    stock: bool
    players: int
    partners: bool
    sides: str  # how the table makes its sides (seating.SideRule): "pairs", "partner-by-card"...
    partner_by: str  # where a card finds the partner: "highest-trump" or "called-card"
    partner_set: str  # there, who loses the bid when the side falls short: "both" or "bidder"

    @property
    def phases(self) -> tuple[str, ...]:
        return tuple(self.obligations)

    def behaviour(self, probe: str, phase: str = "") -> Behaviour:
        return self.behaviours[(phase or self.phases[0], probe)]

    def outranks(self, a: str, b: str) -> bool:
        """Whether rank ``a`` ranks above rank ``b`` in this pack (letters)."""
        return self.ranks.index(a) < self.ranks.index(b)


def _behaviour(rules: RuleSet, probe: Probe, obligations: tuple[Obligation, ...]) -> Behaviour:
    hand = [Card.parse(c) for c in probe.hand]
    trick = [Card.parse(c) for c in (probe.led, *probe.played)]
    verdict = explain_plays(rules, hand, trick, int(PROBE_TRUMP), obligations)
    if not probe.refused:
        enforced = len(verdict.legal) == len(hand)
        listed = "any_card" in obligations
        return Behaviour(enforced, "any_card" if listed and enforced else None,
                         obligations.index("any_card") + 1 if listed and enforced else 0)
    reason = verdict.reason(Card.parse(probe.refused))
    if reason is None:
        return Behaviour(False)
    return Behaviour(True, reason.rule, reason.number)


def _meld_shapes(rules: RuleSet) -> dict[str, MeldShape]:
    """Each meld kind the scorer finds in one card of each kind of the pack, spades trump (the
    royal marriage once the trump ace is gone, so that no run holds its king and queen)."""
    deck = rules.deck
    pack = [card for card in deck.types]
    trump = Suit.SPADES
    found = {m.kind: m for m in best_meld(rules, pack, int(trump)).melds}
    no_ace = [c for c in pack if c != Card(Rank.ACE, trump)]
    found.update({m.kind: m for m in best_meld(rules, no_ace, int(trump)).melds
                  if m.kind not in found})
    order = deck.ranks_high_to_low
    out: dict[str, MeldShape] = {}
    for kind, meld in found.items():
        suits = {c.suit for c in meld.cards}
        if suits == {trump}:
            shape = "trump"
        elif len(suits) == 1:
            shape = "one"
        elif len(suits) == len(meld.cards) == len(Suit):
            shape = "each"
        else:
            shape = "fixed"
        ranks = sorted({c.rank for c in meld.cards}, key=order.index)
        values = getattr(rules.meld, kind)
        out[kind] = MeldShape(kind, rules.meld_name(kind), tuple(r.letter for r in ranks), shape,
                              tuple(sorted(str(c) for c in meld.cards)) if shape == "fixed"
                              else (), values if isinstance(values, tuple) else (values,))
    return out


def _two_classes(rules: RuleSet) -> bool:
    """Whether the scorer counts one card in two classes (K♠ Q♠ J♦, hearts trump: the queen
    in the marriage and in the pinochle)."""
    melds = best_meld(rules, [Card.parse(c) for c in ("KS", "QS", "JD")], int(PROBE_TRUMP)).melds
    return {m.kind for m in melds} >= {"marriage", "pinochle"}


def _first_bidder(rules: RuleSet) -> int:
    """Seats from the dealer to the first player the engine asks for a call once it has dealt
    (-1 at a table without an auction)."""
    if not rules.auction.enabled or rules.stock.enabled:
        return -1
    state, _ = apply(new_game(rules, 1), Deal())
    seat, steps = state.dealer, 0
    while seat != actor(state):
        seat, steps = rules.next_seat(seat), steps + 1
    return steps


def _dealer_opening(rules: RuleSet) -> int:
    """The bid the dealer holds before anyone speaks, as the engine deals it (0: none)."""
    if not rules.auction.enabled or rules.stock.enabled:
        return 0
    state, _ = apply(new_game(rules, 1), Deal())
    hand = state.hand
    auction = hand.auction if isinstance(hand, HandState) else None
    if auction is None or auction.high_bidder != state.dealer:
        return 0
    return auction.high_bid


def _winner_rule(rules: RuleSet) -> bool:
    """Whether the engine wins a trick with the highest card of the suit led, unless a trump is
    played, and then with the highest trump (hearts trump)."""
    cases = (("KS AS", 1), ("KS AC", 0), ("KS JH", 1), ("JH AH", 1), ("AS JH", 1))
    trump = int(PROBE_TRUMP)
    return all(trick_winner_index(rules, [Card.parse(c) for c in cards.split()], trump) == want
               for cards, want in cases)


AVOID = (ThrowIn, ProposeThrowIn, DeclareOut)


def _winner_leads(rules: RuleSet) -> bool:
    """Whether, in a hand the engine deals and plays (the first legal action each time, never
    giving the hand up), the winner of the first trick plays the next card."""
    state, _ = apply(new_game(rules, 1), Deal())
    won = -1
    for _ in range(400):
        actions = legal_actions(state)
        if not actions:
            return False
        action: Action = next((a for a in actions if not isinstance(a, AVOID)), actions[0])
        if won >= 0 and isinstance(action, PlayCard):
            return actor(state) == won
        state, events = apply(state, action)
        won = next((e.seat for e in events if isinstance(e, TrickWon)), won)
    return False


@cache
def table_facts(rules: RuleSet) -> TableFacts:
    """What the engine does at this table, found by playing probe positions through it
    (which rule decides each situation of play, per part of the hand) and read from its
    rule set: the facts lessons and the rule-order page state."""
    lists: dict[str, tuple[Obligation, ...]] = {"": tuple(rules.tricks.obligations)}
    if rules.stock.enabled:
        lists = {"stock": tuple(rules.tricks.obligations),
                 "playoff": tuple(rules.stock.playoff_obligations)}
    behaviours = {(phase, name): _behaviour(rules, probe, obligations)
                  for phase, obligations in lists.items() for name, probe in PROBES.items()}
    twin = Card(Rank.ACE, Suit.SPADES)
    a = rules.auction
    return TableFacts(
        table=rules.name,
        ranks=tuple(r.letter for r in rules.deck.ranks_high_to_low),
        points={r.letter: rules.tricks.points.get(r.letter, 0)
                for r in rules.deck.ranks_high_to_low},
        last_trick=rules.tricks.last_trick,
        trick_total=rules.total_trick_points,
        melds=_meld_shapes(rules),
        one_class_once=not rules.stock.enabled,
        card_in_two_classes=_two_classes(rules),
        meld_minimum=rules.meld.minimum,
        obligations=lists,
        behaviours=behaviours,
        twins_first_wins=trick_winner_index(rules, [twin, twin], None) == 0,
        trick_winner_rule=_winner_rule(rules),
        winner_leads=_winner_leads(rules),
        auction=a.enabled and not rules.stock.enabled,
        first_bidder=_first_bidder(rules),
        dealer_opens_at=_dealer_opening(rules),
        min_bid=a.min_bid,
        bid_steps=(a.step, *a.step_above),
        all_pass_bid=a.all_pass_bid,
        stuck_may_raise=a.stuck_dealer_may_raise,
        forced_open=a.forced_open_with_meld,
        trump_needs_marriage=a.trump_needs_marriage,
        pass_count=rules.passing.count,
        meld_stays_in_pass_back=rules.passing.count > 0
        and rules.passing.exchange == "sequential",
        widow=rules.widow.size,
        throw_in=rules.throw_in.mode,
        concede_margin=rules.widow.forced_concede_margin,
        save_meld=rules.scoring.save_meld,
        stars=rules.scoring.stars,
        checks=rules.scoring.checks,
        stock=rules.stock.enabled,
        players=rules.players,
        partners=rules.partnerships,
        sides=rules.seating.rule,
        partner_by=rules.table.partner_by if rules.seating.by_card else "",
        partner_set=rules.scoring.partner_set if rules.seating.by_card else "",
    )
