"""The rules of the auction, the exchanges, conceding, scoring and the stock, read from the
sentence (``game.tutorial.meaning``), each tested against the table's facts: who bids first,
what the dealer does when all pass, forced openings, bidding steps, passing, the widow,
throwing in and conceding, saving meld, the two-handed stock and declaring out, stars and
checks."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from game.rules.tablefacts import TableFacts
from game.tutorial.meaning_env import Env, Found, finds
from game.tutorial.sentences import Sentence

IC = re.IGNORECASE
Test = Callable[[TableFacts], bool]


def _is(test: Test, says: str) -> Callable[[Env], Iterable[str]]:
    def check(env: Env) -> Iterable[str]:
        if not test(env.facts):
            yield f"says {says}: not at {env.rules.name}"
    return check


def _auction(f: TableFacts) -> bool:
    return f.auction


FACTS: tuple[tuple[str, Callable[[Env], Iterable[str]]], ...] = (
    # the auction
    (r"\b(?:the )?dealer (?:bids|speaks|calls) first\b|\bbidding starts with the dealer\b|"
     r"\bthe dealer holds (?:an|the) opening\b|\bdealer's "
     r"(?:standing )?opening\b", _is(lambda f: f.dealer_opens_at > 0,
                                     "the dealer opens the bidding")),
    (r"\b(?:bidding|the bidding|the auction) starts (?:to|on|at) the dealer's left\b|\bthe "
     r"player (?:to|on) the (?:dealer's left|left of the dealer) (?:bids|speaks) first\b",
     _is(lambda f: f.first_bidder == 1, "the player on the dealer's left bids first")),
    (r"\b(?:a|the) dealer left alone takes it cheap\b|\bdealer names trump at one less\b",
     _is(lambda f: f.auction and f.all_pass_bid < f.min_bid,
         "the dealer takes a passed-out hand below the lowest bid")),
    (r"\b(?:the )?dealer (?:is )?(?:stuck|forced)\b|\bstuck dealer\b",
     _is(_auction, "the dealer is held to a bid when all pass")),
    (r"\b(?:a player )?(?:holding|with|who holds) meld must open\b|\bforced to (?:open|bid)\b|"
     r"\bmust open\b|\bforced openings?\b|\bmay not pass with\b",
     _is(lambda f: f.forced_open, "a player holding meld must open")),
    (r"\b(?:may )?go(?:es)? up by (?:just )?one\b|\bbids? (?:go|goes|rise) up by ones\b|"
     r"\bbids by ones\b",
     _is(lambda f: f.bid_steps[0] == 1, "bids go up by one")),
    (r"\bbids? (?:go|goes|rise|rises|move) (?:up )?by fives\b",
     _is(lambda f: 5 in f.bid_steps, "bids go up by five")),
    (r"\bbids? (?:go|goes|rise|rises|move) (?:up )?by tens\b|\bin (?:steps|multiples) of ten\b",
     _is(lambda f: f.bid_steps[0] == 10, "bids go up by ten")),
    (r"\bpartner (?:now )?passes (?:you )?\S+ cards\b|\bpasses cards to the bidder\b|\bpasses "
     r"as many back\b", _is(lambda f: f.pass_count > 0, "the partners pass cards")),
    (r"\b(?:the )?highest bidder names trump\b|\bnamed by the winner of the auction\b|\bthey "
     r"name trump\b|\b(?:the )?winner of the auction names trump\b",
     _is(_auction, "the winner of the auction names trump")),
    (r"\bwhoever passes is out\b|\ba player who passes is out\b|\bthe last bidder left wins\b|"
     r"\bwhen only one bidder is left, the bid is theirs\b",
     _is(_auction, "a player who passes is out of the auction")),
    (r"\btrump only where you hold a marriage\b|\bmust hold (?:at least )?a marriage in\b",
     _is(lambda f: f.trump_needs_marriage, "trump must be a suit holding a marriage")),
    (r"\bmust make the bid, or go set and lose it\b|\b(?:a )?bid promises points(?: your side "
     r"must make)?\b|\b(?:a "
     r"bidding side|one) that falls short loses the bid\b|\bthat reaches its bid scores "
     r"everything\b", _is(_auction, "a bid is made or lost")),
    # passing
    (r"\b(?:your )?meld goes down first\b|\blays? (?:their |its )?meld (?:down )?first\b|\bthe "
     r"bidder(?:,)? who melds(?:,)? then passes\b|\bwhy meld first\b",
     _is(lambda f: f.pass_count > 0, "the bidder melds before passing back")),
    # "keep the cards of your meld, since a meld card passed away is no longer counted": a
    # choice the engine does not leave (issue 36, the first hand, lesson 30, puzzle 11)
    (r"\b(?:a )?meld card passed (?:away|back) (?:is )?no "
     r"longer (?:counted|counts)\b|\bcard of your meld that you pass back no longer counts\b",
     _is(lambda f: f.pass_count > 0 and not f.meld_stays_in_pass_back,
         "the bidder may pass back a card of the meld")),
    (r"\bpass(?:es)? back (?:\S+ )?cards from outside (?:it|your meld|the meld)\b|\b(?:its|the "
     r"meld's) cards stay in your hand\b",
     _is(lambda f: f.meld_stays_in_pass_back,
         "the cards passed back come from outside the bidder's meld")),
    # the widow, conceding, throwing in
    (r"\b(?:takes|take) the widow\b|\bthe widow is yours\b|\blay away as many cards as the "
     r"widow\b|\bturn (?:up the widow|the widow up)\b",
     _is(lambda f: f.widow > 0, "the bidder takes the widow")),
    (r"\bafter the widow the bidder may concede\b|\bfar short of the bid, they must\b",
     _is(lambda f: f.widow > 0 and f.concede_margin > 0,
         "the bidder may concede after the widow, and must when far short")),
    (r"\b(?:a hopeless bid|the hand) may be thrown in\b|\bmay throw in\b|\bmay concede\b|"
     r"\bor concede\b",
     _is(lambda f: f.throw_in != "never", "a hand may be thrown in")),
    # saving meld
    (r"\bmay lose its meld\b|\bdefenders must take something to keep their meld\b|\bmust "
     r"(?:also )?take a trick to keep (?:its |their )?meld\b",
     _is(lambda f: f.save_meld != "none", "meld is kept only by taking something")),
    # the stock
    (r"\byou may (?:also )?lay down one meld\b|\bmay lay down one meld\b|\bwin a trick to lay "
     r"down one meld\b|\bone meld per won trick\b",
     _is(lambda f: f.stock, "a meld is laid after a won trick")),
    (r"\bdeclaring out wins\b|\byou win the match\b",
     _is(lambda f: f.stock, "declaring out wins the match")),
    (r"\bthe stock comes first\b", _is(lambda f: f.stock, "the stock is played first")),
    # side tallies and seats
    (r"\beach level doubles again\b", _is(lambda f: f.stars, "stars double at each level")),
    (r"\bevery other player is an opponent\b|\beach for themselves\b",
     _is(lambda f: not f.partners, "every player plays alone")),
    (r"\bgives every player\b", _is(lambda f: True, "")),  # with {hand_size}: the deal
    # who plays with whom: a partner found by a card (five), sides of three (six)
    (r"\b(?:the )?first (?:other )?player clockwise from (?:the bidder|you)\b[^.;:]*?\b(?:who "
     r"holds|holding) (?:an|the) ace of trump\b",
     _is(lambda f: f.sides == "partner-by-card" and f.partner_by == "highest-trump",
         "the first player clockwise holding an ace of trump is the bidder's partner")),
    (r"\b(?:the bidder|you) (?:then )?plays? alone\b|\bplaying alone\b",
     _is(lambda f: f.sides == "partner-by-card", "a bidder may play alone, with no partner")),
    (r"\b(?:the bidder|you) and (?:the|your) partner each score\b|\beach (?:defender|of the "
     r"defenders) scores? (?:its|their|his|her) own meld\b",
     _is(lambda f: f.sides == "partner-by-card", "each player scores alone, for a side made "
         "for the hand")),
    (r"\beach of you loses the bid\b|\b(?:the bidder|you) and (?:the|your) partner each lose "
     r"the bid\b", _is(lambda f: f.partner_set == "both",
                       "the bidder and the partner each lose the bid")),
    (r"\bsitting across from you\b|\bsits? (?:across|opposite)\b",
     _is(lambda f: f.sides in ("pairs", "each-for-self"), "a partner sits across the table")),
    (r"\bsit(?:ting)? alternately\b", _is(lambda f: f.sides in ("pairs", "threes"),
                                          "the sides sit alternately")),
    (r"\b(?:two )?sides of three\b|\bsides alternate\b|\b(?:a|each|your) side adds (?:up )?"
     r"(?:its|the) (?:three )?players' meld\b",
     _is(lambda f: f.sides == "threes", "the players sit in two sides of three")),
    (r"\bmust take \d+ (?:trick points|points in (?:the )?tricks|in (?:the )?tricks) to score\b",
     _is(lambda f: f.save_meld == "points", "a side keeps its score by taking trick points")),
    # trick points and the last trick
    (r"\b(?:score|scores) points for the side that wins them\b|\bscore when you win them\b",
     _is(lambda f: f.trick_total > 0, "cards won in tricks score points")),
    (r"\bto whoever wins it\b|\bits winner scores\b",
     _is(lambda f: f.last_trick > 0, "the last trick scores for its winner")),
    (r"\bcard worth points when won\b",
     _is(lambda f: any(f.points.values()), "some cards are worth points in tricks")),
    (r"\bin every suit the cards rank\b", _is(lambda f: True, "")),  # with {rank_order}
    # more of the auction
    (r"\bforced to make\b", _is(lambda f: f.forced_open, "a player holding meld must open")),
    (r"\byour partner may still bid\b",
     _is(lambda f: f.auction and f.partners, "a partner may bid after you pass")),
    # meld
    (r"\bthe minimum a side must meld\b",
     _is(lambda f: f.meld_minimum > 0, "a side must meld a minimum")),
    (r"\bany meld may come single, double, triple or quadruple\b",
     _is(lambda f: max(len(m.values) for m in f.melds.values()) >= 4,
         "melds come up to quadruple")),
    (r"\b(?:a card )?may (?:serve|count) (?:again )?in (?:a meld of |melds of )?(?:different|"
     r"another) class(?:es)?\b|\bbelong to different classes of meld\b",
     _is(lambda f: f.card_in_two_classes, "a card counts in melds of two classes")),
    (r"\bnever twice in one class\b|\bonly once in each class\b|\bnever counts twice in one "
     r"class\b", _is(lambda f: f.one_class_once, "a card counts once in each class")),
    (r"\bthe (?:flush|run) first would lose the marriage\b|\broyal marriage must come before the "
     r"flush\b|\blay (?:a |the )?royal marriage first\b|\bmay not be melded again in a lower "
     r"meld of the same class\b|\bmay be melded again only in a higher(?:-scoring)? meld\b",
     _is(lambda f: f.stock and not f.one_class_once,
         "a meld of a class may be followed by a higher one")),
    (r"\bmarriage in every suit is (?:sometimes )?called\b",
     _is(lambda f: "roundtable" not in f.melds, "a roundtable is the sum of its melds")),
    # the stock and declaring out
    (r"\bafter every trick\b[^.]*\bboth players draw\b|\bafter your next won trick you may "
     r"add\b|\bat any time during the play you may stop it\b",
     _is(lambda f: f.stock, "two-handed melding and declaring out")),
    # the claim button
    (r"\btake every remaining trick\b", _is(lambda f: True, "")),
)
COMPILED = tuple((re.compile(p, IC), check) for p, check in FACTS)
# Instructions and advice: rule words that state no rule, so nothing to test ("try another
# suit first", "can win a trick later"). Kept few and narrow: a rule said in these words would
# escape the check.
PLAIN = re.compile(
    r"\b(?:try|select|lay|start with)\b[^.;:]*?\bfirst\b|\btrump first(?:, then aces)?\b|\brule of "
    r"trump first\b|\bwatch who wins\b|\band who wins a trick\b|\b(?:can|could|may)(?: still)? "
    r"win (?:a |the next |tricks\b|a trick\b|later\b)|\bchance to win\b|\bneed to win tricks\b|"
    r"\bhopes? to win\b|\bto win tricks\b|\bwhat it was worth\b|"
    r"\bthe first card of (?:a|the) trick\b", IC)
NEED = re.compile(r"\b(?:must|would have to) bring\b", IC)


def _tester(check: Callable[[Env], Iterable[str]], env: Env
            ) -> Callable[[re.Match[str]], Iterable[str]]:
    return lambda _: check(env)


def _facts(s: Sentence, env: Env) -> list[Found]:
    out: list[Found] = []
    for pattern, check in COMPILED:
        out += finds(pattern, s, _tester(check, env))

    def need(m: re.Match[str]) -> Iterable[str]:
        nxt = next((sp for sp in s.spans if sp.start >= m.end()), None)
        if nxt is None or nxt.name != "need" or s.text[m.end():nxt.start].strip():
            yield "says what the tricks must bring without the engine's {need} beside it"

    return out + finds(PLAIN, s) + finds(NEED, s, need)


RECOGNISERS = (_facts,)
