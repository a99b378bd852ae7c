"""Every route of :class:`game.ui.scene.Route` and the scene it opens: the one module that knows
all the scenes, so that no scene needs to know another. The entry points build the app with
:data:`ROUTES`; a test checks that every route is here."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.store.lessons import Lesson, Puzzle
from game.ui.scene import AppContext, Route, Scene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.displays import LastTrickScene, MeldScene, ResultScene
from game.ui.scenes.drill import DrillTutor
from game.ui.scenes.firsthand import FirstHandTutor
from game.ui.scenes.gameover import GameOverScene
from game.ui.scenes.handreview import DecisionScene, HandReviewScene
from game.ui.scenes.history import HistoryScene
from game.ui.scenes.join import JoinScene
from game.ui.scenes.lesson import LessonTutor
from game.ui.scenes.lobby import LobbyScene, host_lobby
from game.ui.scenes.menus import PauseScene, SavedGamesScene, TitleScene
from game.ui.scenes.passing import PassScene
from game.ui.scenes.phasestats import PhaseStatsScene
from game.ui.scenes.play import (
    AuctionScene,
    DealScene,
    DecideScene,
    ThrowInVoteScene,
    TrumpScene,
    WidowScene,
)
from game.ui.scenes.playout import PlayOutScene
from game.ui.scenes.puzzle import PuzzleTutor
from game.ui.scenes.rating import RatingScene
from game.ui.scenes.retry import RetryScene
from game.ui.scenes.review import BiddingScene, HandsScene, ReplayScene
from game.ui.scenes.ruleorder import RuleOrderScene
from game.ui.scenes.scoresheet import ScoreSheetScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.sheets import HelpScene, RulesScene
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.stockturn import MeldTurnScene
from game.ui.scenes.tricks import TrickScene
from game.ui.scenes.tutorial import LessonMenuScene
from game.ui.table.faces import PromptTable

# The player's decision in each phase; phases missing here ask nothing of the player.
PROMPTS: dict[Phase, Callable[[AppContext, PromptTable], Scene]] = {
    Phase.AUCTION: AuctionScene, Phase.TRUMP: TrumpScene, Phase.WIDOW: WidowScene,
    Phase.PASS: PassScene, Phase.PASS_BACK: PassScene, Phase.DISCARD: PassScene,
    Phase.DECIDE: DecideScene, Phase.TRICKS: TrickScene, Phase.MELD_TURN: MeldTurnScene,
    Phase.THROW_IN_VOTE: ThrowInVoteScene,
}


def prompt(app: AppContext, table: PromptTable, phase: Phase) -> Scene | None:
    make = PROMPTS.get(phase)
    return make(app, table) if make is not None else None


def _lesson(app: AppContext, lesson: Lesson, table: RuleSet | None = None) -> Scene:
    """A lesson: the table with a coach holding the lesson; the guided first hand is a lesson
    too, with a tutor of its own."""
    if lesson.guided is not None:
        return FirstHandTutor(app, lesson, table).table
    return LessonTutor(app, lesson, table).table


def _first_hand(app: AppContext, lesson: Lesson, table: RuleSet | None = None) -> Scene:
    return FirstHandTutor(app, lesson, table).table


def _puzzle(app: AppContext, puzzle: Puzzle, queue: list[Puzzle]) -> Scene:
    return PuzzleTutor(app, puzzle, queue).table


def _drill(app: AppContext, table: RuleSet | None = None) -> Scene:
    return DrillTutor(app, table).table


ROUTES: dict[Route, Callable[..., Scene | None]] = {
    Route.TITLE: TitleScene, Route.SAVED: SavedGamesScene, Route.SETUP: SetupScene,
    Route.SETTINGS: SettingsScene,
    Route.STATISTICS: StatsScene, Route.HELP: HelpScene, Route.RULES: RulesScene,
    Route.SCORES: ScoreSheetScene, Route.PAUSE: PauseScene, Route.PROMPT: prompt,
    Route.DEALING: DealScene, Route.MELD: MeldScene, Route.RESULT: ResultScene,
    Route.GAME_OVER: GameOverScene, Route.LAST_TRICK: LastTrickScene,
    Route.LESSONS: LessonMenuScene, Route.LESSON: _lesson, Route.PUZZLE: _puzzle,
    Route.FIRST_HAND: _first_hand, Route.DRILL: _drill, Route.RULE_ORDER: RuleOrderScene,
    Route.BIDDING: BiddingScene, Route.HANDS: HandsScene, Route.REPLAY: ReplayScene,
    Route.CONFIRM: ConfirmScene, Route.HAND_REVIEW: HandReviewScene,
    Route.DECISION: DecisionScene,
    Route.HISTORY: HistoryScene, Route.RATING: RatingScene, Route.RETRY: RetryScene,
    Route.PHASES: PhaseStatsScene, Route.PLAY_OUT: PlayOutScene,
    Route.HOST: host_lobby, Route.JOIN: JoinScene, Route.LOBBY: LobbyScene,
}
