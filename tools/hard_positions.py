"""The fixed positions ``hard`` is held to: 300 recorded decisions and the action it chose.

    python -m tools.hard_positions --record    # deal the games, pick the positions, ask hard
    python -m tools.hard_positions --check     # how many positions hard still decides the same
    python -m tools.hard_positions --update check  # ask hard again at one preset's positions
    python -m tools.hard_positions --set two-handed --record  # two-handed's own 200 positions

The games are played by ``medium`` in every seat (quick, and realistic), whole games from 0 so
that late positions, where the game is at stake, are among them. From every decision with more
than one real choice, positions are drawn by preset and kind (bids and passes in the auction,
cards, passing, trump, the widow, discards, concessions, throw-ins, and the two-handed stock
play, meld turn and playoff); ``hard`` is asked each with its own generator, seeded by the
position's number, and its action is stored. A speed-up of ``hard`` must leave every one
unchanged (``tests/bots/test_hard_positions.py``); ``benchmarks/hard_speed.py`` times them.

The file holds one position a line, in the position notation (pn1, :mod:`game.rules.notation`:
the deal and the moves since, so a line pastes into ``pinochle legal --position -``), after the
kind of decision and the action hard chose: ``card | play QD | pn1 racehorse; seed ...``. The
positions are read with the notation's own reader, which plays the moves through the engine:
a line the rules cannot reach, or an expected action that is not legal there, is refused naming
the file and the line.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from game.bots.base import Bot
from game.bots.registry import make_bot
from game.rules.actions import Action, Deal, PlayCard, ThrowIn, parse_action
from game.rules.engine import actor, apply, legal_actions, new_game
from game.rules.notation import NotationError, read, write
from game.rules.phase import Phase
from game.rules.state import GameState
from game.rules.view import PlayerView, observe
from game.store.content import load_preset

DATA = Path(__file__).resolve().parents[1] / "tests" / "bots" / "data"
FILE = DATA / "hard_positions.pn1"
SEED = 20261201
GAMES = 3  # whole games per preset
# Two-handed's own 200 (``--set two-handed``), recorded before its stock search was made faster:
# the main set's 38 two-handed positions are too few to hold that simulator to its decisions.
FILE_TWO_HANDED = DATA / "hard_positions_two_handed.pn1"
QUOTAS_TWO_HANDED = {"two-handed": {"stock": 150, "meld": 30, "playoff": 20}}
GAMES_TWO_HANDED = 6
MAX_ACTIONS = 900  # a game is cut here (the later positions add nothing new)
# Positions per preset and kind: 300 in all.
QUOTAS: dict[str, dict[str, int]] = {
    "racehorse": {"bid": 16, "pass": 12, "trump": 6, "card": 26},
    "partnership-150": {"bid": 12, "trump": 5, "card": 24},
    "partnership-190": {"bid": 12, "trump": 5, "card": 24},
    "double-deck": {"bid": 10, "trump": 5, "throw-in": 3, "card": 20},
    "cutthroat": {"bid": 8, "widow": 4, "discard": 7, "trump": 3, "decide": 5, "card": 16},
    "check": {"bid": 8, "widow": 3, "discard": 7, "trump": 3, "decide": 5, "card": 13},
    "two-handed": {"stock": 18, "meld": 8, "playoff": 12},
}
KINDS = {Phase.AUCTION: "bid", Phase.TRUMP: "trump", Phase.PASS: "pass",
         Phase.PASS_BACK: "pass", Phase.WIDOW: "widow", Phase.DISCARD: "discard",
         Phase.DECIDE: "decide", Phase.TRICKS: "card", Phase.MELD_TURN: "meld"}


def kind_of(view: PlayerView) -> str:
    """The kind of decision a view asks for (the two-handed stock play, meld turn and playoff
    apart; a lead that may throw in is a throw-in)."""
    if view.rules.stock.enabled:
        if view.phase == Phase.MELD_TURN:
            return "meld"
        return "playoff" if view.playoff else "stock"
    if view.phase == Phase.TRICKS and ThrowIn() in view.legal:
        return "throw-in"
    return KINDS.get(view.phase, "other")


def real_choice(view: PlayerView) -> bool:
    """More than one action that differ (two copies of a card are one choice)."""
    cards = {a.card for a in view.legal if isinstance(a, PlayCard)}
    others = [a for a in view.legal if not isinstance(a, PlayCard)]
    return len(cards) + len(others) > 1


@dataclass(frozen=True)
class Position:
    number: int  # its line among the file's positions, from 0
    preset: str
    kind: str
    expected: str  # the action hard chose, as text
    notation: str  # the position in pn1

    def rng(self) -> random.Random:
        """The position's own generator (the same seed before and after any change)."""
        return random.Random(f"hard-positions/{self.number}")

    def state(self) -> GameState:
        """The game at the decision, read by the notation's reader (the engine plays its
        moves)."""
        return read(self.notation, load_preset).state


def play_game(preset: str, seed: int, bot: Bot) -> tuple[list[str], list[tuple[int, str]]]:
    """A whole game with ``bot`` in every seat: its actions, and (index, kind) of every real
    decision."""
    rules = load_preset(preset)
    state = new_game(rules, seed)
    actions: list[str] = []
    found: list[tuple[int, str]] = []
    while not state.over and len(actions) < MAX_ACTIONS:
        if state.phase == Phase.DEAL:
            action: Action = Deal()
        else:
            seat = actor(state)
            view = observe(state, seat)
            if real_choice(view):
                found.append((len(actions), kind_of(view)))
            action = bot.choose(view, random.Random(f"positions/{seed}/{len(actions)}"))
        state, _ = apply(state, action)
        actions.append(str(action))
    return actions, found


def walk(positions: Sequence[Position]) -> Iterator[tuple[Position, PlayerView]]:
    """Each position's view."""
    for p in positions:
        state = p.state()
        yield p, observe(state, actor(state))


def notation_at(preset: str, seed: int, actions: Sequence[str], at: int) -> str:
    """The pn1 of the position after ``actions[:at]`` of a game from ``seed``: the deal in
    progress and its moves (the game's past hands are its scores, not part of a position)."""
    state: GameState = new_game(load_preset(preset), seed)
    start = state
    moves: list[Action] = []
    for text in actions[:at]:
        action = parse_action(text)
        state, _ = apply(state, action)
        if isinstance(action, Deal):
            start, moves = state, []
        else:
            moves.append(action)
    return write(start, moves)


class PositionsFileError(ValueError):
    """A positions file that cannot be used: one line naming the file and the line."""


def load(path: Path = FILE) -> list[Position]:
    """The file's positions; each line's notation is read (and its moves played) and its
    expected action must be legal there."""
    out: list[Position] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = [x.strip() for x in line.split("|")]
        if len(parts) != 3:
            raise PositionsFileError(f"{path.name}, line {n}: 'KIND | ACTION | pn1 ...' expected")
        kind, expected, notation = parts
        try:
            position = read(notation, load_preset)
            legal = {str(a) for a in legal_actions(position.state)}
        except (NotationError, ValueError) as exc:
            raise PositionsFileError(f"{path.name}, line {n}: {exc}") from None
        if expected not in legal:
            raise PositionsFileError(f"{path.name}, line {n}: {expected!r} is not legal there")
        out.append(Position(len(out), position.rules.name, kind, expected, notation))
    return out


def save(positions: Sequence[Position], path: Path = FILE) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["# hard's fixed positions (python -m tools.hard_positions): KIND | ACTION | pn1"]
    lines += [f"{p.kind} | {p.expected} | {p.notation}" for p in positions]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def choose(positions: Sequence[Position]) -> Iterator[tuple[Position, str, float]]:
    """(position, hard's action as text, CPU seconds) for every position."""
    bot = make_bot("hard")
    for p, view in walk(positions):
        t0 = time.process_time()
        action = bot.choose(view, p.rng())
        yield p, str(action), time.process_time() - t0


def pick(preset: str, found: dict[int, list[tuple[int, str]]], rng: random.Random,
         quotas: dict[str, dict[str, int]] | None = None) -> list[tuple[int, int, str]]:
    """(game, at, kind) positions for one preset, by its quota per kind."""
    out = []
    for kind, n in (quotas or QUOTAS)[preset].items():
        pool = [(g, at, k) for g, f in found.items() for at, k in f if k == kind]
        if len(pool) < n:
            raise SystemExit(f"{preset}: only {len(pool)} {kind} decisions for {n} positions")
        out += rng.sample(pool, n)
    return out


def record(path: Path = FILE, quotas: dict[str, dict[str, int]] | None = None,
           per_preset: int = GAMES, seed0: int = SEED) -> int:
    quotas = quotas or QUOTAS
    medium = make_bot("medium")
    games: list[tuple[str, int, list[str]]] = []  # (preset, seed, actions)
    entries: list[tuple[int, int, str]] = []
    rng = random.Random(seed0)
    for preset in quotas:
        found: dict[int, list[tuple[int, str]]] = {}
        for j in range(per_preset):
            seed = seed0 + 1000 * list(quotas).index(preset) + j
            actions, f = play_game(preset, seed, medium)
            found[len(games)] = f
            games.append((preset, seed, actions))
        entries += pick(preset, found, rng, quotas)
        print(f"{preset}: {sum(len(f) for f in found.values())} decisions", file=sys.stderr)
    entries.sort(key=lambda e: (list(quotas).index(games[e[0]][0]), e[0], e[1]))
    positions = [Position(i, games[g][0], kind, "", notation_at(*games[g], at))
                 for i, (g, at, kind) in enumerate(entries)]
    chosen = {p.number: a for p, a, _ in choose(positions)}
    save([replace(p, expected=chosen[p.number]) for p in positions], path)
    print(f"{len(positions)} positions in {path}", file=sys.stderr)
    return 0


def update(presets: set[str], path: Path = FILE) -> int:
    """Ask hard again at the positions of ``presets`` (a deliberate change of their play):
    the positions stay, their recorded actions follow hard's choice."""
    positions = load(path)
    todo = [p for p in positions if p.preset in presets]
    chosen = {p.number: a for p, a, _ in choose(todo)}
    changed = [p for p in todo if chosen[p.number] != p.expected]
    for p in changed:
        print(f"position {p.number} ({p.preset} {p.kind}): {p.expected!r} -> "
              f"{chosen[p.number]!r}", file=sys.stderr)
    save([replace(p, expected=chosen.get(p.number, p.expected)) for p in positions], path)
    print(f"{len(changed)} of {len(todo)} positions changed", file=sys.stderr)
    return 0


def check(path: Path = FILE) -> int:
    positions = load(path)
    differ = 0
    for p, action, _ in choose(positions):
        if action != p.expected:
            differ += 1
            print(f"position {p.number} ({p.preset} {p.kind}): recorded {p.expected!r}, "
                  f"now {action!r}")
    print(f"{len(positions) - differ} of {len(positions)} positions decided as recorded")
    return 1 if differ else 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--record", action="store_true", help="write the positions file")
    p.add_argument("--check", action="store_true", help="compare hard with the file")
    p.add_argument("--update", default="", metavar="PRESETS",
                   help="ask hard again at these presets' positions (comma-separated)")
    p.add_argument("--set", choices=("main", "two-handed"), default="main",
                   help="the 300 positions of every preset, or two-handed's own 200")
    args = p.parse_args(argv)
    path = FILE_TWO_HANDED if args.set == "two-handed" else FILE
    if args.record:
        if args.set == "two-handed":
            return record(path, QUOTAS_TWO_HANDED, GAMES_TWO_HANDED, SEED + 29)
        return record()
    if args.update:
        return update({x for x in args.update.split(",") if x}, path)
    if args.check:
        return check(path)
    p.print_help()
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
