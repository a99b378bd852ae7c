"""Synthesise the table's sound effects as 16-bit mono 44.1 kHz WAV files under sounds/.

    python -m tools.make_sounds [--out DIR]

Standard library only, fixed seeds: two runs write byte-identical files. Every sound gets a short
fade at both ends (a sample jump at the start or end of a clip is heard as a click) and is
normalised to a peak of PEAK_DBFS, safely under -3 dBFS.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RATE = 44100
PEAK_DBFS = -4.0
FADE_S = 0.003

Signal = list[float]


# --- building blocks ----------------------------------------------------------------------------

def _n(seconds: float) -> int:
    return round(seconds * RATE)


def noise(rng: random.Random, seconds: float) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(_n(seconds))]


def lowpass(signal: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """One-pole low-pass; cutoff may vary with time (a function of seconds)."""
    out, y = [], 0.0
    for i, x in enumerate(signal):
        fc = cutoff(i / RATE) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-2.0 * math.pi * fc / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(signal: Signal, cutoff: float) -> Signal:
    low = lowpass(signal, cutoff)
    return [x - y for x, y in zip(signal, low, strict=True)]


def bandpass(signal: Signal, low: float, high: float | Callable[[float], float]) -> Signal:
    """Keep roughly low..high Hz: a one-pole high-pass under a two-pole low-pass, which takes
    the hiss off the top that a single pole lets through."""
    return highpass(lowpass(lowpass(signal, high), high), low)


def envelope(signal: Signal, attack: float, decay: float) -> Signal:
    """Linear rise over `attack` seconds, then exponential decay with time constant `decay`."""
    out = []
    for i, x in enumerate(signal):
        t = i / RATE
        gain = t / attack if t < attack else math.exp(-(t - attack) / decay)
        out.append(x * gain)
    return out


def tone(freq: float, seconds: float, decay: float, partials=((1.0, 1.0),)) -> Signal:
    """A struck tone: sine partials (ratio, level) under one exponential decay."""
    out = []
    for i in range(_n(seconds)):
        t = i / RATE
        value = sum(level * math.sin(2 * math.pi * freq * ratio * t) for ratio, level in partials)
        out.append(value * math.exp(-t / decay))
    return out


def mix(length_s: float, *parts: tuple[float, Signal, float]) -> Signal:
    """Sum (start seconds, signal, gain) parts into a clip of the given length."""
    out = [0.0] * _n(length_s)
    for start, signal, gain in parts:
        offset = _n(start)
        for i, x in enumerate(signal[: max(0, len(out) - offset)]):
            out[offset + i] += x * gain
    return out


def finish(signal: Signal) -> Signal:
    """Fade both ends and normalise the peak to PEAK_DBFS."""
    out = list(signal)
    fade_in = _n(FADE_S)
    # A longer fade-out lets ringing tones die away instead of being cut off.
    fade_out = max(fade_in, len(out) * 8 // 100)
    for i in range(fade_in):
        out[i] *= i / fade_in
    for i in range(fade_out):
        out[-1 - i] *= i / fade_out
    peak = max(abs(x) for x in out) or 1.0
    target = 10 ** (PEAK_DBFS / 20)
    return [x * target / peak for x in out]


def write_wav(path: Path, signal: Signal) -> None:
    samples = array("h", (round(max(-1.0, min(1.0, x)) * 32767) for x in signal))
    if sys.byteorder == "big":
        samples.byteswap()  # WAV data is little-endian
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())


# --- the sounds ---------------------------------------------------------------------------------

def deal(rng: random.Random) -> Signal:
    # A card flicked across the felt: bright filtered noise, fast attack, quick decay.
    burst = bandpass(noise(rng, 0.08), 1400, lambda t: 5200 - 30000 * t)
    return envelope(burst, 0.002, 0.018)


def play(rng: random.Random) -> Signal:
    # A card laid down: a soft papery slap plus a low thump from the table.
    slap = envelope(bandpass(noise(rng, 0.12), 300, 2600), 0.0015, 0.02)
    thump = tone(140, 0.12, 0.025, ((1.0, 1.0), (2.1, 0.3)))
    return mix(0.12, (0, slap, 1.0), (0, thump, 0.5))


def sweep(rng: random.Random) -> Signal:
    # The trick gathered: a swish whose brightness rises and falls with its loudness.
    length = 0.3
    raw = noise(rng, length)

    def shape(t: float) -> float:
        return math.sin(math.pi * min(1.0, t / length)) ** 1.5

    swish = bandpass(raw, 500, lambda t: 700 + 3800 * shape(t))
    return [x * shape(i / RATE) for i, x in enumerate(swish)]


def bid(rng: random.Random) -> Signal:
    # A gentle two-note chime, rising a fourth; a quiet upper partial makes it bell-like.
    partials = ((1.0, 1.0), (2.0, 0.18), (3.01, 0.05))
    first = tone(880.0, 0.2, 0.06, partials)
    second = tone(1174.66, 0.11, 0.05, partials)
    return mix(0.2, (0, first, 0.7), (0.085, second, 0.8))


def win(rng: random.Random) -> Signal:
    # A rising major arpeggio (C E G C) with the last note left to ring.
    partials = ((1.0, 1.0), (2.0, 0.25), (3.0, 0.08))
    notes = (523.25, 659.25, 783.99, 1046.5)
    parts = [(i * 0.12, tone(f, 0.9 - i * 0.12, 0.12 if i < 3 else 0.2, partials), 0.6)
             for i, f in enumerate(notes)]
    return mix(0.9, *parts)


def click(rng: random.Random) -> Signal:
    # A short tick: a damped 2 kHz blip with a touch of noise for the edge.
    blip = tone(2000, 0.03, 0.005)
    grit = envelope(highpass(noise(rng, 0.03), 3000), 0.0005, 0.003)
    return mix(0.03, (0, blip, 1.0), (0, grit, 0.3))


def shuffle(rng: random.Random) -> Signal:
    # A riffle: a rapid run of tiny flicks, densest in the middle, under a rounded envelope.
    length = 0.6
    parts = []
    t = 0.02
    while t < length - 0.03:
        density = math.sin(math.pi * t / length)
        flick = envelope(bandpass(noise(rng, 0.012), 1800, 6000), 0.0008, 0.0025)
        parts.append((t, flick, 0.4 + 0.6 * density))
        t += 0.004 + 0.012 * (1 - density) + rng.uniform(0, 0.003)
    body = mix(length, *parts)
    bed = bandpass(noise(rng, length), 800, 3000)
    return [x + 0.08 * b * math.sin(math.pi * i / len(body))
            for i, (x, b) in enumerate(zip(body, bed, strict=True))]


SOUNDS: dict[str, Callable[[random.Random], Signal]] = {
    "deal": deal, "play": play, "sweep": sweep, "bid": bid, "win": win, "click": click,
    "shuffle": shuffle,
}


def render(name: str) -> Signal:
    # A seed per sound, so changing one sound never changes the bytes of another.
    rng = random.Random(f"pinochle-{name}")
    return finish(SOUNDS[name](rng))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "sounds")
    args = parser.parse_args(argv)
    for name in SOUNDS:
        write_wav(args.out / f"{name}.wav", render(name))
    print(f"wrote {len(SOUNDS)} sounds under {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
