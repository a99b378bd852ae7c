"""Screenshots of learning from a review (issue 40), in a real window: the review with the swing
chart and the score by phase, a point of the chart pointed at and clicked (the replay opens at
it), Find a better play answered wrong then right, the answer on request, each kind of decision
asked, the practice and the figures by phase in Statistics, and Play it out.

    DISPLAY=:23 python -m tools.learning_shots --out /work/shots/i40 --size 1024x640 \\
        --preset racehorse --seed 28 --level easy

The hands are reviewed here at ``--budget`` (the screens are the same at any budget; the
table's own reviews are made at budget 1 in a worker)."""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

import pygame

from game.match.retry import judge
from game.match.review import Graded, review_hand
from game.store.store import Store
from game.store.tables import preset_table
from game.ui.app import App
from game.ui.routes import ROUTES
from game.ui.scene import Route
from game.ui.table.scene import TableScene
from tools.screenshots import played_match


def click(app: App, pos: tuple[int, int], move_only: bool = False) -> None:
    """A real click (or a pointer move) at ``pos``, through the app's event queue."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,
                                                                                           0, 0)))
    if not move_only:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for event in pygame.event.get():
        app.handle(event)
    app.step(1 / 60)
    app.step(1 / 60)


def answer_at(app: App, scene: object, accepted: bool) -> bool:
    """Answer the retry on show by clicking what the player would: a card in the hand, the
    cards of a pass, a bid, or a button; an answer the review refuses (``accepted`` False) or
    accepts. False when the decision has no such analysed answer."""
    from game.rules.actions import Bid, Discard, PassCards, PlayCard
    from game.ui.scenes.retry import RetryScene

    assert isinstance(scene, RetryScene) and scene.moment is not None
    m, picker = scene.moment, scene.picker
    assert picker is not None
    d = scene.item.decision
    for o in sorted(d.options, key=lambda o: o.value, reverse=accepted):
        action = next((a for a in m.view.legal if a == o.action or (
            isinstance(a, PlayCard) and isinstance(o.action, PlayCard) and a.card == o.action.card
            and a.from_table == o.action.from_table)), None)
        if action is None:
            continue
        verdict = judge(d, m.view, action)
        if verdict is None or verdict.accepted != accepted:
            continue
        if isinstance(action, PlayCard):
            rect = next(r for c, t, r in picker.cards if c == action.card
                        and t == action.from_table)
            click(app, (rect.left + 4, rect.centery))
        elif isinstance(action, PassCards | Discard):
            for card in action.cards:
                index = next(i for i, (c, _, _) in enumerate(picker.cards) if c == card
                             and i not in picker.selected)
                rect = picker.cards[index][2]
                click(app, (rect.left + 4, rect.centery))
            click(app, picker.submit.rect.center)
        elif isinstance(action, Bid):
            picker.amount = picker.amounts.index(action.amount)
            picker.step(0)
            click(app, picker.bid.rect.center)
        else:
            button = next(b for b in picker.buttons if b.on_click is not None and
                          b.label.lower() == _words(m.view, action).lower())
            click(app, button.rect.center)
        return True
    return False


def _words(view: object, action: object) -> str:
    from game.bots.analysis_words import say

    return say(view, action)  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--preset", default="racehorse")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--budget", type=float, default=0.25)
    parser.add_argument("--hands", type=int, default=2)
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    tag = f"{args.preset}-{w}x{h}"
    home = Path(tempfile.mkdtemp())
    app = App(Store(home), ROUTES, (w, h))
    app.fixed_dt = 1 / 60
    app.sounds.muted = True
    match = played_match(args.preset, args.seed, args.level, hands=args.hands,
                         rng=random.Random(args.seed))
    table = TableScene(app, match, preset_table(args.preset))
    app.reset(table)
    for _ in range(10):
        app.step(1 / 60)
    t = time.process_time()
    hands = 0
    for n in range(args.hands):
        try:
            review = review_hand(match.rules, match.seed, match.actions, n, table.human,
                                 match.seats, args.budget, levels=())
        except ValueError:
            break
        assert review is not None
        table.session.reviewed(review)
        hands = n + 1
    print(f"{tag}: {hands} hands reviewed in {time.process_time() - t:.0f} s CPU")

    def shot(name: str) -> None:
        app.step(1 / 60)
        app.screenshot(args.out / f"{tag}-{name}.png")
        print(f"  {tag}-{name}.png")

    # the reviewed hand that lost most: its review has decisions to retry and to play out
    reviews = table.session.reviews
    last = max(range(hands), key=lambda n: sum(Graded(d).lost for d in reviews[n].decisions))
    scene = app.open(Route.HAND_REVIEW, table=table, hand_no=last)
    app.step(1 / 60)
    shot("review")
    chart = getattr(scene, "chart", None)
    if chart is not None and chart.points:
        target = next((i for i, p in enumerate(chart.points) if p.costly == 1),
                      len(chart.points) // 2)
        click(app, chart.spots[target].center, move_only=True)
        shot("swing-hover")
        if chart.points[target].row is not None:
            click(app, chart.spots[target].center)
            shot("swing-click-replay")
            app.pop()
    # Find a better play: answered wrong, then right; then the answer on request
    if getattr(scene, "find", None) in scene.buttons:  # type: ignore[attr-defined]
        click(app, scene.find.rect.center)  # type: ignore[attr-defined]
        retry = app.top
        shot("retry-ask")
        if answer_at(app, retry, accepted=False):
            shot("retry-wrong")
            click(app, retry.again.rect.center)  # type: ignore[union-attr]
        if answer_at(app, retry, accepted=True):
            shot("retry-right")
        seen = {type(retry.item.decision.chosen).__name__}  # type: ignore[union-attr]
        while retry in app.stack and retry.at < len(retry.items) - 1:  # type: ignore[union-attr]
            click(app, retry.next.rect.center)  # type: ignore[union-attr]
            kind = type(retry.item.decision.chosen).__name__  # type: ignore[union-attr]
            if kind not in seen:
                seen.add(kind)
                shot(f"retry-ask-{kind}")
        if retry in app.stack and retry.show in retry.buttons:  # type: ignore[union-attr]
            click(app, retry.show.rect.center)  # type: ignore[union-attr]
            shot("retry-answer")
        if retry in app.stack:
            click(app, retry.close.rect.center)  # type: ignore[union-attr]
    # Play it out from the costliest decision's page of the replay: a burst while it plays,
    # the end, a later trick, then a branch
    picks = getattr(scene, "picks", [])
    if picks:
        click(app, picks[0].rect.center)
        replay = app.top
        shot("replay-focus")
        click(app, replay.play.rect.center)  # type: ignore[union-attr]
        play = app.top
        begin = time.perf_counter()
        shots = 0
        while getattr(play, "job", None) is not None:
            app.step(1 / 60)
            if play.first_shown is not None and shots == 0:  # type: ignore[union-attr]
                shot("playout-first-trick")
                print(f"  first trick shown after {time.perf_counter() - begin:.2f} s")
                shots = 1
            time.sleep(1 / 60)
        app.step(1 / 60)
        shot("playout-scored")
        for _ in range(4):
            click(app, play.next.rect.center)  # type: ignore[union-attr]
        shot("playout-trick-5")
        click(app, play.branch.rect.center)  # type: ignore[union-attr]
        shot("playout-branch-choose")
        picker = play.picker  # type: ignore[union-attr]
        if picker is not None:
            if picker.cards and picker.mode == "card":
                legal = [r for c, t, r in picker.cards if picker.play_of(c, t) is not None]
                click(app, (legal[-1].left + 4, legal[-1].centery))
            elif picker.mode == "bid":  # a bid two steps above the lowest
                click(app, picker.up.rect.center)
                click(app, picker.up.rect.center)
                click(app, picker.bid.rect.center)
            elif picker.buttons:
                click(app, picker.buttons[-1].rect.center)
            while getattr(play, "job", None) is not None:
                app.step(1 / 60)
                time.sleep(1 / 60)
            app.step(1 / 60)
            shot("playout-branch-scored")
        app.pop()
        app.pop()
    if getattr(scene, "practise", None) in scene.buttons:  # type: ignore[attr-defined]
        click(app, scene.practise.rect.center)  # type: ignore[attr-defined]
        practice = app.top
        shot("practice-game")
        click(app, practice.show.rect.center)  # type: ignore[union-attr]
        shot("practice-answer")
        app.pop()
    app.pop()
    # Statistics: the practice kept for later and the figures by phase per table
    stats = app.open(Route.STATISTICS)
    shot("statistics")
    for b in list(stats.buttons):  # type: ignore[union-attr]
        if b.label.startswith("By phase"):
            click(app, b.rect.center)
            shot("statistics-by-phase")
            app.pop()
    for b in list(stats.buttons):  # type: ignore[union-attr]
        if b.label.startswith("Practice"):
            click(app, b.rect.center)
            shot("statistics-practice")
            app.pop()
    app.pop()
    best = [(Graded(d).lost, d) for r in table.session.reviews.values() for d in r.decisions]
    print(f"  decisions reviewed: {len(best)}")
    app.shutdown()


if __name__ == "__main__":
    main()
