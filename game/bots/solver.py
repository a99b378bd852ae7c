"""Exact play of the last few tricks of a determinized deal (every hand known).

Alpha-beta over the card types each seat may legally play, the seats of one team maximising the
hand's final score for that team and the others minimising it. With three tricks left in a
four-handed game (or five in the two-handed playoff) it is exact and fast enough to run in every
sample of the search; earlier the rollout policy estimates instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.rules.kernel import PlayKernel

Value = Callable[[list[int], list[int]], float]  # (points, tricks) per seat -> score


def solve(k: PlayKernel, hands: list[int], trump: int, leader: int,
          trick: Sequence[tuple[int, int]], maximiser: Sequence[bool],
          taken: list[int], won: list[int], value: Value,
          nxt: Sequence[int], alpha: float = -1e18, beta: float = 1e18) -> float:
    """The exact value of the position for the maximising team. ``hands``, ``taken`` and
    ``won`` are restored on return."""
    n = k.players
    if len(trick) == n:
        ws, wt = trick[0]
        pts = k.points[wt]
        for s, t in trick[1:]:
            if k.beats(t, wt, trump):
                ws, wt = s, t
            pts += k.points[t]
        last = not hands[ws]
        if last:
            pts += k.last_trick
        taken[ws] += pts
        won[ws] += 1
        if last:
            v = value(taken, won)
        else:
            v = solve(k, hands, trump, ws, (), maximiser, taken, won, value, nxt, alpha, beta)
        taken[ws] -= pts
        won[ws] -= 1
        return v
    if trick:
        seat = nxt[trick[-1][0]]
        ws, wt = trick[0]
        for s, t in trick[1:]:
            if k.beats(t, wt, trump):
                ws, wt = s, t
        mask = k.legal(hands[seat], trick, wt, trump)
    else:
        seat = leader
        mask = hands[seat]
    h = hands[seat]
    maxing = maximiser[seat]
    best = -1e18 if maxing else 1e18
    for t in k.types_in(mask):
        hands[seat] = h - k.one[t]
        v = solve(k, hands, trump, leader, (*trick, (seat, t)), maximiser, taken, won, value,
                  nxt, alpha, beta)
        hands[seat] = h
        if maxing:
            if v > best:
                best = v
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best = v
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best
