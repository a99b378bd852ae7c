"""Whole duplicate games: ``pinochle match --games N``.

Each game is played from 0 to the target once per seating, with the same cards: game ``g``
deals from its own seed, so every seating sees the same hand at the same point of the game
(the scores, and so the bots' choices, may differ). A seating's game is won by the side the
rules name; a game not over after :data:`MAX_HANDS` hands is unfinished. The share of games A
wins has a 95% interval computed over games (each game's share of its seatings), since the
seatings of one game share their cards. The hands of the games also give the per-deal
figures: hand ``h`` of game ``g`` is one duplicate deal.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.bots.base import Bot
from game.bots.registry import make_bot
from game.match.duplicate import (
    HandLog,
    Load,
    MatchReport,
    MatchSpec,
    hand_result,
    header,
    level_means,
    play_hand,
    seatings,
)
from game.match.pieces import parse_records, run_pieces
from game.match.records import (
    TIMES,
    TableResult,
    number,
    stored,
    table_from_row,
    table_row,
    times_of,
    whole_or_float,
)
from game.rules.actions import Deal
from game.rules.engine import apply, new_game
from game.rules.ruleset import RuleSet
from game.store import schema
from game.store.content import load_ruleset

MAX_HANDS = 150  # far beyond any real game: a game still going is reported unfinished
DEAL_KEY = 1000  # per-deal figures: hand h of game g is deal g * DEAL_KEY + h


def game_seed(seed: int, game: int) -> int:
    """The seed of whole game ``game`` of a match seeded ``seed``."""
    return seed * 1_000_003 + game


@dataclass
class GameResult:
    """One whole game at one seating: who won it, every hand's result, and each level's final
    score."""

    game: int
    table: int
    winner: str  # "a", "b", or "" (unfinished)
    hands: list[TableResult]  # one per hand, deal = game * DEAL_KEY + hand
    final: dict[str, float]  # each level's final score (three-handed: B's average)


def _margin(rules: RuleSet, before: Sequence[int], after: Sequence[int],
            seats: Sequence[str]) -> float:
    """A's score change minus B's over one hand (three-handed: minus B's average)."""
    gain = level_means(rules, [a - b for a, b in zip(after, before, strict=True)], seats)
    return gain["a"] - gain["b"]


def play_game(rules: RuleSet, seed: int, game: int, table: int, seats: Sequence[str],
              bots: dict[str, Bot]) -> GameResult:
    """One game at one seating, from 0 to the end."""
    state = new_game(rules, game_seed(seed, game))
    log = HandLog()
    hands: list[TableResult] = []
    while not state.over and len(hands) < MAX_HANDS:
        state, _ = apply(state, Deal())
        before = state.scores
        hand_log = HandLog(decision=log.decision)
        state, result = play_hand(state, seats, bots, f"game/{seed}/{game}/{table}", hand_log)
        log.decision = hand_log.decision
        deal = game * DEAL_KEY + len(hands)
        if result is not None:
            hands.append(hand_result(rules, deal, table, seats, result, hand_log.times,
                                 hand_log.illegal))
        else:  # two-handed, declared out: the claim decided the game
            hands.append(TableResult(deal, table, _margin(rules, before, state.scores, seats),
                                     None, {"a": 0.0, "b": 0.0}, hand_log.times,
                                     hand_log.illegal, "declared out"))
    winner = seats[state.winner] if state.over and state.winner >= 0 else ""
    return GameResult(game, table, winner, hands, _final(rules, state.scores, seats))


def _final(rules: RuleSet, scores: Sequence[int], seats: Sequence[str]) -> dict[str, float]:
    return level_means(rules, scores, seats)


def play_games(spec: MatchSpec, games: Sequence[int],
               load: Callable[[str], RuleSet] | None = None) -> list[list[GameResult]]:
    """Every seating of the given games (one worker's share)."""
    if load is None:
        load = load_ruleset
    rules = load(spec.variant)
    bots = {"a": make_bot(spec.a, **dict(spec.a_options)),
            "b": make_bot(spec.b, **dict(spec.b_options))}
    return [[play_game(rules, spec.seed, g, table, seats, bots)
             for table, seats in enumerate(seatings(rules))] for g in games]


def game_record(results: Sequence[GameResult]) -> dict[str, Any]:
    """A game at every seating: each table's winner, final scores and one row per hand (hand
    ``h`` is deal ``game * DEAL_KEY + h``)."""
    rec: dict[str, Any] = {
        "game": results[0].game,
        "tables": [{"table": r.table, "winner": r.winner,
                    "final": {k: whole_or_float(v) for k, v in r.final.items()},
                    "hands": [table_row(h) for h in r.hands]} for r in results]}
    rec[TIMES] = [[r.table, j, lv, kind, ms] for r in results for j, h in enumerate(r.hands)
                  for lv, kind, ms in h.times]
    return rec


def game_from_record(rec: Mapping[str, Any], where: str) -> list[GameResult]:
    """A checkpoint's record of a whole game read back, each table's hands and final
    scores; SchemaError naming the field for anything malformed."""
    game = schema.whole(rec.get("game"), f"{where}.game", 0, 10**9)
    out = []
    for i, raw in enumerate(schema.items(rec.get("tables"), f"{where}.tables", 10)):
        f = f"{where}.tables[{i}]"
        t = schema.table(raw, f)
        hands = [table_from_row(h, game * DEAL_KEY + j, f"{f}.hands[{j}]")
                 for j, h in enumerate(schema.items(t.get("hands"), f"{f}.hands", MAX_HANDS))]
        final = schema.table(t.get("final"), f"{f}.final")
        out.append(GameResult(game, schema.whole(t.get("table"), f"{f}.table", 0, 10),
                              schema.choice(t.get("winner"), f"{f}.winner", ("a", "b", "")),
                              hands, {k: number(final.get(k), f"{f}.final.{k}")
                                      for k in ("a", "b")}))
    by_table = {r.table: r for r in out}
    for table, hand, lv, kind, ms in times_of(rec, where, 5):
        r = by_table.get(table)
        if r is not None and hand < len(r.hands):
            r.hands[hand].times.append((lv, kind, float(ms)))
    return out


def games_json(results: Sequence[Sequence[GameResult]]) -> dict[str, object]:
    """The game figures: wins per level, A's share with a 95% interval over games."""
    shares = []
    a = b = unfinished = 0
    hands = 0
    tables = 0
    for seats in results:
        won = [r.winner for r in seats]
        a += won.count("a")
        b += won.count("b")
        unfinished += won.count("")
        done = [w for w in won if w]
        if done:
            shares.append(done.count("a") / len(done))
        hands += sum(len(r.hands) for r in seats)
        tables += len(seats)
    n = len(shares)
    mean = sum(shares) / n if n else 0.0
    var = sum((x - mean) ** 2 for x in shares) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n > 1 else 0.0
    return {"games": len(results), "seatings": tables, "a_wins": a, "b_wins": b,
            "unfinished": unfinished, "a_win_rate": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "hands_per_game": round(hands / max(1, tables), 2)}


def games_report(spec: MatchSpec, results: Sequence[Sequence[GameResult]],
                 seconds: float) -> MatchReport:
    """The per-deal figures of the hands the games played (hand h of game g is one deal)."""
    tables = [h for seats in results for r in seats for h in r.hands]
    tables.sort(key=lambda t: (t.deal, t.table))
    deals = len({t.deal for t in tables})
    return MatchReport(spec, deals, tables, seconds)


def _game_work(args: tuple[MatchSpec, list[int], Load | None]) -> list[dict[str, Any]]:
    spec, part, load = args
    return [game_record(seats) for seats in play_games(spec, part, load)]


def run_games(spec: MatchSpec, games: int, jobs: int = 1,
              progress: Callable[[int, int], None] | None = None, load: Load | None = None,
              path: Path | None = None) -> tuple[MatchReport, list[list[GameResult]]]:
    """Play ``games`` whole duplicate games: the per-deal report of their hands, and the
    games themselves (see :func:`games_json`)."""
    start = time.perf_counter()
    records, played = run_pieces(header(spec, "games"), "games", games, jobs, progress, path,
                                 _game_work, lambda part: (spec, part, load), "game", same_game)
    results = parse_records(records, path, game_from_record)
    report = games_report(spec, results, time.perf_counter() - start)
    report.timed = ("games", played, games)
    return report, results


def same_game(rec: Mapping[str, Any], where: str) -> dict[str, Any]:
    """A game's record as verification compares it: the rows, whatever format wrote them."""
    return stored(game_record(game_from_record(rec, where)))
