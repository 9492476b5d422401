// app/core/json_text.hpp: parse_json_text, the one JSON reader behind every file the program
// reads, lives in the preset library (noise/preset/src/noise_io/json_text.hpp says what it
// refuses and why); the program names it as app:: as before.
#pragma once

#include "core/read_limited.hpp"
#include "noise_io/json_text.hpp"

namespace app {
using noise::io::JsonRules;
using noise::io::parse_json_text;
}  // namespace app
