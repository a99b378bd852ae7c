"""Headless simulation: complete hands played by legal-move bots, with the engine's invariants
checked as it goes. Used by ``pinochle simulate``, the tests and the benchmarks."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from game.rules.actions import Action, Bid, DeclareOut, Discard, Pass, PassCards
from game.rules.compiled import kernel_for
from game.rules.engine import actor, apply, legal_actions, new_game, replay
from game.rules.events import DeclaredOut, HandScored
from game.rules.facts import card_choice, cards_conserved, declaring_out_wins, trick_points_taken
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.tricks import explain_plays, trick_winner_index
from game.rules.view import observe


def _random_cards(state: GameState, rng: random.Random) -> Action | None:
    """A random pass or discard drawn straight from the hand, without listing every choice;
    None in any other phase."""
    choice = card_choice(state)
    if choice is None:
        return None
    cards, k = choice
    if len(cards) < k:
        return None
    chosen = tuple(sorted(rng.sample(cards, k)))
    return Discard(chosen) if state.phase == Phase.DISCARD else PassCards(chosen)


def legal_bot(state: GameState, rng: random.Random) -> Action:
    """A legal-move player: random cards, and an auction that is not absurd (it passes half the
    time, otherwise bids the lowest amount allowed)."""
    action = _random_cards(state, rng)
    if action is not None:
        return action
    acts = legal_actions(state)
    n = len(acts)
    last = acts[-1].__class__
    if last is DeclareOut:
        # Declare out only when it wins; otherwise it is a random way to lose the match.
        if declaring_out_wins(state):
            return acts[-1]
        n -= 1  # choose among the others
        last = acts[n - 1].__class__
    if last is Bid:
        if isinstance(acts[0], Pass):
            return acts[0] if rng.random() < 0.5 else acts[1]
        return acts[0]
    return acts[int(rng.random() * n)]


def conserved(state: GameState) -> bool:
    """Every card of the pack is in exactly one place."""
    return cards_conserved(state)


MAX_ACTIONS_PER_HAND = 5_000  # a hand takes at most a few hundred: more is a hang


@dataclass
class SimReport:
    """What a simulation of one variant found: the hands and games played, every invariant broken,
    and the bids, contracts made and points."""

    variant: str
    hands: int = 0
    games: int = 0
    seconds: float = 0.0
    actions: int = 0
    violations: list[str] = field(default_factory=list)
    bids: int = 0
    bid_total: int = 0
    made: int = 0
    points: list[int] = field(default_factory=list)
    declared_out: int = 0  # two-handed hands that ended the game by a declaration, unscored

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "variant": self.variant, "hands": self.hands, "games": self.games,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
            "actions": self.actions,
            "declared_out": self.declared_out,
            "invariant_violations": len(self.violations),
            "violations": self.violations[:20],
            "contracts": self.bids,
            "made_rate": round(self.made / self.bids, 3) if self.bids else None,
            "average_bid": round(self.bid_total / self.bids, 1) if self.bids else None,
            "average_points_per_hand": [round(p / self.hands, 1) if self.hands else 0
                                        for p in self.points],
        }


def _check_step(state: GameState, report: SimReport, rng: random.Random) -> None:
    rules = state.rules
    if not conserved(state):
        report.violations.append(f"hand {state.hand_no}: cards not conserved in {state.phase}")
    if not state.over and not legal_actions(state):
        report.violations.append(f"hand {state.hand_no}: no legal action in {state.phase}")
    seat = actor(state)
    if seat < 0:
        return
    everything = observe(state, seat, reveal=True)
    view = observe(state, seat)
    if everything.all_hands and view.hand != everything.all_hands[seat]:
        report.violations.append("observation shows the wrong hand")
    # Now and then, hold the kernel's legal set against the rule-by-rule explanation.
    if not rules.stock.enabled and view.phase == Phase.TRICKS and view.trick \
            and rng.random() < 0.05:
        kernel = kernel_for(rules)
        deck = rules.deck
        led = [c for _, c in view.trick]
        trump = view.trump
        winning = led[trick_winner_index(rules, led, trump if trump >= 0 else None)]
        trick = tuple((s, deck.type_of(c)) for s, c in view.trick)
        mask = kernel.legal(view.hand, trick, deck.type_of(winning), trump)
        fast = {deck.types[t] for t in kernel.types_in(mask)}
        slow = set(explain_plays(rules, view.cards, led, trump).legal)
        if fast != slow:
            report.violations.append(f"kernel and rules disagree on {sorted(map(str, fast))}")


def simulate(rules: RuleSet, hands: int, seed: int, check: bool = True) -> SimReport:
    """Play ``hands`` complete hands (starting new games as needed) with legal-move bots."""
    report = SimReport(rules.name, points=[0] * rules.n_sides)
    rng = random.Random(seed)
    game_no = 0
    start = time.perf_counter()
    while report.hands < hands:
        state = new_game(rules, seed * 100_003 + game_no)
        game_no += 1
        actions: list[Action] = []
        since_scored = 0
        while state.winner < 0 and report.hands < hands:
            action = legal_bot(state, rng)
            state, events = apply(state, action)
            actions.append(action)
            since_scored += 1
            for ev in events:
                if isinstance(ev, HandScored):
                    _tally(rules, ev, report)
                    since_scored = 0
                elif isinstance(ev, DeclaredOut):
                    # The game ends inside a hand that is never scored: it still counts as a
                    # hand played, or a short target would make this loop run for ever.
                    report.hands += 1
                    report.declared_out += 1
            if since_scored > MAX_ACTIONS_PER_HAND:
                report.violations.append(f"game {game_no}: a hand went on for more than "
                                         f"{MAX_ACTIONS_PER_HAND} actions")
                break
            if check:
                _check_step(state, report, rng)
        report.actions += len(actions)
        report.games += 1
        if check:
            again, _ = replay(rules, state.seed, actions)
            if again != state:
                report.violations.append(f"game {game_no}: replay differs")
    report.seconds = time.perf_counter() - start
    return report


def _tally(rules: RuleSet, ev: HandScored, report: SimReport) -> None:
    result = ev.result
    report.hands += 1
    for side in result.sides:
        report.points[side.side] += side.score
    if result.bidder >= 0:
        report.bids += 1
        report.bid_total += result.bid
        if result.outcome == "made":
            report.made += 1
    if result.outcome in ("made", "set", "played"):
        taken = trick_points_taken(rules, result)
        if taken != rules.total_trick_points:
            report.violations.append(f"hand {result.hand_no}: trick points {taken}, "
                                     f"expected {rules.total_trick_points}")
