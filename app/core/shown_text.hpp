// app/core/shown_text.hpp: shown(), escaped() and failure_text() for the program's messages. They
// live in the preset library (noise/preset/src/noise_io/shown_text.hpp says what they do), whose
// reader quotes values the same way; the program names them as app:: as before.
#pragma once

#include "noise_io/shown_text.hpp"

namespace app {
using noise::io::escaped;
using noise::io::failure_text;
using noise::io::shown;
}  // namespace app
