#!/usr/bin/python3
"""`noise-explorer sample` against an independent oracle, and every bad input we can think of.

The oracle is Ken Perlin's Java reference of improved noise (2002), transcribed into Python here:
it shares no code with the program. Usage: test_sample.py PATH/TO/noise-explorer
"""
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import unittest

EXE = sys.argv.pop(1) if len(sys.argv) > 1 else "noise-explorer"

PERMUTATION = [
    151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69, 142, 8, 99, 37, 240,
    21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117, 35, 11, 32, 57, 177, 33, 88,
    237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175, 74, 165, 71, 134, 139, 48, 27, 166, 77, 146, 158, 231, 83,
    111, 229, 122, 60, 211, 133, 230, 220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1, 216,
    80, 73, 209, 76, 132, 187, 208, 89, 18, 169, 200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173, 186,
    3, 64, 52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212, 207, 206, 59, 227, 47, 16, 58, 17,
    182, 189, 28, 42, 223, 183, 170, 213, 119, 248, 152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43, 172, 9, 129,
    22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104, 218, 246, 97, 228, 251, 34, 242, 193, 238,
    210, 144, 12, 191, 179, 162, 241, 81, 51, 145, 235, 249, 14, 239, 107, 49, 192, 214, 31, 181, 199, 106, 157, 184,
    84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254, 138, 236, 205, 93, 222, 114, 67, 29, 24, 72, 243, 141, 128, 195,
    78, 66, 215, 61, 156, 180]
P = PERMUTATION * 2


def fade(t):
    return t * t * t * (t * (t * 6 - 15) + 10)


def lerp(t, a, b):
    return a + t * (b - a)


def grad(hash_, x, y, z):
    h = hash_ & 15
    u = x if h < 8 else y
    v = y if h < 4 else (x if h in (12, 14) else z)
    return (u if h & 1 == 0 else -u) + (v if h & 2 == 0 else -v)


def perlin_reference(x, y, z):
    X, Y, Z = int(math.floor(x)) & 255, int(math.floor(y)) & 255, int(math.floor(z)) & 255
    x -= math.floor(x)
    y -= math.floor(y)
    z -= math.floor(z)
    u, v, w = fade(x), fade(y), fade(z)
    A = P[X] + Y; AA = P[A] + Z; AB = P[A + 1] + Z
    B = P[X + 1] + Y; BA = P[B] + Z; BB = P[B + 1] + Z
    return lerp(w, lerp(v, lerp(u, grad(P[AA], x, y, z), grad(P[BA], x - 1, y, z)),
                        lerp(u, grad(P[AB], x, y - 1, z), grad(P[BB], x - 1, y - 1, z))),
                lerp(v, lerp(u, grad(P[AA + 1], x, y, z - 1), grad(P[BA + 1], x - 1, y, z - 1)),
                        lerp(u, grad(P[AB + 1], x, y - 1, z - 1), grad(P[BB + 1], x - 1, y - 1, z - 1))))


REFERENCE = ["--set", "dimension=3", "--set", "octaves=1", "--set", "interpolation=quintic",
             "--set", "gradients=improved", "--set", "algorithm=perlin", "--set", "seed=0"]


def sample(args, text):
    return subprocess.run([EXE, "sample", *args], input=text, capture_output=True, text=True, timeout=120)


class Reference(unittest.TestCase):
    def test_random_points_match_ken_perlins_reference(self):
        rng = random.Random(1234)
        points = [(rng.uniform(-s, s), rng.uniform(-s, s), rng.uniform(-s, s))
                  for s in (1.0, 10.0, 1000.0, 1e6) for _ in range(500)]
        points += [(3.14, 42.0, 7.0), (-1.0, -2.5, -0.0001), (255.5, 256.25, -256.75)]
        result = sample(REFERENCE, "".join("%r %r %r\n" % p for p in points))
        self.assertEqual(result.returncode, 0, result.stderr)
        values = [float(line) for line in result.stdout.split()]
        self.assertEqual(len(values), len(points))
        # Exactly: Python's floats are IEEE doubles, the oracle does Ken Perlin's operations in his
        # order as the program does, and %.17g reads back to the same double.
        for point, value in zip(points, values):
            self.assertEqual(value, perlin_reference(*point), msg=str(point))
        self.assertEqual(values[-3], 0.13691995878400012)

    def test_output_is_printed_with_17_significant_digits(self):
        result = sample(REFERENCE, "0.5 0.25 0.125\n")
        self.assertEqual(result.stdout.strip(), "%.17g" % perlin_reference(0.5, 0.25, 0.125))

    def test_missing_coordinates_are_zero_and_blank_lines_skipped(self):
        result = sample(REFERENCE, "0.3\n\n0.3 0 0\n")
        first, second = result.stdout.split()
        self.assertEqual(first, second)

    def test_gradient_noise_is_zero_at_lattice_points(self):
        result = sample(["--set", "octaves=1"], "1 2\n-3 -7\n0 0\n")
        self.assertEqual([float(v) for v in result.stdout.split()], [0.0, 0.0, 0.0])

    def test_tiling_repeats_with_the_period(self):
        args = ["--set", "tile=300", "--set", "octaves=4", "--set", "octave_seeds=offset", "--set", "lacunarity=3"]
        result = sample(args, "1.25 2.5\n301.25 2.5\n1.25 -297.5\n")
        a, b, c = [float(v) for v in result.stdout.split()]
        # Exactly: these points and their multiples by 3^i are exact in binary, so each octave sees
        # the same fraction of the same wrapped cell.
        self.assertEqual(a, b)
        self.assertEqual(a, c)

    def test_same_input_same_output_and_seeds_differ(self):
        text = "".join("%d.37 %d.61\n" % (i, i * 3) for i in range(50))
        self.assertEqual(sample([], text).stdout, sample([], text).stdout)
        self.assertNotEqual(sample([], text).stdout, sample(["--set", "seed=9"], text).stdout)

    def test_presets_load(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "p.json")
            with open(path, "w") as f:
                f.write('{"format": "noise-explorer-preset", "version": 1, "dimension": 3, "octaves": 1}\n')
            result = sample(["--preset", path], "3.14 42 7\n")
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(float(result.stdout), 0.13691995878400012)


class Warp(unittest.TestCase):
    """Domain warp and the rotated layer through --set, against the formula docs/parameters.md documents,
    evaluated with the program's own unwarped fields: value(p) = F(p + a w(p f)), w_k the fBm of
    perlin with seed + 0x9E3779B9 (k + 1), warp_octaves octaves, read at p f."""
    POINTS = [(0.37 + i * 1.91, -2.61 + i * 0.73) for i in range(12)]

    def values(self, args, points):
        result = sample(args, "".join("%r %r\n" % p for p in points))
        self.assertEqual(result.returncode, 0, result.stderr)
        return [float(v) for v in result.stdout.split()]

    def test_warp_is_the_documented_displacement(self):
        seed, a, f, octaves = 7, 1.5, 2.0, 4  # f = 2: p * f * 2^i is exact, as the program forms it
        field = ["--set", "algorithm=value", "--set", "seed=%d" % seed, "--set", "octaves=3"]
        warp = ["--set", "warp_amplitude=%r" % a, "--set", "warp_frequency=%r" % f,
                "--set", "warp_octaves=%d" % octaves]
        scaled = [(x * f, y * f) for x, y in self.POINTS]
        w = [self.values(["--set", "seed=%d" % ((seed + 0x9E3779B9 * (k + 1)) % 2**32),
                          "--set", "octaves=%d" % octaves], scaled) for k in range(2)]
        moved = [(x + a * w[0][i], y + a * w[1][i]) for i, (x, y) in enumerate(self.POINTS)]
        self.assertEqual(self.values(field + warp, self.POINTS), self.values(field, moved))
        self.assertNotEqual(self.values(field + warp, self.POINTS), self.values(field, self.POINTS))

    def test_warp_off_ignores_the_other_warp_keys(self):
        plain = self.values([], self.POINTS)
        self.assertEqual(plain, self.values(["--set", "warp_frequency=3.5", "--set", "warp_octaves=8"], self.POINTS))
        self.assertEqual(plain, self.values(["--set", "warp_amplitude=0", "--set", "layers=single"], self.POINTS))

    def test_rotated_layer_is_the_average_with_the_turned_copy(self):
        phi = 0.70710678118
        turned = [((x - y) * phi, (y + x) * phi) for x, y in self.POINTS]
        plain, copy = self.values([], self.POINTS), self.values([], turned)
        both = self.values(["--set", "layers=rotated"], self.POINTS)
        self.assertEqual(both, [(a + b) * 0.5 for a, b in zip(plain, copy)])
        one_d = ["--set", "dimension=1"]
        self.assertEqual(self.values(one_d, self.POINTS), self.values(one_d + ["--set", "layers=rotated"], self.POINTS))

    def test_tiled_warp_and_layers_repeat(self):
        args = ["--set", "tile=8", "--set", "warp_amplitude=2", "--set", "warp_frequency=3", "--set", "layers=rotated"]
        shifted = [(x + 8, y - 16) for x, y in self.POINTS]
        for a, b in zip(self.values(args, self.POINTS), self.values(args, shifted)):
            self.assertAlmostEqual(a, b, places=9)


def sample_bytes(args, data):
    return subprocess.run([EXE, "sample", *args], input=data, capture_output=True, timeout=120)


class BadInput(unittest.TestCase):
    def assert_refused(self, args, text, *fragments):
        """Exit status 2 and one short line on stderr, "sample: " first, with no control byte, that
        holds every fragment. (Lines before the bad one have been answered on stdout: a stream.)"""
        data = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text
        result = sample_bytes(args, data)
        stderr = result.stderr.decode("utf-8", "replace")
        self.assertEqual(result.returncode, 2, stderr)
        self.assertTrue(stderr.endswith("\n"), stderr)
        lines = stderr.splitlines()
        self.assertEqual(len(lines), 1, stderr)
        self.assertTrue(lines[0].startswith("sample: "), stderr)
        self.assertFalse([c for c in lines[0] if ord(c) < 0x20 or ord(c) == 0x7F], stderr)
        # Still one line, a few terminal lines wide: an unknown key lists the noise keys and names
        # the groups of the others (about 610 bytes).
        self.assertLess(len(lines[0]), 700, stderr[:800])
        for fragment in fragments:
            self.assertIn(fragment, lines[0])
        return lines[0]

    def test_unknown_key(self):
        self.assert_refused(["--set", "colour=red"], "", "colour", "expected one of algorithm")

    def test_value_out_of_range(self):
        self.assert_refused(["--set", "octaves=17"], "", "octaves", "'17'", "from 1 to 16")

    def test_bad_choice(self):
        self.assert_refused(["--set", "algorithm=gabor"], "", "algorithm", "'gabor'", "perlin, value, white, simplex")

    def test_nan_parameter(self):
        self.assert_refused(["--set", "persistence=nan"], "", "persistence", "'nan'", "finite")

    def test_assignment_without_equals(self):
        self.assert_refused(["--set", "octaves"], "", "octaves")

    def test_fractional_lacunarity_while_tiling(self):
        self.assert_refused(["--set", "tile=8", "--set", "lacunarity=2.5"], "", "lacunarity", "'2.5'", "tiling")

    def test_simplex_cannot_tile(self):
        self.assert_refused(["--set", "algorithm=simplex", "--set", "tile=8"], "", "tile", "'8'", "simplex",
                            "no square period")
    def test_fractional_warp_frequency_while_tiling(self):
        self.assert_refused(["--set", "tile=8", "--set", "warp_amplitude=1", "--set", "warp_frequency=2.5"], "",
                            "warp_frequency", "'2.5'", "tiling")

    def test_warp_octaves_out_of_range(self):
        self.assert_refused(["--set", "warp_octaves=9"], "", "warp_octaves", "'9'", "from 1 to 8")

    def test_unknown_argument(self):
        self.assert_refused(["--frobnicate"], "", "--frobnicate")

    def test_missing_option_value(self):
        self.assert_refused(["--set"], "", "--set")

    def test_missing_preset_file(self):
        self.assert_refused(["--preset", "/nonexistent/x.json"], "", "/nonexistent/x.json")

    def test_malformed_line_names_its_number(self):
        self.assert_refused([], "0.5 0.5\n1 two\n", "line 2", "'two'")

    def test_nan_coordinate(self):
        self.assert_refused([], "nan 1\n", "line 1", "'nan'")

    def test_infinite_coordinate(self):
        self.assert_refused([], "1 inf\n", "line 1", "'inf'")

    def test_too_many_coordinates(self):
        self.assert_refused([], "1 2 3 4 5\n", "line 1", "more than 4")

    def test_huge_coordinate(self):
        self.assert_refused([], "1e300\n", "line 1", "'1e300'")

    # Coordinates: a decimal number, optionally after one '+'; nothing else, never a guess.
    def test_coordinates_are_read_strictly(self):
        for token in ("+-1", "++1", "+", "+inf", "+nan", "-+1", "0x10", "1,5", "1e", "1e400", "1e-400", "1_000",
                      "--1", "\v1", "1\f"):
            with self.subTest(token=token):
                self.assert_refused(REFERENCE, "0.5\n%s 2\n" % token, "line 2", "coordinate", "expected a decimal number")
        self.assert_refused(REFERENCE, "+-1\n", "'+-1' is not a number")

    def test_plus_signs_and_spaces_that_are_allowed(self):
        result = sample(REFERENCE, "+1.5 2 +.5\n\t1.5  2\t0.5 \r\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        first, second = result.stdout.split()
        self.assertEqual(first, second)

    def test_control_bytes_in_a_line_are_escaped(self):
        line = self.assert_refused([], "1 \x1b]0;pwned\x07 2\n", "line 1")
        self.assertIn("\\x1b]0;pwned\\x07", line)

    def test_a_huge_token_is_shortened(self):
        self.assert_refused([], "1 " + "9" * 60000 + "x\n", "line 1", "(60001 bytes)")

    def test_a_line_longer_than_any_point_is_refused_early(self):
        # 10 MB without a newline: refused once it passes 64 KiB, not echoed, not kept in memory.
        self.assert_refused([], b"1 " * 5_000_000, "line 1 is longer than 65536 bytes")

    def test_too_many_coordinates_shortened(self):
        self.assert_refused([], "1 " * 2000 + "\n", "line 1", "more than 4 coordinates", "bytes)")

    # Arguments: an empty or missing value is an error naming the option, never the default.
    def test_empty_and_missing_values(self):
        for args in (["--preset", ""], ["--preset="], ["--preset"], ["--set", ""], ["--set="], ["--set"]):
            with self.subTest(args=args):
                self.assert_refused(args, "", args[0].split("=")[0], "missing or empty", "expected")

    def test_preset_given_twice(self):
        self.assert_refused(["--preset", "clouds", "--preset", "marble"], "", "--preset", "'clouds'", "'marble'")

    def test_set_values_are_read_strictly(self):
        for value in ("octaves=+-1", "octaves=+5", "octaves= 5", "octaves=0x10", "octaves=", "persistence=1e400",
                      "persistence=0.5 ", "persistence=+0.5"):
            with self.subTest(value=value):
                self.assert_refused(["--set", value], "", "--set", value.split("=")[0], "expected")

    def test_unknown_argument_is_escaped(self):
        self.assert_refused(["--\x1b[31mred"], "", "'--\\x1b[31mred'", "expected --preset")

    def test_set_before_preset_still_applies(self):
        # Assignments apply after the preset wherever they stand on the line.
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "p.json")
            with open(path, "w") as f:
                f.write('{"format": "noise-explorer-preset", "version": 1, "dimension": 3, "octaves": 4}\n')
            a = sample(["--set", "octaves=1", "--preset", path], "3.14 42 7\n")
            self.assertEqual(a.returncode, 0, a.stderr)
            self.assertEqual(float(a.stdout), 0.13691995878400012)


class Erosion(unittest.TestCase):
    """The erosion filter through --set: it only ever lowers the field, and bad values name the key."""

    def test_filter_lowers_the_field(self):
        rng = random.Random(36)
        points = "".join("%r %r\n" % (rng.uniform(-3, 3), rng.uniform(-3, 3)) for _ in range(300))
        plain = sample(["--set", "octaves=3"], points)
        eroded = sample(["--set", "octaves=3", "--set", "erosion.method=filter", "--set", "erosion.strength=1"],
                        points)
        self.assertEqual(plain.returncode, 0, plain.stderr)
        self.assertEqual(eroded.returncode, 0, eroded.stderr)
        before = [float(v) for v in plain.stdout.split()]
        after = [float(v) for v in eroded.stdout.split()]
        self.assertEqual(len(before), 300)
        self.assertTrue(all(a <= b + 1e-12 for a, b in zip(after, before)))
        self.assertGreater(sum(b - a for a, b in zip(after, before)) / 300, 0.005)

    def test_the_simulation_reads_the_image_it_was_given(self):
        """erosion.method=simulate: the points read the simulation of a --size image (default
        1024 x 1024); a pixel's centre reads that pixel, which the simulation changed."""
        points = "".join("%r %r\n" % ((x + 0.5) * 4 / 48, (y + 0.5) * 4 / 48) for x, y in ((3, 5), (20, 30), (40, 9)))
        args = ["--set", "octaves=5", "--set", "erosion.method=simulate", "--set", "erosion.extent=3000"]
        plain = sample(["--set", "octaves=5"], points)
        small = sample(args + ["--size", "48x48"], points)
        again = sample(args + ["--size=48x48"], points)
        default = sample(args, points)
        for result in (plain, small, again, default):
            self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(small.stdout, again.stdout)
        self.assertNotEqual(small.stdout, plain.stdout)
        self.assertNotEqual(small.stdout, default.stdout)  # another image, another simulation

    def test_bad_values_name_the_key(self):
        bad = BadInput()
        bad.assert_refused(["--set", "erosion.strength=9"], "", "erosion.strength", "'9'", "from 0 to 4")
        bad.assert_refused(["--set", "erosion.method=rivers"], "", "erosion.method", "'rivers'",
                           "none, filter, simulate")
        bad.assert_refused(["--set", "erosion.method=simulate", "--set", "tile=4"], "", "erosion.method",
                           "'simulate'", "while tiling")
        bad.assert_refused(["--set", "erosion.method=simulate", "--size", "9000x9000"], "", "--size: 9000x9000",
                           "at most 8192 pixels on either side")
        bad.assert_refused(["--size", "64x64"], "", "--size '64x64'", "erosion.method = simulate")
        bad.assert_refused(["--set", "erosion.method=simulate", "--size", "64by64"], "", "--size", "'64by64'")
        bad.assert_refused(["--set", "erosion.strenght=1"], "", "erosion.strenght", "erosion.strength")


class FarPoints(unittest.TestCase):
    def test_every_octave_at_the_edge_of_the_range(self):
        """Octave 15 of lacunarity 4 scales 2^50 to 2^80, far past int64: the lattice clamps (the
        sanitized build checks that no conversion overflows) and every value is a number."""
        edge = "1125899906842624"
        points = "".join(f"{x} {y} {z} {w}\n" for x, y, z, w in
                         ((edge, "-" + edge, "0.5", edge), ("-" + edge, edge, "-" + edge, "0"), ("1e15", "-1e15", "3", "4")))
        for algorithm in ("perlin", "value", "white", "simplex"):
            for dimension in ("1", "2", "3", "4"):
                args = ["--set", "octaves=16", "--set", "lacunarity=4", "--set", "algorithm=" + algorithm,
                        "--set", "dimension=" + dimension, "--set", "fractal=ridged"]
                result = sample(args, points)
                self.assertEqual(result.returncode, 0, result.stderr)
                values = [float(v) for v in result.stdout.split()]
                self.assertEqual(len(values), 3)
                self.assertTrue(all(math.isfinite(v) and 0.0 <= v <= 1.0 for v in values), values)


class Help(unittest.TestCase):
    def test_help_and_version(self):
        for args in (["--help"], ["--version"], ["sample", "--help"]):
            result = subprocess.run([EXE, *args], capture_output=True, text=True, timeout=30)
            self.assertEqual(result.returncode, 0, args)
            self.assertTrue(result.stdout.strip(), args)
        help_text = subprocess.run([EXE, "sample", "--help"], capture_output=True, text=True).stdout
        for key in ("algorithm", "interpolation", "octave_seeds", "tile", "erosion.method", "erosion.strength",
                    "erosion.scale", "erosion.octaves", "erosion.detail", "erosion.ridge_rounding",
                    "erosion.crease_rounding", "erosion.peaks", "erosion.valleys", "erosion.gullies",
                    "erosion.drainage"):
            self.assertIn(key, help_text)

    def test_help_lists_every_export_format(self):
        """Both help texts list every row of the format table (app/core/export_formats.hpp), and
        every algorithm of the algorithm table reaches `sample --help`."""
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(here, "..", "..", "core", "export_formats.hpp"), encoding="utf-8") as f:
            table = re.search(r"export_format_names\{([^}]*)\}", f.read()).group(1)
        formats = re.findall(r'"(\w+)"', table)
        self.assertGreaterEqual(len(formats), 13)
        usage = subprocess.run([EXE, "--help"], capture_output=True, text=True, timeout=30).stdout
        export_help = subprocess.run([EXE, "export", "--help"], capture_output=True, text=True, timeout=30).stdout
        usage_formats = re.search(r"FORMAT: (\S+)", usage).group(1).split("|")
        self.assertEqual(usage_formats, formats + ["glsl", "hlsl"])
        for name in formats:
            self.assertRegex(export_help, r"\n  " + name + r" +\S", name)  # its line under Formats:
        with open(os.path.join(here, "..", "..", "..", "noise", "include", "noise", "params.hpp"),
                  encoding="utf-8") as f:
            algorithms = re.findall(r'"(\w+)"', re.search(r"algorithm_names\{([^}]*)\}", f.read()).group(1))
        sample_help = subprocess.run([EXE, "sample", "--help"], capture_output=True, text=True).stdout
        for name in algorithms:
            self.assertIn(name, sample_help)


if __name__ == "__main__":
    unittest.main(verbosity=2)
