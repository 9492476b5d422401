#!/usr/bin/python3
"""The shipped seed presets on the seeds' own lattices, through `noise-explorer sample`, against
the seeds' code transcribed into Python here (sharing no code with the program):

- seed004-persistence-0.5 at one octave is Hugo Elias' smoothed, cubic-interpolated 2D
  InterpolatedNoise over his IntNoise (to 1e-15: our sums round in a slightly different order),
  and every seed004 preset is his PerlinNoise_2D, the plain sum of six octaves (to 1e-14);
- seed001-gradient-noise-2d is seed 001's Perlin2D with .NET's System.Random(0) table, bit for bit
  with double in place of its float; with its float, as written, to float rounding.

Usage: test_seed_lattices.py PATH/TO/noise-explorer
"""
import math
import os
import random
import subprocess
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "noise", "tools"))
import elias_primes  # noqa: E402  the documented rule for the prime sets

EXE = sys.argv.pop(1) if len(sys.argv) > 1 else "noise-explorer"
PRESETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "assets", "presets")
M32 = 0xFFFFFFFF


def sample(preset, args, points):
    text = "".join(" ".join(repr(c) for c in p) + "\n" for p in points)
    result = subprocess.run([EXE, "sample", "--preset", os.path.join(PRESETS, preset), *args], input=text,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return [float(line) for line in result.stdout.split()]


# Seed 004: Hugo Elias. `int` arithmetic wraps in 32 bits. `k` is added to n (our octave_seeds =
# offset: octave i is Noise(x + 57 y + i)), `primes` are his three (or another octave's set).
ELIAS_PRIMES = (15731, 789221, 1376312589)


def noise2(x, y, k=0, primes=ELIAS_PRIMES):
    a, b, c = primes
    n = (x + y * 57 + k) & M32
    n = ((n << 13) & M32) ^ n
    return 1.0 - ((n * ((n * n * a + b) & M32) + c) & 0x7FFFFFFF) / 1073741824.0


def smooth_noise2(x, y, k=0, primes=ELIAS_PRIMES):
    noise = lambda i, j: noise2(i, j, k, primes)
    corners = (noise(x - 1, y - 1) + noise(x + 1, y - 1) + noise(x - 1, y + 1) + noise(x + 1, y + 1)) / 16
    sides = (noise(x - 1, y) + noise(x + 1, y) + noise(x, y - 1) + noise(x, y + 1)) / 8
    center = noise(x, y) / 4
    return corners + sides + center


def cubic_interpolate(v0, v1, v2, v3, x):
    P = (v3 - v2) - (v0 - v1)
    Q = (v0 - v1) - P
    R = v2 - v0
    S = v1
    return P * x * x * x + Q * x * x + R * x + S


def interpolated_noise2(x, y, k=0, primes=ELIAS_PRIMES):
    ix, iy = math.floor(x), math.floor(y)  # his int(), read as floor (the same for positive points)
    fx, fy = x - ix, y - iy
    rows = [cubic_interpolate(*(smooth_noise2(ix + i, iy + j, k, primes) for i in (-1, 0, 1, 2)), fx)
            for j in (-1, 0, 1, 2)]
    return cubic_interpolate(*rows, fy)


def perlin_noise_2d(x, y, persistence, octaves, primes_of=lambda i: ELIAS_PRIMES, k_of=lambda i: i):
    """His PerlinNoise_2D: total += InterpolatedNoise_i(x * 2^i, y * 2^i) * p^i, not divided."""
    total = 0
    for i in range(octaves):
        frequency, amplitude = 2 ** i, persistence ** i
        total = total + interpolated_noise2(x * frequency, y * frequency, k_of(i), primes_of(i)) * amplitude
    return total


# Seed 001: Perlin2D, with .NET's System.Random (Knuth's subtractive generator).
class DotNetRandom:
    def __init__(self, seed):
        big = 2147483647
        array = [0] * 56
        mj = 161803398 - (big if seed == -2147483648 else abs(seed))
        array[55] = mj
        mk = 1
        for i in range(1, 55):
            ii = (21 * i) % 55
            array[ii] = mk
            mk = mj - mk
            if mk < 0:
                mk += big
            mj = array[ii]
        for _ in range(1, 5):
            for i in range(1, 56):
                array[i] -= array[1 + (i + 30) % 55]
                if array[i] < 0:
                    array[i] += big
        self.array, self.inext, self.inextp = array, 0, 21

    def sample(self):
        self.inext = 1 if self.inext + 1 >= 56 else self.inext + 1
        self.inextp = 1 if self.inextp + 1 >= 56 else self.inextp + 1
        value = self.array[self.inext] - self.array[self.inextp]
        if value == 2147483647:
            value -= 1
        if value < 0:
            value += 2147483647
        self.array[self.inext] = value
        return value


def int32(v):
    v &= M32
    return v - (1 << 32) if v >= 1 << 31 else v


class Perlin2D:
    def __init__(self, seed=0):
        rand = DotNetRandom(seed)
        self.table = [rand.sample() % 256 for _ in range(1024)]

    def gradient(self, x, y):
        v = (int32(x * 1836311903) ^ (y * 2971215073 + 4807526976)) & 1023  # int*int wraps; the rest is long
        return [(1, 0), (-1, 0), (0, 1), (0, -1)][self.table[v] & 3]

    def noise(self, fx, fy):
        left, top = math.floor(fx), math.floor(fy)
        qx, qy = fx - left, fy - top
        dot = lambda d, g: d[0] * g[0] + d[1] * g[1]
        tx1 = dot((qx, qy), self.gradient(left, top))
        tx2 = dot((qx - 1, qy), self.gradient(left + 1, top))
        bx1 = dot((qx, qy - 1), self.gradient(left, top + 1))
        bx2 = dot((qx - 1, qy - 1), self.gradient(left + 1, top + 1))
        curve = lambda t: t * t * t * (t * (t * 6 - 15) + 10)
        lerp = lambda a, b, t: a + (b - a) * t
        u, v = curve(qx), curve(qy)
        return lerp(lerp(tx1, tx2, u), lerp(bx1, bx2, u), v)


def perlin2d_float(table, fx, fy, wide_temporaries):
    """Perlin2D.Noise with the seed's own `float`. C# lets a runtime keep float temporaries wider
    than float (mono does); `wide_temporaries` rounds only what is stored in a float variable or
    returned, else every operation is rounded to float."""
    f = np.float32
    op = float if wide_temporaries else f
    fx, fy = f(fx), f(fy)
    left, top = math.floor(fx), math.floor(fy)
    qx, qy = f(op(fx) - op(left)), f(op(fy) - op(top))
    dot = lambda d, g: f(op(op(d[0]) * g[0]) + op(op(d[1]) * g[1]))
    tx1 = dot((qx, qy), table.gradient(left, top))
    tx2 = dot((f(op(qx) - 1), qy), table.gradient(left + 1, top))
    bx1 = dot((qx, f(op(qy) - 1)), table.gradient(left, top + 1))
    bx2 = dot((f(op(qx) - 1), f(op(qy) - 1)), table.gradient(left + 1, top + 1))
    curve = lambda t: f(op(op(op(t) * t) * t) * op(op(t * op(op(t) * 6 - 15)) + 10))
    lerp = lambda a, b, t: f(op(a) + op(op(op(b) - op(a)) * op(t)))
    u, v = curve(qx), curve(qy)
    return float(lerp(lerp(tx1, tx2, u), lerp(bx1, bx2, u), v))


class SeedLattices(unittest.TestCase):
    def test_dot_net_random_gives_its_known_first_samples(self):
        rand = DotNetRandom(0)
        self.assertEqual([rand.sample() for _ in range(3)], [1559595546, 1755192844, 1649316166])

    def test_seed004_preset_at_one_octave_is_hugo_elias_code(self):
        rng = random.Random(4)
        points = [(rng.uniform(0, s), rng.uniform(0, s)) for s in (4.0, 300.0, 1e5) for _ in range(700)]
        values = sample("seed004-persistence-0.5.json", ["--set", "octaves=1"], points)
        self.assertEqual(len(values), len(points))
        worst = max(abs(v - interpolated_noise2(x, y)) for v, (x, y) in zip(values, points))
        self.assertLess(worst, 1e-15, worst)
        # The check can fail: the permutation's lattice is another field.
        other = sample("seed004-persistence-0.5.json", ["--set", "octaves=1", "--set", "hash=permutation"], points[:50])
        self.assertGreater(max(abs(v - interpolated_noise2(x, y)) for v, (x, y) in zip(other, points)), 0.1)

    def test_seed004_presets_print_his_plain_octave_sum(self):
        # Each persistence preset, all six octaves, Noise_i = IntNoise(x + 57 y + i): his sum as he
        # returns it, not divided by the amplitudes (normalize = false in the presets).
        rng = random.Random(40)
        points = [(1.3, 2.7)] + [(rng.uniform(-s, s), rng.uniform(-s, s)) for s in (4.0, 300.0) for _ in range(150)]
        for name, persistence in (("0.25", 0.25), ("0.5", 0.5), ("0.707", 0.7071067811865476), ("1", 1.0)):
            values = sample("seed004-persistence-%s.json" % name, [], points)
            theirs = [perlin_noise_2d(x, y, persistence, 6) for x, y in points]
            worst = max(abs(v - t) for v, t in zip(values, theirs))
            self.assertLess(worst, 1e-14, (name, worst))
        # The figure: persistence 1 at (1.3, 2.7) is -0.00509, not the divided -0.000849.
        self.assertAlmostEqual(values[0], -0.0050911597083206, places=15)
        # The check can fail: the divided sum is another number.
        divided = sample("seed004-persistence-1.json", ["--set", "normalize=true"], points[:1])
        self.assertGreater(abs(divided[0] - theirs[0]), 0.004)

    def test_seed001_preset_is_perlin2d_bit_for_bit(self):
        rng = random.Random(1)
        points = [(rng.uniform(-s, s), rng.uniform(-s, s)) for s in (3.0, 100.0, 1e6) for _ in range(700)]
        values = sample("seed001-gradient-noise-2d.json", [], points)
        self.assertEqual(len(values), len(points))
        theirs = Perlin2D(0)
        for v, (x, y) in zip(values, points):
            self.assertEqual(v, theirs.noise(x, y), (x, y))

    def test_seed001_float_code_differs_by_float_rounding_only(self):
        # docs/parameters.md: the preset is the seed's code with double; its float code as written
        # differs by float rounding (points exact in float, so the inputs are the same).
        rng = random.Random(11)
        points = [(float(np.float32(rng.uniform(-s, s))), float(np.float32(rng.uniform(-s, s))))
                  for s in (3.0, 100.0, 1e4) for _ in range(700)]
        values = sample("seed001-gradient-noise-2d.json", [], points)
        theirs = Perlin2D(0)
        for wide, bound in ((True, 1.3e-7), (False, 1.1e-6)):
            worst = max(abs(v - perlin2d_float(theirs, x, y, wide)) for v, (x, y) in zip(values, points))
            self.assertLess(worst, bound, (wide, worst))
            self.assertGreater(worst, 1e-9, wide)  # float is not double: the check can fail

    def test_seed004_different_primes_is_his_sum_with_a_prime_set_per_octave(self):
        sets = elias_primes.prime_sets()  # the documented rule, computed here, not read from the program
        self.assertEqual(sets[0], ELIAS_PRIMES)
        rng = random.Random(44)
        points = [(rng.uniform(-s, s), rng.uniform(-s, s)) for s in (4.0, 300.0) for _ in range(200)]
        values = sample("seed004-different-primes.json", [], points)
        theirs = [perlin_noise_2d(x, y, 0.5, 6, primes_of=lambda i: sets[i], k_of=lambda i: 0) for x, y in points]
        worst = max(abs(v - t) for v, t in zip(values, theirs))
        self.assertLess(worst, 1e-14, worst)
        # The check can fail: one prime set for every octave (octave_seeds same) is another field.
        same = sample("seed004-different-primes.json", ["--set", "octave_seeds=same"], points[:50])
        self.assertGreater(max(abs(v - t) for v, t in zip(same, theirs)), 0.1)


# Seed 000: the C# Perlin class with `repeat`, for x, y, z >= 0 (C#'s % and (int) then agree with
# floor and a true modulo).
PERMUTATION = [151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69, 142, 8,
               99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117, 35,
               11, 32, 57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175, 74, 165, 71, 134,
               139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122, 60, 211, 133, 230, 220, 105, 92, 41, 55, 46,
               245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1, 216, 80, 73, 209, 76, 132, 187, 208, 89, 18, 169,
               200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173, 186, 3, 64, 52, 217, 226, 250, 124,
               123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212, 207, 206, 59, 227, 47, 16, 58, 17, 182, 189, 28,
               42, 223, 183, 170, 213, 119, 248, 152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43, 172, 9, 129,
               22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104, 218, 246, 97, 228, 251, 34,
               242, 193, 238, 210, 144, 12, 191, 179, 162, 241, 81, 51, 145, 235, 249, 14, 239, 107, 49, 192, 214,
               31, 181, 199, 106, 157, 184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254, 138, 236, 205, 93,
               222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180]


class Seed000Perlin:
    def __init__(self, repeat):
        self.repeat = repeat
        self.p = [PERMUTATION[x % 256] for x in range(512)]

    def inc(self, num):
        num += 1
        if self.repeat > 0:
            num %= self.repeat
        return num

    @staticmethod
    def grad(hash_, x, y, z):
        h = hash_ & 15
        u = x if h < 8 else y
        v = y if h < 4 else (x if h in (12, 14) else z)
        return (u if h & 1 == 0 else -u) + (v if h & 2 == 0 else -v)

    def perlin(self, x, y, z):
        if self.repeat > 0:
            x, y, z = x % self.repeat, y % self.repeat, z % self.repeat
        xi, yi, zi = int(x) & 255, int(y) & 255, int(z) & 255
        xf, yf, zf = x - int(x), y - int(y), z - int(z)
        fade = lambda t: t * t * t * (t * (t * 6 - 15) + 10)
        lerp = lambda a, b, t: a + t * (b - a)
        u, v, w = fade(xf), fade(yf), fade(zf)
        p, inc, grad = self.p, self.inc, self.grad
        aaa, aba = p[p[p[xi] + yi] + zi], p[p[p[xi] + inc(yi)] + zi]
        aab, abb = p[p[p[xi] + yi] + inc(zi)], p[p[p[xi] + inc(yi)] + inc(zi)]
        baa, bba = p[p[p[inc(xi)] + yi] + zi], p[p[p[inc(xi)] + inc(yi)] + zi]
        bab, bbb = p[p[p[inc(xi)] + yi] + inc(zi)], p[p[p[inc(xi)] + inc(yi)] + inc(zi)]
        x1 = lerp(grad(aaa, xf, yf, zf), grad(baa, xf - 1, yf, zf), u)
        x2 = lerp(grad(aba, xf, yf - 1, zf), grad(bba, xf - 1, yf - 1, zf), u)
        y1 = lerp(x1, x2, v)
        x1 = lerp(grad(aab, xf, yf, zf - 1), grad(bab, xf - 1, yf, zf - 1), u)
        x2 = lerp(grad(abb, xf, yf - 1, zf - 1), grad(bbb, xf - 1, yf - 1, zf - 1), u)
        y2 = lerp(x1, x2, v)
        return (lerp(y1, y2, w) + 1) / 2

    def octave_perlin(self, x, y, z, octaves, persistence):
        total, frequency, amplitude, max_value = 0, 1, 1, 0
        for _ in range(octaves):
            total += self.perlin(x * frequency, y * frequency, z * frequency) * amplitude
            max_value += amplitude
            amplitude *= persistence
            frequency *= 2
        return total / max_value


# Seed 002: class Noise, its slope at integer x read from `slope(seed + intX)`. The seed's
# RandomGenerator (an MD5 generator of its previous chapter) is not in the text, so the slopes
# here are the program's own at seed 0, recovered from two samples per cell.
def seed002_value(slope, seed, x):
    fade = lambda t: t * t * t * ((6 * t - 15) * t + 10)
    x0 = math.floor(x)
    slope0, slope1 = slope(seed + x0), slope(seed + x0 + 1)
    t = x - x0
    y0, y1 = slope0 * t, slope1 * (t - 1)
    return y0 + (y1 - y0) * fade(t)


def recovered_slopes(preset, cells):
    """Slopes s_k at the integers k of `cells` from the one-octave line at k + 1/4 and k + 3/4,
    where value(k + t) = s_k t (1 - f) + s_{k+1} (t - 1) f, f = fade(t): two equations per cell."""
    fade = lambda t: t * t * t * ((6 * t - 15) * t + 10)
    points = [(k + t,) for k in cells for t in (0.25, 0.75)]
    values = sample(preset, ["--set", "seed=0", "--set", "octaves=1"], points)
    slopes = {}
    for n, k in enumerate(cells):
        (a, b), (c, d) = [(t * (1 - fade(t)), (t - 1) * fade(t)) for t in (0.25, 0.75)]
        v1, v2 = values[2 * n], values[2 * n + 1]
        det = a * d - b * c
        slopes[k], slopes[k + 1] = (v1 * d - b * v2) / det, (a * v2 - c * v1) / det
    return slopes


class SeedModes(unittest.TestCase):
    def test_seed000_repeat_wraps_every_octave_at_its_own_period(self):
        theirs = Seed000Perlin(repeat=4)
        rng = random.Random(0)
        points = [(rng.uniform(0, 12), rng.uniform(0, 12), rng.uniform(0, 12)) for _ in range(600)]
        points += [(1.0, 2.5, 0.5), (3.999, 0.001, 2.0)]
        values = sample("seed000-repeat-per-octave.json", [], points)
        expected = [2 * theirs.octave_perlin(x, y, z, 3, 0.5) - 1 for x, y, z in points]  # his (F + 1) / 2
        worst = max(abs(v - e) for v, e in zip(values, expected))
        self.assertLess(worst, 1e-14, worst)
        # The check can fail: our scaled periods (octave i every 4 * 2^i of its cells) differ.
        scaled = sample("seed000-repeat-per-octave.json", ["--set", "tile_octaves=scaled"], points)
        self.assertGreater(max(abs(v - e) for v, e in zip(scaled, expected)), 0.2)

    def test_seed002_seed_is_a_shift_of_the_lattice(self):
        preset = "seed002-seed-shift-5.json"
        slopes = recovered_slopes(preset, range(-130, 140))
        rng = random.Random(2)
        xs = [rng.uniform(-30, 30) for _ in range(300)]
        # One octave: the seed's getValue with seed 5 and the same slopes.
        ours = sample(preset, ["--set", "octaves=1"], [(x,) for x in xs])
        worst = max(abs(v - seed002_value(slopes.get, 5, x)) for v, x in zip(ours, xs))
        self.assertLess(worst, 1e-12, worst)
        # Six octaves: the same Noise(5) read at x * 2^i, summed as the preset sums (fbm, 1/2).
        ours = sample(preset, [], [(x / 8,) for x in xs])
        theirs = [sum(0.5 ** i * seed002_value(slopes.get, 5, x / 8 * 2 ** i) for i in range(6)) / sum(
            0.5 ** i for i in range(6)) for x in xs]
        worst = max(abs(v - t) for v, t in zip(ours, theirs))
        self.assertLess(worst, 1e-12, worst)
        # docs/parameters.md: seed 5 is seed 0 sampled at x + 5 (one octave; exact for these x).
        grid = [k / 16 for k in range(-64, 64)]
        self.assertEqual(sample(preset, ["--set", "octaves=1"], [(x,) for x in grid]),
                         sample(preset, ["--set", "octaves=1", "--set", "seed=0"], [(x + 5,) for x in grid]))
        # The check can fail: as a lattice seed, 5 picks other slopes.
        other = sample(preset, ["--set", "octaves=1", "--set", "seed_mode=lattice"], [(x,) for x in xs])
        self.assertGreater(max(abs(v - seed002_value(slopes.get, 5, x)) for v, x in zip(other, xs)), 0.1)

    def test_seed003_non_square_texture_is_its_code(self):
        # Seed 003's GenerateSmoothNoise and GeneratePerlinNoise on a W x H white-noise texture:
        # octave k samples every 2^k texels, wrapping with (l + 2^k) % width (and % height). With
        # N octaves that is our texture lattice with tile = W / 2^(N-1) and tile_y = H / 2^(N-1),
        # read at p = texel / 2^(N-1). The texture's texels are the program's own lattice values
        # (one octave at the integers), since the seed's Random is Unity's.
        preset, n, width, height = "seed003-tileable-fog.json", 3, 48, 20
        step = 2 ** (n - 1)
        texels = [(i, j) for i in range(width) for j in range(height)]
        white_values = sample(preset, ["--set", "octaves=1", "--set", "tile=%d" % width, "--set",
                                       "tile_y=%d" % height], texels)
        white = {(i, j): v for (i, j), v in zip(texels, white_values)}

        def interpolate(x0, x1, alpha):
            return x0 * (1 - alpha) + alpha * x1

        def smooth_noise(octave):
            period = 2 ** octave
            frequency = 1.0 / period
            out = {}
            for i in range(width):
                left = (i // period) * period
                right = (left + period) % width
                horizontal = (i - left) * frequency
                for j in range(height):
                    top = (j // period) * period
                    down = (top + period) % height
                    vertical = (j - top) * frequency
                    upper = interpolate(white[left, top], white[right, top], horizontal)
                    lower = interpolate(white[left, down], white[right, down], horizontal)
                    out[i, j] = interpolate(upper, lower, vertical)
            return out

        smooth = [smooth_noise(k) for k in range(n)]
        persistence, amplitude, total_amplitude = 0.8, 1.0, 0.0
        theirs = {texel: 0.0 for texel in texels}
        for octave in range(n - 1, -1, -1):
            amplitude *= persistence
            total_amplitude += amplitude
            for texel in texels:
                theirs[texel] += smooth[octave][texel] * amplitude
        ours = sample(preset, ["--set", "octaves=%d" % n, "--set", "tile=%d" % (width // step), "--set",
                               "tile_y=%d" % (height // step)], [(i / step, j / step) for i, j in texels])
        worst = max(abs(v - theirs[texel] / total_amplitude) for v, texel in zip(ours, texels))
        self.assertLess(worst, 1e-14, worst)
        # The check can fail: one period for both axes (tile_y = tile) is another texture.
        square = sample(preset, ["--set", "octaves=%d" % n, "--set", "tile=%d" % (width // step)],
                        [(i / step, j / step) for i, j in texels])
        self.assertGreater(max(abs(v - theirs[texel] / total_amplitude) for v, texel in zip(square, texels)), 0.05)


if __name__ == "__main__":
    unittest.main()
