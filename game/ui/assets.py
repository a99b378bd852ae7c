"""The table's art, font and sounds: where they live, and loading them lazily, once, at the size
asked for.

Nothing happens at import (no pygame.init, no file reads): each helper loads on first use and
caches the result. The images are drawn by tools/make_sprites.py and the sounds synthesised by
tools/make_sounds.py; both are committed, so the game itself never generates them.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.resources import data_dir

SPRITES = data_dir("sprites")
SOUNDS = data_dir("sounds")
FONTS = SPRITES / "fonts"

CARD_RATIO = 1.4
CARD_1X = 100  # width of the 1x card art; wider requests scale down from the 2x art
ICON_1X = 24
GLOW_MARGIN_1X = 8
BACK_DESIGNS = ("blue", "red", "green")
SOUND_NAMES = ("deal", "play", "sweep", "bid", "win", "click", "shuffle")

# Large-index faces (a setting): the app sets this from the settings before drawing; every
# face cached below is keyed by it, so switching needs no cache clearing.
_faces = {"big_index": False}


def use_big_index(on: bool) -> None:
    _faces["big_index"] = on


_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_images: dict[tuple[object, ...], pygame.Surface] = {}
_files: dict[Path, pygame.Surface] = {}  # each art file as read, before scaling
_turned: dict[tuple[str, int, int, bool, str, bool], pygame.Surface] = {}
_shadows: dict[tuple[int, int], pygame.Surface] = {}
SHADOW = (0, 0, 0, 90)


def clear_caches() -> None:
    """Forget loaded images and fonts, e.g. after the display mode changes, so that the next
    request converts them for the new display."""
    _fonts.clear()
    _images.clear()
    _files.clear()
    _turned.clear()
    _shadows.clear()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans at ``size`` px; unlike pygame's default font it has the suit symbols."""
    key = (size, bold)
    cached = _fonts.get(key)
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
        cached = _fonts[key] = pygame.font.Font(str(FONTS / name), size)
    return cached


def _load(path: Path, size: tuple[int, int]) -> pygame.Surface:
    # Each file is read once: a card tweening between two sizes asks for many widths of it.
    image = _files.get(path)
    if image is None:
        image = _files[path] = pygame.image.load(str(path))
    if image.get_size() != size:
        image = pygame.transform.smoothscale(image, size)
    # convert_alpha needs a display; headless tools and tests have none and use the raw image.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        image = image.convert_alpha()
    return image


def _cached(key: tuple[object, ...], path: Path, size: tuple[int, int]) -> pygame.Surface:
    image = _images.get(key)
    if image is None:
        if len(_images) > 3000:  # widths met in flight are many; forget them all now and then
            _images.clear()
        image = _images[key] = _load(path, size)
    return image


def _density(width: int, base: int) -> str:
    # The 2x art shrinks more cleanly than the 1x art stretches.
    return "2x" if width > base else "1x"


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


def card_image(code: str, width: int, four_colour: bool = False) -> pygame.Surface:
    """The face of ``code`` ("AS", "TH", ...) scaled to ``width`` px wide."""
    big = _faces["big_index"]
    cached = _images.get(("card", code, width, four_colour, big))
    if cached is not None:  # (before building the path: this is asked for every frame)
        return cached
    folder = ("cards4" if four_colour else "cards") + ("-big" if big else "")
    path = SPRITES / folder / _density(width, CARD_1X) / f"{code}.png"
    return _cached(("card", code, width, four_colour, big), path, (width, card_height(width)))


def back_image(design: str, width: int) -> pygame.Surface:
    """A card back (one of BACK_DESIGNS) scaled to ``width`` px wide."""
    if design not in BACK_DESIGNS:
        raise ValueError(f"unknown card back {design!r}: choose one of {', '.join(BACK_DESIGNS)}")
    path = SPRITES / "backs" / _density(width, CARD_1X) / f"{design}.png"
    return _cached(("back", design, width), path, (width, card_height(width)))


def felt_tile() -> pygame.Surface:
    """The 256 x 256 seamless felt, to be tiled across the table."""
    return _cached(("felt",), SPRITES / "felt.png", (256, 256))


def icon(name: str, size: int) -> pygame.Surface:
    """A white toolbar icon (sound-on, sound-off, undo, hint, menu, settings, help, scores)."""
    path = SPRITES / "ui" / _density(size, ICON_1X) / f"{name}.png"
    return _cached(("icon", name, size), path, (size, size))


def glow_margin(width: int) -> int:
    return round(GLOW_MARGIN_1X * width / CARD_1X)


def glow_image(width: int) -> pygame.Surface:
    """The golden ring for a raised card ``width`` px wide: the card's size plus a margin all
    round, so it centres on the card."""
    margin = glow_margin(width)
    size = (width + 2 * margin, card_height(width) + 2 * margin)
    path = SPRITES / "ui" / _density(width, CARD_1X) / "glow.png"
    return _cached(("glow", width), path, size)


class Sounds:
    """The sound effects, or silence where there is no audio device.

    Any pygame.error while opening the mixer (no device, no driver) leaves the table silent
    instead of failing; ``play`` is then a no-op, as it is while ``muted``.
    """

    def __init__(self, muted: bool = False, folder: Path = SOUNDS) -> None:
        self.muted = muted
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            for name in SOUND_NAMES:
                self._sounds[name] = pygame.mixer.Sound(str(folder / f"{name}.wav"))
        except pygame.error:
            self._sounds.clear()

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> None:
        if name not in SOUND_NAMES:
            raise ValueError(f"no sound called {name!r}; the sounds are {', '.join(SOUND_NAMES)}")
        if self.muted or not self._sounds:
            return
        self._sounds[name].play()


def turned_card(code: str, width: int, angle: int, four_colour: bool, back: str
                ) -> pygame.Surface:
    """A card's face (``code``) or its back ("back"), at ``width`` and turned by ``angle``
    degrees (cached: a card in flight asks for the same few angles every frame)."""
    key = (code, width, angle, four_colour, back, _faces["big_index"])
    img = _turned.get(key)
    if img is None:
        if len(_turned) > 1500:
            _turned.clear()
        base = card_image(code, width, four_colour) if code != "back" else back_image(back, width)
        img = _turned[key] = pygame.transform.rotate(base, angle) if angle else base
    return img


def card_shadow(card: pygame.Surface, width: int, angle: int) -> pygame.Surface:
    """A soft shadow with exactly the outline of ``card`` (a card image ``width`` px wide, turned
    by ``angle``): only its opaque pixels cast one, so the corners a rotation leaves empty stay
    clear. Every face and back has the same outline, so width and angle are the key."""
    key = (width, angle)
    shadow = _shadows.get(key)
    if shadow is None:
        if len(_shadows) > 1500:
            _shadows.clear()
        shadow = pygame.mask.from_surface(card, 127).to_surface(
            setcolor=SHADOW, unsetcolor=(0, 0, 0, 0))
        _shadows[key] = shadow
    return shadow
