"""A benchmark that can see bias in the hand review (issue 35, item 2).

The review (``game.bots.analysis.analyse``) grades a decision by the points it expects the
player to lose against the best action. Its agreement benchmark compares it with itself at ten
times the budget, so a bias both share (an auction valued as if it ended at once) is invisible
there. This benchmark compares it with an estimator that shares no valuation code with it:

1. **Positions** (``positions.py``): a fixed, seeded set of decisions of every kind on every
   preset, from hands the medium level plays in every seat, the graded action being the easy
   level's choice or a random legal one; every action the review analysed is compared too.
2. **Deals** (``record.py``, ``arrange.py``, ``deals.py``, ``stockdeals.py``, ``check.py``):
   the estimator's own sampler. It reads only what the player saw (every event redacted to the
   seat), proposes the unseen cards uniformly (the cards a seat is known to hold placed first,
   exactly), and keeps a deal only if the engine replays the hand to the very events the
   player saw; optionally also only if the medium level, in each other seat, makes the calls
   that seat made (the true posterior of those hands).
3. **Values** (``estimate.py``): each action played out to the hand's end through the engine,
   by the bots in every seat, on the same deals with the same generators; the margin is read
   from the hand's score.
4. **Comparison** (``compare.py``, ``report.py``): the review at budget 1 and 2 against the
   estimate, in a table by kind of decision and by preset.

Run it with ``python -m benchmarks.review_bias`` (see ``__main__.py``); docs/review.md shows
the last table.
"""
