// app/core/read_limited.hpp: LimitedInput, the bounded reader of every file the program reads,
// lives in the preset library (noise/preset/src/noise_io/read_limited.hpp says what it does and
// its limits); the program names it as app:: as before.
#pragma once

#include "noise_io/read_limited.hpp"

namespace app {
using noise::io::byte_count_text;
using noise::io::default_pipe_wait;
using noise::io::LimitedInput;
using noise::io::little_endian_32;
using noise::io::ReadError;
}  // namespace app
