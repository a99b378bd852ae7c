"""Small drawing helpers and widgets: text, panels, buttons, tooltips, speech bubbles."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from game.ui import assets, theme

_text_cache: dict[tuple[str, int, bool, tuple[int, ...]], pygame.Surface] = {}


@dataclass(frozen=True)
class Drawn:
    """One thing a scene drew that a player reads or clicks: ``kind`` is "text", "button",
    "label" (a button's own text), "panel", "card", or "shade" (everything beneath is
    dimmed)."""

    kind: str
    rect: pygame.Rect
    label: str
    layer: int


class Recorder:
    """What the drawing helpers drew, while one is active (:func:`recording`): the layout
    tests read it to find text and buttons that overlap, at every size, in every scene. A
    scene drawing something by hand that a player reads or clicks reports it with
    :func:`record`; everything drawn through these helpers reports itself."""

    def __init__(self) -> None:
        self.items: list[Drawn] = []
        self.layer = 0  # the place in the scene stack of the scene drawing now

    def add(self, kind: str, rect: pygame.Rect, label: str = "",
            surface: pygame.Surface | None = None) -> None:
        """Keep what shows of ``rect``: inside the clip of ``surface`` when one is set (a
        scrolled page), all of it otherwise (what runs past the window's edge too)."""
        seen = pygame.Rect(rect)
        if surface is not None and surface.get_clip() != surface.get_rect():
            seen = rect.clip(surface.get_clip())
        if seen.width > 0 and seen.height > 0:
            self.items.append(Drawn(kind, seen, label, self.layer))


_recorder: Recorder | None = None


@contextmanager
def recording() -> Iterator[Recorder]:
    """Record what is drawn meanwhile (tests and tools; drawing costs one test otherwise)."""
    global _recorder
    outer, _recorder = _recorder, Recorder()
    try:
        yield _recorder
    finally:
        _recorder = outer


def record(kind: str, rect: pygame.Rect, label: str = "",
           surface: pygame.Surface | None = None) -> None:
    """Report something drawn by hand that a player reads or clicks (see :class:`Recorder`)."""
    if _recorder is not None:
        _recorder.add(kind, rect, label, surface)


def clear_cache() -> None:
    _text_cache.clear()
    _panel_cache.clear()
    _fit_cache.clear()
    _felt_cache.clear()


# A default colour is the theme's when drawn, not when this module was imported (the theme
# is a setting): None stands for it.
def render_text(text: str, size: int, colour: tuple[int, ...] | None = None,
                bold: bool = False) -> pygame.Surface:
    colour = theme.INK if colour is None else colour
    key = (text, size, bold, colour)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        surf = assets.font(size, bold).render(text, True, colour)
        _text_cache[key] = surf
    return surf


def draw_text(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
              colour: tuple[int, ...] | None = None, bold: bool = False,
              anchor: str = "topleft") -> pygame.Rect:
    surf = render_text(text, size, colour, bold)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(surf, rect)
    if _recorder is not None:
        _recorder.add("text", rect, text, surface)
    return rect


def elide(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut at a word and ended with an ellipsis so it fits ``width`` pixels."""
    font = assets.font(size, bold)
    if font.size(text)[0] <= width:
        return text
    words = text.split()
    while words and font.size(" ".join(words) + " …")[0] > width:
        words.pop()
    return " ".join(words) + " …"


def fit(text: str, size: int, width: int, bold: bool = False) -> tuple[str, int]:
    """``text`` and a font size at which it fits ``width`` pixels: its own size, a smaller one
    down to three quarters of it, or cut with an ellipsis at that size (a label never runs
    past its button)."""
    key = (text, size, width, bold)
    found = _fit_cache.get(key)
    if found is None:
        least = max(11, round(size * 0.75))
        found = next(((text, trial) for trial in range(size, least - 1, -1)
                      if assets.font(trial, bold).size(text)[0] <= width), None) \
            or (elide(text, least, width, bold), least)
        if len(_fit_cache) > 2000:
            _fit_cache.clear()
        _fit_cache[key] = found
    return found


_fit_cache: dict[tuple[str, int, int, bool], tuple[str, int]] = {}
_panel_cache: dict[tuple[tuple[int, int], tuple[int, ...], tuple[int, ...] | None, int],
                   pygame.Surface] = {}


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    font = assets.font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def draw_wrapped(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
                 colour: tuple[int, ...] | None = None, bold: bool = False,
                 line_gap: float = 1.25) -> int:
    """Draw wrapped text inside ``rect``; returns the height used."""
    y = rect.top
    step = round(size * line_gap)
    for line in wrap(text, size, rect.width, bold):
        if y + step > rect.bottom + step * 0.3:
            break
        draw_text(surface, line, (rect.left, y), size, colour, bold)
        y += step
    return y - rect.top


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...] | None = None,
          radius: int = 12, edge: tuple[int, ...] | None = ()) -> None:
    """A rounded panel: the theme's colour and edge unless given (``edge=None``: no edge)."""
    colour = theme.PANEL if colour is None else colour
    edge = theme.PANEL_EDGE if edge == () else edge
    key = (rect.size, colour, edge, radius)
    layer = _panel_cache.get(key)
    if layer is None:  # made once per size and look: an overlay draws its panel every frame
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=radius)
        if edge is not None:
            pygame.draw.rect(layer, edge, layer.get_rect(), width=2, border_radius=radius)
        if len(_panel_cache) > 200:
            _panel_cache.clear()
        _panel_cache[key] = layer
    surface.blit(layer, rect.topleft)
    if _recorder is not None:
        _recorder.add("panel", rect, "", surface)


def shade(surface: pygame.Surface, alpha: int = 120) -> None:
    """Dim everything drawn so far, as black at ``alpha`` over it would: each colour scaled
    by (255 - alpha) / 255, in place (a window-sized layer made and blended every frame cost
    an overlay several milliseconds a frame)."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    record("shade", surface.get_rect())


def cover(surface: pygame.Surface) -> None:
    """Plain felt over everything beneath (an overlay over a menu hides it entirely)."""
    surface.blit(felt(surface.get_size()), (0, 0))
    record("panel", surface.get_rect())


# The keys that take a prompt's default: a destructive choice may never be reached by them.
DEFAULT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class Button:
    """A button. One that loses the player something (a saved game, the match, the hand) is
    declared ``destructive``: it can never be the default, neither drawn as the primary
    button nor answering Enter or Space, so that a key pressed from habit takes the safe
    choice (issue 25)."""

    label: str
    on_click: Callable[[], object]  # what it returns is ignored (a scene opened, ...)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 120, 40))
    enabled: bool = True
    primary: bool = False
    selected: bool = False
    hotkey: int | None = None
    icon: str | None = None
    tooltip: str = ""
    hover: bool = False
    font_size: int = 18
    destructive: bool = False

    def __post_init__(self) -> None:
        if self.destructive and (self.primary or self.hotkey in DEFAULT_KEYS):
            raise ValueError(f"the destructive button {self.label!r} cannot be the default")

    def draw(self, surface: pygame.Surface) -> None:
        if not self.enabled:
            colour = theme.BUTTON_DISABLED
        elif self.primary:
            colour = theme.BUTTON_PRIMARY_HOVER if self.hover else theme.BUTTON_PRIMARY
        else:
            colour = theme.BUTTON_HOVER if self.hover or self.selected else theme.BUTTON
        radius = max(6, self.rect.height // 4)
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(0, 2), border_radius=radius)
        pygame.draw.rect(surface, colour, self.rect, border_radius=radius)
        edge = theme.GOLD if self.selected or (self.hover and self.enabled) else (90, 130, 110)
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=radius)
        ink = theme.INK if self.enabled else (120, 130, 124)
        global _recorder
        recorder, _recorder = _recorder, None  # the label is reported as the button's own
        try:
            if self.icon:
                size = min(self.rect.height - 8, 48)
                img = assets.icon(self.icon, size)
                if self.label:
                    surface.blit(img, img.get_rect(midleft=(self.rect.left + 6,
                                                            self.rect.centery)))
                    room = self.rect.right - 6 - (self.rect.left + size + 10)
                    text, font = fit(self.label, self.font_size, room)
                    label = draw_text(surface, text, (self.rect.left + size + 10,
                                                      self.rect.centery), font, ink,
                                      anchor="midleft")
                else:
                    text = ""
                    label = surface.blit(img, img.get_rect(center=self.rect.center))
            else:
                text, font = fit(self.label, self.font_size, self.rect.width - LABEL_MARGIN,
                                 bold=True)
                label = draw_text(surface, text, self.rect.center, font, ink, bold=True,
                                  anchor="center")
        finally:
            _recorder = recorder
        if recorder is not None:
            recorder.add("button", self.rect, self.label, surface)
            recorder.add("label", label, text, surface)  # as drawn: fitted, perhaps cut

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.enabled and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        elif (event.type == pygame.KEYDOWN and self.hotkey is not None and self.enabled
              and event.key == self.hotkey):
            self.on_click()
            return True
        return False


LABEL_MARGIN = 12  # a text button's label is fitted to its width less this


def label_shown(button: Button) -> str:
    """A text button's label as it is drawn: whole, or cut with an ellipsis."""
    return fit(button.label, button.font_size, button.rect.width - LABEL_MARGIN, bold=True)[0]


def layout_row(buttons: list[Button], center_x: float, y: float, height: int, gap: int,
               min_width: int = 60, pad: int = 24) -> None:
    """Place buttons in a centred row, each as wide as its label needs."""
    widths = []
    for b in buttons:
        text_w = assets.font(b.font_size, True).size(b.label)[0] if b.label else 0
        icon_w = height if b.icon else 0
        # Never less room than the button draws its label in: at 1024x640 a pad scaled below
        # the margin cut "Made" to "…" under the first hand's score.
        widths.append(max(min_width, text_w + icon_w + max(pad, LABEL_MARGIN + 2)))
    total = sum(widths) + gap * (len(buttons) - 1)
    x = center_x - total / 2
    for b, w in zip(buttons, widths, strict=True):
        b.rect = pygame.Rect(round(x), round(y), w, height)
        x += w + gap


def tooltip(surface: pygame.Surface, text: str, anchor: tuple[int, int], size: int,
            max_width: int) -> pygame.Rect:
    """A wrapped tooltip above ``anchor`` (kept inside the window)."""
    lines = wrap(text, size, max_width)
    font = assets.font(size)
    width = max(font.size(line)[0] for line in lines) + 24
    height = len(lines) * round(size * 1.3) + 16
    sw, sh = surface.get_size()
    x = min(max(8, anchor[0] - width // 2), sw - width - 8)
    y = max(8, anchor[1] - height - 10)
    rect = pygame.Rect(x, y, width, height)
    panel(surface, rect, (20, 16, 10, 235), 8, theme.GOLD)
    for i, line in enumerate(lines):
        draw_text(surface, line, (x + 12, y + 8 + i * round(size * 1.3)), size)
    return rect


def tooltip_below(surface: pygame.Surface, text: str, under: pygame.Rect, size: int,
                  max_width: int) -> pygame.Rect:
    """A wrapped tooltip just below ``under`` (kept inside the window): for things near the
    top of the window, where :func:`tooltip` has no room above."""
    lines = wrap(text, size, max_width)
    line_h = round(size * 1.3)
    height = len(lines) * line_h + 16
    return tooltip(surface, text, (under.centerx, under.bottom + 14 + height), size, max_width)


def bubble(surface: pygame.Surface, text: str, center: tuple[float, float], size: int,
           colour: tuple[int, ...] = (250, 246, 232)) -> pygame.Rect:
    """A speech bubble (bids, passes) centred at ``center``."""
    surf = render_text(text, size, (30, 30, 30), bold=True)
    rect = surf.get_rect(center=(round(center[0]), round(center[1]))).inflate(size, size * 0.6)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(0, 2), border_radius=rect.height // 2)
    pygame.draw.rect(surface, colour, rect, border_radius=rect.height // 2)
    words = surface.blit(surf, surf.get_rect(center=rect.center))
    record("panel", rect, "", surface)  # an opaque pill, with the words on it
    record("text", words, text, surface)
    return rect


_felt_cache: dict[tuple[int, int, str], pygame.Surface] = {}


def felt(size: tuple[int, int]) -> pygame.Surface:
    key = (*size, theme.current)
    surf = _felt_cache.get(key)
    if surf is None:
        _felt_cache.clear()
        surf = pygame.Surface(size)
        if not theme.FELT_TEXTURE:  # the high-contrast cloth: plain, nothing to read past
            surf.fill(theme.FELT)
            _felt_cache[key] = surf
            return surf
        tile = assets.felt_tile()
        tw, th = tile.get_size()
        for x in range(0, size[0], tw):
            for y in range(0, size[1], th):
                surf.blit(tile, (x, y))
        # A soft vignette so the middle of the table reads as lit: drawn small, then
        # smooth-scaled, so it has no visible steps.
        small = pygame.Surface((64, 40), pygame.SRCALPHA)
        for x in range(64):
            for y in range(40):
                d = ((x - 31.5) / 32) ** 2 + ((y - 19.5) / 20) ** 2
                small.set_at((x, y), (0, 0, 0, min(120, int(110 * max(0.0, d - 0.25)))))
        surf.blit(pygame.transform.smoothscale(small, size), (0, 0))
        _felt_cache[key] = surf
    return surf
