"""What the tutorial's tables share beyond the table scene: the shipped lessons' library read
once, the scores before a hand (while the learner adds it up), and the controls beyond the cards
(claiming, throw-in, declaring out) that a coached scene offers step by step, each explained by a
pop-up the first time it is lit."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from game.rules.actions import Action, DeclareOut, PlayCard, ProposeThrowIn, ThrowIn
from game.rules.cards import Card
from game.rules.phase import Phase
from game.rules.view import PlayerView
from game.store.tutorial_data import Library, Term
from game.tutorial.features import term_text
from game.ui.overlay import Overlay

if TYPE_CHECKING:
    from game.match.controller import Match
    from game.store.lessons import Lesson
    from game.ui.scene import AppContext
    from game.ui.table.model import TableModel
    from game.ui.table.toolbar import Toolbar


@lru_cache(maxsize=1)
def shipped_library() -> Library:
    """The shipped quotes and glossary, read once: every step of every lesson looks up its
    new words, and reading the files each time made stepping slow."""
    from game.store.content import load_tutorial_library

    return load_tutorial_library()


@lru_cache(maxsize=1)
def shipped_lessons() -> tuple[Lesson, ...]:
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
    if isinstance(action, DeclareOut):
        return "declare-out"
    if isinstance(action, ThrowIn | ProposeThrowIn):
        return "throw-in"
    return ""


class ControlsHost(Protocol):
    """What the lesson's controls ask of the coach they belong to (and its table)."""

    @property
    def app(self) -> AppContext: ...

    @property
    def match(self) -> Match: ...

    @property
    def human(self) -> int: ...

    @property
    def model(self) -> TableModel: ...

    @property
    def toolbar(self) -> Toolbar: ...

    terms: list[Term]  # glossary pop-ups still to show

    def offers(self, control: str) -> bool: ...

    def refuse(self, message: str) -> None: ...

    def show_terms(self, terms: list[Term]) -> None: ...


class LessonControls:
    """The controls beyond the cards at a coached table (:class:`~game.ui.coached.Coach`): a
    melded card played from the table, and the buttons a step lights (claiming, throw-in,
    declaring out), each explained the first time it is lit."""

    def __init__(self, host: ControlsHost) -> None:
        self.host = host
        self.explained: set[str] = set()  # controls explained in this scene
        # Whether the learner may claim, for the position it was worked out at.
        self._claim_known: tuple[tuple[int, int], bool] | None = None

    def tabled_card_at(self, pos: tuple[int, int]) -> Card | None:
        """The learner's melded card lying on the table at ``pos`` (two-handed), or None."""
        host = self.host
        tabled = host.model.stock_area.tabled
        for sp in reversed(tabled[host.human] if tabled else []):
            if sp.rect.collidepoint(pos):
                return sp.card
        return None

    def play_from_table(self, pos: tuple[int, int]) -> bool:
        """Two-handed: a melded card on the table is still the learner's to play; a click on it
        plays it from there (the hand's picker sees only the hidden cards)."""
        host = self.host
        top = host.app.top
        card = self.tabled_card_at(pos)
        # The card prompt (the one with the legal cards) is in front of the table.
        if card is None or not isinstance(top, Overlay) or not hasattr(top, "legal") \
                or not host.match.waiting_for_human():
            return False
        action: Action = PlayCard(card, from_table=True)
        if action in host.match.legal():
            top.act(action)
        else:
            host.refuse(host.match.why_not(action) or f"{card.pretty} may not be played now.")
        return True

    def lit(self) -> list[str]:
        """The controls on screen and usable now, by name."""
        host = self.host
        out = []
        declare = host.toolbar.declare_button
        if declare is not None and declare.enabled:
            out.append("declare-out")
        if host.match.waiting_for_human() and host.match.state.phase == Phase.TRICKS:
            legal = host.match.legal()
            if host.offers("claim") and self._can_claim():
                out.append("claim")
            if host.offers("throw-in") and (ThrowIn() in legal or ProposeThrowIn() in legal):
                out.append("throw-in")
        return out

    def _can_claim(self) -> bool:
        """Whether the learner may claim the rest now: a proof over the hands, so worked out
        once per move rather than on every frame."""
        match = self.host.match
        key = (id(match), len(match.actions))
        known = self._claim_known
        if known is None or known[0] != key:
            known = self._claim_known = (key, match.can_claim(self.host.human))
        return known[1]

    def explain(self) -> None:
        """Each of these buttons is explained (a glossary pop-up) the first time it is lit."""
        lit = [c for c in self.lit() if c not in self.explained]
        if not lit:
            return
        self.explained.update(lit)
        host = self.host
        progress = host.app.store.load_progress()
        by_id = {t.id: t for t in shipped_library().glossary}
        new = [f"button-{c}" for c in lit if f"button-{c}" not in progress.terms
               and f"button-{c}" in by_id
               and term_text(by_id[f"button-{c}"], host.match.rules) is not None]
        if not new:
            return
        progress.terms += new
        host.app.store.save_progress(progress)
        host.show_terms([*host.terms, *(by_id[t] for t in new)])
