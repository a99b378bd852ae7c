"""How well each way of sampling the hidden hands explains the real ones (issue 39).

    python -m benchmarks.inference --record          # deal, play and keep the positions
    python -m benchmarks.inference [--samples 200]   # score the samplers on them
    python -m benchmarks.inference --fit             # the play model's eps, by grid

The positions (``benchmarks/data/inference_positions.txt``) are card decisions of deals bid and
played by ``hard`` in every seat (the expert's opponents and partner in its matches), 1,000 in
all: racehorse and partnership-150, the presets the expert's targets are set on. A line holds
one deal: its number, the move numbers at which a position is read (the seat to play reads it),
and the deal in the position notation (pn1, :mod:`game.rules.notation`) with the moves to its
end: the engine replays the moves, so the file cannot hold a position the rules cannot reach.

At every position the card search's own sampler (:class:`~game.bots.sampler.PlaySampler`, every
hard fact seen) draws ``--samples`` deals, and each way of weighing them is scored against the
true deal:

* **log-likelihood of the true hidden hands** against the plain sampler: ``g(true) - log mean
  exp(g(sample))``, ``g`` a deal's log-weight (0 for the plain sampler, so its score is 0): how
  much likelier the weighted sampler makes the deal that was really dealt;
* **key cards**: for the trump ace and every ten still unseen, whether the seat the weighted
  samples give the highest chance of holding it holds it (a tie shares the credit).

The ways: ``hard`` (every consistent deal alike), ``expert 2`` (the auction read,
:mod:`game.bots.inference`: today's expert), ``play`` (the cards read, :mod:`game.bots.playmodel`)
and ``auction + play``.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.bots.inference import SHARPNESS, auction_violation
from game.bots.knowledge import build
from game.bots.playmodel import READING, PlayModel, Reading
from game.bots.registry import make_bot
from game.bots.rollout import policy_for
from game.bots.sampler import PlaySampler
from game.rules.actions import Action, Deal, PlayCard
from game.rules.cards import Rank
from game.rules.engine import actor, apply, at_deal, new_game
from game.rules.events import HandScored
from game.rules.notation import read, write
from game.rules.phase import Phase
from game.rules.state import GameState
from game.rules.view import PlayerView, observe
from game.store.content import load_preset

FILE = Path(__file__).resolve().parent / "data" / "inference_positions.txt"
SEED = 390001
PLAN = {"racehorse": 600, "partnership-150": 400}  # positions per preset
PER_DEAL = 8  # positions drawn from each deal's card decisions
WAYS = ("hard", "expert 2", "play", "auction + play")
EPS_GRID = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)


def _real_card_choice(view: PlayerView) -> bool:
    deck = view.rules.deck
    types = {deck.type_of(a.card) for a in view.legal if isinstance(a, PlayCard)}
    return view.phase == Phase.TRICKS and len(types) > 1 and bool(view.tricks)


def record_deal(preset: str, deal: int, rng: random.Random) -> str | None:
    """One deal bid and played by hard, as a line of the file (None when it was not played)."""
    rules = load_preset(preset)
    bot = make_bot("hard")
    state = at_deal(new_game(rules, SEED), deal, deal % rules.players)
    state, _ = apply(state, Deal())
    start = state
    moves: list[Action] = []
    at: list[int] = []
    while (seat := actor(state)) >= 0:
        view = observe(state, seat)
        if _real_card_choice(view):
            at.append(len(moves))
        action = bot.choose(view, random.Random(f"inference/{preset}/{deal}/{len(moves)}"))
        state, events = apply(state, action)
        moves.append(action)
        if any(isinstance(e, HandScored) for e in events):
            break
    if not at:
        return None
    picked = sorted(rng.sample(at, min(PER_DEAL, len(at))))
    return f"{preset} | {' '.join(map(str, picked))} | {write(start, moves)}"


def record(path: Path = FILE) -> None:
    """Deal and play until every preset has its positions, a line per deal as it is played:
    a run stopped half-way carries on from its last line (every deal is seeded by its number)."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# inference positions (python -m benchmarks.inference --record): "
                        f"PRESET | DEAL | MOVE NUMBERS | pn1; seed {SEED}, hard in every "
                        f"seat\n", encoding="utf-8")
    done: dict[str, tuple[int, int]] = {}  # preset -> (positions, next deal)
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            preset, deal, nums, _ = (x.strip() for x in line.split("|", 3))
            got = done.get(preset, (0, 0))[0]
            done[preset] = (got + len(nums.split()), int(deal) + 1)
    for preset, want in PLAN.items():
        got, deal = done.get(preset, (0, 0))
        while got < want:
            line = record_deal(preset, deal, random.Random(f"{SEED}/{preset}/{deal}"))
            deal += 1
            if line is None:
                continue
            head, nums, pn = line.split(" | ", 2)
            keep = nums.split()[:want - got]
            got += len(keep)
            with path.open("a", encoding="utf-8") as f:
                f.write(f"{head} | {deal - 1} | {' '.join(keep)} | {pn}\n")
            print(f"{preset}: deal {deal}, {got} positions", flush=True)


@dataclass(frozen=True)
class Spot:
    number: int
    preset: str
    state: GameState

    def views(self) -> tuple[PlayerView, PlayerView]:
        seat = actor(self.state)
        return observe(self.state, seat), observe(self.state, seat, reveal=True)


def load(path: Path = FILE) -> Iterator[Spot]:
    n = 0
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        preset, _, nums, pn = (x.strip() for x in line.split("|", 3))
        pos = read(pn, load_preset)
        for at in map(int, nums.split()):
            state = pos.start
            for action in pos.moves[:at]:
                state, _ = apply(state, action)
            if state.phase != Phase.TRICKS:
                raise SystemExit(f"{path.name}, line {i}: move {at} is not in the play")
            yield Spot(n, preset, state)
            n += 1


@dataclass
class Scored:
    """One position: the log-weights of the true deal and of each sample, per way; the
    key-card holders; the play model's hit counts, per sample and for the truth (the fit)."""

    preset: str
    true_g: dict[str, float]
    sample_g: dict[str, list[float]]
    keys: list[tuple[list[list[bool]], list[bool]]]  # per key: per sample which seats hold it,
    # and which hold it in truth
    true_hits: Counter[tuple[bool, bool, int]]
    sample_hits: list[Counter[tuple[bool, bool, int]]]
    auction_true: float
    auction_samples: list[float]


def score(spot: Spot, samples: int, reading: Reading) -> Scored:
    view, full = spot.views()
    rules = view.rules
    deck = rules.deck
    k = build(view)
    sampler = PlaySampler(k)
    model = PlayModel(view, k, policy_for(rules), reading)
    viol = auction_violation(view, k)
    rng = random.Random(f"inference-score/{spot.number}")
    truth = list(full.all_hands)
    deals = [sampler.sample(rng)[0] for _ in range(samples)]

    def auction(h: Sequence[int]) -> float:
        return -SHARPNESS * viol(h) if viol is not None else 0.0

    a_true, a_s = auction(truth), [auction(h) for h in deals]
    p_true, p_s = model.log_likelihood(truth), [model.log_likelihood(h) for h in deals]
    true_g = {"hard": 0.0, "expert 2": a_true, "play": p_true, "auction + play": a_true + p_true}
    sample_g = {"hard": [0.0] * samples, "expert 2": a_s, "play": p_s,
                "auction + play": [a + p for a, p in zip(a_s, p_s, strict=True)]}
    others = [s for s in range(rules.players) if s != view.seat]
    keys = []
    for t in _key_types(view):
        if not (k.unseen >> (t * deck.bits)) & deck.field_mask:
            continue
        field = deck.field_mask << (t * deck.bits)
        holders = [bool(truth[s] & field) for s in others]
        if not any(holders):
            continue  # in the discards
        per = [[bool(h[s] & field) for s in others] for h in deals]
        keys.append((per, holders))
    return Scored(spot.preset, true_g, sample_g, keys, Counter(model.hits(truth)),
                  [Counter(model.hits(h)) for h in deals], a_true, a_s)


def _key_types(view: PlayerView) -> list[int]:
    """The trump ace and every ten."""
    deck = view.rules.deck
    out = []
    for t, card in enumerate(deck.types):
        if (card.rank == Rank.ACE and int(card.suit) == view.trump) or card.rank == Rank.TEN:
            out.append(t)
    return out


def _log_mean_exp(xs: Sequence[float]) -> float:
    m = max(xs)
    return m + math.log(sum(math.exp(x - m) for x in xs) / len(xs))


def relative_ll(true_g: float, sample_g: Sequence[float]) -> float:
    return true_g - _log_mean_exp(sample_g)


def key_first(per: Sequence[Sequence[bool]], holders: Sequence[bool], g: Sequence[float]
              ) -> float:
    """Credit for the seat most likely to hold the card being a true holder."""
    m = max(g)
    w = [math.exp(x - m) for x in g]
    p = [sum(wi for wi, row in zip(w, per, strict=True) if row[j])
         for j in range(len(holders))]
    top = max(p)
    best = [j for j, x in enumerate(p) if x >= top - 1e-12]
    return sum(1 for j in best if holders[j]) / len(best)


def summarise(rows: Sequence[Scored]) -> None:
    for preset in sorted({r.preset for r in rows}) + ["all"]:
        part = [r for r in rows if preset in ("all", r.preset)]
        nkeys = sum(len(r.keys) for r in part)
        print(f"{preset}: {len(part)} positions, {nkeys} key cards unseen")
        for way in WAYS:
            lls = [relative_ll(r.true_g[way], r.sample_g[way]) for r in part]
            mean = sum(lls) / len(lls)
            sd = math.sqrt(sum((x - mean) ** 2 for x in lls) / max(1, len(lls) - 1))
            half = 1.96 * sd / math.sqrt(len(lls))
            first = sum(key_first(per, h, r.sample_g[way]) for r in part for per, h in r.keys)
            print(f"  {way:>15}: log-likelihood of the true hands {mean:+.3f} a position "
                  f"({mean - half:+.3f} .. {mean + half:+.3f}); key card's holder first "
                  f"{100 * first / max(1, nkeys):.1f}%")


def fit(rows: Sequence[Scored]) -> None:
    """The log-likelihood of the true hands for each (eps_lead, eps_follow), auction read."""
    lead = sum(c for r in rows for (is_lead, _, _), c in r.true_hits.items() if is_lead)
    lead_hit = sum(c for r in rows for (is_lead, h, _), c in r.true_hits.items()
                   if is_lead and h)
    fol = sum(c for r in rows for (is_lead, _, _), c in r.true_hits.items() if not is_lead)
    fol_hit = sum(c for r in rows for (is_lead, h, _), c in r.true_hits.items()
                  if not is_lead and h)
    print(f"true deals: the policy's card {lead_hit}/{lead} leads "
          f"({100 * lead_hit / max(1, lead):.1f}%), {fol_hit}/{fol} follows "
          f"({100 * fol_hit / max(1, fol):.1f}%)")
    best = (-1e18, 0.0, 0.0, 0.0)
    for weight in (0.5, 0.75, 1.0):
        for el in EPS_GRID:
            for ef in EPS_GRID:
                r_ = Reading(el, ef, weight)
                total = 0.0
                for r in rows:
                    g_true = r.auction_true + _ll(r.true_hits, r_)
                    gs = [a + _ll(c, r_) for a, c in zip(r.auction_samples, r.sample_hits,
                                                         strict=True)]
                    total += relative_ll(g_true, gs)
                if total > best[0]:
                    best = (total, el, ef, weight)
        print(f"weight {weight}: best so far eps_lead {best[1]}, eps_follow {best[2]} "
              f"(weight {best[3]}): {best[0] / len(rows):+.3f} a position", flush=True)


def _ll(counts: Counter[tuple[bool, bool, int]], r: Reading) -> float:
    total = 0.0
    for (is_lead, hit, n), c in counts.items():
        eps = r.eps_lead if is_lead else r.eps_follow
        p = (1 - eps + eps / n) if hit else eps / n
        total += c * r.weight * math.log(p)
    return total


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--record", action="store_true")
    p.add_argument("--fit", action="store_true")
    p.add_argument("--samples", type=int, default=200)
    p.add_argument("--limit", type=int, default=0, help="score only the first N positions")
    args = p.parse_args(argv)
    if args.record:
        record()
        return 0
    t0 = time.process_time()
    rows = []
    for spot in load():
        if args.limit and spot.number >= args.limit:
            break
        rows.append(score(spot, args.samples, READING))
    print(f"{len(rows)} positions, {args.samples} samples each, "
          f"{time.process_time() - t0:.0f} s CPU; play model {READING}")
    summarise(rows)
    if args.fit:
        fit(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
