"""An overlay dims the table beneath it (widgets.shade) in place, without a window-sized layer
made each frame: what the player sees must be what black at that alpha over the table shows."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui import widgets  # noqa: E402


def test_shade_dims_as_black_at_its_alpha_over_the_picture_would():
    pygame.init()
    rng = random.Random(3)
    for alpha in (0, 60, 110, 120, 200, 255):
        colours = [tuple(rng.randrange(256) for _ in range(3)) for _ in range(64)]
        shaded, blended = pygame.Surface((8, 8)), pygame.Surface((8, 8))
        for i, c in enumerate(colours):
            shaded.set_at((i % 8, i // 8), c)
            blended.set_at((i % 8, i // 8), c)
        widgets.shade(shaded, alpha)
        layer = pygame.Surface((8, 8), pygame.SRCALPHA)
        layer.fill((0, 0, 0, alpha))
        blended.blit(layer, (0, 0))
        for x in range(8):
            for y in range(8):
                got, want = shaded.get_at((x, y)), blended.get_at((x, y))
                assert all(abs(a - b) <= 1 for a, b in zip(got[:3], want[:3], strict=True)), \
                    (alpha, (x, y), got, want)
