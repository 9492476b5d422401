// app/cli/sample_command.hpp: `noise-explorer sample`, the noise function on the command line.
//
// Reads noise-space points "x [y [z [w]]]" from stdin, one per line (missing coordinates are 0,
// blank lines are skipped), and prints the raw fractal value at each with %.17g: frequency and
// offsets are not applied and no output mapping happens, so the numbers are the noise itself.
// Exit status 0, or 2 with one line on stderr ("sample: ...") for a bad argument or input line,
// naming it, showing the value escaped and shortened (shown_text.hpp) and saying what is allowed.
//
// Limits, stated plainly:
// - a coordinate is a decimal number as std::from_chars reads it, after at most one '+' ("+1.5",
//   as printf's %+f writes): no "+-1", hexadecimal, inf, nan or trailing bytes; |x| <= 2^50;
// - a line longer than 64 KiB is refused when it gets there (a point is a few dozen bytes);
// - the options are --preset, --set, --size and --help (print_help in sample_command.cpp says
//   what each does); --preset at most once, never empty; --set never empty, applied in order
//   after the preset wherever it stands; each also as --NAME=VALUE; --size only matters with
//   erosion.method=simulate (the image the simulation runs on).
#pragma once

namespace app {

// argv[0] is "sample".
int sample_main(int argc, char** argv);

}  // namespace app
