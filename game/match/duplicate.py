"""Duplicate matches between two bot levels: the harness behind ``pinochle match``.

Each deal is played once per seating with the same cards: four-handed and two-handed games
twice with the sides swapped, three-handed games three times with A in each seat and B in the
other two. Luck cancels, so A's average margin over B per deal measures skill alone. A deal is
one hand played from the deal to its score, starting from 0 to 0.

Results depend only on the variant, the levels, their options, the number of deals and the seed:
every bot decision gets its own generator seeded by (seed, deal, seating, decision index), and
``--jobs`` only splits the deals between processes. Decision times are measured with the wall
clock and are the only figures that vary from run to run.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.bots.base import Bot, IllegalChoiceError
from game.bots.registry import make_bot
from game.match.pieces import parse_records, run_pieces
from game.match.records import TableResult, deal_from_record, deal_record, stored
from game.rules.actions import Deal
from game.rules.engine import actor, apply, at_deal, new_game
from game.rules.events import GameWon, HandResult, HandScored
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.view import observe
from game.store.checkpoint import source_digest
from game.store.content import load_ruleset

KINDS = {Phase.AUCTION: "bid", Phase.TRUMP: "trump", Phase.PASS: "pass",
         Phase.PASS_BACK: "pass", Phase.WIDOW: "widow", Phase.DISCARD: "discard",
         Phase.DECIDE: "decide", Phase.TRICKS: "card", Phase.MELD_TURN: "meld"}


def seatings(rules: RuleSet) -> list[tuple[str, ...]]:
    """Which level ('a' or 'b') sits in each seat, for each table of one deal: A takes each
    side in turn (partners together), B the others."""
    seating = rules.seating
    return [tuple("a" if seating.side_of(s) == side else "b" for s in seating.seats)
            for side in range(seating.n_sides)]


def level_sides(rules: RuleSet, seats: Sequence[str]) -> tuple[list[int], list[int]]:
    """The sides A plays and the sides B plays at one table."""
    a = sorted({rules.side_of(s) for s, x in enumerate(seats) if x == "a"})
    b = sorted({rules.side_of(s) for s, x in enumerate(seats) if x == "b"})
    return a, b


def level_means(rules: RuleSet, per_side: Sequence[float] | dict[int, float],
                seats: Sequence[str]) -> dict[str, float]:
    """A figure kept per side, as each level's mean over the sides it plays."""
    a, b = level_sides(rules, seats)
    return {"a": sum(per_side[x] for x in a) / len(a), "b": sum(per_side[x] for x in b) / len(b)}


def _side_scores(rules: RuleSet, result: HandResult, seats: Sequence[str]
                 ) -> tuple[float, dict[str, float]]:
    """(A's margin over B, trick points per level) from one scored hand (three-handed: A's
    seat against the mean of the B seats)."""
    score = level_means(rules, {s.side: float(s.score) for s in result.sides}, seats)
    tricks = level_means(rules, {s.side: float(s.tricks) for s in result.sides}, seats)
    return score["a"] - score["b"], tricks


@dataclass
class HandLog:
    """What one hand at one table produced besides the state: the decision times and the
    illegal choices met (the bot's bug counted, the game played on)."""

    times: list[tuple[str, str, float]] = field(default_factory=list)  # (level, kind, ms)
    illegal: int = 0
    decision: int = 0  # decisions made so far at this table (seeds each bot's generator)


def play_hand(state: GameState, seats: Sequence[str], bots: dict[str, Bot], key: str,
              log: HandLog) -> tuple[GameState, HandResult | None]:
    """Play from a dealt hand to its score (or the end of the game): the new state and the
    scored result (None when a two-handed player declared out first). Every decision's
    generator is seeded by ``key`` and its index, so a table replays exactly."""
    perf = time.perf_counter
    while True:
        seat = actor(state)
        if state.phase == Phase.DEAL or seat < 0:
            return state, None
        bot = bots[seats[seat]]
        view = observe(state, seat, reveal=getattr(bot, "sees_all", False))
        level = seats[seat]
        rng = random.Random(f"{key}/{log.decision}")
        log.decision += 1
        t0 = perf()
        try:
            action = bot.choose(view, rng)
        except IllegalChoiceError:
            log.illegal += 1  # a bot bug: counted in the report, and the game goes on
            action = view.legal[0]
        ms = (perf() - t0) * 1000
        if len(view.legal) > 1:
            log.times.append((level, KINDS.get(view.phase, "other"), ms))
        if action not in view.legal:  # a bot outside the levels (no check of its own)
            log.illegal += 1
            action = view.legal[0]
        state, events = apply(state, action)
        over = False
        for ev in events:
            if isinstance(ev, HandScored):
                return state, ev.result
            if isinstance(ev, GameWon):
                over = True
        if over:
            return state, None


def play_table(rules: RuleSet, seed: int, deal: int, table: int, seats: Sequence[str],
               bots: dict[str, Bot]) -> TableResult:
    """Play one deal at one seating from the deal to the hand's score."""
    state = new_game(rules, seed)
    dealer = rules.seating.wrapped(deal)  # the deal passes round the table
    state = at_deal(state, deal, dealer)
    state, _ = apply(state, Deal())
    log = HandLog()
    state, result = play_hand(state, seats, bots, f"match/{seed}/{deal}/{table}", log)
    if result is not None:
        return hand_result(rules, deal, table, seats, result, log.times, log.illegal)
    # Declared out before the hand was scored (two-handed): score what each side had.
    margin = float(state.scores[seats.index("a")] - state.scores[seats.index("b")])
    return TableResult(deal, table, margin, None, {"a": 0.0, "b": 0.0}, log.times,
                       log.illegal, "declared out")


def _side_checks(rules: RuleSet, result: HandResult, seats: Sequence[str]
                 ) -> dict[str, float] | None:
    """Checks each level gained in one scored hand (003's check pinochle; None without)."""
    if not rules.scoring.checks or not result.tallies:
        return None
    gained = result.tallies
    levels: dict[str, list[int]] = {"a": [], "b": []}
    for side in range(rules.n_sides):
        seat = rules.seats_of(side)[0]
        levels[seats[seat]].append(gained[side])
    return {k: sum(v) / len(v) if v else 0.0 for k, v in levels.items()}


def hand_result(rules: RuleSet, deal: int, table: int, seats: Sequence[str], result: HandResult,
            times: list[tuple[str, str, float]], illegal: int) -> TableResult:
    """One table's result of a scored hand: A's margin over B, the contract and who held
    it, trick points and checks per level, the decision times and illegal choices."""
    margin, tricks = _side_scores(rules, result, seats)
    contract = None
    if result.bidder >= 0:
        made = result.outcome == "made"
        contract = (seats[result.bidder], result.bid, made)
    return TableResult(deal, table, margin, contract, tricks, times, illegal, result.outcome,
                       _side_checks(rules, result, seats))


Load = Callable[[str], RuleSet]


@dataclass(frozen=True)
class MatchSpec:
    """A duplicate match as given: the variant, levels A and B with their options, and the seed; its
    results depend on nothing else."""

    variant: str
    a: str
    b: str
    seed: int
    a_options: tuple[tuple[str, object], ...] = ()
    b_options: tuple[tuple[str, object], ...] = ()


def header(spec: MatchSpec, kind: str) -> dict[str, Any]:
    """What a checkpoint must match: the same match, the same kind of pieces, the same code."""
    return {"kind": kind, "variant": spec.variant, "a": spec.a, "b": spec.b, "seed": spec.seed,
            "a_options": [[k, v] for k, v in spec.a_options],
            "b_options": [[k, v] for k, v in spec.b_options],
            "code": source_digest()}


def play_deals(spec: MatchSpec, deals: Sequence[int],
               load: Callable[[str], RuleSet] | None = None) -> list[TableResult]:
    """Every seating of the given deals (one worker's share of a match)."""
    if load is None:
        load = load_ruleset
    rules = load(spec.variant)
    bots = {"a": make_bot(spec.a, **dict(spec.a_options)),
            "b": make_bot(spec.b, **dict(spec.b_options))}
    out = []
    for deal in deals:
        for table, seats in enumerate(seatings(rules)):
            out.append(play_table(rules, spec.seed, deal, table, seats, bots))
    return out


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank), 0 for none."""
    if not values:
        return 0.0
    s = sorted(values)
    i = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[i]


@dataclass
class MatchReport:
    """A duplicate match's results: every seating's result of every deal, and the time the run
    took."""

    spec: MatchSpec
    deals: int
    tables: list[TableResult]
    seconds: float = 0.0
    # Pieces (deals or games) this run played itself, and of how many: decision times are
    # measured over those alone (a checkpoint keeps no times). None: every piece.
    timed: tuple[str, int, int] | None = None

    def per_deal(self) -> list[float]:
        by: dict[int, list[float]] = {}
        for t in self.tables:
            by.setdefault(t.deal, []).append(t.margin)
        return [sum(v) / len(v) for _, v in sorted(by.items())]

    def checks_json(self) -> dict[str, object] | None:
        """003's checks per deal: each level's, and A's margin over B with its interval (the
        points per deal leave them out; check pinochle is played for both)."""
        rows = [t for t in self.tables if t.checks is not None]
        if not rows:
            return None
        by: dict[int, list[float]] = {}
        for t in rows:
            assert t.checks is not None
            by.setdefault(t.deal, []).append(t.checks["a"] - t.checks["b"])
        mean, (lo, hi), _ = interval([sum(v) / len(v) for v in by.values()])
        # every deal has the same seatings: the mean over them is the mean per deal
        per = {k: round(sum(t.checks[k] for t in rows if t.checks) / len(rows), 3)
               for k in ("a", "b")}
        return {"a": per["a"], "b": per["b"], "a_minus_b": round(mean, 3),
                "ci95": [round(lo, 3), round(hi, 3)]}

    def to_json(self) -> dict[str, object]:
        xs = self.per_deal()
        n = len(xs)
        mean, (lo95, hi95), var = interval(xs)
        out: dict[str, object] = {
            "variant": self.spec.variant, "a": self.spec.a, "b": self.spec.b,
            "deals": self.deals, "seed": self.spec.seed,
            "tables_per_deal": len(self.tables) // max(1, n),
            "points_per_deal": round(mean, 2),
            "ci95": [round(lo95, 2), round(hi95, 2)],
            "sd_per_deal": round(math.sqrt(var), 1),
        }
        checks = self.checks_json()
        if checks is not None:
            out["checks_per_deal"] = checks
        contracts: dict[str, list[tuple[int, bool]]] = {"a": [], "b": []}
        for t in self.tables:
            if t.contract is not None:
                level, bid, made = t.contract
                contracts[level].append((bid, made))
        out["contracts"] = {k: len(v) for k, v in contracts.items()}
        out["make_rate"] = {k: _ratio(sum(m for _, m in v), len(v)) for k, v in contracts.items()}
        out["average_bid"] = {k: round(sum(b for b, _ in v) / len(v), 1) if v else None
                              for k, v in contracts.items()}
        other = {"a": "b", "b": "a"}
        out["set_rate"] = {k: _ratio(sum(not m for _, m in contracts[other[k]]),
                                     len(contracts[other[k]])) for k in ("a", "b")}
        tables = max(1, len(self.tables))
        out["trick_points_per_deal"] = {k: round(sum(t.tricks[k] for t in self.tables) / tables,
                                                 1) for k in ("a", "b")}
        out["decision_ms"] = {k: _times([ms for t in self.tables for lv, _, ms in t.times
                                         if lv == k], self.tables, k) for k in ("a", "b")}
        kind, played, of = self.timed or ("deals", n, n)
        out["decision_ms_pieces"] = {"kind": kind, "timed": played, "of": of}
        out["illegal_actions"] = sum(t.illegal for t in self.tables)
        out["seconds"] = round(self.seconds, 1)
        return out


def interval(xs: Sequence[float]) -> tuple[float, tuple[float, float], float]:
    """(mean, its 95% interval: mean ± 1.96 standard errors, the variance) over ``xs``."""
    n = len(xs)
    mean = sum(xs) / n if n else 0.0
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n > 1 else 0.0
    return mean, (mean - half, mean + half), var


def _ratio(num: int, den: int) -> float | None:
    return round(num / den, 3) if den else None


def _times(values: list[float], tables: Iterable[TableResult], level: str) -> dict[str, object]:
    out: dict[str, object] = {"p50": round(percentile(values, 0.5), 2),
                              "p95": round(percentile(values, 0.95), 2),
                              "max": round(max(values), 1) if values else 0.0,
                              "decisions": len(values)}
    kinds: dict[str, list[float]] = {}
    for t in tables:
        for lv, kind, ms in t.times:
            if lv == level:
                kinds.setdefault(kind, []).append(ms)
    out["by_kind"] = {kind: {"p50": round(percentile(v, 0.5), 2),
                             "p95": round(percentile(v, 0.95), 2),
                             "max": round(max(v), 1), "decisions": len(v)}
                      for kind, v in sorted(kinds.items())}
    return out


def _deal_work(args: tuple[MatchSpec, list[int], Load | None]) -> list[dict[str, Any]]:
    spec, part, load = args
    by: dict[int, list[TableResult]] = {}
    for t in play_deals(spec, part, load):
        by.setdefault(t.deal, []).append(t)
    return [deal_record(d, by[d]) for d in part]


def run_match(spec: MatchSpec, deals: int, jobs: int = 1,
              progress: Callable[[int, int], None] | None = None,
              load: Load | None = None, checkpoint: Path | None = None) -> MatchReport:
    """Play ``deals`` duplicate deals; ``jobs`` processes share them (same result); with a
    ``checkpoint`` file an interrupted run resumes where it stopped."""
    start = time.perf_counter()
    records, played = run_pieces(header(spec, "deals"), "deals", deals, jobs, progress,
                                 checkpoint, _deal_work, lambda part: (spec, part, load), "deal",
                                 same_deal)
    tables = [t for _, ts in parse_records(records, checkpoint, deal_from_record) for t in ts]
    tables.sort(key=lambda t: (t.deal, t.table))
    return MatchReport(spec, deals, tables, time.perf_counter() - start,
                       ("deals", played, deals))


def same_deal(rec: Mapping[str, Any], where: str) -> dict[str, Any]:
    """A deal's record as verification compares it: the rows, whatever format wrote them."""
    return stored(deal_record(*deal_from_record(rec, where)))
