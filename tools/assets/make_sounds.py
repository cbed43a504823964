"""Synthesise the game's sounds into assets/sounds/ (16-bit mono WAV).

    python tools/assets/make_sounds.py [OUT_DIR]

Pure Python (math, random, array and the standard library's wave module): every sound is
built from sine partials, filtered noise and a plucked string (Karplus-Strong), shaped by
envelopes, freed of any DC offset, faded at both ends and scaled to a peak of its own. A
fixed seed makes the files the same on every run. data/sounds.yaml says which event plays
which file and how loud.

    coins    a few coins clinking (decaying high, slightly out-of-tune partials)
    coin     one coin (a bid)
    thunk    a wooden tile set down
    deal     tiles and Vikings laid out on the wheel (soft wooden taps)
    pluck    a Viking set on a tile (a soft plucked string)
    ratchet  the wheel turning (a run of clicks through a wooden resonance)
    horn     a ship's threat (a low horn call)
    clash    a ship repelled (a metal clash that rings out)
    tick     one line of a scoring counted
    fanfare  the winner (a short brass fanfare)
    click    a button
    bell     the start player ship changing hands, new special tiles
    music    an optional loop: a slow tune on a lyre over a drone (loops seamlessly)
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from pathlib import Path

RATE = 22050  # effects
MUSIC_RATE = 16000  # the music loop has nothing above 5 kHz; a lower rate keeps it small
TAU = 2 * math.pi

OUT = Path(__file__).resolve().parents[2] / "assets" / "sounds"


# Building blocks ----------------------------------------------------------------------------------
def silence(seconds: float, rate: int = RATE) -> list[float]:
    return [0.0] * round(seconds * rate)


def mix(into: list[float], sound: list[float], at: float, gain: float = 1.0, rate: int = RATE) -> None:
    """Add `sound` into `into` starting at `at` seconds (growing `into` if needed)."""
    start = round(at * rate)
    end = start + len(sound)
    if end > len(into):
        into.extend([0.0] * (end - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v * gain


def partials(seconds: float, parts, rate: int = RATE, attack: float = 0.001) -> list[float]:
    """Sum of decaying sines: parts are (frequency Hz, amplitude, decay time constant s)."""
    n = round(seconds * rate)
    out = [0.0] * n
    a_n = max(1, round(attack * rate))
    for f, amp, tau in parts:
        w, k = TAU * f / rate, math.exp(-1.0 / (tau * rate))
        e = amp
        for i in range(n):
            out[i] += e * math.sin(w * i)
            e *= k
    for i in range(min(a_n, n)):
        out[i] *= i / a_n
    return out


def noise(seconds: float, rng: random.Random, tau: float, rate: int = RATE) -> list[float]:
    """White noise with an exponential decay."""
    n = round(seconds * rate)
    k = math.exp(-1.0 / (tau * rate))
    e, out = 1.0, []
    for _ in range(n):
        out.append(rng.uniform(-1.0, 1.0) * e)
        e *= k
    return out


def bandpass(x: list[float], f: float, q: float, rate: int = RATE) -> list[float]:
    """A resonant band-pass (the RBJ cookbook biquad, 0 dB peak gain)."""
    w = TAU * f / rate
    alpha = math.sin(w) / (2 * q)
    a0 = 1 + alpha
    b0, b2 = alpha / a0, -alpha / a0
    a1, a2 = -2 * math.cos(w) / a0, (1 - alpha) / a0
    out, x1, x2, y1, y2 = [], 0.0, 0.0, 0.0, 0.0
    for v in x:
        y = b0 * v + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, y
        out.append(y)
    return out


def lowpass(x: list[float], f: float, rate: int = RATE) -> list[float]:
    """One-pole low-pass."""
    k = 1 - math.exp(-TAU * f / rate)
    out, y = [], 0.0
    for v in x:
        y += k * (v - y)
        out.append(y)
    return out


def pluck(
    f: float, seconds: float, rng: random.Random, rate: int = RATE, bright: float = 0.5, decay: float = 0.996
) -> list[float]:
    """A plucked string (Karplus-Strong): a burst of noise circulating in a delay line
    whose averaging filter dulls it as it rings. `bright` 0-1 softens the initial burst."""
    period = max(2, round(rate / f))
    line = lowpass([rng.uniform(-1, 1) for _ in range(period * 4)], 600 + 6000 * bright, rate)[-period:]
    mean = sum(line) / period
    line = [v - mean for v in line]
    out = []
    n = round(seconds * rate)
    for i in range(n):
        j = i % period
        v = line[j]
        out.append(v)
        line[j] = decay * 0.5 * (v + line[(j + 1) % period])
    return out


def brass(
    f: float,
    seconds: float,
    rate: int = RATE,
    harmonics: int = 10,
    attack: float = 0.05,
    release: float = 0.12,
    vibrato: float = 0.0,
    bend: float = 0.0,
    tilt: float = 1.3,
) -> list[float]:
    """A horn-like tone: harmonics falling off as 1/n^tilt, a soft attack, a slight upward
    bend into the note, optional vibrato and a release."""
    n = round(seconds * rate)
    out = [0.0] * n
    top = min(harmonics, int((rate / 2 - 200) / f))
    amps = [1 / (h**tilt) for h in range(1, top + 1)]
    phase = 0.0
    a_n, r_n = max(1, round(attack * rate)), max(1, round(release * rate))
    for i in range(n):
        t = i / rate
        ff = f * (1 - bend * math.exp(-t / 0.05)) * (1 + vibrato * math.sin(TAU * 5.2 * t) * min(1, t / 0.3))
        phase += TAU * ff / rate
        # Brighter while loud: the upper harmonics swell in with the attack.
        env = min(1.0, i / a_n) * min(1.0, (n - i) / r_n)
        s = 0.0
        for h, a in enumerate(amps, 1):
            s += a * math.sin(h * phase) * (env ** (1 + 0.15 * h))
        out[i] = s * env
    return out


def finish(
    x: list[float], peak: float, rate: int = RATE, fade_in: float = 0.002, fade_out: float = 0.02
) -> list[float]:
    """Remove the DC offset (a 20 Hz high-pass), fade both ends (no click when the sound starts or is cut), and
    scale to `peak` (0-1 of full scale)."""
    if not x:
        return x
    low = lowpass(x, 20, rate)  # what moves slower than 20 Hz is offset, not sound
    x = [v - d for v, d in zip(x, low)]
    fi, fo = max(1, round(fade_in * rate)), max(1, round(fade_out * rate))
    n = len(x)
    for i in range(min(fi, n)):
        x[i] *= i / fi
    for i in range(min(fo, n)):
        x[n - 1 - i] *= i / fo
    # What offset is left (a decaying low mode has a mean of its own) goes under a smooth
    # window, which keeps both ends at zero.
    window = [math.sin(math.pi * (i + 0.5) / n) ** 2 for i in range(n)]
    k = sum(x) / sum(window)
    x = [v - k * w for v, w in zip(x, window)]
    top = max(abs(v) for v in x) or 1.0
    return [v * peak / top for v in x]


def write_wav(path: Path, x: list[float], rate: int = RATE) -> None:
    data = array("h", (max(-32767, min(32767, round(v * 32767))) for v in x))
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.tobytes())


# The sounds -----------------------------------------------------------------------------------------
def clink(base: float, rng: random.Random, length: float = 0.45) -> list[float]:
    """One coin: the inharmonic modes of a small metal disc, high ones dying first, and a
    tick of noise where the coins touch."""
    ratios = ((1.0, 1.0, 0.16), (1.47, 0.7, 0.12), (2.09, 0.55, 0.09), (2.76, 0.35, 0.06), (3.52, 0.2, 0.04))
    parts = [(base * r * rng.uniform(0.995, 1.005), a, tau) for r, a, tau in ratios]
    body = partials(length, parts)
    hit = bandpass(noise(0.02, rng, 0.003), base * 1.8, 2.0)
    mix(body, hit, 0.0, 0.6)
    return body


def coins(rng: random.Random) -> list[float]:
    out = silence(0.55)
    for at, base, gain in ((0.0, 2350, 1.0), (0.075, 2730, 0.75), (0.16, 2180, 0.6), (0.21, 3050, 0.4)):
        mix(out, clink(base, rng, 0.55 - at), at, gain)
    return finish(out, 0.7)


def coin(rng: random.Random) -> list[float]:
    return finish(clink(2600, rng, 0.32), 0.6)


def knock(f: float, rng: random.Random, length: float = 0.3, tau: float = 0.05) -> list[float]:
    """Wood struck: a low body mode that drops a little in pitch, two faster upper modes,
    and a short dull burst of noise."""
    n = round(length * RATE)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        phase += TAU * f * (1 + 0.25 * math.exp(-t / 0.012)) / RATE
        out.append(math.sin(phase) * math.exp(-t / tau))
    upper = partials(length, ((f * 2.31, 0.45, tau * 0.45), (f * 4.9, 0.2, tau * 0.2)))
    hit = lowpass(noise(0.03, rng, 0.004), 2500)
    mix(out, upper, 0.0)
    mix(out, hit, 0.0, 0.9)
    return out


def thunk(rng: random.Random) -> list[float]:
    return finish(knock(165, rng, 0.3, 0.055), 0.55)


def deal(rng: random.Random) -> list[float]:
    out = silence(0.6)
    for i, (f, g) in enumerate(((420, 0.9), (470, 0.7), (395, 0.8), (450, 0.6), (430, 0.5))):
        mix(out, knock(f, rng, 0.15, 0.025), i * 0.09, g)
    return finish(out, 0.5)


def viking_pluck(rng: random.Random) -> list[float]:
    s = pluck(392.0, 0.5, rng, bright=0.25, decay=0.994)  # G4, soft
    o = pluck(587.3, 0.5, rng, bright=0.2, decay=0.992)  # a fifth above, fainter
    out = [a + 0.35 * b for a, b in zip(s, o)]
    return finish(lowpass(out, 3500), 0.55, fade_out=0.06)


def ratchet(rng: random.Random) -> list[float]:
    """Clicks slowing down like a wheel coming to rest, each a pawl tick through a wooden
    resonance."""
    out = silence(0.6)
    t, gap = 0.0, 0.032
    while t < 0.48:
        tick_ = bandpass(noise(0.03, rng, 0.0025), 1700 + rng.uniform(-80, 80), 6.0)
        body = partials(0.05, ((620, 0.25, 0.012),))
        mix(out, tick_, t, 1.0)
        mix(out, body, t, 1.0)
        t += gap
        gap *= 1.12
    return finish(out, 0.6)


def horn(rng: random.Random) -> list[float]:
    """A low call: a short pickup note and a long one a fourth above it."""
    out = silence(1.35)
    mix(out, brass(98.0, 0.3, harmonics=14, attack=0.04, release=0.08, bend=0.03), 0.0, 0.7)  # G2
    mix(out, brass(130.8, 1.05, harmonics=14, attack=0.09, release=0.35, vibrato=0.006, bend=0.04), 0.26)  # C3
    return finish(lowpass(out, 1800), 0.42, fade_out=0.1)


def clash(rng: random.Random) -> list[float]:
    """Iron on iron: a bright noise burst over bell-like inharmonic partials ringing out."""
    ring = partials(
        0.95,
        (
            (523, 0.5, 0.45),
            (1187, 0.6, 0.32),
            (1853, 0.45, 0.22),
            (2691, 0.4, 0.16),
            (3503, 0.3, 0.1),
            (4410, 0.2, 0.07),
        ),
    )
    burst = bandpass(noise(0.4, rng, 0.035), 3200, 0.9)  # long enough to die away (-100 dB)
    mix(ring, burst, 0.0, 2.2)
    return finish(ring, 0.75, fade_out=0.08)


def tick(rng: random.Random) -> list[float]:
    x = partials(0.05, ((1850, 1.0, 0.006), (3900, 0.4, 0.003)))
    mix(x, bandpass(noise(0.01, rng, 0.0015), 2500, 2.0), 0.0, 0.5)
    return finish(x, 0.45, fade_out=0.01)


def fanfare(rng: random.Random) -> list[float]:
    """C-E-G, then a held C with the chord under it."""
    out = silence(1.95)
    notes = ((0.0, 261.6, 0.2), (0.19, 329.6, 0.2), (0.38, 392.0, 0.2))
    for at, f, d in notes:
        mix(out, brass(f, d, harmonics=10, attack=0.025, release=0.05, tilt=1.1), at, 0.7)
    for f, g in ((523.3, 0.7), (392.0, 0.45), (329.6, 0.4), (261.6, 0.4)):
        mix(out, brass(f, 1.35, harmonics=10, attack=0.05, release=0.5, vibrato=0.004, tilt=1.2), 0.58, g)
    return finish(lowpass(out, 4500), 0.62, fade_out=0.15)


def click(rng: random.Random) -> list[float]:
    x = partials(0.035, ((1250, 1.0, 0.004), (2900, 0.3, 0.002)))
    mix(x, lowpass(noise(0.006, rng, 0.001), 3000), 0.0, 0.4)
    return finish(x, 0.35, fade_out=0.008)


def bell(rng: random.Random) -> list[float]:
    """A small bell: partials of a church bell's ratios, the hum longest."""
    f = 880.0
    x = partials(
        0.9,
        (
            (f * 0.5, 0.35, 0.5),
            (f, 0.8, 0.35),
            (f * 1.19, 0.35, 0.25),
            (f * 1.5, 0.3, 0.2),
            (f * 2.0, 0.25, 0.14),
            (f * 2.51, 0.15, 0.08),
        ),
        attack=0.002,
    )
    return finish(x, 0.5, fade_out=0.1)


def music(rng: random.Random) -> list[float]:
    """12 beats at 90 per minute (8 s) in D Dorian: a lyre tune over an open-fifth drone.
    Rendered into a ring: what rings past the end is added to the start, so the loop has
    no seam; the drone's frequencies fit a whole number of cycles into the loop."""
    rate, beat = MUSIC_RATE, 60 / 90
    length = 12 * beat
    n = round(length * rate)
    ring = [0.0] * n
    D3, E3, F3, G3, A3, C4, D4, E4, F4 = 146.8, 164.8, 174.6, 196.0, 220.0, 261.6, 293.7, 329.6, 349.2
    tune = (
        (0, D4, 1.0),
        (1, C4, 0.8),
        (1.5, A3, 0.7),
        (2, G3, 0.9),
        (3, A3, 1.0),
        (4, F3, 0.7),
        (5, E3, 0.8),
        (6, D3, 0.9),
        (6.5, F3, 0.6),
        (7, A3, 0.8),
        (8, C4, 0.9),
        (9, D4, 0.8),
        (9.5, E4, 0.6),
        (10, F4, 0.7),
        (10.5, E4, 0.6),
        (11, C4, 0.8),
    )
    for at, f, g in tune:
        note = pluck(f, 2.2, rng, rate=rate, bright=0.3, decay=0.997)
        fade = round(0.6 * rate)  # a string still sounding at the end is damped, not cut
        for i in range(fade):
            note[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade)
        start = round(at * beat * rate)
        for i, v in enumerate(note):
            ring[(start + i) % n] += v * g
    for f, g in ((73.4, 0.22), (110.0, 0.16), (146.8, 0.06)):  # D2, A2, D3
        cycles = round(f * length)
        w = TAU * cycles / n
        for i in range(n):
            # A slow swell, twice per loop, so the drone breathes.
            ring[i] += g * math.sin(w * i) * (0.8 + 0.2 * math.sin(TAU * 2 * i / n))
    ring = lowpass(lowpass(ring, 3000, rate), 3000, rate)
    mean = sum(ring) / n
    top = max(abs(v - mean) for v in ring)
    return [(v - mean) * 0.5 / top for v in ring]


SOUNDS = {
    "coins": coins,
    "coin": coin,
    "thunk": thunk,
    "deal": deal,
    "pluck": viking_pluck,
    "ratchet": ratchet,
    "horn": horn,
    "clash": clash,
    "tick": tick,
    "fanfare": fanfare,
    "click": click,
    "bell": bell,
}


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else OUT
    out.mkdir(parents=True, exist_ok=True)
    total = 0
    for i, (name, make) in enumerate(list(SOUNDS.items()) + [("music", music)]):
        rng = random.Random(1000 + i)
        rate = MUSIC_RATE if name == "music" else RATE
        path = out / f"{name}.wav"
        write_wav(path, make(rng), rate)
        size = path.stat().st_size
        total += size
        print(f"{path.name:12} {size / 1024:6.1f} KB")
    print(f"{'total':12} {total / 1024:6.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
