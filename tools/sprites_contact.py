"""A contact sheet of the art on the felt, for judging it by eye: every rank in one suit and
every suit in one rank at 1x and 2x, the four-colour set, the backs, the glow and a fanned hand
of twelve 1x cards overlapped as the table shows them (30 px apart)."""

from __future__ import annotations

import pygame

from tools.sprites_backs import DESIGNS, render_back
from tools.sprites_cards import render_card
from tools.sprites_common import RANKS, SUITS, canvas, text
from tools.sprites_icons import ICONS, render_icon
from tools.sprites_table import render_felt, render_glow

FAN_STEP = 30
HAND = ["AS", "TS", "KS", "QH", "JH", "9H", "AC", "KC", "QC", "TD", "JD", "9D"]


def _label(sheet: pygame.Surface, words: str, x: int, y: int) -> None:
    surface, _ = text(words, 14, (235, 235, 220), bold=False)
    sheet.blit(surface, (x, y))


def contact_sheet() -> pygame.Surface:
    sheet = canvas(1500, 1130, (0, 0, 0, 255))
    felt = render_felt()
    for x in range(0, sheet.get_width(), felt.get_width()):
        for y in range(0, sheet.get_height(), felt.get_height()):
            sheet.blit(felt, (x, y))

    _label(sheet, "every rank, spades and hearts (1x)", 20, 8)
    for row, suit in enumerate("SH"):
        for i, rank in enumerate(RANKS):
            sheet.blit(render_card(rank + suit, 1), (20 + i * 108, 28 + row * 148))
    _label(sheet, "four-colour set (1x)", 900, 8)
    for i, suit in enumerate(SUITS):
        for row, rank in enumerate("QT"):
            sheet.blit(render_card(rank + suit, 1, True), (900 + i * 108, 28 + row * 148))

    y = 332
    _label(sheet, "2x: one of each court and a ten, all suits", 20, y)
    for i, code in enumerate(["KC", "QD", "JS", "TH", "AD"]):
        sheet.blit(render_card(code, 2), (20 + i * 208, y + 20))
    for i, design in enumerate(DESIGNS):
        sheet.blit(render_back(design, 1), (1080 + i * 108, y + 20))
    for i, name in enumerate(ICONS):
        sheet.blit(render_icon(name, 1), (1080 + i * 40, y + 180))
        sheet.blit(render_icon(name, 2), (1080 + (i % 4) * 60, y + 220 + (i // 4) * 56))

    y = 650
    _label(sheet, "a hand of twelve at 1x, 30 px apart, one card raised with the glow", 20, y)
    for i, code in enumerate(HAND):
        x, top = 20 + i * FAN_STEP, y + 40
        if i == 4:
            top -= 20
            sheet.blit(render_glow(1), (x - 8, top - 8))
        sheet.blit(render_card(code, 1), (x, top))
    _label(sheet, "the same hand in four colours, and the 1x fan strip enlarged x3", 500, y)
    for i, code in enumerate(HAND):
        sheet.blit(render_card(code, 1, True), (500 + i * FAN_STEP, y + 40))
    strip = canvas(4 * FAN_STEP + 100, 60)
    for i, code in enumerate(HAND[:5]):
        strip.blit(render_card(code, 1), (i * FAN_STEP, 0))
    sheet.blit(pygame.transform.scale_by(strip, 3), (20, y + 200))
    return sheet
