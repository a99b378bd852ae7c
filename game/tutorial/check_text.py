"""``tutorial --check`` on prose: every number a field the engine fills, every quotation a
shipped sentence, no document numbers, and every field fillable where it is used."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path

from game.store.tutorial_data import QuoteFile
from game.tutorial.text import TemplateError, TextContext, bare_numbers, render, style_problems


def text_problems(label: str, raw: str, ctx: TextContext | None) -> list[str]:
    """What is wrong with one piece of prose (empty when nothing)."""
    if not raw:
        return []
    out = [f"{label}: bare number {n!r}: write it as a field the engine fills "
           f"(e.g. {{min_bid}}, {{meld:run}}) or a named claim" for n in bare_numbers(raw)]
    out += [f"{label}: {p}" for p in style_problems(raw)]
    if ctx is not None:
        try:
            render(raw, ctx)
        except TemplateError as exc:
            out.append(f"{label}: {exc}")
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
    """Rule documents by number (``000_xxxx.txt`` -> ``"000"``), normalised."""
    out = {}
    for path in sorted(folder.glob("*.txt")):
        number = path.name.split("_", 1)[0]
        out[number] = normalise(path.read_text(encoding="utf-8", errors="replace"))
    return out


def quote_found(quote: str, document: str) -> bool:
    """Whether the quotation is in the document; " ... " joins parts quoted in order."""
    at = 0
    for part in normalise(quote).split(" ... "):
        part = part.strip(" .…")
        found = document.find(part, at)
        if not part or found < 0:
            return False
        at = found + len(part)
    return True


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
            if not quote_found(sentence, doc):
                out.append(f"{qf.source}: quotes.{key}: not found in document {number}: "
                           f"{sentence[:80]!r}")
    return checked, out


def seeds_folder(levels: Path, given: Path | None) -> Path | None:
    """The rule documents: ``--seeds``, else ``../shared/seeds`` beside the checkout, else
    ``/work/shared/seeds``; None when none is present."""
    candidates = [given] if given is not None else [
        levels.resolve().parent.parent / "shared" / "seeds", Path("/work/shared/seeds")]
    for folder in candidates:
        if folder is not None and folder.is_dir() and any(folder.glob("*.txt")):
            return folder
    return None
