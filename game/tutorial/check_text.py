"""``tutorial --check`` on prose: every number a field the engine fills, every quotation a
shipped sentence, no document numbers, and every field fillable where it is used."""

from __future__ import annotations

import contextlib
import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path

from game.rules.cards import Card
from game.rules.ruleset import RuleSet
from game.store.reading import read_bytes
from game.store.schema import MAX_BYTES
from game.store.tutorial_data import QuoteFile
from game.tutorial.handreview import grade_words
from game.tutorial.meaning import meaning_problems
from game.tutorial.scan import bare_numbers, holding_problems, style_problems
from game.tutorial.text import FIELD as FIELD_RE
from game.tutorial.text import TemplateError, TextContext, render


def text_problems(label: str, raw: str, ctx: TextContext | None, topic: str = "") -> list[str]:
    """What is wrong with one piece of prose (empty when nothing); ``topic``: what the text
    is about when no sentence says it (a glossary term's name)."""
    if not raw:
        return []
    out = [f"{label}: bare number {n!r}: write it as a field the engine fills "
           f"(e.g. {{min_bid}}, {{meld:run}}) or a named claim" for n in bare_numbers(raw)]
    out += [f"{label}: {p}" for p in style_problems(raw)]
    out += [f"{label}: a grade typed by hand ({w!r}): write {{review:grade:1}} (the review's "
            f"grade of the learner's play) or {{review:name:mistake}}"
            for w in grade_words(FIELD_RE.sub(" ", raw))]
    if ctx is not None:
        out += [f"{label}: {p}" for p in meld_field_problems(raw, ctx.rules, topic)]
    if ctx is not None and ctx.state is not None:  # prose about a position, not a definition
        out += [f"{label}: {p}" for p in holding_problems(raw)]
    if ctx is not None:
        try:
            render(raw, ctx)
        except TemplateError as exc:
            out.append(f"{label}: {exc}")
        part = label.rsplit(": ", 1)[-1]
        reason = part in ("hint", "why_not") or part.startswith("reasons.")
        chosen = Card.parse(part.split(".", 1)[1]) if part.startswith("reasons.") else None
        out += [f"{label}: {p}" for p in meaning_problems(raw, ctx, topic, reason, chosen,
                                                          account=part != "bot_note")]
    return out


def title_problems(label: str, title: str) -> list[str]:
    """A title is shown as written (the menu, the coach's panel, the puzzle list): a field in it
    would reach the player as "{word:players}", and its number would escape the scan."""
    out = text_problems(label, title, None)
    out += [f"{label}: a field in a title ({m.group(0)!r}) is shown as written: titles hold no "
            f"fields" for m in FIELD_RE.finditer(title)]
    return out


SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n\s*\n")


def meld_field_problems(raw: str, rules: RuleSet, topic: str = "") -> list[str]:
    """A meld's value stands beside its name: ``{meld:run}`` in a sentence that names no run
    (a trick's total filled from the meld table, say) is a number from the wrong field."""
    masked = FIELD_RE.sub(lambda m: "§" * len(m.group(0)), raw)
    out = []
    start = 0
    for part in SENTENCE_END.split(masked):
        at = masked.find(part, start)
        sentence = raw[at:at + len(part)]
        start = at + len(part)
        named = " ".join(m.group(2) or "" for m in FIELD_RE.finditer(sentence)
                         if m.group(1) == "name")
        words = (FIELD_RE.sub(" ", sentence) + f" {topic} {named}").lower().replace("-", " ")
        words = words.replace("_", " ")
        for m in FIELD_RE.finditer(sentence):
            if m.group(1) != "meld" or not m.group(2):
                continue
            kind = m.group(2).split(":")[0]
            names = {kind.replace("_", " "), kind.split("_")[-1].rstrip("s")}
            with contextlib.suppress(KeyError):
                names.add(rules.meld_name(kind).lower())  # type: ignore[arg-type]
            if not any(n and n in words for n in names):
                out.append(f"{m.group(0)} stands in a sentence that names no "
                           f"{kind.replace('_', ' ')}: is it the right field? "
                           f"({sentence.strip()[:70]!r})")
    return out


# -- quotations against the rule documents -----------------------------------------------------
def normalise(text: str) -> str:
    """Text compared the way a reader would: markup, quote styles, case and spacing ignored."""
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    text = re.sub(r"[*_\\#]", "", text)
    text = re.sub(r"\s+", " ", text)
    return text.strip().lower()


def documents_in(folder: Path) -> dict[str, str]:
    """Rule documents by number (``000_xxxx.txt`` -> ``"000"``), normalised. Each is read as a
    regular file of at most MAX_BYTES (game.store.reading): a FIFO among them would hang the
    check and a link to /dev/zero exhaust memory; both raise FileRefusedError, naming the file."""
    out = {}
    for path in sorted(folder.glob("*.txt")):
        number = path.name.split("_", 1)[0]
        out[number] = normalise(read_bytes(path, MAX_BYTES).decode("utf-8", errors="replace"))
    return out


NEGATION = re.compile(r"\b(not|no|never|cannot|unless|except|only|nor|neither)\b|n't")
SENTENCE_BREAK = re.compile(r"[.!?:;]\s|\s-\s")


def quote_problem(quote: str, document: str) -> str | None:
    at = -1
    for part in normalise(quote).split(" ... "):
        part = part.strip(" .…")
        if not part:
            return "an empty part around ' ... '"
        found = document.find(part, max(at, 0))
        if found < 0:
            return "not found in document"
        if at >= 0:
            skipped = document[at:found]
            if SENTENCE_BREAK.search(skipped + " ") and skipped.strip():
                return "its ' ... ' joins two sentences of document"
            if negation := NEGATION.search(skipped):
                return f"its ' ... ' leaves out {negation.group(0)!r} from document"
        at = found + len(part)
    return None


def quote_problems(quotes: Mapping[str, QuoteFile], documents: dict[str, str] | None
                   ) -> tuple[int, list[str]]:
    """(quotations checked, failures): each against its document when the documents are at
    hand; without them each is only known to be shipped."""
    checked = 0
    out = []
    for number, qf in sorted(quotes.items()):
        for key, sentence in qf.quotes.items():
            checked += 1
            if documents is None:
                continue
            doc = documents.get(number)
            if doc is None:
                out.append(f"{qf.source}: no rule document {number} to check quotes against")
                break
            problem = quote_problem(sentence, doc)
            if problem:
                out.append(f"{qf.source}: quotes.{key}: {problem} {number}: "
                           f"{sentence[:80]!r}")
    return checked, out


def seeds_folder(levels: Path, given: Path | None) -> Path | None:
    """The rule documents: ``--seeds``, else ``../shared/seeds`` beside the checkout the levels
    are in (where CI's clone and every developer's worktree have them); None when absent, and
    the check then knows only the shipped quotations. Never a fixed absolute path: a machine's
    own folder must not decide what a check proves."""
    candidates = [given] if given is not None else [
        levels.resolve().parent.parent / "shared" / "seeds"]
    for folder in candidates:
        if folder is not None and folder.is_dir() and any(folder.glob("*.txt")):
            return folder
    return None
