"""The hand review's figures (issue 28): its CPU time, its agreement with a longer search, and
the level comparison.

    python -m benchmarks.analysis cpu [--hands 10]           # CPU per hand review
    python -m benchmarks.analysis agreement [--positions 300]
    python -m benchmarks.analysis levels [--hands 100]        # slow: run it niced
    (each takes --seed N and --json)

* ``cpu``: a whole hand's review (every decision of one seat, the four levels' choices
  compared, and the open level's play-outs with all cards seen), CPU seconds of this process
  (one core), on hands the medium level plays, against the table's bots (``--opponents``,
  medium by default as at the table). Targets: racehorse <= 5 s, two-handed <= 10 s a hand.
* ``agreement``: recorded positions (the medium level's decisions in played hands, spread
  over every table), each analysed at the review's budget and at ten times it with other
  sampled deals. Prints how often the best action is the same (target >= 90%), and the mean
  difference of the points lost by the action played (target <= 5 points).
* ``levels``: on the same positions (seat 0's decisions in hands the medium level plays),
  what easy, medium, hard and expert would lose, per hand, on every table (``--tables`` for
  some): easy must lose most and expert least. The last line counts the tables in order.
  Each table takes a quarter of an hour or more on one core: run them side by side.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import time
from typing import Any

from game.bots.analysis import Analysis, analyse, legal_order
from game.bots.registry import make_bot
from game.match.review import Graded, decisions, review_hand
from game.rules.actions import Action, Deal
from game.rules.engine import actor, apply, new_game
from game.rules.events import HandScored
from game.rules.gamehands import game_hands
from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView, observe
from game.store.content import load_preset, preset_names
from game.store.reviews import LEVELS, option_key

CPU_TARGETS = {"racehorse": 5.0, "two-handed": 10.0}  # issue 35, item 8 (was 20 and 30)


def played_hand(rules: RuleSet, seed: int, level: str = "medium") -> list[Action]:
    """A game's actions to the end of its first hand, every seat played by ``level``."""
    bot = make_bot(level)
    state = new_game(rules, seed)
    state, _ = apply(state, Deal())
    actions: list[Action] = [Deal()]
    for i in range(5_000):
        seat = actor(state)
        action = bot.choose(observe(state, seat), random.Random(f"{seed}/{i}"))
        state, events = apply(state, action)
        actions.append(action)
        if any(isinstance(e, HandScored) for e in events):
            return actions
    raise RuntimeError("a hand did not end")


def cmd_cpu(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for preset, target in CPU_TARGETS.items():
        rules = load_preset(preset)
        times = []
        for h in range(args.hands):
            seed = args.seed + h
            actions = played_hand(rules, seed)
            start = time.process_time()
            review_hand(rules, seed, actions, 0, 0,
                        ["human"] + [args.opponents] * (rules.players - 1))
            times.append(time.process_time() - start)
        out[preset] = {"hands": len(times), "opponents": args.opponents,
                       "mean_s": round(statistics.mean(times), 2),
                       "max_s": round(max(times), 2), "target_s": target,
                       "met": max(times) <= target}
        print(f"{preset}: review CPU per hand mean {out[preset]['mean_s']} s, "
              f"max {out[preset]['max_s']} s over {len(times)} hands (target <= {target} s)",
              flush=True)
    return out


def cmd_agreement(args: argparse.Namespace) -> dict[str, Any]:
    presets = preset_names()
    same = near = n = 0
    diffs: list[float] = []
    kinds: dict[str, list[int]] = {}  # kind of decision: [the same best, positions]
    h = 0
    dump = open(args.dump, "w", encoding="utf-8") if args.dump else None  # noqa: SIM115
    while n < args.positions:
        preset = presets[h % len(presets)]
        rules = load_preset(preset)
        seed = args.seed + h
        h += 1
        actions = played_hand(rules, seed)
        hand = game_hands(rules, seed, actions)[0]
        for seat in range(rules.players):
            for index, state, action in decisions(hand, seat)[seat % 2::3]:
                if n >= args.positions:
                    break
                view = observe(state, seat)
                short = analyse(view, random.Random(f"short {index}"), args.budget, action)
                long = analyse(view, random.Random(f"long {index}"), 10 * args.budget, action)
                best_long = max(o.value for o in long.options)
                agree = option_key(short.best.action) == option_key(long.best.action)
                same += agree
                tally = kinds.setdefault(short.kind, [0, 0])
                tally[0] += agree
                tally[1] += 1
                # A tie in the long search: the review's best is as good there.
                with contextlib.suppress(KeyError):
                    near += best_long - long.option(short.best.action).value <= 1.0
                diffs.append(abs(short.points_lost(action) - long.points_lost(action)))
                n += 1
                if dump is not None:
                    dump.write(json.dumps(_raw(preset, view, action, short, long)) + "\n")
            if n and n % 25 == 0:
                print(f"  {n} positions...", flush=True)
    if dump is not None:
        dump.close()
    out = {"positions": n, "budget": args.budget, "best_same_pct": round(100 * same / n, 1),
           "best_within_1_point_pct": round(100 * near / n, 1),
           "mean_points_lost_diff": round(statistics.mean(diffs), 2),
           "best_same_by_kind": {k: f"{a}/{b}" for k, (a, b) in sorted(kinds.items())},
           "targets": {"best_same_pct": 90, "mean_points_lost_diff": 5}}
    print(f"agreement with 10x the budget on {n} positions: best action the same in "
          f"{out['best_same_pct']}% (as good, within 1 point, in "
          f"{out['best_within_1_point_pct']}%); points lost differ by "
          f"{out['mean_points_lost_diff']} points on average")
    return out


def _raw(preset: str, view: PlayerView, chosen: Action, short: Analysis, long: Analysis
         ) -> dict[str, Any]:
    """One position's values as searched, for weighing other tie rules afterwards: each
    option as [its place among the legal actions, its value]."""
    order = legal_order(view.legal)

    def values(a: Analysis) -> list[list[float]]:
        return [[order[option_key(o.action)], round(o.value, 3)] for o in a.options]

    return {"preset": preset, "kind": short.kind, "chosen": order[option_key(chosen)],
            "short": values(short), "long": values(long)}


def cmd_levels(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    dump = open(args.dump, "a", encoding="utf-8") if args.dump else None  # noqa: SIM115
    for preset in args.tables.split(","):
        rules = load_preset(preset)
        totals = dict.fromkeys(LEVELS, 0.0)
        by_kind: dict[str, dict[str, float]] = {}  # kind of decision: level: points lost
        for h in range(args.hands):
            seed = args.seed + h
            actions = played_hand(rules, seed)
            review = review_hand(rules, seed, actions, 0, 0, ["medium"] * rules.players)
            assert review is not None
            hand = dict.fromkeys(LEVELS, 0.0)
            for d in review.decisions:
                g = Graded(d)
                for level in LEVELS:
                    lost = g.lost_by(level) or 0.0
                    totals[level] += lost
                    hand[level] += lost
                    kind = by_kind.setdefault(d.kind, dict.fromkeys(LEVELS, 0.0))
                    kind[level] += lost
            if dump is not None:
                dump.write(json.dumps({"preset": preset, "seed": seed, "lost": hand}) + "\n")
                dump.flush()
            if (h + 1) % 10 == 0:
                print(f"  {preset}, {h + 1} hands: " + ", ".join(
                    f"{lv} {totals[lv] / (h + 1):.1f}" for lv in LEVELS), flush=True)
        per_hand = {lv: round(totals[lv] / args.hands, 1) for lv in LEVELS}
        ordered = per_hand["easy"] == max(per_hand.values()) and \
            per_hand["expert"] == min(per_hand.values())
        out[preset] = {"hands": args.hands, "lost_per_hand": per_hand, "ordered": ordered,
                       "lost_per_hand_by_kind": {
                           k: {lv: round(v / args.hands, 1) for lv, v in t.items()}
                           for k, t in sorted(by_kind.items())}}
        print(f"{preset}: points lost per hand " +
              ", ".join(f"{lv} {v}" for lv, v in per_hand.items()) +
              f" -> {'in order' if ordered else 'NOT in order'}", flush=True)
    if dump is not None:
        dump.close()
    print(f"in order on {sum(o['ordered'] for o in out.values())} of {len(out)} tables")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.analysis")
    parser.add_argument("what", choices=("cpu", "agreement", "levels"))
    parser.add_argument("--hands", type=int, default=None)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=1.0,
                        help="agreement: the review's budget (the long search has ten times it)")
    parser.add_argument("--tables", default=",".join(preset_names()),
                        help="levels: the tables, comma-separated (run them side by side)")
    parser.add_argument("--dump", default=None,
                        help="agreement: each position's searched values; levels: each hand's "
                             "points lost by level (JSONL)")
    parser.add_argument("--opponents", default="medium",
                        help="cpu: the table's bots (the open level's play-outs play against "
                             "them; the table's default is medium)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.hands is None:
        args.hands = 100 if args.what == "levels" else 10
    run = {"cpu": cmd_cpu, "agreement": cmd_agreement, "levels": cmd_levels}[args.what]
    out = run(args)
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
