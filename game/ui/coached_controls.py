"""What the tutorial's tables share beyond the table scene: the shipped lessons' library read
once, the scores before a hand (while the learner adds it up), and the controls beyond the cards
(claiming, throw-in, declaring out) that a coached scene offers step by step, each explained by a
pop-up the first time it is lit."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any

from game.rules.phase import Phase
from game.rules.view import PlayerView
from game.store.tutorial_data import Library


@lru_cache(maxsize=1)
def shipped_library() -> Library:
    """The shipped quotes and glossary, read once: every step of every lesson looks up its
    new words, and reading the files each time made stepping slow."""
    from game.store.content import load_tutorial_library

    return load_tutorial_library()


@lru_cache(maxsize=1)
def shipped_lessons() -> tuple[Any, ...]:
    """The shipped lessons, read once (the recap's Next lesson looks them up)."""
    from game.store.content import load_tutorial

    return tuple(load_tutorial()[0])


def before_hand(view: PlayerView) -> PlayerView:
    """The view with the scores as they stood before its last hand was scored."""
    result = view.records[-1]
    before = list(view.scores)
    for side in result.sides:
        if side.side < len(before):
            before[side.side] -= side.score
    # The hand being added up is the one just played, not the next one the engine has moved on
    # to: its number and its dealer too.
    return dataclasses.replace(view, scores=tuple(before), running=(),
                               hand_no=len(view.records) - 1, dealer=result.dealer)


def control_of(action: object) -> str:
    """The control outside the hand and the prompts that makes ``action`` ("" for none)."""
    from game.rules.actions import DeclareOut, ProposeThrowIn, ThrowIn

    if isinstance(action, DeclareOut):
        return "declare-out"
    if isinstance(action, ThrowIn | ProposeThrowIn):
        return "throw-in"
    return ""



class CoachedControls:
    """The controls beyond the cards, for :class:`~game.ui.coached.CoachedTable` (a mixin: the
    scene provides the app, the match, the pop-ups and ``act``)."""

    app: Any
    match: Any
    human: int
    terms: list[Any]
    explained: set[str]
    act: Any  # the scene's own act (its run judges the action)
    show_terms: Any
    model: Any

    def tabled_card_at(self, pos: tuple[int, int]) -> Any:
        """The learner's melded card lying on the table at ``pos`` (two-handed), or None."""
        tabled = self.model.tabled[self.human] if self.model.tabled else []
        for sp in reversed(tabled):
            if sp.rect.collidepoint(pos):
                return sp.card
        return None

    def play_from_table(self, pos: tuple[int, int]) -> bool:
        """Two-handed: a melded card on the table is still the learner's to play; a click on it
        plays it from there (the hand's picker sees only the hidden cards)."""
        from game.rules.actions import PlayCard

        top = self.app.top
        card = self.tabled_card_at(pos)
        if card is None or not hasattr(top, "legal") or not self.match.waiting_for_human():
            return False
        action = PlayCard(card, from_table=True)
        if action in self.match.legal():
            top.act(action)
        else:
            self.refuse(self.match.why_not(action) or f"{card.pretty} may not be played now.")
        return True

    refuse: Any

    # -- the controls a step offers --------------------------------------------------------
    def offers(self, control: str) -> bool:
        """Claiming, throw-in requests and declaring out: none unless the scene says so (a
        lesson step asking for a card must not be ended by a claim)."""
        del control
        return False

    def claim(self) -> bool:
        """Claiming goes through the scene's own run (never straight to the engine)."""
        return False

    def declare_out(self) -> bool:
        """Declaring out is the learner's answer like any other: judged by the scene's run."""
        from game.rules.actions import DeclareOut

        while self.app.top is not self and self in self.app.stack:
            self.app.pop()  # the confirmation and the prompt in front of the player are moot
        return self.act(DeclareOut())

    def lit_controls(self) -> list[str]:
        """The controls on screen and usable now, by name."""
        out = []
        declare = getattr(self, "declare_button", None)
        if declare is not None and declare.enabled:
            out.append("declare-out")
        if self.match.waiting_for_human() and self.match.state.phase == Phase.TRICKS:
            from game.rules.actions import ProposeThrowIn, ThrowIn

            legal = self.match.legal()
            if self.offers("claim") and self._can_claim():
                out.append("claim")
            if self.offers("throw-in") and (ThrowIn() in legal or ProposeThrowIn() in legal):
                out.append("throw-in")
        return out

    def _can_claim(self) -> bool:
        """Whether the learner may claim the rest now: a proof over the hands, so worked out
        once per move rather than on every frame."""
        key = (id(self.match), len(self.match.actions))
        known = getattr(self, "_claim_known", None)
        if known is None or known[0] != key:
            known = self._claim_known = (key, self.match.can_claim(self.human))
        return bool(known[1])

    def explain_controls(self) -> None:
        """Each of these buttons is explained (a glossary pop-up) the first time it is lit."""
        lit = [c for c in self.lit_controls() if c not in self.explained]
        if not lit:
            return
        self.explained.update(lit)
        progress = self.app.store.load_progress()
        by_id = {t.id: t for t in shipped_library().glossary}
        new = [f"button-{c}" for c in lit if f"button-{c}" not in progress.terms
               and f"button-{c}" in by_id]
        if not new:
            return
        progress.terms += new
        self.app.store.save_progress(progress)
        self.show_terms([*self.terms, *(by_id[t] for t in new)])

