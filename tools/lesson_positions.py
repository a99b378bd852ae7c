"""Rewrite the lessons' and puzzles' ``[position]`` tables as positions in the notation (pn1,
:mod:`game.rules.notation`), where the notation holds the very state the table builds.

    python -m tools.lesson_positions            # list what converts and why the rest cannot
    python -m tools.lesson_positions --write    # rewrite the files that convert

A table position converts when it is a deal and nothing since (the auction's first call; the
two-handed stock game's first card) on a fixed table, or a phase the table states after an
auction it does not give (the widow, the discard, trump, the pass, the first trick): that is
written as pn1's ``contract SEAT BID`` and the moves after it (the widow taken, the cards no
hand holds laid away, trump named). The notation reads back to the same state, compared whole
before a file is touched (but for the widow's cards once taken, which a table leaves blank and
the engine keeps). The rest stay tables, each with the reason: a position on the learner's
table (it must hold on every table), one the engine finds, a trick position in a passing game
(the table skips the pass), and hands late in play — pn1 has no way to say those yet.
"""

from __future__ import annotations

import argparse
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.rules.actions import Action, Discard, NameTrump, PlayHand, TakeWidow
from game.rules.auction_game.state import HandState
from game.rules.cards import Suit
from game.rules.compose import auction_hand, contracted
from game.rules.errors import IllegalActionError
from game.rules.notation import NotationError, read, write
from game.rules.ruleset import RuleSet
from game.rules.state import GameState
from game.rules.stock_game.state import StockHand
from game.store.content import LEVELS_DIR, load_preset, preset_names
from game.store.lesson_reader import lesson_from_mapping, puzzle_from_mapping
from game.store.lessons import LEARNER, SEATS, Position
from game.tutorial.positions import build_state, melded_cards, seat_key
from tools.lesson_history import invent, same_place


@dataclass(frozen=True)
class Found:
    path: Path
    step: int | None  # None: the file's own position
    notation: str  # "" when it does not convert
    reason: str


def positions_of(path: Path) -> Iterator[tuple[int | None, Position, str]]:
    """(step or None, position, the table it runs at) of every table position in a file."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    source = f"{path.parent.name}/{path.name}"
    build = lesson_from_mapping if path.parent.name == "lessons" else puzzle_from_mapping
    item = build(data, source, path.stem, preset_names(), load_preset)
    preset = item.preset
    if "position" in data:
        yield None, item.position, preset
    for n, step in enumerate(getattr(item, "steps", ()), start=1):
        if step.position is not None:
            yield n, step.position, preset


TRICKS_TO = ("any", "bidder", "defenders")  # who may have won the tricks a history makes up


def convert(path: Path, step: int | None, pos: Position, preset: str, seed: int = 1,
            tricks_to: str = "any") -> Found:
    if pos.notation:
        return Found(path, step, pos.notation, "already in the notation")
    if pos.find:
        return Found(path, step, "", "found by the engine on the learner's table")
    table = pos.preset or preset
    if table == LEARNER:
        return Found(path, step, "", "on the learner's table: it must hold on every table")
    rules = load_preset(table)
    state = build_state(rules, pos, str(path), step)
    # Only a deal and nothing since is what pn1 writes without moves: anything else reads
    # back as another state (the comparison is whole, not by these reasons).
    what = ("hands late in play" if pos.cards_each else
            f"a {pos.phase} position no contract and moves reach (a pass skipped, or cards "
            "left out of every hand)")
    try:
        stated = isinstance(state.hand, HandState) and pos.phase != "auction"
        start, moves = _stated(rules, state, pos) if stated and not pos.cards_each else (
            state, [])
        text = write(start, moves)
        back = read(text, load_preset).state
        same = _seen(back) == _seen(state)
        if not same and _seen(back) == _seen(_dealer_dix(state, back)):
            return Found(path, step, text, "a deal: converts, with the dealer's 10 for a turned-"
                         "up dix that the table left out")
    except (NotationError, IllegalActionError):
        same = False
    if not same and pos.phase == "tricks" and not rules.stock.enabled:
        return _with_history(path, step, rules, state, pos, what, seed, tricks_to)
    if not same:
        return Found(path, step, "", what if pos.phase not in ("auction", "stock")
                     else "pn1 reads back another state")
    return Found(path, step, text, "a contract and the moves after it: converts"
                 if "; contract " in text else "a deal: converts")


def _with_history(path: Path, step: int | None, rules: RuleSet, state: GameState,
                  pos: Position, what: str, seed: int, tricks_to: str) -> Found:
    """A trick position as a deal, its exchanges and the tricks before it, made up by
    :func:`tools.lesson_history.invent` and read back as the same place. ``tricks_to``: the
    side that won every trick so far, when the lesson's story says so ("your side has taken
    nothing")."""
    melded = melded_cards(rules, pos)
    winners = None
    if tricks_to != "any" and isinstance(state.hand, HandState):
        bidders = rules.side_of(state.hand.bidder)
        winners = frozenset(s for s in range(rules.players)
                            if (rules.side_of(s) == bidders) == (tricks_to == "bidder"))
    got = invent(rules, state, melded, seed, winners)
    if got is None:
        return Found(path, step, "", f"{what}: no history found")
    text = write(*got)
    back = read(text, load_preset).state
    stated = frozenset(s for s, cards in enumerate(melded) if cards)
    if not same_place(back, state, stated):
        return Found(path, step, "", f"{what}: the history reads back another place")
    return Found(path, step, text, "the tricks before it made up: converts")


def _stated(rules: RuleSet, state: GameState, pos: Position
            ) -> tuple[GameState, list[Action]]:
    """A stated phase as a contract and the moves after it: (the state just after the
    contract, the moves that lead from it to ``state``)."""
    hand = state.hand
    assert isinstance(hand, HandState)
    deck = rules.deck
    hands, widow, moves = list(hand.hands), hand.widow, list[Action]()
    if rules.widow.size and pos.phase in ("discard", "trump", "tricks"):
        bidder = hand.bidder
        if pos.phase == "discard":
            # The widow the bidder took: the last cards the table gives it.
            taken = deck.counts_of(pos.cards[SEATS.index(seat_key(rules, bidder))][
                -rules.widow.size:])
            hands[bidder] -= taken
            widow, moves = taken, [TakeWidow()]
        else:  # the widow taken, and the cards no hand holds laid away
            widow = hand.discards
            moves = [TakeWidow(), Discard(tuple(deck.to_cards(widow)))]
    if pos.phase in ("pass", "tricks"):
        moves.append(NameTrump(Suit(hand.trump)))
    if pos.phase == "tricks" and rules.widow.size:
        moves.append(PlayHand())
    start = state._replace(hand=contracted(rules, auction_hand(
        rules, hand.dealer, tuple(hands), widow), hand.bidder, hand.bid))
    return start, moves


def _dealer_dix(state: GameState, back: GameState) -> GameState:
    """``state`` with the meld points of ``back``: two-handed, the dealer scores 10 when the
    turn-up is a dix (004, "Melding the dix": "If the dealer turns a dix [...] as the trump
    card, they score 10 points immediately"), which a table position does not count and the
    engine does."""
    if isinstance(state.hand, StockHand) and isinstance(back.hand, StockHand):
        return state._replace(hand=state.hand._replace(meld_pts=back.hand.meld_pts))
    return state


def _seen(state: GameState) -> GameState:
    """A state without what the engine records on the way and a table leaves blank: the
    widow's cards once taken (its cards are in the bidder's hand or discards) and that it was
    looked at."""
    hand = state.hand
    if isinstance(hand, HandState) and hand.looked:
        return state._replace(hand=hand._replace(widow=0, looked=False))
    return state


def rewrite(text: str, step: int | None, notation: str) -> str:
    """``text`` with the position's table (``[position]``, or the step's ``[steps.position]``,
    with any sub-tables) replaced by ``position = "pn1 ..."``: at the top of the file's keys,
    or first among the step's. Comment lines inside the table are kept above the key."""
    lines = text.split("\n")
    if step is None:
        start = lines.index("[position]")
        header = "[position"
        key_at = next(i for i, ln in enumerate(lines) if ln.startswith("["))
    else:
        steps = [i for i, ln in enumerate(lines) if ln.strip() == "[[steps]]"]
        first = steps[step - 1]
        end = steps[step] if step < len(steps) else len(lines)
        start = next(i for i in range(first, end) if lines[i].strip() == "[steps.position]")
        header = "[steps.position"
        key_at = first + 1
    stop = start + 1
    while stop < len(lines) and not (lines[stop].startswith("[")
                                     and not lines[stop].startswith(header)):
        stop += 1
    removed = lines[start:stop]
    comments = [ln for ln in removed if ln.lstrip().startswith("#")]
    while stop - 1 > start and not lines[stop - 1].strip():
        stop -= 1  # keep the blank line before the next table
    new = [*comments, f'position = "{notation}"']
    out = lines[:start] + lines[stop:]
    if 0 < start < len(out) and not out[start - 1].strip() and not out[start].strip():
        del out[start]  # the table's blank line before the next one goes with it
    if step is None:
        # the top-level key goes before the first table, after the keys already there
        while key_at > 0 and not out[key_at - 1].strip():
            key_at -= 1
        return "\n".join(out[:key_at] + new + out[key_at:])
    return "\n".join(out[:key_at] + new + out[key_at:])


def survey(root: Path = LEVELS_DIR, report: bool = False, only: str = "", seed: int = 1,
           tricks_to: str = "any") -> list[Found]:
    found = []
    for path in sorted(root.glob("lessons/*.toml")) + sorted(root.glob("puzzles/*.toml")):
        if only not in path.name:
            continue
        for step, pos, preset in positions_of(path):
            found.append(convert(path, step, pos, preset, seed, tricks_to))
            if report:  # as it goes: a made-up history can take a minute to find
                f = found[-1]
                where = f"{path.parent.name}/{path.name}" + (f" step {step}" if step else "")
                print(f"{where}: {f.reason}", flush=True)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--write", action="store_true", help="rewrite the files that convert")
    p.add_argument("--levels", type=Path, default=Path(str(LEVELS_DIR)))
    p.add_argument("--only", default="", help="the files whose name holds this text")
    p.add_argument("--seed", type=int, default=1,
                   help="the seed of the made-up histories (another history, the same place)")
    p.add_argument("--tricks-to", choices=TRICKS_TO, default="any",
                   help="the side that won every trick a made-up history plays (a lesson "
                        "whose story says the other side has taken nothing)")
    args = p.parse_args(argv)
    found = survey(args.levels, report=True, only=args.only, seed=args.seed,
                   tricks_to=args.tricks_to)
    todo = [f for f in found if f.notation and f.reason != "already in the notation"]
    if args.write:
        # The steps last first, so that each step's position is found where it was.
        for f in sorted(todo, key=lambda f: (f.path, -(f.step or 0))):
            text = f.path.read_text(encoding="utf-8")
            f.path.write_text(rewrite(text, f.step, f.notation), encoding="utf-8")
        for path in {f.path for f in todo}:  # each rewritten file builds the same states
            if [g.notation for g in found if g.path == path and g.notation] != [
                    g.notation for g in survey_file(path)]:
                raise SystemExit(f"{path}: the rewritten positions differ")
    print(f"{len(todo)} of {len(found)} positions convert"
          + (" (written)" if args.write else ""))
    return 0


def survey_file(path: Path) -> list[Found]:
    return [convert(path, step, pos, preset) for step, pos, preset in positions_of(path)
            if pos.notation]


if __name__ == "__main__":
    raise SystemExit(main())
