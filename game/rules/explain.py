"""The rules of a rule set in plain words: what ``pinochle rules`` prints and the table's rules
screen shows. Generated from the options, so a house-rules table explains its own rules."""

from __future__ import annotations

from game.rules.rulefile import warnings
from game.rules.ruleset import MELD_KINDS, RuleSet
from game.rules.seating import SITTING_OUT_RULE
from game.rules.tricks import obligation_lines

Section = tuple[str, list[str]]
_ORDINALS = ("single", "double", "triple", "quadruple", "quintuple", "sextuple")


def _auction_lines(rules: RuleSet) -> list[str]:
    a = rules.auction
    lines = []
    if a.dealer_opens_at:
        lines.append(f"The dealer starts the auction holding {a.dealer_opens_at}; the player "
                     f"on the dealer's left bids first, at least {a.min_bid}.")
    else:
        lines.append(f"The player on the dealer's left bids first. The lowest bid is "
                     f"{a.min_bid}.")
    if a.step_above:
        lines.append(f"Bids go up by {a.step} to {a.step_above[0]}, then in multiples of "
                     f"{a.step_above[1]}.")
    else:
        lines.append(f"Bids are multiples of {a.step}.")
    if a.skip_endings:
        endings = " and ".join(str(e) for e in a.skip_endings)
        lines.append(f"Bids ending in {endings} are not allowed.")
    lines.append("A player who passes may not bid again.")
    if a.rounds == 1:
        lines.append("One round only: each player bids once or passes, the dealer last; the "
                     "highest bid wins.")
    if a.forced_open_with_meld:
        lines.append("A player holding meld (not counting nines) must open the bidding; once "
                     "someone has bid, anyone may pass.")
    more = " or more, as the dealer chooses" if a.stuck_dealer_may_raise else ""
    if a.dealer_opens_at:
        lines.append(f"If everyone else passes, the dealer is stuck at {a.all_pass_bid}{more}.")
    else:
        lines.append(f"If everyone else passes, the dealer takes the bid at "
                     f"{a.all_pass_bid}{more}.")
    if a.all_pass_bid_with_meld:
        lines.append(f"... or at {a.all_pass_bid_with_meld}{more} when the dealer holds meld.")
    lines.append("The highest bidder names trump" + (
        " and must hold a marriage in that suit; with no marriage at all the hand is not played "
        "and the bidding side loses its bid." if a.trump_needs_marriage else "."))
    lines += _partner_lines(rules)
    if rules.table.first_lead == "bidder":
        lines.append("The high bidder leads to the first trick.")
    else:
        lines.append("The player after the dealer leads to the first trick.")
    return lines


def _partner_lines(rules: RuleSet) -> list[str]:
    """How a card finds the bidder's partner, where one does."""
    if not rules.seating.by_card:
        return []
    others = rules.players - 1
    if rules.table.partner_by == "called-card":
        found = ("With trump the bidder calls a trump card; the first other player clockwise "
                 "who holds it is the bidder's partner for the hand")
    else:
        ranks = [r.word for r in rules.deck.ranks_high_to_low]
        found = (f"The first player clockwise from the bidder who holds the {ranks[0]} of trump "
                 f"is the bidder's partner for the hand; if nobody else holds one, the first "
                 f"who holds the {ranks[1]}, then the {ranks[2]}, and so on")
    nobody = ("no other player holds it" if rules.table.partner_by == "called-card"
              else "no other player holds any trump")
    return [found + ". The partner is announced at once, and the two play against the others, "
            f"who defend together. If {nobody}, the bidder plays alone against the other "
            f"{others}."]


def _exchange_lines(rules: RuleSet) -> list[str]:
    lines = []
    if rules.passing.count:
        k = rules.passing.count
        if rules.passing.exchange == "simultaneous":
            lines.append(f"Simultaneous exchange: the bidder's partner passes {k} cards to the "
                         f"bidder, and the bidder passes {k} back chosen from its own hand "
                         "before seeing the partner's; then everyone melds.")
        else:
            lines.append(f"The bidder's partner passes {k} cards to the bidder. The bidder "
                         f"lays down meld first, then passes {k} cards back (not cards of the "
                         "laid meld); then the others meld.")
    w = rules.widow
    if w.dealt == "scattered":
        lines.append(f"The {w.size} widow cards are dealt face down one at a time during the "
                     "deal, never among the last five cards.")
    if w.size and w.after_trump:
        whose = "bidding side's" if rules.seating.by_card else "bidder's"
        lines.append(f"After naming trump the bidder turns up the {w.size}-card widow for all to "
                     f"see, takes it and discards {w.size}; the discards count as the {whose} "
                     "tricks. Then everyone lays down meld.")
    elif w.size:
        lines.append(f"The bidder turns up the {rules.widow.size}-card widow for all to see, "
                     f"takes it and discards {rules.widow.size}; the discards count as the "
                     "bidder's tricks. Then the bidder names trump and lays down meld.")
        if rules.widow.concede_unseen_when_forced:
            lines.append(f"A bidder forced to take the bid at {rules.auction.all_pass_bid} may "
                         "concede without looking at the widow: they lose the bid and nobody "
                         "else scores.")
        if rules.widow.forced_concede_margin:
            lines.append("After melding the bidder may concede (the others score their meld); "
                         f"a bid more than {rules.widow.forced_concede_margin} over the bidder's "
                         "meld must be conceded.")
    t = rules.throw_in
    if t.mode == "over-margin":
        lines.append(f"A side whose meld is more than {t.margin} below its bid may throw in "
                     "before the first card: it loses the bid and the other side scores its meld.")
    if t.by_agreement and t.mode != "before-play":
        within = f"Within {t.margin} of the bid" if t.mode == "over-margin" else "Otherwise"
        lines.append(f"{within} the hand is played out unless everybody agrees to throw it in: "
                     "the bidder may propose it once, before the first card, and each other "
                     "player in turn agrees or refuses.")
    elif t.mode == "before-play" and not rules.widow.size:
        lines.append("The bidding side may throw in before the first card: it loses the bid and "
                     "the other side scores its meld.")
    return lines


def _value_words(values: tuple[int, ...]) -> str:
    return ", ".join(f"{_ORDINALS[i]} {v}" for i, v in enumerate(values))


def _meld_lines(rules: RuleSet) -> list[str]:
    m = rules.meld
    per_class: dict[str, list[str]] = {}
    for kind in MELD_KINDS:
        if kind == "dix" and (rules.dix_rank is None or not m.dix):
            continue
        value = getattr(m, kind)
        if isinstance(value, tuple) and rules.stock.enabled:
            value = value[0]  # two-handed: each meld is laid on its own, never doubled
        text = (f"{rules.meld_name(kind)}: {_value_words(value)}" if isinstance(value, tuple)
                else f"{rules.meld_name(kind)}: {value} each")
        per_class.setdefault(rules.meld_class(kind), []).append(text)
    # Classes in the order the preset lists them (the document's own order).
    order = list(dict.fromkeys(m.classes.values())) if m.classes else []
    ranked = sorted(per_class.items(),
                    key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))
    lines = [f"{cls} -- " + "; ".join(items) for cls, items in ranked]
    lines.append("A card may serve in melds of different classes, never twice in one class.")
    run, royal = rules.meld_name("run").lower(), rules.meld_name("royal_marriage").lower()
    if m.run_includes_royal_marriage:
        lines.append(f"The king and queen of a {run} also score a {royal}.")
    else:
        lines.append(f"The king and queen inside a {run} do not also score a {royal}; only a "
                     "spare king and queen of trump do.")
    if m.minimum:
        lines.append(f"A side whose meld is under {m.minimum} scores no meld; a bidding side "
                     f"under {m.minimum} loses its bid without playing.")
    return lines


def _trick_points_line(rules: RuleSet) -> str:
    """Every card's trick points as the engine counts them, and the total of a hand."""
    tr = rules.tricks
    counted: list[str] = []
    nothing: list[str] = []
    for rank in rules.deck.ranks_high_to_low:
        value = tr.points.get(rank.letter, 0)
        (counted if value else nothing).append(f"{rank.label} {value}" if value else rank.label)
    text = "Trick points: " + (", ".join(counted) if counted else "no card counts")
    if nothing and counted:
        text += f"; {', '.join(nothing)} count nothing"
    return text + f"; last trick {tr.last_trick} ({rules.total_trick_points} in all)."


def _scoring_lines(rules: RuleSet) -> list[str]:
    sc, tr = rules.scoring, rules.tricks
    lines = [_trick_points_line(rules)]
    if tr.counting:
        lines.append(f"Counting: {tr.counting}.")
    if sc.rounding:
        lines.append(sc.rounding)
    save = {
        "none": "",
        "counter-or-last-trick": "The defenders keep their meld only if they take a counter or "
                                 "the last trick.",
        "trick": "A side must take at least one trick to keep its meld.",
        "points": f"A side must take {sc.save_points} points in tricks to score anything for "
                  "the hand.",
    }[sc.save_meld]
    if save:
        lines.append(save)
    if sc.bidder_min_trick_points:
        lines.append(f"A bidding side with under {sc.bidder_min_trick_points} in tricks is set.")
    if not rules.stock.enabled:
        lines.append("If the bidding side's meld and tricks reach the bid, every point counts; "
                     "otherwise it is set: the bid is subtracted and it scores nothing else. "
                     "The defenders keep what they saved.")
    if sc.game == "score":
        lines.append(f"The game is to {sc.target}.")
    elif sc.game == "hands":
        lines.append(f"The game is {sc.hands} hands; the highest score wins.")
    else:
        lines.append("Every deal is a game: the higher score wins.")
    ties = {
        "bidder-first": "If both sides pass the target on the same hand, the bidding side wins "
                        "(it counts first).",
        "highest": "If several pass the target together, the highest score wins.",
        "overtime": f"If several pass the target together, the game goes on to "
                    f"{sc.target + sc.overtime_step}, and so on.",
        "bid-and-out": "If several pass the target together, the bidder wins (bid and out); "
                       f"otherwise the {sc.tie_fallback} rule applies.",
    }
    if sc.game == "score" and rules.seating.by_card and sc.tie_rule == "bidder-first":
        lines.append("If several players pass the target on the same hand, the bidder wins; "
                     f"then the partner; then the {sc.tie_fallback} rule applies.")
    elif sc.game == "score":
        lines.append(ties[sc.tie_rule])
    if rules.seating.by_card:
        lines.append("Each player keeps a score. The bidder and the partner each score their "
                     "side's whole meld and tricks when they make the bid; each defender scores "
                     "its own meld and all the defenders' tricks (if the defenders saved them). "
                     + ("A set costs the bidder and the partner the bid each."
                        if sc.partner_set == "both" else "A set costs the bidder alone the bid."))
    if sc.bid_to_win_above:
        lines.append(f"Once every side is over {sc.bid_to_win_above}, only the side that won the "
                     "bid can win the game.")
    if sc.stars:
        levels = ", ".join(f"{lv}: {sc.level_stars(lv)}" for lv in sc.first_star_levels(5))
        more = (f" ... doubling at every {sc.star_step} with no upper end" if sc.star_step
                else "")
        lines.append(f"Stars: a made bid earns its close-out level ({levels}{more}), plus one "
                     "for a run and one for aces; a set gives the other side double plus one.")
    if sc.checks:
        lines.append("Checks: flush +1, aces +1, roundtable +2; looking at the widow and losing "
                     "-1. Checks are kept whatever the hand's result.")
    if tr.reneges:
        lines.append(f"Reneges are allowed and called at the end of the hand: the reneging side "
                     f"loses its meld and goes set for the bid, and the other side scores "
                     f"{rules.total_trick_points} and its meld"
                     + (", keeps its own stars and gains double the reneging side's stars "
                        "plus one (one star when it had none)." if sc.stars else "."))
    return lines


def _stock_lines(rules: RuleSet) -> list[str]:
    lines = [
        "Twelve cards each; the next card is turned up for trump and the rest is the stock.",
        "The non-dealer leads. While the stock lasts you need not follow suit.",
        "The winner of a trick may lay down one meld (at least one card from the hand); a "
        "melded card may be melded again only in another class or in a higher meld of the same "
        "class. Melded cards stay on the table and may be played from there.",
        f"The dix counts {rules.meld.dix} when shown after winning a trick"
        + (" and may be exchanged for the turned-up card." if rules.stock.dix_exchange else "."),
        "Then both draw, the winner first. The last face-down card and the turn-up are shown.",
        "Then the last twelve tricks are played with these rules:",
    ]
    lines += ["  " + line for line in obligation_lines(rules, rules.stock.playoff_obligations)]
    if rules.stock.round_tricks:
        lines.append("Trick points are rounded: 7 or more in the units count as 10 "
                     "(87 counts 90; 126 and 124 count 120 each).")
    if rules.stock.declare_out and rules.scoring.game == "score":
        lines.append(f"A player may declare out during play: with {rules.scoring.target} or more "
                     "they win, otherwise they lose.")
    return lines


def rank_order_note(rules: RuleSet) -> str:
    """Issue 16.4: 004 ranks the 10 below the jack, unlike every other document; say which
    order this table uses, plainly."""
    if rules.table.rank_order == "A-K-Q-J-10-9":
        return ("This table ranks A-K-Q-J-10-9: the 10 below the jack, as document 004 writes "
                "(\"A (high), K, Q, J, 10, 9 (low)\"); every other document ranks the 10 second, "
                "A-10-K-Q-J-9.")
    if rules.document == "004":
        return ("This table ranks A-10-K-Q-J-9, the common order, as a house rule: document "
                "004 writes A, K, Q, J, 10, 9.")
    return ""


def rules_sections(rules: RuleSet) -> list[Section]:
    """The rules of a table in plain words, by section (the table, bidding, meld, trick
    play, scoring, the decisions taken where its document is silent): the rules screen's text."""
    t = rules.table
    deck = f"{t.deck}-card pack" + (" (no nines)" if rules.dix_rank is None else "")
    order = " ".join(r.label for r in rules.deck.ranks_high_to_low)
    overview = [rules.description] if rules.description else []
    seated = {"pairs": ", partners sit opposite" if rules.n_sides == 2 else
              ", in sides of two, partners sit opposite",
              "threes": ", in two sides of three, alternating round the table",
              "partner-by-card": ", each for self; each hand a card finds the bidder's partner",
              "each-for-self": ""}[t.sides]
    each = " in each hand" if rules.seating.sits_out else ""
    overview.append(f"{t.players} players{each}{seated}; {deck}; ranks high to low: {order}.")
    overview += _sitting_out_lines(rules)
    rank_note = rank_order_note(rules)
    if rank_note:
        overview.append(rank_note)
    if t.direction == "clockwise":
        overview.append("Dealing and play go clockwise: each turn passes to the player on the "
                        "left, and the deal passes to the left after each hand.")
    else:
        overview.append("Dealing and play go counter-clockwise: each turn passes to the player "
                        "on the right, and the deal passes to the right after each hand"
                        + ("; the player on the dealer's left still bids first."
                           if rules.auction.enabled else "."))
    sections: list[Section] = [(f"{rules.title} (document {rules.document})", overview)]
    warned = warnings(rules)
    if warned:
        sections.insert(0, ("Warning", warned))
    if rules.stock.enabled:
        sections.append(("The stock game", _stock_lines(rules)))
    else:
        sections.append(("Bidding", _auction_lines(rules)))
        exchange = _exchange_lines(rules)
        if exchange:
            sections.append(("Passing, widow and throwing in", exchange))
    sections.append(("Meld", _meld_lines(rules)))
    title = "Trick play while the stock lasts" if rules.stock.enabled else \
        "Trick play, in order of precedence"
    sections.append((title, obligation_lines(rules)))
    sections.append(("Scoring", _scoring_lines(rules)))
    decided = list(rules.decisions.values()) + _sitting_out_decisions(rules)
    if decided:
        sections.append(("Where the document is silent, this table decided", decided))
    return sections


def _sitting_out_lines(rules: RuleSet) -> list[str]:
    """Who sits out, where more sit down than are dealt (VARIANTS.md, "Sitting out")."""
    seating = rules.seating
    if not seating.sits_out:
        return []
    return [f"{seating.players} people sit down and {seating.hand_players} are dealt each "
            f"hand (Bicycle, Auction Pinochle): \"{SITTING_OUT_RULE}\" A player who sits "
            "out scores nothing that hand. The deal passes round every chair."]


def sitting_out_note(rules: RuleSet) -> str:
    """Who sits out, in a sentence or two ("" where everyone is dealt in)."""
    return " ".join(_sitting_out_lines(rules))


def _sitting_out_decisions(rules: RuleSet) -> list[str]:
    if not rules.seating.sits_out:
        return []
    return ["The source gives the sitting-out dealer no cards and says nothing of the "
            "dealer's part in the auction: the player on the dealer's right takes it, and "
            "is the one held to the bid when everyone else passes."]


def rules_text(rules: RuleSet) -> str:
    """The rules of a table in plain words, each section under its underlined title, as
    ``pinochle rules`` prints them."""
    out = []
    for title, lines in rules_sections(rules):
        out.append(title)
        out.append("-" * len(title))
        out += lines
        out.append("")
    return "\n".join(out).rstrip() + "\n"
