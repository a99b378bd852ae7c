"""How well each way of sampling the hidden hands explains the real ones (issue 39).

    python -m benchmarks.inference --record          # deal, play and keep the positions
    python -m benchmarks.inference [--samples 200]   # score the samplers on them
    python -m benchmarks.inference --fit             # fit the play model, then score

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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.bots.inference import SHARPNESS, auction_violation
from game.bots.knowledge import build
from game.bots.playmodel import FOLLOW_FEATURES, LEAD_FEATURES, READING, PlayModel, Reading, Vector
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
    key-card holders."""

    preset: str
    true_g: dict[str, float]
    sample_g: dict[str, list[float]]
    keys: list[tuple[list[list[bool]], list[bool]]]  # per key: per sample which seats hold it,
    # and which hold it in truth


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
    return Scored(spot.preset, true_g, sample_g, keys)


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


Decision = tuple[bool, int, list[Vector]]


def deal_decisions(path: Path = FILE) -> Iterator[tuple[str, int, list[Decision]]]:
    """(preset, deal, every card with a choice of the deal, read from the true hands): what
    the play model is fitted on."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        preset, deal, _, pn = (x.strip() for x in line.split("|", 3))
        pos = read(pn, load_preset)
        state, last = pos.start, None
        for action in pos.moves:
            if isinstance(action, PlayCard):
                last = state
            state, _ = apply(state, action)
        if last is None:
            continue
        seat = actor(last)
        view, full = observe(last, seat), observe(last, seat, reveal=True)
        model = PlayModel(view, build(view), policy_for(view.rules), READING, me=-1)
        yield preset, int(deal), model.decisions(list(full.all_hands))


def newton(data: Sequence[tuple[int, list[Vector]]], size: int, l2: float = 0.01,
           steps: int = 12) -> tuple[list[float], float]:
    """Maximum-likelihood weights of a softmax choice model (Newton's method, an L2 penalty
    ``l2``), and the mean log-likelihood a decision at them."""
    w = [0.0] * size
    ll = 0.0
    for _ in range(steps):
        grad = [-l2 * x for x in w]
        hess = [[(l2 if i == j else 0.0) for j in range(size)] for i in range(size)]
        ll = 0.0
        for chosen, vecs in data:
            scores = [sum(a * b for a, b in zip(w, f, strict=True)) for f in vecs]
            top = max(scores)
            ex = [math.exp(x - top) for x in scores]
            z = sum(ex)
            ps = [e / z for e in ex]
            ll += math.log(ps[chosen])
            mean = [sum(p * f[i] for p, f in zip(ps, vecs, strict=True)) for i in range(size)]
            for i in range(size):
                grad[i] += vecs[chosen][i] - mean[i]
            for p, f in zip(ps, vecs, strict=True):
                if p < 1e-12:
                    continue
                for i in range(size):
                    fi = p * f[i]
                    if fi:
                        row = hess[i]
                        for j in range(size):
                            row[j] += fi * f[j]
            for i in range(size):
                row, mi = hess[i], mean[i]
                for j in range(size):
                    row[j] -= mi * mean[j]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(x) for x in step) < 1e-6:
            break
    return w, ll / max(1, len(data))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                if f:
                    for j in range(c, n + 1):
                        m[r][j] -= f * m[c][j]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit(path: Path = FILE, preset: str = "racehorse") -> Reading:
    """Fit the play model on every deal of ``preset`` in the file (the others score it out of
    sample); a two-fold check (odd deals against even ones) says how much the weights
    overfit."""
    rows = [r for r in deal_decisions(path) if r[0] == preset]
    out: dict[bool, list[float]] = {}
    for is_lead, names in ((True, LEAD_FEATURES), (False, FOLLOW_FEATURES)):
        def part(keep: int, lead: bool = is_lead) -> list[tuple[int, list[Vector]]]:
            return [(c, v) for _, deal, ds in rows if keep < 0 or deal % 2 == keep
                    for is_l, c, v in ds if is_l == lead]
        everything = part(-1)
        w, ll = newton(everything, len(names))
        uniform = sum(-math.log(len(v)) for _, v in everything) / len(everything)
        for fold in (0, 1):
            wf, _ = newton(part(fold), len(names))
            held = part(1 - fold)
            held_ll = sum(_log_softmax(wf, c, v) for c, v in held) / len(held)
            which = "even" if fold == 0 else "odd"
            print(f"  {'leads' if is_lead else 'follows'}: fitted on the {which} deals, "
                  f"{held_ll:+.3f} a card on the others")
        print(f"{'leads' if is_lead else 'follows'}: {len(everything)} cards, log-likelihood "
              f"{ll:+.3f} a card (uniform over the legal types {uniform:+.3f})")
        for name, x in zip(names, w, strict=True):
            print(f"    {name:>26}: {x:+.3f}")
        out[is_lead] = [round(x, 3) for x in w]
    reading = Reading(tuple(out[True]), tuple(out[False]))
    print(f"READING = {reading}")
    return reading


def _log_softmax(w: Sequence[float], chosen: int, vecs: Sequence[Vector]) -> float:
    scores = [sum(a * b for a, b in zip(w, f, strict=True)) for f in vecs]
    top = max(scores)
    return scores[chosen] - top - math.log(sum(math.exp(x - top) for x in scores))


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
    reading = READING
    if args.fit:
        reading = fit()
    t0 = time.process_time()
    rows = []
    for spot in load():
        if args.limit and spot.number >= args.limit:
            break
        rows.append(score(spot, args.samples, reading))
    print(f"{len(rows)} positions, {args.samples} samples each, "
          f"{time.process_time() - t0:.0f} s CPU")
    summarise(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
