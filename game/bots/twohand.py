"""The two-handed stock game (004) for every level.

While the stock lasts no card need follow, so the game is about *when* to win a trick: win it
when there is meld to lay or points in it, and otherwise throw a card that neither melds nor
scores. The meld turn lays the meld worth most, except that a royal marriage goes down before
its flush while there is time to win another trick (the K and Q are reused in the higher meld:
190 instead of 150). The dix is exchanged for the turn-up at the first chance. Trumps are kept
for the playoff, where the rules become strict and every card is known: ``hard`` solves it.
A player declares out as soon as the declaration wins.
"""

from __future__ import annotations

import random

from game.bots.knowledge import Knowledge
from game.bots.playoff import PlayoffSolver, SolverCache
from game.bots.playrules import Play
from game.bots.rollout import policy_for
from game.bots.solver import solve
from game.rules.actions import Action, CountDix, DeclareOut, EndTurn, ExchangeDix, LayMeld, PlayCard
from game.rules.cards import Rank
from game.rules.compiled import compile_rules, kernel_for, meld_table
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.stock_game.score import rounded
from game.rules.view import PlayerView


def declare_out(view: PlayerView) -> tuple[Action, str] | None:
    """Declaring out, when the player may and has counted the target; None otherwise."""
    if DeclareOut() not in view.legal:
        return None
    me = view.seat
    total = view.scores[me] + view.meld_points[me] + rounded(view.rules, view.taken[me])
    if total >= view.target:
        return DeclareOut(), f"declare out: {total} counted, at least {view.target}"
    return None


def meld_turn(view: PlayerView) -> tuple[Action, str]:
    """After winning a trick: exchange the dix, lay a meld worth laying while there is
    time to win it back, or end the turn; and why."""
    legal = [a for a in view.legal if not isinstance(a, DeclareOut)]
    if ExchangeDix() in legal:
        return ExchangeDix(), (f"exchange the dix for the turned-up {view.turnup.pretty}"
                               if view.turnup else "exchange the dix")
    melds = [a for a in legal if isinstance(a, LayMeld)]
    if melds:
        kinds = {a.kind: a for a in melds}
        time_left = view.stock_size >= 6  # at least three more tricks to win a meld
        if "royal_marriage" in kinds and "run" in kinds and time_left:
            return kinds["royal_marriage"], ("meld the royal marriage first: its king and queen "
                                             "can go into the flush on a later trick (40 + 150)")
        pts = _meld_points(view.rules, melds)
        best = max(melds, key=lambda a: (pts[a], a.kind))
        return best, f"meld {best.kind.replace('_', ' ')} for {pts[best]}"
    if CountDix() in legal:
        return CountDix(), "count the dix for 10"
    return EndTurn(), "nothing more to meld: draw"


def _meld_points(rules: RuleSet, melds: list[LayMeld]) -> dict[LayMeld, int]:
    consts = compile_rules(rules).stock
    assert consts is not None
    by_kind: dict[str, int] = {}
    for cand in consts.candidates[0]:
        by_kind.setdefault(cand.kind, cand.points)
    return {a: by_kind.get(a.kind, 0) for a in melds}


def _tabled_counts(view: PlayerView, seat: int) -> int:
    deck = view.rules.deck
    return deck.counts_of(view.tabled[seat]) if view.tabled else 0


def keep_values(view: PlayerView) -> dict[int, float]:
    """How much this seat wants to keep one card of each type it holds (stock phase)."""
    rules = view.rules
    deck = rules.deck
    table = meld_table(rules)
    h = view.hand
    trump = view.trump
    base = table.total(h, trump)
    tabled = _tabled_counts(view, view.seat)
    pts = rules.trick_points_by_type
    out: dict[int, float] = {}
    nr = deck.n_ranks
    for t in range(deck.n_types):
        if not (h >> (t * deck.bits)) & deck.field_mask:
            continue
        loss: float = base - table.total(h - deck.one[t], trump)
        if (tabled >> (t * deck.bits)) & deck.field_mask:
            loss *= 0.3  # already laid: only reuse in another class is left
        card = deck.types[t]
        v = loss + pts[t] * 0.6
        if card.suit == trump:
            v += 25 + (t % nr) * 4  # trumps win the playoff
        elif card.rank == Rank.ACE:
            v += 8
        out[t] = v
    return out


def stock_play(view: PlayerView, rng: random.Random, noise: float = 0.0) -> tuple[Action, str]:
    """A card while the stock lasts: keep what melds and wins later, win a trick worth
    winning; a random card with probability ``noise``."""
    rules = view.rules
    deck = rules.deck
    kern = kernel_for(rules)
    trump = view.trump
    acts = [a for a in view.legal if isinstance(a, PlayCard)]
    if noise and rng.random() < noise:
        a = acts[int(rng.random() * len(acts))]
        return a, f"play the {a.card.pretty}"
    keep = keep_values(view)
    pts = rules.trick_points_by_type

    def cost(a: PlayCard) -> float:
        t = deck.type_of(a.card)
        c = keep.get(t, 0.0)
        if a.from_table:
            c -= 1.0  # prefer playing a card the opponent has already seen
        return c

    if not view.trick:
        a = min(acts, key=lambda x: (cost(x), deck.type_of(x.card)))
        return a, f"lead the {a.card.pretty}: it neither melds nor scores"
    led_t = deck.type_of(view.trick[0][1])
    table = meld_table(rules)
    laid = sum(m.points for m in view.laid[view.seat]) if view.laid else 0
    pending = max(0, table.total(view.hand, trump) - laid)
    want = pending * 0.6 + pts[led_t]
    best: tuple[float, PlayCard] | None = None
    for a in acts:
        t = deck.type_of(a.card)
        wins = kern.beats(t, led_t, trump)
        gain = (want + pts[t] if wins else -pts[t] * 0.5) - cost(a)
        if best is None or gain > best[0]:
            best = (gain, a)
    assert best is not None
    a = best[1]
    t = deck.type_of(a.card)
    if kern.beats(t, led_t, trump):
        why = "win the trick to meld" if pending else "win the points in the trick"
        return a, f"play the {a.card.pretty}: {why}"
    return a, f"play the {a.card.pretty}: not worth winning; keep the meld and trumps"


def playoff_knowledge(view: PlayerView) -> Knowledge:
    """In the playoff every unseen card is in the opponent's hand."""
    rules = view.rules
    deck = rules.deck
    kern = kernel_for(rules, rules.stock.playoff_obligations)
    me = view.seat
    opp = 1 - me
    unseen = deck.full() - view.hand - view.played
    known = [0, 0]
    known[opp] = unseen
    played_by = [0, 0]
    return Knowledge(rules, kern, me, view.trump, view.hand, unseen, list(view.hand_sizes),
                     known, [0, 0], played_by, bidder=me)


def playoff_play(view: PlayerView) -> tuple[Action, str]:
    """A card in the playoff, from the cards every player now knows."""
    k = playoff_knowledge(view)
    deck = view.rules.deck
    trick = [(s, deck.type_of(c)) for s, c in view.trick]
    acts = [a for a in view.legal if isinstance(a, PlayCard)]
    mask = 0
    for a in acts:
        mask |= deck.one[deck.type_of(a.card)]
    p = Play(k, trick, True)
    t, why = p.lead(mask) if not trick else p.follow(mask)
    card = deck.types[t]
    return PlayCard(card), why


def decide(view: PlayerView, level: str, rng: random.Random, noise: float = 0.0
           ) -> tuple[Action, str]:
    """The two-handed game's choice: declare out when counted, the meld turn, the playoff
    or the play while the stock lasts."""
    out = declare_out(view)
    if out is not None:
        return out
    if view.phase == Phase.MELD_TURN:
        return meld_turn(view)
    if view.playoff:
        return playoff_play(view)
    return stock_play(view, rng, noise)


def playoff_search(view: PlayerView, rng: random.Random, rollouts: int = 24,
                   solved_tricks: int = 0, cache: SolverCache | None = None
                   ) -> tuple[Action, str]:
    """``hard`` in the playoff: every unseen card is in the opponent's hand, so each candidate
    is valued exactly when five tricks or fewer remain, and by greedy rollouts before that.
    ``solved_tricks`` (``expert``): solve exactly, remembering positions, once at most that many
    tricks remain (:mod:`game.bots.playoff`)."""
    rules = view.rules
    deck = rules.deck
    obligations = rules.stock.playoff_obligations
    kern = kernel_for(rules, obligations)
    pol = policy_for(rules, obligations)
    me, opp = view.seat, 1 - view.seat
    acts = [a for a in view.legal if isinstance(a, PlayCard)]
    types = sorted({deck.type_of(a.card) for a in acts})
    if len(types) == 1:
        return PlayCard(deck.types[types[0]]), "the only legal card"
    hands = [0, 0]
    hands[me] = view.hand
    hands[opp] = deck.full() - view.hand - view.played
    trick = [(s, deck.type_of(c)) for s, c in view.trick]
    left = deck.size_of(hands[0] + hands[1])
    team = [0, 1] if me == 0 else [1, 0]
    sign = [1, -1] if me == 0 else [-1, 1]
    values: dict[int, float] = {}
    if solved_tricks and left <= 2 * solved_tricks:
        solver = (cache.get(kern, view.trump, left) if cache is not None
                  else PlayoffSolver(kern, view.trump))
        values.update(solver.values(hands, me, view.leader, trick, types))
        best = max(types, key=lambda x: (values[x], -x))
        card = deck.types[best]
        margin = values[best]
        return PlayCard(card), (f"play the {card.pretty}: every card is known in the playoff, "
                                f"and no card ends the tricks further ahead: "
                                f"{abs(margin):.0f} points {'ahead' if margin >= 0 else 'behind'}")
    exact = left <= 10
    for t in types:
        hs = list(hands)
        hs[me] -= deck.one[t]
        tr = (*trick, (me, t))
        if exact:
            maxi = [s == me for s in range(2)]
            values[t] = solve(kern, hs, view.trump, view.leader, tr, maxi, [0, 0], [0, 0],
                              lambda tk, _w: tk[0] * sign[0] + tk[1] * sign[1],
                              pol.nxt)
            continue
        total = 0.0
        for _ in range(rollouts):
            taken, _ = pol.play(list(hs), view.trump, view.leader, team, tr, team[me],
                                rng.random, 0.1)
            total += taken[me] - taken[opp]
        values[t] = total / rollouts
    best = max(types, key=lambda x: (values[x], -x))
    card = deck.types[best]
    # In a player's words: how far ahead in trick points the card ends, not how it was found.
    margin = values[best]
    about = "" if exact else "about "
    ahead = "ahead" if margin >= 0 else "behind"
    return PlayCard(card), (f"play the {card.pretty}: every card is known in the playoff, and "
                            f"no card ends the tricks further ahead: {about}"
                            f"{abs(margin):.0f} points {ahead}")
