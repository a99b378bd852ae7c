"""Exact play of the two-handed playoff (``expert``): every card is known once the stock is
gone, so the playoff is a two-player game of perfect information and can be solved outright,
with no sampling and so no strategy fusion.

Each trick's points go to its winner, so the rest of the play is worth the same however the
position was reached: values are remembered per position at trick boundaries (the two hands and
who leads), which makes ten tricks a fraction of a second where the plain alpha-beta of
:mod:`game.bots.solver` can afford five. The margin solved for is raw trick points; the deal
counts them rounded ("7 points or more count as 10", 004), but rounding a seat's total is a
non-decreasing function of it, so the best raw play is also a best rounded play.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.kernel import PlayKernel


class PlayoffSolver:
    """Trick-point margins of playoff positions for one kernel and trump; the memo lives as
    long as the solver (one decision)."""

    def __init__(self, k: PlayKernel, trump: int, work_limit: int = 2_000_000) -> None:
        self.k = k
        self.trump = trump
        self.memo: dict[tuple[int, int, int], int] = {}
        self.work = 0
        self.work_limit = work_limit  # positions: a guard, never reached in ten tricks

    def margin(self, h0: int, h1: int, leader: int) -> int:
        """Seat 0's trick points minus seat 1's over the rest of the play, both playing their
        best, with ``leader`` to lead the next trick."""
        key = (h0, h1, leader)
        memo = self.memo
        r = memo.get(key)
        if r is not None:
            return r
        self.work += 1
        if self.work > self.work_limit:
            raise RuntimeError(f"playoff solver: more than {self.work_limit} positions")
        hl, hf = (h0, h1) if leader == 0 else (h1, h0)
        best = -10**9
        for t in reversed(self.k.types_in(hl)):  # high cards first: earlier cut-offs
            worst = self._reply(hl - self.k.one[t], hf, leader, t, best)
            if worst > best:
                best = worst
        r = best if leader == 0 else -best
        memo[key] = r
        return r

    def _reply(self, hl: int, hf: int, leader: int, t: int, cut: int = -10**9) -> int:
        """The leader's margin once it has led ``t`` (``hl`` already without it), the
        follower answering as well as it can. Once a reply holds the leader to ``cut`` or
        less (what another lead already makes sure of), the lead cannot be the best one and
        the rest of the replies are not tried: the result is then only a bound, never above
        ``cut``, and the position's value (the best lead) stays exact."""
        k = self.k
        trump = self.trump
        worst = 10**9
        for u in k.types_in(k.legal(hf, ((leader, t),), t, trump)):
            g = self._after(hl, hf - k.one[u], leader, t, u)
            if g < worst:
                worst = g
                if worst <= cut:
                    break
        return worst

    def _after(self, hl: int, hf: int, leader: int, t: int, u: int) -> int:
        """The leader's margin from the trick (``t`` led, ``u`` followed) to the end."""
        k = self.k
        p = k.points[t] + k.points[u]
        if not hl:
            p += k.last_trick
        leader_wins = not k.beats(u, t, self.trump)
        g = p if leader_wins else -p
        if hl:
            h0, h1 = (hl, hf) if leader == 0 else (hf, hl)
            nxt = leader if leader_wins else 1 - leader
            rest = self.margin(h0, h1, nxt)
            g += rest if leader == 0 else -rest
        return g

    def values(self, hands: Sequence[int], me: int, leader: int,
               trick: Sequence[tuple[int, int]], candidates: Sequence[int]) -> dict[int, int]:
        """This seat's margin (its trick points minus the opponent's, from now on) for each
        candidate card type, ``hands`` holding both hands before the card is played and
        ``trick`` the opponent's lead when this seat follows."""
        k = self.k
        out: dict[int, int] = {}
        sign = 1 if me == leader else -1  # the leader's margin in this seat's terms
        for c in candidates:
            if not trick:
                hl = hands[me] - k.one[c]
                out[c] = self._reply(hl, hands[1 - me], me, c)
            else:
                t = trick[0][1]
                out[c] = sign * self._after(hands[leader], hands[me] - k.one[c], leader, t, c)
        return out


class SolverCache:
    """One bot's playoff solver, kept from one decision of a playoff to the next: a position's
    value does not depend on how it was reached, so the positions the first decision solved
    answer the later ones at once (solving all twelve tricks once per hand). Values are exact,
    so a decision is the same whether the cache is warm or cold: a match still replays."""

    def __init__(self, limit: int = 1_000_000) -> None:
        self.limit = limit  # positions kept at most (a bound on memory, not on correctness)
        self._solver: PlayoffSolver | None = None
        self._key: tuple[PlayKernel, int] | None = None
        self._left = 0

    def get(self, k: PlayKernel, trump: int, left: int) -> PlayoffSolver:
        """The solver for kernel ``k`` and ``trump`` with ``left`` cards in both hands: a
        fresh one when the playoff is a new one (more cards than last time, another trump)
        or the memo has grown past the limit."""
        key = (k, trump)
        s = self._solver
        if s is None or key != self._key or left > self._left or len(s.memo) > self.limit:
            s = self._solver = PlayoffSolver(k, trump, work_limit=4 * self.limit)
            self._key = key
        self._left = left
        return s
