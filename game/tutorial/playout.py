"""A puzzle's answer against the real cards: each legal card played out with every hand known
(the hidden ones as the puzzle dealt them), the others playing their best.

The hard bot decides without seeing the hidden hands, so a puzzle can agree with it and still
hand points away against the cards actually lying there ("Rescue the trick": the 10♥ looked
safe to a bot that could not see West's two aces). ``tutorial --check`` plays each candidate out:
the whole hand when few cards are left (exact, alpha-beta over the trick kernel), else the trick
in progress; the value is the trick points the learner's side takes less those the others take.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bots.solver import solve
from game.rules.actions import Action, PlayCard
from game.rules.compiled import compile_rules
from game.rules.engine import hand_sides, legal_actions
from game.rules.kernel import PlayKernel
from game.rules.state import GameState
from game.rules.view import PlayerView, observe

EXACT_CARDS = 16  # cards left in all hands up to which the whole hand is solved exactly


def open_trick(state: GameState) -> tuple[PlayerView, tuple[tuple[int, int], ...]] | None:
    """The learner's view of a trick of an auction game with every hand shown, and the trick
    on the table as (seat, card type); None at any other position (bids, two-handed play)."""
    if state.rules.stock.enabled:
        return None
    view = observe(state, 0, reveal=True)
    if view.leader < 0:
        return None
    deck = state.rules.deck
    return view, tuple((s, deck.type_of(c)) for s, c in view.trick)


def real_values(state: GameState) -> dict[Action, float] | None:
    """The value of each legal card for the learner's side against the real hands, or None
    where the position is not a trick of an auction game (bids, two-handed stock play)."""
    found = open_trick(state)
    if found is None:
        return None
    view, on_table = found
    rules = state.rules
    k = compile_rules(rules).kernel
    n = rules.players
    me = 0
    sides = hand_sides(state)  # this hand's: a partner found by a card plays with its bidder
    maximiser = [sides.same_side(s, me) for s in range(n)]
    nxt = [rules.next_seat(s) for s in range(n)]
    deck = rules.deck
    hands = list(view.all_hands)
    left = sum(deck.size_of(h) for h in hands)
    out: dict[Action, float] = {}
    for action in legal_actions(state):
        if not isinstance(action, PlayCard):
            continue
        t = deck.type_of(action.card)
        hs = list(hands)
        hs[me] -= k.one[t]
        trick = (*on_table, (me, t))
        if left <= EXACT_CARDS:
            def value(taken: list[int], won: list[int]) -> float:
                del won
                return float(sum(p if maximiser[s] else -p for s, p in enumerate(taken)))

            out[action] = solve(k, hs, view.trump, view.leader, trick, maximiser,
                                [0] * n, [0] * n, value, nxt)
        else:
            out[action] = trick_value(k, hs, view.trump, trick, maximiser, nxt)
    return out


def trick_value(k: PlayKernel, hands: list[int], trump: int, trick: tuple[tuple[int, int], ...],
                maximiser: list[bool], nxt: list[int]) -> float:
    """The trick in progress played out, every seat after the learner playing its best for its
    side: the trick's points, plus for the learner's side, minus for the others."""
    return trick_line(k, hands, trump, trick, maximiser, nxt)[0]


def trick_line(k: PlayKernel, hands: list[int], trump: int, trick: tuple[tuple[int, int], ...],
               maximiser: list[bool], nxt: list[int]) -> tuple[float, int]:
    """``trick_value`` and the seat that takes the trick on that best line."""
    if len(trick) == k.players:
        ws, wt = trick[0]
        pts = k.points[wt]
        for s, t in trick[1:]:
            if k.beats(t, wt, trump):
                ws, wt = s, t
            pts += k.points[t]
        if not any(hands):
            pts += k.last_trick
        return float(pts if maximiser[ws] else -pts), ws
    seat = nxt[trick[-1][0]]
    h = hands[seat]
    ws, wt = trick[0]
    for s, t in trick[1:]:
        if k.beats(t, wt, trump):
            ws, wt = s, t
    lines = []
    for t in k.types_in(k.legal(h, trick, wt, trump)):
        hands[seat] = h - k.one[t]
        lines.append(trick_line(k, hands, trump, (*trick, (seat, t)), maximiser, nxt))
        hands[seat] = h
    # On equal points a seat takes the trick for its own side when it can: "cannot win" then
    # means the others can always stop it.
    def key(line: tuple[float, int]) -> tuple[float, bool]:
        return line[0], maximiser[line[1]]

    return max(lines, key=key) if maximiser[seat] else min(lines, key=key)


@dataclass(frozen=True)
class Outcome:
    """One legal card against the real cards: what the trick gives the learner's side, who
    takes it on the others' best line, and (few cards left) the whole hand's value."""

    trick: float
    winner: int
    hand: float | None


def outcomes(state: GameState) -> dict[Action, Outcome] | None:
    """Each legal card's ``Outcome``, or None where the position is not a trick of an auction
    game. The trick is always played out; the whole hand when few cards are left."""
    found = open_trick(state)
    if found is None:
        return None
    view, on_table = found
    rules = state.rules
    k = compile_rules(rules).kernel
    n = rules.players
    sides = hand_sides(state)
    maximiser = [sides.same_side(s, 0) for s in range(n)]
    nxt = [rules.next_seat(s) for s in range(n)]
    whole = real_values(state) if sum(rules.deck.size_of(h) for h in view.all_hands) <= \
        EXACT_CARDS else None
    out: dict[Action, Outcome] = {}
    for action in legal_actions(state):
        if not isinstance(action, PlayCard):
            continue
        hs = list(view.all_hands)
        t = rules.deck.type_of(action.card)
        hs[0] -= k.one[t]
        value, winner = trick_line(k, hs, view.trump, (*on_table, (0, t)), maximiser, nxt)
        out[action] = Outcome(value, winner, whole[action] if whole else None)
    return out


def as_good(alt: Outcome, best: Outcome) -> bool:
    """Whether a card scores as well as the answer against the real cards: in the trick, and
    over the whole hand where it is played out."""
    if alt.trick < best.trick - TIE:
        return False
    return alt.hand is None or best.hand is None or alt.hand >= best.hand - TIE


TIE = 0.5


def real_values_counted(state: GameState) -> int:
    """1 when the position is one ``real_values`` plays out (for the report's count)."""
    return int(open_trick(state) is not None)


def real_cards_problem(state: GameState, answers: tuple[Action, ...]) -> str | None:
    """What is wrong with the answers against the real cards: an answer that loses points
    another legal card keeps. No note excuses it."""
    values = real_values(state)
    if not values:
        return None
    best_card, best = max(values.items(), key=lambda kv: kv[1])
    worst = [(a, values[a]) for a in answers if a in values and values[a] < best - TIE]
    if worst:
        action, value = worst[0]
        return (f"answer {action} loses {best - value:g} points against the real cards, where "
            f"{best_card} keeps them: played out with every hand known (a bot_note cannot "
            f"excuse this)")
    return None
