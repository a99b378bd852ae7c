"""Reading what a frame drew (``game.ui.widgets.recording``) for things that overlap: no two
texts or buttons on top of one another, nothing half under a panel, no text over a card, no
button label past its button, nothing outside the window."""

from __future__ import annotations

import itertools

import pygame

from game.ui.widgets import Drawn, recording

READ = ("text", "button")  # what a player reads or clicks


def record_frame(app) -> list[Drawn]:
    """Draw the app's stack as the app does, recording each scene on its own layer."""
    stack = app.stack
    start = max((i for i, s in enumerate(stack) if s.opaque), default=0)
    with recording() as rec:
        for layer, scene in enumerate(stack[start:]):
            rec.layer = layer
            scene.draw(app.screen)
    return rec.items


def name(item: Drawn) -> str:
    label = f" {item.label!r}" if item.label else ""
    return f"{item.kind}{label} {tuple(item.rect)} (layer {item.layer})"


def straddles(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    """Partly inside ``outer``: a panel's edge runs through it."""
    return inner.colliderect(outer) and not outer.contains(inner)


def problems(items: list[Drawn], size: tuple[int, int]) -> list[str]:
    """Every overlap a player would see in one frame, described."""
    out: list[str] = []
    window = pygame.Rect((0, 0), size)
    for i, item in enumerate(items):
        if item.kind != "card" and not window.contains(item.rect):
            out.append(f"{name(item)} leaves the {size[0]}x{size[1]} window")
        if item.kind == "label" and not items[i - 1].rect.contains(item.rect):
            out.append(f"{name(item)} runs past its button")
    panels = [p for p in items if p.kind == "panel"]

    shades = [x.layer for x in items if x.kind == "shade"]

    def hidden(item: Drawn) -> bool:
        """Wholly under a panel drawn by a later scene."""
        return any(p.layer > item.layer and p.rect.contains(item.rect) for p in panels)

    def dimmed(item: Drawn) -> bool:
        """Beneath a later scene that dims the window (a dialog over a darkened table)."""
        return any(layer > item.layer for layer in shades)

    def apart(low: Drawn, high: Drawn) -> bool:
        """A later scene's panel lies between them (``high`` is drawn on it)."""
        return any(low.layer < p.layer <= high.layer and p is not high
                   and p.rect.contains(high.rect) for p in panels)

    shown = [x for x in items if x.kind in (*READ, "panel", "card") and not hidden(x)]
    for a, b in itertools.combinations(shown, 2):
        low, high = (a, b) if a.layer <= b.layer else (b, a)
        if not low.rect.colliderect(high.rect) or apart(low, high):
            continue
        kinds = {low.kind, high.kind}
        if low.kind in READ and high.kind in READ:
            out.append(f"{name(low)} overlaps {name(high)}")
        elif kinds == {"panel"} and straddles(low.rect, high.rect) \
                and straddles(high.rect, low.rect) and not dimmed(low):
            out.append(f"{name(low)} and {name(high)} cross")  # neither holds the other
        elif high.kind == "panel" and low.kind in READ and straddles(low.rect, high.rect) \
                and not (dimmed(low) and high.layer > low.layer):
            out.append(f"{name(low)} is half under {name(high)}")
        elif low.kind == "panel" and high.kind in READ and low.layer == high.layer \
                and straddles(high.rect, low.rect):
            out.append(f"{name(high)} crosses the edge of {name(low)}")
        elif "card" in kinds and kinds & set(READ):
            out.append(f"{name(low)} overlaps {name(high)}")
        elif low.kind == "card" and high.kind == "panel" and low.layer == high.layer:
            out.append(f"{name(low)} is under {name(high)}")
    return out
