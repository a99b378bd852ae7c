"""House tables that combine every meld, passing, auction, trick and scoring option with every
base preset (issue 18), and the runner that plays each one.

The full product of the options is far too large to play, so the tables form a covering set:
for every base preset, every value of every option that applies to it appears at least once,
and the tables are chosen greedily so that as many pairs of option values as possible appear
together (see :func:`tables`). Each table is then played by ``simulate`` for 200 hands and by a
``medium`` against ``easy`` duplicate match of 10 deals, in two parts that play different games
(:data:`PARTS`: 20 hands and 2 deals, then 180 hands and 8 deals, on other seeds). Both parts of
a table are played in the same worker, one after the other, so that a house table's bid model,
fitted when its bots first bid, is fitted once for both.

Run as ``python -m tests.rules.house_combos PER_TABLE [PART]`` (the test does, with PART
``all``, in a child process with a memory limit and a limit of CPU seconds per table and part);
it prints one JSON line per table and part.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Iterator
from typing import Any

from game.store.content import load_preset, preset_names

Factor = tuple[str, tuple[Any, ...]]  # option path, its values
# Per part: hands simulated, deals of the match, and the seed of both (200 hands and 10 deals a
# table over the two parts, no game played twice).
PARTS = {"sample": (20, 2, 1), "rest": (180, 8, 2)}

# Trick obligation lists that make sense together (rulefile.validate refuses the others).
OBLIGATIONS = (
    ("first_identical_wins", "follow_suit", "take_trick", "any_card"),
    ("first_identical_wins", "follow_suit", "crawl", "must_trump", "over_trump", "any_card"),
    ("follow_suit", "crawl", "must_beat_led_after_trump", "must_trump", "over_trump",
     "any_card"),
    ("follow_suit", "take_trick", "must_beat_led_after_trump", "any_card"),
    ("follow_suit", "first_identical_wins", "must_trump", "beat_trump_lead", "any_card"),
    ("follow_suit", "must_trump", "beat_trump_lead", "over_trump", "any_card"),
    ("follow_suit", "any_card"),
)
PLAYOFF = (
    ("first_identical_wins", "follow_suit", "beat_trump_lead", "must_trump"),
    ("follow_suit", "crawl", "must_trump", "over_trump", "any_card"),
    ("follow_suit", "any_card"),
)


def factors(base: str) -> list[Factor]:
    """The options that apply to a base preset, each with the values to try (in the preset's
    own scale: ``ten`` is 10 points on the x10 scale and 1 on the x1 scale)."""
    r = load_preset(base)
    ten = 1 if r.scoring.scale == "x1" else 10
    out: list[Factor] = [
        ("meld.run_includes_royal_marriage", (False, True)),
        ("meld.minimum", (0, 2 * ten)),
        ("meld.declare_aces", (False, True)),
        ("scoring.scale", ("x10", "x1")),
        ("scoring.save_meld", ("none", "counter-or-last-trick", "trick", "points")),
        ("scoring.target", (r.scoring.target, 50 * ten)),
        ("table.direction", ("clockwise", "counterclockwise")),
    ]
    if r.stock.enabled:
        out += [
            ("table.deck", (48, 64)),
            ("table.rank_order", ("A-K-Q-J-10-9", "A-10-K-Q-J-9")),
            ("stock.playoff_obligations", PLAYOFF),
            ("stock.dix_exchange", (True, False)),
            ("stock.declare_out", (True, False)),
            ("stock.round_tricks", (True, False)),
            ("scoring.game", ("score", "deal", "hands")),
            ("scoring.tie_rule", ("overtime", "highest")),
        ]
        return out
    out += [
        ("tricks.obligations", OBLIGATIONS),
        ("table.first_lead", ("bidder", "eldest")),
        ("auction.skip_endings", ((), (40, 90))),
        ("auction.forced_open_with_meld", (False, True)),
        ("auction.trump_needs_marriage", (False, True)),
        ("auction.all_pass_bid_with_meld", (0, r.auction.min_bid + 4 * ten)),
        ("throw_in.mode", ("never", "before-play", "over-margin")),
        ("throw_in.by_agreement", (False, True)),
        ("auction.stuck_dealer_may_raise", (False, True)),
        ("scoring.tie_rule", ("bidder-first", "highest", "overtime", "bid-and-out")),
        ("scoring.tie_fallback", ("overtime", "highest")),
        ("scoring.game", ("score", "hands")),
        ("scoring.bid_to_win_above", (0, 30 * ten)),
        ("scoring.bidder_min_trick_points", (0, 2 * ten)),
    ]
    if r.players == 4:
        out += [
            ("passing.count", (0, 3, 4)),
            ("passing.exchange", ("sequential", "simultaneous")),
            ("tricks.reneges", (False, True)),
            ("scoring.stars", (False, True)),
            ("scoring.stars_double_spades", (False, True)),
            ("auction.dealer_opens_at", (0, r.auction.min_bid - ten)),
        ]
    if r.players == 3:
        out += [
            ("widow.concede_unseen_when_forced", (True, False)),
            ("widow.forced_concede_margin", (0, 25 * ten)),
            ("table.seated", (3, 4, 5)),  # VARIANTS.md, "Sitting out"
            ("scoring.checks", (False, True)),
            ("scoring.optional_checks", ((), ("lost-after-playing", "double-marriage",
                                              "double-pinochle", "double-arounds",
                                              "seven-nines", "game"))),
        ]
    return out


def _pairs(case: dict[str, Any]) -> set[tuple[tuple[str, Any], tuple[str, Any]]]:
    items = sorted((k, repr(v)) for k, v in case.items())
    return set(itertools.combinations(items, 2))


def cases_for(base: str, rng: random.Random, candidates: int = 60) -> list[dict[str, Any]]:
    """A covering set for one base preset: every value of every factor at least once, built
    greedily to cover as many value pairs as possible (each table is the candidate covering
    the most pairs not yet covered, its unseen values forced in)."""
    facs = factors(base)
    unseen = {(path, repr(v)) for path, values in facs for v in values}
    covered: set[tuple[tuple[str, Any], tuple[str, Any]]] = set()
    out: list[dict[str, Any]] = []
    while unseen:
        best: dict[str, Any] | None = None
        best_gain = -1
        for _ in range(candidates):
            case: dict[str, Any] = {}
            for path, values in facs:
                fresh = [v for v in values if (path, repr(v)) in unseen]
                case[path] = rng.choice(fresh or list(values))
            gain = len(_pairs(case) - covered)
            if gain > best_gain:
                best, best_gain = case, gain
        assert best is not None
        out.append(best)
        covered |= _pairs(best)
        unseen -= {(k, repr(v)) for k, v in best.items()}
    return out


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def house_text(base: str, case: dict[str, Any], name: str) -> str:
    """The house-rules file of one case (values in the base's scale, rescaled when the case
    asks for the other one)."""
    r = load_preset(base)
    factor = 1
    if case.get("scoring.scale", r.scoring.scale) != r.scoring.scale:
        factor = 10 if r.scoring.scale == "x1" else -10
    sections: dict[str, list[str]] = {}
    for path, value in case.items():
        section, key = path.split(".")
        if path in _POINTS and factor != 1 and isinstance(value, int):
            value = value * 10 if factor > 0 else value // 10
        sections.setdefault(section, []).append(f"{key} = {_toml(value)}")
        if path == "scoring.game" and value == "hands":
            sections[section].append("hands = 3")
    lines = [f'base = "{base}"', f'name = "{name}"', f'title = "{name}"']
    for section, items in sections.items():
        lines.append(f"[{section}]")
        lines += items
    return "\n".join(lines) + "\n"


_POINTS = ("meld.minimum", "scoring.target", "auction.all_pass_bid_with_meld",
           "scoring.bid_to_win_above", "scoring.bidder_min_trick_points",
           "auction.dealer_opens_at", "widow.forced_concede_margin")


def covering(seed: int = 18) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(base preset, table name, option values) of every table of the covering set."""
    rng = random.Random(seed)
    for base in preset_names():
        for i, case in enumerate(cases_for(base, rng)):
            yield base, f"{base}-{i}", case


def tables(seed: int = 18) -> Iterator[tuple[str, str]]:
    """(name, house-rules text) of every table of the covering set."""
    for base, name, case in covering(seed):
        yield name, house_text(base, case, name)


class _TimeLimitError(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _TimeLimitError


def play(name: str, text: str, hands: int, deals: int, seed: int = 1) -> dict[str, Any]:
    """Load one table, simulate it and play the match; a dict of what happened."""
    from game.match.duplicate import MatchSpec, run_match
    from game.match.simulate import simulate
    from game.rules.errors import RuleSetError
    from game.store.content import ruleset_from_text

    start = time.perf_counter()
    out: dict[str, Any] = {"name": name}
    try:
        rules = ruleset_from_text(text, name)
    except RuleSetError as exc:  # the covering set must only write valid tables
        return {**out, "error": f"refused: {exc}"}
    try:
        report = simulate(rules, hands, seed=seed)
        out["violations"] = report.violations[:5]
        out["hands"] = report.hands
        match = run_match(MatchSpec(name, "medium", "easy", seed), deals,
                          load=lambda _: rules)
        out["illegal"] = sum(t.illegal for t in match.tables)
        out["tables"] = len(match.tables)
    except _TimeLimitError:
        out["error"] = "hang: over the limit of CPU seconds"
    except Exception as exc:  # noqa: BLE001 - every crash is reported with its table
        out["error"] = f"{type(exc).__name__}: {exc}"
    out["seconds"] = round(time.perf_counter() - start, 2)
    return out


def _play_within(item: tuple[str, str, int, str]) -> list[dict[str, Any]]:
    """One table's parts, each under its own limit of CPU seconds (in a worker process: each
    has its own timer). A CPU timer, not the clock: a busy machine slows a table down without
    making it compute any more, so only an endless loop reaches the limit."""
    name, text, per_table, part = item
    signal.signal(signal.SIGPROF, _alarm)
    results = []
    for one in (list(PARTS) if part == "all" else [part]):
        signal.setitimer(signal.ITIMER_PROF, per_table)
        try:
            result = play(name, text, *PARTS[one])
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        results.append({**result, "part": one, "text": text})
    return results


def main(argv: list[str]) -> int:
    per_table = int(argv[0]) if argv else 60
    part = argv[1] if len(argv) > 1 else "sample"
    work = [(name, text, per_table, part) for name, text in tables()]
    # The tables are independent: one worker per core (up to four) shares them out; each
    # worker inherits the memory limit set on this process.
    workers = max(1, min(4, os.cpu_count() or 1))
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for results in pool.imap(_play_within, work):
            for result in results:
                print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
