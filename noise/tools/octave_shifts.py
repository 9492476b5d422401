#!/usr/bin/env python3
"""Prints the table of octave shifts in noise/src/fractal.cpp (octave_offsets = shifted).

Octave i samples its lattice at p * L^i + shift_i. Seen from octave j > i, the lattice lines of
octave i lie at a fraction frac(shift_j - L^(j-i) * shift_i) of octave j's cell past its own lines
(for a whole-number lacunarity L; tiling needs one). Unshifted, that fraction is 0: every octave's
lines lie on the lines of the octaves after it, which is the artefact the shifts remove.

The table is chosen greedily, octave by octave and axis by axis: the multiple of 1/64 whose
distance (in octave j's cells) to the lines of the four octaves before it is largest, for
lacunarity 2, 3 and 4 at once, and that no earlier axis uses at this octave; ties go to the
smallest. Octave 0 is not shifted, so one octave stays the raw noise. Multiples of 1/64 keep
p * L^i + shift exact for coordinates with short binary fractions, so tiled points repeat bit
for bit. Octaves more than four apart are not considered: the finer one's amplitude is then
persistence^5 of the coarser one's or less (3 % at 0.5), and no choice keeps every pair apart.

Run: /usr/bin/python3 noise/tools/octave_shifts.py
"""

DENOMINATOR = 64
OCTAVES = 16
AXES = 4
LOOK_BACK = 4
LACUNARITIES = (2, 3, 4)


def distance_to_integer(v):
    return abs(v - round(v))


def separation(shifts, j, candidate):
    """The smallest distance, in octave j's cells, from its lines to those of the octaves before it."""
    return min(distance_to_integer(candidate - lacunarity ** (j - i) * shifts[i])
               for lacunarity in LACUNARITIES for i in range(max(0, j - LOOK_BACK), j))


def choose():
    columns = []
    for _ in range(AXES):
        shifts = [0.0]
        for j in range(1, OCTAVES):
            taken = {column[j] for column in columns}
            candidates = [k / DENOMINATOR for k in range(1, DENOMINATOR) if k / DENOMINATOR not in taken]
            shifts.append(max(candidates, key=lambda c: (separation(shifts, j, c), -c)))
        columns.append(shifts)
    return columns


def main():
    columns = choose()
    for j in range(OCTAVES):
        print("    {{" + ", ".join("%2d" % round(columns[a][j] * DENOMINATOR) for a in range(AXES)) + "}},")
    worst = min(separation(column, j, column[j]) for column in columns for j in range(1, OCTAVES))
    print("smallest separation: %.4f of a cell" % worst)


if __name__ == "__main__":
    main()
