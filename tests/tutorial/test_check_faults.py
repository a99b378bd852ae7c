"""``tutorial --check`` proves the text: each fault it guards against, planted in a copy of the
levels, makes it fail with a line naming the file and the fault (and the clean copy passes)."""

import shutil

import pytest

from game.cli import main
from game.store.content import LEVELS_DIR, load_preset, load_tutorial, load_tutorial_library
from game.tutorial.check import check_all
from game.tutorial.check_text import normalise, seeds_folder


def documents_for(tmp_path):
    """Stand-ins for the rule documents holding exactly the shipped quotations, so the
    misquote test runs with or without ../shared/seeds."""
    folder = tmp_path / "docs"
    folder.mkdir()
    for qf in load_tutorial_library().quotes.values():
        text = "\n".join(" ".join(q.split(" ... ")) for q in qf.quotes.values())
        (folder / f"{qf.document}_stand-in.txt").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def levels(tmp_path):
    root = tmp_path / "levels"
    shutil.copytree(LEVELS_DIR, root)
    return root


def changed(root):
    """The files of the copy that differ from the shipped levels (a planted fault's)."""
    return {p.relative_to(root).as_posix() for p in root.rglob("*.toml")
            if not (LEVELS_DIR / p.relative_to(root)).is_file()
            or (LEVELS_DIR / p.relative_to(root)).read_bytes() != p.read_bytes()}


def check(root, documents=None):
    """The check of the copy, as tutorial --check makes it. A fault planted in lessons alone
    is looked for in those lessons (each lesson is checked on its own: the others' verdicts
    are the clean copy's, test_the_clean_copy_passes), which keeps the fast tier short; a
    fault anywhere else (a puzzle, which may clash with another, the quotations, the
    glossary, the rule order, the timings) is looked for in everything."""
    lessons, puzzles, errors = load_tutorial(root)
    planted = changed(root)
    if planted and all(p.startswith("lessons/") for p in planted):
        ids = {p.removeprefix("lessons/").removesuffix(".toml") for p in planted}
        lessons = [x for x in lessons if x.id in ids]
        puzzles = []
    report = check_all(lessons, puzzles, load_preset, errors, load_tutorial_library(root),
                       documents)
    return report.failures


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_clean_copy_passes(levels, tmp_path):
    assert check(levels, documents_for(tmp_path)) == []


def test_a_bare_number_in_a_lesson_fails(levels):
    edit(levels / "lessons/31-racehorse-take-the-trick.toml", "Hearts are trump.",
         "Hearts are trump and your meld is only 999.")
    failures = check(levels)
    assert any("31-racehorse-take-the-trick.toml: step 1: say: bare number '999'" in f
               for f in failures)


def test_a_wrong_number_in_a_claim_fails(levels):
    edit(levels / "lessons/30-racehorse-passing.toml", "total = 170", "total = 180")
    assert any("30-racehorse-passing.toml: step 2: claim meld: meld of AS TS KS QS JS KH QH "
               "is 170, not 180" in f for f in check(levels))


def test_a_flipped_puzzle_answer_fails(levels):
    edit(levels / "puzzles/40-rh-last-to-play.toml", 'answers = ["play TH"]',
         'answers = ["play QH"]')
    failures = check(levels)
    assert any("puzzles/40-rh-last-to-play.toml: answer play QH disagrees with the hard bot, "
               "which chooses play TH" in f for f in failures)


def test_a_misquoted_rule_sentence_fails(levels, tmp_path):
    docs = documents_for(tmp_path)
    edit(levels / "quotes/000.toml", "passes them three cards", "passes them four cards")
    failures = check(levels, docs)
    assert any(f.startswith("quotes/000.toml: quotes.pass-three: not found in document 000")
               for f in failures)


def test_the_shipped_quotations_are_in_the_real_documents(levels):
    seeds = seeds_folder(LEVELS_DIR, None)
    assert seeds is not None, "no rule documents beside the checkout: no silent skip (issue 36)"
    assert check(levels, seeds) == []
    edit(levels / "quotes/003.toml", "must overruff if possible", "may overruff if possible")
    assert any("quotes/003.toml: quotes.overruff: not found in document 003" in f
               for f in check(levels, seeds))


def test_an_unreachable_hint_fails(levels):
    # Step 1 has one legal card (the A♦): no legal move could ever show a hint there.
    edit(levels / "lessons/31-racehorse-take-the-trick.toml", 'expect = "play AD"\n',
         'expect = "play AD"\nhint = "Play the ace."\n')
    assert any("31-racehorse-take-the-trick.toml: step 1: the hint is unreachable" in f
               for f in check(levels))


def test_the_same_position_answered_two_ways_fails(levels):
    text = (levels / "puzzles/40-rh-last-to-play.toml").read_text(encoding="utf-8")
    twin = text.replace('answers = ["play TH"]', 'answers = ["play QH"]').replace(
        "order = 40", 'order = 99\nbot_note = "Planted: a note so only the clash is reported."')
    (levels / "puzzles/99-twin.toml").write_text(twin, encoding="utf-8")
    failures = check(levels)
    assert any("puzzles/99-twin.toml: the same position as puzzles/40-rh-last-to-play.toml is "
               "answered play QH here and play TH there" in f for f in failures)


def test_a_legal_wrong_answer_without_a_reason_fails(levels):
    path = levels / "puzzles/40-rh-last-to-play.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text("\n".join(line for line in text.splitlines()
                              if not line.startswith("why_not")), encoding="utf-8")
    assert any("40-rh-last-to-play.toml: play QH is legal but not right and gets no reason"
               in f for f in check(levels))


def test_a_title_that_gives_the_answer_away_fails(levels):
    edit(levels / "puzzles/40-rh-last-to-play.toml", 'title = "Last to play"',
         'title = "Give the 10♥"')
    assert any("40-rh-last-to-play.toml: the title gives the answer away ('10♥')" in f
               for f in check(levels))


@pytest.mark.parametrize("planted,fragment", [
    ("Hearts are trump. \"Follow suit!\"", "a quotation outside {quote:...}"),
    ("Hearts are trump, says document 000.", "names a document"),
    ("Hearts are trump. {quote:000/no-such-line}", "no quotation '000/no-such-line'"),
])
def test_prose_style_faults_fail(levels, planted, fragment):
    edit(levels / "lessons/31-racehorse-take-the-trick.toml", "Hearts are trump.", planted)
    assert any("31-racehorse-take-the-trick.toml: step 1: say: " in f and fragment in f
               for f in check(levels))


def test_a_field_false_at_some_table_fails_on_that_table(levels):
    """A core lesson runs on every table: a rule that one table lacks cannot be named there."""
    edit(levels / "lessons/11-following-suit.toml", "{rule:follow_suit} Try",
         "{rule:follow_suit} {rule:crawl} Try")
    failures = check(levels)
    assert any("11-following-suit.toml [on racehorse]: step 1: say: {rule:crawl}: Racehorse "
               "has no rule 'crawl'" in f for f in failures)
    assert not any("[on double-deck]" in f for f in failures)


def test_three_reading_steps_in_a_row_fail(levels):
    path = levels / "lessons/30-racehorse-passing.toml"
    path.write_text(path.read_text(encoding="utf-8") + '\n[[steps]]\nsay = "More."\n'
                    '\n[[steps]]\nsay = "And more."\n', encoding="utf-8")
    assert any("30-racehorse-passing.toml: step 5: more than 2 reading steps in a row" in f
               for f in check(levels))


def test_a_changed_lesson_needs_a_new_time_measurement(levels):
    edit(levels / "lessons/30-racehorse-passing.toml", 'title = "Racehorse: passing cards"',
         'title = "Racehorse: passing the cards"')
    assert any("30-racehorse-passing.toml: its time estimate on racehorse is missing or was "
               "measured on another text" in f for f in check(levels))


def test_the_command_fails_on_a_planted_fault(levels, capsys):
    """The command, engine side and window side, on a copy holding the faulty puzzle and one
    lesson (the check of every file is test_the_clean_copy_passes's, and the whole command's is
    tests/test_packaging.py's): it exits 1, and every failure it reports is the planted one's."""
    for kind, kept in (("lessons", "31-racehorse-take-the-trick.toml"),
                       ("puzzles", "40-rh-last-to-play.toml")):
        for path in (levels / kind).glob("*.toml"):
            if path.name != kept:
                path.unlink()
    edit(levels / "puzzles/40-rh-last-to-play.toml", 'answers = ["play TH"]',
         'answers = ["play QH"]')
    # The copy has no rule documents beside it: checked against the shipped quotations, as
    # the first line says, so that the planted fault is the only failure.
    code = main(["tutorial", "--check", "--levels", str(levels), "--no-documents"])
    out = capsys.readouterr().out
    failures = [line.strip() for line in out.splitlines() if "FAIL" in line]
    assert code == 1 and failures
    assert all(f.startswith("FAIL puzzles/40-rh-last-to-play.toml: ") for f in failures)
    assert any("answer play QH disagrees with the hard bot" in f for f in failures)


def test_the_rule_documents_come_from_the_flag_or_beside_the_checkout(tmp_path):
    """No fixed absolute path: levels with no ``shared/seeds`` beside their checkout are
    checked against the shipped quotations only, whatever this machine holds elsewhere."""
    checkout = tmp_path / "clone"
    shutil.copytree(LEVELS_DIR, checkout / "levels")
    assert seeds_folder(checkout / "levels", None) is None
    docs = documents_for(tmp_path)
    assert seeds_folder(checkout / "levels", docs) == docs  # --seeds
    beside = tmp_path / "shared" / "seeds"
    shutil.copytree(docs, beside)
    assert seeds_folder(checkout / "levels", None) == beside


def test_quotations_compare_as_a_reader_would():
    assert normalise("You *must* play  the 10") == normalise("you must play the 10")
    assert normalise("isn’t") == normalise("isn't")


# -- issue 24: the blind spots ------------------------------------------------------------------
def test_a_wrong_number_written_as_a_word_fails(levels):
    edit(levels / "lessons/31-racehorse-take-the-trick.toml", "Hearts are trump.",
         "Hearts are trump, and the trick is worth ten points.")
    assert any("31-racehorse-take-the-trick.toml: step 1: say: bare number 'ten'" in f
               for f in check(levels))


def test_a_number_from_the_wrong_field_fails(levels):
    """{meld:run} where the trick total was meant: a meld's value must stand beside its name."""
    edit(levels / "lessons/32-racehorse-set-and-throw-in.toml",
         "all the cards are worth {trick_total}", "all the cards are worth {meld:run}")
    assert any("32-racehorse-set-and-throw-in.toml: step 3: say: {meld:run} stands in a "
               "sentence that names no run" in f for f in check(levels))


def test_a_wrong_number_in_a_puzzle_fails(levels):
    """The puzzle's meld claim counts a card the hand does not hold: the number it shows is not
    the position's."""
    edit(levels / "puzzles/02-jump-for-meld.toml", 'cards = "KS KH KC KD QS JD"',
         'cards = "KS KH KC KD QS JD QH"')
    assert any("02-jump-for-meld.toml: claim meld: meld of KS KH KC KD QS JD QH: your hand "
               "does not hold QH" in f for f in check(levels))


def test_a_wrong_puzzle_answer_with_a_bot_note_fails(levels):
    """A note may explain a disagreement with the bot, but not an answer that loses points
    against the real cards: the answer is played out with every hand known."""
    edit(levels / "puzzles/40-rh-last-to-play.toml", 'answers = ["play TH"]',
         'answers = ["play QH"]\nbot_note = "The bot is wrong here."')
    failures = check(levels)
    assert any("puzzles/40-rh-last-to-play.toml: answer play QH loses 10 points against the "
               "real cards, where play TH keeps them" in f for f in failures)


def test_a_quotation_spliced_to_say_the_opposite_fails(levels):
    seeds = seeds_folder(LEVELS_DIR, None)
    assert seeds is not None, "no rule documents beside the checkout: no silent skip (issue 36)"
    edit(levels / "quotes/000.toml", 'then there\'s clearly no way they can avoid \\"going set\\".',
         'then they must play out the hand.')
    path = levels / "quotes/000.toml"
    text = path.read_text(encoding="utf-8").replace(
        "more than 250 points below their bid, then they must",
        "more than 250 points below their bid ... then they must")
    path.write_text(text, encoding="utf-8")
    assert any("quotes/000.toml: quotes.throw-in: its ' ... ' joins two sentences of document "
               "000" in f for f in check(levels, seeds))


def test_an_ellipsis_that_drops_a_negation_fails():
    from game.tutorial.check_text import quote_problem

    doc = normalise("You may play any card, but you may not lead trump until it is broken.")
    assert quote_problem("you may ... lead trump until it is broken", doc) == \
        "its ' ... ' leaves out 'not' from document"
    assert quote_problem("You may play any card, but you may not lead trump", doc) is None


def test_a_wrong_seat_name_fails(levels):
    edit(levels / "lessons/31-racehorse-take-the-trick.toml", "{played:JH} trumps it",
         "West trumps it")
    assert any("31-racehorse-take-the-trick.toml: step 1: say: a seat name typed by hand "
               "('West')" in f for f in check(levels))


def test_a_chair_of_five_or_six_typed_by_hand_fails(levels):
    """The chairs between the compass points are seat names too: "Northwest" is no "North"
    and a typo, and a typed one is as false on another deal as a typed "West"."""
    edit(levels / "lessons/76-five-handed-partner.toml", "{partner} holds the {partner_card}",
         "Northwest holds the {partner_card}")
    assert any("76-five-handed-partner.toml: step 3: say: a seat name typed by hand "
               "('Northwest')" in f for f in check(levels))


def test_a_field_in_a_title_fails(levels):
    """Titles are shown as written (the menu, the panel): a field there reaches the player as
    braces, so the check refuses it rather than letting its number escape the scan."""
    edit(levels / "lessons/77-six-handed-sides.toml", 'title = "Six-handed: sides',
         'title = "Six-handed: {word:side_size} sides')
    assert any("77-six-handed-sides.toml: title: a field in a title ('{word:side_size}')" in f
               for f in check(levels))


def test_the_five_handed_stake_counts_the_partner_the_trump_ace_found():
    """At five the bidding side is the bidder and the partner the card found: {side_meld} and
    {need} add the partner's meld (the table's fixed sides would count the bidder alone)."""
    from game.rules.compiled import best_meld
    from game.rules.engine import hand_sides
    from game.tutorial.runner import LessonRun

    lesson = next(x for x in load_tutorial()[0] if x.id == "76-five-handed-partner")
    run = LessonRun(lesson, load_preset)
    run.start(next(i for i, st in enumerate(run.steps) if "{side_meld}" in st.say))
    state = run.state_at_step
    rules, hand = state.rules, state.hand
    partner = hand_sides(state).partners(0)
    assert len(partner) == 1 and partner[0] != 0
    meld = sum(best_meld(rules, rules.deck.to_cards(hand.hands[s]), hand.trump).total
               for s in (0, *partner))
    assert f"its meld is {meld}, so the tricks must bring {hand.bid - meld}." in run.text()


def test_seat_names_come_from_the_engine():
    from game.tutorial.runner import LessonRun

    lesson = next(x for x in load_tutorial()[0] if x.id == "31-racehorse-take-the-trick")
    run = LessonRun(lesson, load_preset)
    assert "North leads the Q♦ and East trumps it with the J♥." in run.text()


# -- equally good answers, and reasons true of the card they are shown for ----------------------
def test_a_step_that_refuses_an_equally_good_card_fails(levels):
    """The A♥ crawls over the jack as well as the 10♥: refusing it needs a reason that says
    what it keeps; without one the check fails (and the same for a puzzle answer narrowed)."""
    edit(levels / "puzzles/45-dd-crawl-cheaply.toml", "just as well: keep the ace.",
         "just as well.")
    edit(levels / "puzzles/44-dd-cannot-crawl.toml", 'answers = ["play JC", "play QC"]',
         'answers = ["play JC"]')
    failures = check(levels)
    assert any("puzzles/45-dd-crawl-cheaply.toml: the A♥ scores as well as the answer against "
               "the real cards (the trick 2) but is refused" in f for f in failures)
    assert any("puzzles/44-dd-cannot-crawl.toml: the Q♣ scores as well as the answer" in f
               for f in failures)


def test_a_reason_that_is_false_of_the_card_chosen_fails(levels):
    # The K♠ crawls over the jack and takes the trick: "it loses the trick" is false of it.
    edit(levels / "lessons/42-double-deck-crawl.toml",
         'hint = "Legal, but the queen already beats the jack: keep the king."',
         'hint = "Legal, but it loses the trick."')
    # "Keep the ten", shown for the A♥ the learner chose, is about another card.
    edit(levels / "puzzles/45-dd-crawl-cheaply.toml", "keep the ace.", "keep the ten.")
    failures = check(levels)
    assert any("42-double-deck-crawl.toml: step 3: the reason shown for the K♠ says 'it loses "
               "the trick', but K♠ takes the trick" in f for f in failures)
    assert any("45-dd-crawl-cheaply.toml: the reason shown for the A♥ says 'keep the ten', "
               "which is not about the A♥ chosen" in f for f in failures)


def test_a_card_reason_that_no_move_can_show_fails(levels):
    edit(levels / "puzzles/45-dd-crawl-cheaply.toml", "why_not =",
         'reasons = { TH = "Never shown: the 10♥ is the answer." }\nwhy_not =')
    assert any("45-dd-crawl-cheaply.toml: reasons.TH is unreachable" in f for f in check(levels))


def test_each_card_gets_its_own_reason():
    from game.rules.actions import parse_action
    from game.tutorial.puzzlerun import PuzzleRun

    puzzle = next(p for p in load_tutorial()[1] if p.id == "49-p150-twin-trump")
    run = PuzzleRun(puzzle, load_preset)
    assert "keep the K♣" in run.answer(parse_action("play KC")).message
    assert "your ace cannot win" in run.answer(parse_action("play AC")).message


# -- who holds what comes from the engine --------------------------------------------------------
def test_a_typed_card_holding_fails(levels):
    """"You hold the A♦" typed: at 42's first step the learner holds no A♦ at all."""
    edit(levels / "lessons/42-double-deck-crawl.toml", "you hold \\\n{held:AS KS JS}.",
         "you hold \\\nthe A♦.")
    assert any("42-double-deck-crawl.toml: step 1: say: a card holding typed by hand" in f
               for f in check(levels))


@pytest.mark.parametrize("old,new,fragment", [
    ("{held:AS KS JS}", "{held:AS KS AD}", "{held:AS KS AD}: cannot be filled (you do not "
                                           "hold the A♦)"),
    ("You have {no:led} either.", "You have {no:S} either.", "{no:S}: cannot be filled (you "
                                                             "hold spades)"),
])
def test_a_holding_field_the_hand_contradicts_fails(levels, old, new, fragment):
    edit(levels / "lessons/42-double-deck-crawl.toml", old, new)
    assert any("42-double-deck-crawl.toml: step" in f and fragment in f for f in check(levels))


def test_who_followed_and_who_passed_come_from_the_engine(levels):
    # Typed, "followed" fails; as a field it must be true: at 47 the partner ruffed, so
    # "{followed:partner}" is false there.
    edit(levels / "puzzles/40-rh-last-to-play.toml", "{followed:next_before} followed.",
         "{next_before} followed.")
    edit(levels / "puzzles/47-p190-ruff-for-partner.toml", "your partner ruffed with the Q♣",
         "your partner {followed:partner} followed")
    failures = check(levels)
    assert any("40-rh-last-to-play.toml: question: who followed typed by hand" in f
               for f in failures)
    assert any("47-p190-ruff-for-partner.toml: question: {followed:partner}: cannot be filled "
               "(North did not follow suit (played the Q♣))" in f for f in failures)


def test_holdings_are_filled_from_the_hand():
    from game.tutorial.runner import LessonRun

    lesson = next(x for x in load_tutorial()[0] if x.id == "31-racehorse-take-the-trick")
    assert "You hold A♦, 10♥, J♥ and 9♣." in LessonRun(lesson, load_preset).text()


def test_a_rule_document_that_is_not_a_regular_file_is_a_failure_naming_it(tmp_path):
    """Issue 26, item 4: the documents are read as regular files only (game.store.reading); a
    folder in a document's place (like a FIFO or a device, which cannot be planted safely in
    this process) is one failure naming it, not a traceback."""
    docs = documents_for(tmp_path)
    (docs / "009_folder.txt").mkdir()
    report = check_all([], [], load_preset, [], load_tutorial_library(), docs)
    assert report.failures == [f"rule documents: {docs / '009_folder.txt'}: is a folder, "
                               "not a regular file"]
