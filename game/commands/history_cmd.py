"""``pinochle history``: the hand history of the player's games, as text.

``pinochle history`` lists the games kept (each saved game by its table, each finished game by
its name); ``pinochle history GAME`` prints every scored hand of that game, one position per
line (``pn1 ...``: the deal, the auction, the passes and every card, which ``pinochle review``
and the notation's reader take back); ``--hand N`` prints one. GAME is ``last`` (the default:
the game played most recently), a table (``racehorse``) or a finished game's name.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.commands.args import UsageError, positive_int
from game.store.saves import SavedGame
from game.store.store import Store


def register(sub: Any) -> None:
    p = sub.add_parser("history", help="the hands of a saved or finished game, one position "
                       "(pn1) per line")
    p.add_argument("game", nargs="?", default=None,
                   help="last (default), a table's saved game, or a finished game's name; "
                   "with no game at all, lists the games kept")
    p.add_argument("--hand", type=positive_int, help="only this hand (1 is the first)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_history)


@dataclass
class KeptGame:
    name: str  # a table's key, or a finished game's file name without .json
    saved: SavedGame
    path: Path | None  # a finished game's file; None: the table's save
    finished: bool


def kept_games(store: Store) -> list[KeptGame]:
    """The saved games (newest first), then the finished ones (newest first)."""
    out = [KeptGame(g.key, g, None, False) for g in store.load_games()]
    for path in store.archived():
        game = store.load_archived(path)
        if game is not None:
            out.append(KeptGame(path.stem, game, path, True))
    return out


def find_game(store: Store, name: str) -> KeptGame:
    """The game ``name`` names; UsageError listing the names when none does."""
    games = kept_games(store)
    for line in store.messages:  # a bad file was set aside: say so, then carry on
        print(f"pinochle: note: {line}")
    if not games:
        raise UsageError("no saved or finished game is kept yet: play a hand first")
    if name == "last":
        return max(games, key=lambda g: _mtime(store, g))
    for g in games:
        if g.name == name:
            return g
    names = ", ".join(g.name for g in games[:8])
    raise UsageError(f"no game named {name!r}; the games kept are: last, {names}")


def _mtime(store: Store, game: KeptGame) -> float:
    path = game.path if game.path is not None else store.save_path(game.name)
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def history_lines(game: KeptGame) -> list[str]:
    from game.rules.gamehands import finished_texts

    saved = game.saved
    if saved.history is not None:
        return saved.history
    return finished_texts(saved.rules(), saved.seed, saved.actions)


def cmd_history(args: argparse.Namespace) -> int:
    store = Store()
    if args.game is None and args.hand is None:
        games = kept_games(store)
        rows = [{"game": g.name, "table": g.saved.rules().name, "finished": g.finished,
                 "hands": len(history_lines(g))} for g in games]
        if args.json:
            print(json.dumps({"games": rows}))
        elif not rows:
            print("No saved or finished game is kept yet.")
        else:
            for r in rows:
                state = "finished" if r["finished"] else "in progress"
                print(f"{r['game']}: {r['table']}, {state}, {r['hands']} hands scored")
        return 0
    game = find_game(store, args.game or "last")
    lines = history_lines(game)
    if args.hand is not None:
        if args.hand > len(lines):
            raise UsageError(f"--hand {args.hand}: the game {game.name!r} has "
                             f"{len(lines)} scored hands")
        lines = [lines[args.hand - 1]]
    if args.json:
        print(json.dumps({"game": game.name, "hands": lines}))
    else:
        for line in lines:
            print(line)
    return 0
