"""The scan of lesson prose for what nobody computed: numbers outside fields (digits and
number words), quotation marks outside a checked quotation, document numbers, and seat names."""

from __future__ import annotations

import re

from game.tutorial.seatfields import bare_seats

FIELD = re.compile(r"\{([a-z_]+)(?::([^{}]*))?\}")
CARD = re.compile(r"(?:10|[AKQJ2-9])[♠♥♦♣]")
DIGITS = re.compile(r"\d+")
NUMBER_WORDS = re.compile(
    r"\b(two|three|four|five|six|seven|eight|eleven|twelve|thirteen|fourteen|fifteen|"
    r"sixteen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
    r"hundred|thousand|dozen)\b(?!-handed)", re.IGNORECASE)
# "one", "nine" and "ten" name cards too ("the ten of hearts", "a nine"): they are numbers
# when they count something or stand as an amount ("ten points", "worth ten").
COUNTED = re.compile(
    r"\b(nine|ten)\b(?=\s+(?:more\s+|extra\s+)?(?:points?|tricks?|cards?|players?|times|"
    r"stars?|checks?|melds?|bids?|hands?|deals?|counters?|seats?)\b)|"
    r"(?<=\bworth\s)(one|nine|ten)\b|(?<=\bonly\s)(nine|ten)\b|(?<=\bscores\s)(one|nine|ten)\b",
    re.IGNORECASE)
QUOTE_MARKS = re.compile(r"[\"“”]")
TABLE_NAMES = re.compile(r"\bpartnership[ -](150|190)\b", re.IGNORECASE)
DOCUMENT = re.compile(r"\bdocument\b|\bdoc\.", re.IGNORECASE)


def bare_numbers(text: str) -> list[str]:
    """Numbers the prose states outside any field: digits (a card's own rank aside, as in
    10♥) and number words from two up."""
    plain = TABLE_NAMES.sub(" ", CARD.sub(" ", FIELD.sub(" ", text)))
    return DIGITS.findall(plain) + [m.group(0) for m in NUMBER_WORDS.finditer(plain)] + \
        [m.group(0) for m in COUNTED.finditer(plain)]


def style_problems(text: str) -> list[str]:
    """Quotation marks outside a checked quotation, and document numbers for tables."""
    plain = FIELD.sub(" ", text)
    out = [f"a seat name typed by hand ({name!r}): write it as a field the engine fills "
           f"({{leader}}, {{took}}, {{played:QH}}, {{holder:AH}}, {{partner}}, {{next}}...)"
           for name in bare_seats(plain)]
    if QUOTE_MARKS.search(plain):
        out.append("a quotation outside {quote:...}: quote rules from levels/quotes/")
    if DOCUMENT.search(plain):
        out.append("names a document: name the table instead")
    return out



HOLD_WORDS = r"\b(?:hold|holds|held|holding|have|has)\s+(?:only\s+|both\s+|just\s+)?"
HOLDS_CARD = re.compile(HOLD_WORDS + r"(?:the\s+)?(?:10|[AKQJ9])[♠♥♦♣]", re.IGNORECASE)
HOLDS_NONE = re.compile(r"\b(?:you\s+(?:hold|have|held)|holding)\s+(?:no|none)\b", re.IGNORECASE)
SEAT_DID = re.compile(
    r"(?:\{(?:leader|partner|next|next_before|took|high_bidder|bidder|winner_seat|"
    r"played:[^{}]*|holder:[^{}]*)\}|\b(?:the others|everyone|everybody|nobody else))\s+"
    r"(?P<did>followed|passed)\b", re.IGNORECASE)


def holding_problems(text: str) -> list[str]:
    """Who holds what, typed in the prose of a position: the engine knows, so a field says it
    (a typed "You hold the A♦" could be false on this deal, or after the script moved on)."""
    plain = FIELD.sub(" ", text)
    out = [f"a card holding typed by hand ({m.group(0)!r}): write {{held:AD TH}}, which the "
           f"engine checks against the hand" for m in HOLDS_CARD.finditer(plain)]
    out += [f"a void typed by hand ({m.group(0)!r}): write {{no:led}} or {{no:S}}, which the "
            f"engine checks against the hand" for m in HOLDS_NONE.finditer(plain)]
    out += [f"who {m.group('did')} typed by hand ({m.group(0)!r}): write "
            f"{{{m.group('did')}:next_before}} (or :others), which the engine checks"
            for m in SEAT_DID.finditer(text)]
    return out
