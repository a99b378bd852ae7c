"""Every reply a lesson step or a puzzle can give, measured in its panel for ``tutorial --check``:
the reason for each legal answer that is not right, the rule for each card the engine refuses,
the answer to each wrong total, and Hint. A reply cut off at the panel's foot is a reply the
learner cannot read."""

from __future__ import annotations

from typing import Any

from game.rules.actions import Action, PlayCard
from game.tutorial.text import TemplateError


def _refusals(match: Any, legal: tuple[Action, ...]) -> list[tuple[str, str]]:
    """The engine's answer to each card of the hand it would refuse (what a click shows)."""
    out: list[tuple[str, str]] = []
    if not any(isinstance(a, PlayCard) for a in legal):
        return out
    playable = {a.card for a in legal if isinstance(a, PlayCard)}
    for card in sorted(set(match.view(0).cards) - playable, key=str):
        message = match.why_not(PlayCard(card))
        if message:
            out.append((f"the refusal of the {card.pretty}", message))
    return out


def step_replies(scene: Any) -> list[tuple[str, str]]:
    """(what, reply) for each reply the lesson step now on screen can give, Hint aside."""
    run = scene.run
    step = run.step
    out: list[tuple[str, str]] = []
    if step.expects or step.any_legal:
        for action in run.legal():
            if not run.is_right(action):
                try:
                    out.append((f"the reason for {action}", run.reason(action)))
                except TemplateError:
                    continue  # reported by the text check
        out += _refusals(run.match, run.legal())
    if step.task == "add-up" and run.sum is not None:
        task = run.sum
        for n in task.choices:
            for made in ((None,) if task.kind == "trick" else (True, False)):
                out.append((f"the answer to {n}", task.judge(n, made)[1]))
    return out


def puzzle_replies(scene: Any) -> list[tuple[str, str]]:
    prun = scene.prun
    out: list[tuple[str, str]] = []
    legal = prun.match.legal()
    for action in legal:
        if action not in prun.puzzle.answers:
            try:
                out.append((f"the reason for {action}", prun.reason(action)))
            except TemplateError:
                continue
    out += _refusals(prun.match, legal)
    return out


def reply_cuts(scene: Any, replies: list[tuple[str, str]]) -> list[str]:
    """Each reply shown in the panel as it stands: what does not fit, named."""
    saved = scene.narration.reply, scene.narration.reply_colour
    out: list[str] = []
    seen: set[str] = set()
    try:
        for what, message in replies:
            if message in seen:
                continue
            seen.add(message)
            scene.coach.answer(message, "neutral")
            title, _, text, _ = scene.panel_text()
            out += [f"{what}: {cut}" for cut in scene.narration.cuts(title, text)]
    finally:
        scene.narration.reply, scene.narration.reply_colour = saved
    return out
