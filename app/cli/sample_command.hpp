// app/cli/sample_command.hpp: `noise-explorer sample`, the noise function on the command line.
//
// Reads noise-space points "x [y [z [w]]]" from stdin, one per line (missing coordinates are 0,
// blank lines are skipped), and prints the raw fractal value at each with %.17g: frequency and
// offsets are not applied and no output mapping happens, so the numbers are the noise itself.
// Exit status 0, or 2 with one line on stderr for a bad argument or input line.
#pragma once

namespace app {

// argv[0] is "sample".
int sample_main(int argc, char** argv);

}  // namespace app
