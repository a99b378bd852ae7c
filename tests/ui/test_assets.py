"""The shipped art, font and sounds: complete, the right sizes, really made by the scripts in
tools/, and loaded by game.ui.assets without side effects or an audio device."""

from __future__ import annotations

import array
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pygame.freetype
import pytest

from game.rules.cards import make_deck
from game.ui import assets
from tools import make_sounds, make_sprites

SPRITES = assets.SPRITES
FACE = (253, 252, 246)
PACK_CODES = sorted({str(card) for size in (48, 80, 64) for card in make_deck(size).cards()})

# name: (shortest, longest) duration in milliseconds, around the length each sound is meant to be
DURATIONS = {"deal": (60, 100), "play": (100, 150), "sweep": (250, 350), "bid": (170, 240),
             "win": (800, 1000), "click": (20, 40), "shuffle": (500, 700)}


def _load(path):
    assert path.exists(), f"missing {path.relative_to(assets.ROOT)}"
    return pygame.image.load(str(path))


def _is_face(colour) -> bool:
    return sum(abs(a - b) for a, b in zip(colour[:3], FACE, strict=True)) <= 12


def test_the_packs_need_32_faces_named_rank_then_suit_with_t_for_ten():
    assert len(PACK_CODES) == 32
    assert {"TS", "9H", "7C", "AD"} <= set(PACK_CODES)


@pytest.mark.parametrize("folder", ["cards", "cards4", "cards-big", "cards4-big"])
def test_every_face_exists_at_both_densities_with_transparent_rounded_corners(folder):
    for code in PACK_CODES:
        for density, size in (("1x", (100, 140)), ("2x", (200, 280))):
            image = _load(SPRITES / folder / density / f"{code}.png")
            assert image.get_size() == size, (folder, density, code)
            assert image.get_at((0, 0)).a == 0, "outside the corner radius must be transparent"
            assert image.get_at((size[0] // 2, 2)).a == 255


def test_corner_index_sits_inside_the_strip_a_fanned_hand_shows():
    # The hand fan shows the left 30 px of a 1x card: the index must be there, and nothing of it
    # may run on past a clear gutter at x = 21..23 (mirrored for the turned index bottom right).
    for folder in ("cards", "cards4"):
        for code in PACK_CODES:
            image = _load(SPRITES / folder / "1x" / f"{code}.png")
            ink = [(x, y) for x in range(2, 21) for y in range(4, 41)
                   if not _is_face(image.get_at((x, y)))]
            assert len(ink) > 40, f"{folder}/{code}: no corner index"
            for x in range(21, 24):
                for y in range(2, 46):
                    assert _is_face(image.get_at((x, y))), f"{folder}/{code} index spills at x={x}"
                    assert _is_face(image.get_at((99 - x, 139 - y))), f"{folder}/{code} bottom"


def _ink(image, xs, ys) -> int:
    return sum(1 for x in xs for y in ys if not _is_face(image.get_at((x, y))))


def test_large_index_faces_have_bigger_indices_clear_of_the_body():
    """Issue 25, cards easy on the eyes: "Large-index faces". The index is half as big again
    and still inside the strip a fanned hand shows (33 of 100 px at 1.5x with double-deck's 20
    cards); the body is shrunk to the middle, clear of it (a gutter at x = 29..31)."""
    for folder, plain in (("cards-big", "cards"), ("cards4-big", "cards4")):
        for code in PACK_CODES:
            big = _load(SPRITES / folder / "1x" / f"{code}.png")
            small = _load(SPRITES / plain / "1x" / f"{code}.png")
            strip = (range(2, 31), range(3, 62))
            assert _ink(big, *strip) > 1.8 * _ink(small, range(2, 21), range(4, 41)), \
                f"{folder}/{code}: the index is not larger"
            for x in (29, 30, 31):
                for y in range(2, 62):
                    assert _is_face(big.get_at((x, y))), f"{folder}/{code}: crowded at x={x}"
                    assert _is_face(big.get_at((99 - x, 139 - y))), f"{folder}/{code} bottom"


def _count_colour(image, want) -> int:
    w, h = image.get_size()
    return sum(1 for x in range(0, w, 2) for y in range(0, h, 2)
               if sum(abs(a - b) for a, b in zip(image.get_at((x, y))[:3], want, strict=True)) < 60)


def test_four_colour_set_paints_clubs_green_and_diamonds_blue():
    green, blue = (14, 122, 58), (18, 82, 180)
    assert _count_colour(_load(SPRITES / "cards4" / "1x" / "9C.png"), green) > 100
    assert _count_colour(_load(SPRITES / "cards" / "1x" / "9C.png"), green) == 0
    assert _count_colour(_load(SPRITES / "cards4" / "1x" / "9D.png"), blue) > 100
    assert _count_colour(_load(SPRITES / "cards" / "1x" / "9D.png"), blue) == 0


def test_backs_felt_icons_and_glow_exist_at_their_sizes():
    for density, card, icon, glow in (("1x", (100, 140), (24, 24), (116, 156)),
                                      ("2x", (200, 280), (48, 48), (232, 312))):
        for design in ("blue", "red", "green"):
            back = _load(SPRITES / "backs" / density / f"{design}.png")
            assert back.get_size() == card
            assert back.get_at((0, 0)).a == 0
        for name in ("sound-on", "sound-off", "undo", "hint", "menu", "settings", "help",
                     "scores"):
            image = _load(SPRITES / "ui" / density / f"{name}.png")
            assert image.get_size() == icon
            opaque = [image.get_at((x, y)) for x in range(icon[0]) for y in range(icon[1])]
            opaque = [c for c in opaque if c.a > 128]
            assert opaque and all(min(c.r, c.g, c.b) > 200 for c in opaque), f"{name} not white"
            assert image.get_at((0, 0)).a == 0
        ring = _load(SPRITES / "ui" / density / "glow.png")
        assert ring.get_size() == glow
        assert ring.get_at((glow[0] // 2, glow[1] // 2)).a == 0, "glow centre must be clear"
        assert ring.get_at((glow[0] // 2, glow[1] * 8 // 156)).a > 150, "ring at the card edge"
    assert _load(SPRITES / "felt.png").get_size() == (256, 256)


def test_felt_tiles_without_a_seam():
    felt = _load(SPRITES / "felt.png")
    # Across the wrap the colour changes no more than between neighbours inside the tile.
    def step(a, b):
        return sum(abs(x - y) for x, y in zip(felt.get_at(a)[:3], felt.get_at(b)[:3], strict=True))
    seam = sum(step((255, y), (0, y)) for y in range(256)) / 256
    inside = sum(step((127, y), (128, y)) for y in range(256)) / 256
    assert seam < inside * 2 + 2


def test_shipped_font_has_the_suit_symbols():
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        face = pygame.freetype.Font(str(assets.FONTS / name))
        metrics = face.get_metrics("♠♥♦♣", size=20)
        assert len(metrics) == 4 and all(m is not None for m in metrics), name
        # The check can fail: a glyph the font lacks (CJK) comes back as None.
        assert face.get_metrics("中", size=20) == [None]


def test_font_licence_ships_with_the_font():
    text = (assets.FONTS / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    for phrase in ("Bitstream Vera Fonts Copyright", "Arev Fonts Copyright",
                   "Permission is hereby granted", "DejaVu changes are in public domain"):
        assert phrase in text


@pytest.mark.parametrize("name", sorted(DURATIONS))
def test_every_sound_is_a_short_quiet_16_bit_mono_wav(name):
    with wave.open(str(assets.SOUNDS / f"{name}.wav"), "rb") as wav:
        assert (wav.getframerate(), wav.getsampwidth(), wav.getnchannels()) == (44100, 2, 1)
        frames = wav.getnframes()
        samples = array.array("h", wav.readframes(frames))
    if sys.byteorder == "big":
        samples.byteswap()
    low, high = DURATIONS[name]
    assert low <= frames / 44100 * 1000 <= high
    peak = max(abs(s) for s in samples)
    assert 0 < peak < 32768 * 10 ** (-3 / 20), "peak must stay under -3 dBFS"
    assert abs(samples[0]) < 50 and abs(samples[-1]) < 50, "ends must be faded"


def test_committed_art_is_what_the_script_draws(tmp_path):
    codes = ["QH", "TS"]
    written = make_sprites.write_cards(tmp_path, codes)
    assert len(written) == 16  # 2 codes x 4 face sets x 2 densities
    for path in written:
        committed = SPRITES / path.relative_to(tmp_path)
        assert path.read_bytes() == committed.read_bytes(), f"{committed} is stale: regenerate"


def test_committed_sounds_are_what_the_script_synthesises(tmp_path):
    for name in ("click", "bid"):
        make_sounds.write_wav(tmp_path / f"{name}.wav", make_sounds.render(name))
        assert (tmp_path / f"{name}.wav").read_bytes() == (
            assets.SOUNDS / f"{name}.wav").read_bytes()


def test_importing_assets_has_no_side_effects():
    code = ("import pygame, game.ui.assets as a\n"
            "print(pygame.get_init(), pygame.font.get_init(), a._images, a._fonts)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[2], check=True)
    assert out.stdout.split("\n")[-2] == "False False {} {}"


def test_loaders_scale_and_cache():
    assets.clear_caches()
    card = assets.card_image("TH", 150)
    assert card.get_size() == (150, 210)
    assert assets.card_image("TH", 150) is card
    assert assets.card_image("TH", 150, four_colour=True) is not card
    assert assets.card_image("AS", 100).get_size() == (100, 140)
    assert assets.back_image("red", 80).get_size() == (80, 112)
    with pytest.raises(ValueError, match="card back"):
        assets.back_image("plaid", 80)
    assert assets.glow_image(100).get_size() == (116, 156)
    assert assets.glow_image(150).get_size() == (174, 234)
    assert assets.icon("menu", 32).get_size() == (32, 32)
    assert assets.felt_tile().get_size() == (256, 256)
    font = assets.font(20, bold=True)
    assert assets.font(20, bold=True) is font
    assert font.size("♠")[0] > 0


def test_sounds_stay_silent_when_the_mixer_cannot_open(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    def never(*args, **kwargs):
        raise AssertionError("a sound was loaded without a mixer")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "Sound", never)
    sounds = assets.Sounds()
    assert not sounds.available
    for name in DURATIONS:
        sounds.play(name)
    with pytest.raises(ValueError, match="no sound called"):
        sounds.play("fanfare")


def test_muted_sounds_do_not_play(monkeypatch):
    played = []

    class FakeSound:
        def __init__(self, path):
            self.path = path

        def play(self):
            played.append(self.path)

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, -16, 2))
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    sounds = assets.Sounds()
    assert sounds.available
    sounds.play("deal")
    assert len(played) == 1 and played[0].endswith("deal.wav")
    sounds.muted = True
    sounds.play("deal")
    assert len(played) == 1
