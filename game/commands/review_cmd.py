"""``pinochle review``: the review of a hand (issue 28), as text or ``--json``.

``pinochle review`` reviews the last scored hand of the game played most recently;
``pinochle review GAME`` a hand of that game (``last``, a table, or a finished game's name, as
``pinochle history`` lists them), ``--hand N`` choosing the hand; ``--position "pn1 ..."``
reviews a hand written in the position notation instead (``pinochle history`` prints them).
The player's seat is the game's human seat, or ``--seat``. A review kept with the saved game
is read back, not analysed again.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.commands.args import UsageError, positive_int
from game.store.settings import DEFAULT_LEVEL


def register(sub: Any) -> None:
    p = sub.add_parser("review", help="grade a player's decisions in a hand against the expert")
    p.add_argument("game", nargs="?", default="last",
                   help="last (default), a table's saved game, or a finished game's name")
    p.add_argument("--hand", type=positive_int, help="the hand (1 is the first; default: the "
                   "last one scored)")
    p.add_argument("--position", help="a hand in the position notation (pn1 ...) instead of a "
                   "saved game")
    p.add_argument("--seat", help="whose decisions (S, W, N, E...; default: the game's player, "
                   "or S)")
    p.add_argument("--budget", type=float, default=1.0, help="the analysis's budget (1: the "
                   "review's own; the time grows with it)")
    p.add_argument("--game", action="store_true", dest="whole",
                   help="review every scored hand of the game: points lost per hand, accuracy, "
                   "and the levels compared on the same positions")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_review)


def cmd_game_review(args: argparse.Namespace) -> int:
    """``--game``: the review of every scored hand, and of the game."""
    from game.commands.history_cmd import find_game
    from game.match.gamereview import game_review
    from game.match.review import review_hand
    from game.rules.gamehands import game_hands
    from game.store.store import Store

    game = find_game(Store(), args.game)
    saved = game.saved
    rules = saved.rules()
    seat = saved.seats.index("human") if "human" in saved.seats else 0
    reviews = []
    for h in game_hands(rules, saved.seed, saved.actions):
        if h.result is None:
            continue
        stored = saved.reviews.get(h.hand_no)
        if stored is None or stored.seat != seat or stored.budget != args.budget:
            stored = review_hand(rules, saved.seed, saved.actions, h.hand_no, seat,
                                 saved.seats, args.budget)
        assert stored is not None
        reviews.append(stored)
    if not reviews:
        raise UsageError(f"the game {game.name!r} has no scored hand yet")
    gr = game_review(reviews, saved.hinted)
    data = {"game": game.name, "table": rules.name,
            "hands": [{"hand": n + 1, "points_lost": round(lost, 1), "decisions": k,
                       "hint": n in gr.hinted} for n, lost, k in gr.hands],
            "hinted_left_out": len(gr.hinted),
            "accuracy": round(gr.accuracy, 1), "points_lost_per_hand": round(gr.lost_per_hand, 1),
            "levels": {lv: round(v, 1) for lv, v in gr.levels.items()}, "placed": gr.placed}
    if args.json:
        print(json.dumps(data))
        return 0
    print(f"Game {game.name} at {rules.name}: {len(gr.hands)} hands reviewed.")
    for n, lost, k in gr.hands:
        hint = " (played with Hint: in none of the figures below)" if n in gr.hinted else ""
        print(f"  hand {n + 1}: {lost:.0f} points lost in {k} decisions{hint}")
    print(f"Accuracy {gr.accuracy:.0f}% (decisions graded good); {gr.lost_per_hand:.0f} points "
          "lost per hand.")
    print("On the same positions, points lost per hand: " +
          ", ".join(f"{lv} {v:.0f}" for lv, v in gr.levels.items()) + ".")
    print(gr.placed[0].upper() + gr.placed[1:] + ".")
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from game.match.review import review_game_hand
    from game.match.reviewread import review_json, review_text
    from game.rules.events import HandScored
    from game.rules.gamehands import GameHand, game_hands
    from game.rules.seating import SeatingError

    if not 0.05 <= args.budget <= 50:
        raise UsageError(f"--budget: between 0.05 and 50, got {args.budget}")
    if args.whole:
        if args.position is not None or args.hand is not None:
            raise UsageError("--game reviews every hand: not with --position or --hand")
        return cmd_game_review(args)
    if args.position is not None:
        from game.commands.position import read_position

        pos = read_position(args.position)
        rules = pos.rules
        result = next((e.result for e in pos.events if isinstance(e, HandScored)), None)
        hand = GameHand(pos.start.hand_no, pos.start, pos.moves, 0, result)
        # A position names no bots: the others are taken to be the table's default level,
        # against whom the open level's play-outs ("all cards seen") are played.
        seats = [DEFAULT_LEVEL] * rules.players
        stored = None
        human = 0
    else:
        from game.commands.history_cmd import find_game
        from game.store.store import Store

        game = find_game(Store(), args.game)
        saved = game.saved
        rules = saved.rules()
        hands = [h for h in game_hands(rules, saved.seed, saved.actions) if h.result is not None]
        if not hands:
            raise UsageError(f"the game {game.name!r} has no scored hand yet")
        n = args.hand if args.hand is not None else len(hands)
        if n > len(hands):
            raise UsageError(f"--hand {n}: the game {game.name!r} has {len(hands)} scored hands")
        hand = hands[n - 1]
        seats = list(saved.seats)
        stored = saved.reviews.get(hand.hand_no)
        human = seats.index("human") if "human" in seats else 0
    seat = human
    if args.seat is not None:
        try:
            seat = rules.seating.seat_of_name(args.seat)
        except SeatingError as exc:
            raise UsageError(f"--seat: {exc}") from None
    if hand.result is None:
        raise UsageError("the hand was not played to its score: a review grades a whole hand")
    if stored is None or stored.seat != seat or stored.budget != args.budget:
        review = review_game_hand(hand, seat, seats, args.budget)
        assert review is not None  # never cancelled here
    else:
        review = stored
    if args.json:
        print(json.dumps(review_json(hand, review), ensure_ascii=False))
    else:
        print("\n".join(review_text(hand, review)))
    return 0
