"""Small drawing helpers and widgets: text, panels, buttons, tooltips, speech bubbles."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui import assets, theme

_text_cache: dict[tuple[str, int, bool, tuple[int, ...]], pygame.Surface] = {}


def clear_cache() -> None:
    _text_cache.clear()
    _felt_cache.clear()


def render_text(text: str, size: int, colour: tuple[int, ...] = theme.INK,
                bold: bool = False) -> pygame.Surface:
    key = (text, size, bold, colour)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        surf = assets.font(size, bold).render(text, True, colour)
        _text_cache[key] = surf
    return surf


def draw_text(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int,
              colour: tuple[int, ...] = theme.INK, bold: bool = False,
              anchor: str = "topleft") -> pygame.Rect:
    surf = render_text(text, size, colour, bold)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(surf, rect)
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
                 colour: tuple[int, ...] = theme.INK, bold: bool = False,
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


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...] = theme.PANEL,
          radius: int = 12, edge: tuple[int, ...] | None = theme.PANEL_EDGE) -> None:
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=radius)
    if edge is not None:
        pygame.draw.rect(layer, edge, layer.get_rect(), width=2, border_radius=radius)
    surface.blit(layer, rect.topleft)


def shade(surface: pygame.Surface, alpha: int = 120) -> None:
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    layer.fill((0, 0, 0, alpha))
    surface.blit(layer, (0, 0))


@dataclass
class Button:
    label: str
    on_click: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 120, 40))
    enabled: bool = True
    primary: bool = False
    selected: bool = False
    hotkey: int | None = None
    icon: str | None = None
    tooltip: str = ""
    hover: bool = False
    font_size: int = 18

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
        if self.icon:
            size = min(self.rect.height - 8, 48)
            img = assets.icon(self.icon, size)
            if self.label:
                surface.blit(img, img.get_rect(midleft=(self.rect.left + 6, self.rect.centery)))
                draw_text(surface, self.label, (self.rect.left + size + 10, self.rect.centery),
                          self.font_size, ink, anchor="midleft")
            else:
                surface.blit(img, img.get_rect(center=self.rect.center))
        else:
            draw_text(surface, self.label, self.rect.center, self.font_size, ink, bold=True,
                      anchor="center")

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


def layout_row(buttons: list[Button], center_x: float, y: float, height: int, gap: int,
               min_width: int = 60, pad: int = 24) -> None:
    """Place buttons in a centred row, each as wide as its label needs."""
    widths = []
    for b in buttons:
        text_w = assets.font(b.font_size, True).size(b.label)[0] if b.label else 0
        icon_w = height if b.icon else 0
        widths.append(max(min_width, text_w + icon_w + pad))
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


def bubble(surface: pygame.Surface, text: str, center: tuple[float, float], size: int,
           colour: tuple[int, ...] = (250, 246, 232)) -> pygame.Rect:
    """A speech bubble (bids, passes) centred at ``center``."""
    surf = render_text(text, size, (30, 30, 30), bold=True)
    rect = surf.get_rect(center=(round(center[0]), round(center[1]))).inflate(size, size * 0.6)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(0, 2), border_radius=rect.height // 2)
    pygame.draw.rect(surface, colour, rect, border_radius=rect.height // 2)
    surface.blit(surf, surf.get_rect(center=rect.center))
    return rect


_felt_cache: dict[tuple[int, int], pygame.Surface] = {}


def felt(size: tuple[int, int]) -> pygame.Surface:
    surf = _felt_cache.get(size)
    if surf is None:
        _felt_cache.clear()
        surf = pygame.Surface(size)
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
        _felt_cache[size] = surf
    return surf
