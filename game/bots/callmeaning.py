"""What each call in an auction shows under the table's bidding conventions, in a player's
words: the one source of the words the auction panel, the Bids review and Hint's bid reasons
use ("North: jump to 300 — shows a run").

The conventions are the documents' (the bots bid and read by the same ones, ``bidding.py``):

* 002 jump bids (the dealer holds an opening 190): a seat's first bid 20 over the last bid
  shows 100 meld, 30 aces around, 50 a run; 340, "the special bid", a run and aces.
* 001 skip bids (bids by ones to 60): a first bid one over the last bid (or an opening 50)
  "shows a desire to take the bid"; a skip of k shows 10k meld.
* 003 forced openings: a player holding meld must open, so a pass before anyone has bid shows
  no meld.

A table with none of these (racehorse, cutthroat's raises) reads a bid as the hand's worth.
Pure: no pygame, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from game.rules.ruleset import RuleSet

System = Literal["jumps", "skips", "plain"]
Kind = Literal["run_aces", "run", "aces", "hundred", "no_jump", "meld", "wants", "no_meld",
               "stuck", "bid", "pass"]

# The short words shown beside a call; "" for a call that signals nothing.
SHOWS: dict[Kind, str] = {
    "run_aces": "shows a run and aces",
    "run": "shows a run",
    "aces": "shows aces around",
    "hundred": "shows 100 meld",
    "no_jump": "no jump: no run, aces or 100 meld to show",
    "meld": "shows {meld} meld",
    "wants": "wants the bid",
    "no_meld": "shows no meld",
    "stuck": "everyone else passed",
    "bid": "",
    "pass": "",
}

# The convention behind each reading, for the hover and the Bids review.
WHY: dict[Kind, str] = {
    "run_aces": "340 is the special bid: a first bid of 340 shows a run and aces.",
    "run": "A first bid 50 over the last bid shows a run.",
    "aces": "A first bid 30 over the last bid shows aces around.",
    "hundred": "A first bid 20 over the last bid shows 100 meld or more.",
    "no_jump": "A first bid with no jump (20, 30 or 50) has no run, aces or 100 meld to show.",
    "meld": "Skip bids to 60: each point skipped over the last bid shows 10 meld.",
    "wants": "Skip bids to 60: one over the last bid (or opening at the minimum) says "
             "\"I want the bid\".",
    "no_meld": "A player holding meld must open, so a pass before anyone bids shows no meld.",
    "stuck": "The dealer takes the bid when everyone else passes.",
    "bid": "No bidding convention at this table: a bid says the hand is worth about that much.",
    "pass": "A pass: the hand is not worth the next bid.",
}


def convention(rules: RuleSet) -> System:
    """Which bidding system the preset's documents teach."""
    a = rules.auction
    if rules.partnerships and a.dealer_opens_at:
        return "jumps"  # 002
    if rules.partnerships and a.step_above and a.step == 1:
        return "skips"  # 001
    return "plain"


@dataclass(frozen=True)
class CallReading:
    """One call and what it shows. ``label`` is the call as a player says it ("jump to 300",
    "340", "skip to 54", "Pass"); ``shows`` the short meaning ("" when it signals nothing);
    ``why`` the convention it is read by."""

    seat: int
    amount: int  # 0: a pass
    kind: Kind
    label: str
    shows: str
    why: str
    meld: int = 0  # the meld a skip bid shows

    @property
    def signal(self) -> bool:
        return bool(self.shows)

    def text(self) -> str:
        """"jump to 300 — shows a run", or the bare call when it signals nothing."""
        return f"{self.label} — {self.shows}" if self.shows else self.label

    def said_by(self, name: str) -> str:
        """"North: jump to 300 — shows a run"."""
        return f"{name}: {self.text()}"


def _reading(seat: int, amount: int, kind: Kind, label: str, meld: int = 0) -> CallReading:
    return CallReading(seat, amount, kind, label, SHOWS[kind].format(meld=meld), WHY[kind], meld)


def read_auction(rules: RuleSet, bids: Sequence[tuple[int, int]], dealer: int
                 ) -> tuple[CallReading, ...]:
    """Every call in ``bids`` (the engine's (seat, amount) record, 0 for a pass), read in
    order with what was on the table when it was made."""
    return _read_auction(rules, tuple(bids), dealer)


@lru_cache(maxsize=64)  # the score panel reads the auction on every frame it draws
def _read_auction(rules: RuleSet, bids: tuple[tuple[int, int], ...], dealer: int
                  ) -> tuple[CallReading, ...]:
    return tuple(read_call(rules, bids[:i], seat, amount, dealer)
                 for i, (seat, amount) in enumerate(bids))


def read_call(rules: RuleSet, before: Sequence[tuple[int, int]], seat: int, amount: int,
              dealer: int) -> CallReading:
    """What ``seat`` calling ``amount`` (0: pass) shows after the calls ``before``."""
    a = rules.auction
    high = a.dealer_opens_at
    nobody_bid = True
    for _, amt in before:
        if amt:
            high, nobody_bid = amt, False
    first = not any(s == seat and amt for s, amt in before)
    if not amount:
        if nobody_bid and a.forced_open_with_meld:
            return _reading(seat, 0, "no_meld", "Pass")
        return _reading(seat, 0, "pass", "Pass")
    others_passed = sum(1 for s, amt in before if not amt and s != seat) >= rules.players - 1
    # (Under a forced opening the stuck contract is not a call: a dealer's bid here opens.)
    if seat == dealer and nobody_bid and others_passed and not a.forced_open_with_meld:
        label = f"stuck at {amount}" if amount == a.all_pass_bid else f"{amount} (stuck)"
        return _reading(seat, amount, "stuck", label)
    system = convention(rules)
    if system == "jumps" and first:
        return _jump(seat, amount, amount - high)
    if system == "skips" and first and amount <= a.step_above[0]:
        skip = amount - high if high else amount - a.min_bid
        if skip >= 2:
            return _reading(seat, amount, "meld", f"skip to {amount}", meld=10 * skip)
        return _reading(seat, amount, "wants", str(amount))
    return _reading(seat, amount, "bid", str(amount))


JUMPS: tuple[tuple[int, Kind], ...] = ((50, "run"), (30, "aces"), (20, "hundred"))


def _jump(seat: int, amount: int, jump: int) -> CallReading:
    if amount == 340:
        return _reading(seat, amount, "run_aces", "340")
    for least, kind in JUMPS:
        if jump >= least:
            return _reading(seat, amount, kind, f"jump to {amount}")
    return _reading(seat, amount, "no_jump", str(amount))
