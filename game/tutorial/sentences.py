"""Prose as a reader meets it, sentence by sentence, knowing which words came from where.

A text is rendered field by field (``game.tutorial.text.fill``): what the author typed stays as
typed, a quotation or a rule of the table in the engine's words becomes one opaque token (its
words are the document's or the engine's, and its full stops are not the sentence's), and every
other field becomes the words the engine filled in, remembered as a span. ``tutorial --check``
then reads each sentence for what it claims (``game.tutorial.meaning``): a rule word the author
typed must belong to a claim the check tests, and a field must stand beside what it is about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.tutorial.text import FIELD, TextContext, fill

QUOTE_TOKEN = "⟦quote⟧"
RULE_TOKEN = "⟦rule⟧"
# Fields whose words are a document's or the engine's sentences, read as one token.
OPAQUE = {"quote": QUOTE_TOKEN, "tquote": QUOTE_TOKEN, "rule": RULE_TOKEN,
          "rules_list": RULE_TOKEN, "first_rule": RULE_TOKEN, "why": RULE_TOKEN}

RANK_WORDS = {"ace": "A", "ten": "T", "king": "K", "queen": "Q", "jack": "J", "nine": "9",
              "eight": "8", "seven": "7"}
RANK_WORD = r"(?:ace|ten|king|queen|jack|nine|eight|seven)s?"
CARD = r"(?:10|[AKQJ987])[♠♥♣♦]"
SUIT_WORDS = {"spade": "S", "heart": "H", "club": "C", "diamond": "D"}
SUIT_WORD = r"(?:spade|heart|club|diamond)s?"
SYMBOLS = {"♠": "S", "♥": "H", "♣": "C", "♦": "D"}
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")


@dataclass(frozen=True)
class Span:
    """Where a field's words stand in the rendered text."""

    start: int
    end: int
    name: str
    arg: str


@dataclass(frozen=True)
class Sentence:
    text: str  # rendered, with quotations and the engine's rule sentences as tokens
    spans: tuple[Span, ...]  # the fields in it, offsets within ``text``

    def typed(self, start: int, end: int) -> bool:
        """Whether the characters start..end were typed by the author (no field's words)."""
        return not any(s.start < end and start < s.end for s in self.spans)

    def field_at(self, pos: int) -> Span | None:
        return next((s for s in self.spans if s.start <= pos < s.end), None)

    def masked(self) -> str:
        """The sentence with every field's words blanked out (the same length)."""
        chars = list(self.text)
        for s in self.spans:
            chars[s.start:s.end] = " " * (s.end - s.start)
        return "".join(chars)

    @property
    def question(self) -> bool:
        return self.text.rstrip().endswith("?")


@dataclass
class Rendered:
    text: str = ""
    spans: list[Span] = field(default_factory=list)

    def sentences(self) -> list[Sentence]:
        out = []
        start = 0
        for part in [*SENTENCE_END.finditer(self.text), None]:
            end = part.start() if part is not None else len(self.text)
            chunk = self.text[start:end]
            if chunk.strip():
                spans = tuple(Span(s.start - start, s.end - start, s.name, s.arg)
                              for s in self.spans if start <= s.start and s.end <= end)
                out.append(Sentence(chunk, spans))
            start = part.end() if part is not None else end
        return out


def rendered(raw: str, ctx: TextContext) -> Rendered:
    """``raw`` filled in, remembering each field's span (raises TemplateError like render)."""
    out = Rendered()
    at = 0
    for m in FIELD.finditer(raw):
        out.text += raw[at:m.start()]
        name, arg = m.group(1), m.group(2) or ""
        words = OPAQUE.get(name) or fill(m, ctx)
        if name == "review" and arg.startswith("reason"):
            words = RULE_TOKEN  # the expert's reason, in the review's own words
        out.spans.append(Span(len(out.text), len(out.text) + len(words), name, arg))
        out.text += words
        at = m.end()
    out.text += raw[at:]
    return out


def rank_of(word: str) -> str | None:
    """The rank letter a word or card code names (``kings`` -> K, ``10♥`` -> T)."""
    word = word.lower().strip()
    if word and word[-1] in SYMBOLS:
        return "T" if word[:-1] == "10" else word[:-1].upper()
    return RANK_WORDS.get(word.rstrip("s")) if word.rstrip("s") in RANK_WORDS else None


RANK_MENTION = re.compile(rf"(?<![\w-])(?:{CARD}|{RANK_WORD})(?![\w-])", re.IGNORECASE)
