// app/fuzz/fuzz_check.hpp: the invariants every fuzz target checks on what it gets back.
//
// A failed check prints what broke and the message, then aborts, which libFuzzer reports as a
// crash and saves the input (crash-<sha1> in -artifact_prefix). Checks:
//     - an error message is one line of printable text: no byte below 0x20, no DEL, so nothing
//       from the input reaches a terminal raw (the messages quote input through shown());
//     - it is short (a value is shortened, not copied whole into the message);
//     - it starts with what it is about (the file name, "--set: ", "--size: "...).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace fuzz {

[[noreturn]] inline void broken(const char* what, std::string_view message) {
    std::fprintf(stderr, "fuzz invariant broken: %s\nmessage (%zu bytes): %.*s\n", what, message.size(),
                 static_cast<int>(message.size()), message.data());
    std::abort();
}

inline void check(bool ok, const char* what, std::string_view message = {}) {
    if (!ok) broken(what, message);
}

// Unknown-key messages list every allowed key (about 400 bytes); values are cut to about 60
// characters and nlohmann's reasons to 200.
inline constexpr std::size_t longest_message = 1500;

inline void check_message(std::string_view message, std::string_view starts_with) {
    for (unsigned char c : message)
        if (c < 0x20 || c == 0x7f) broken("a control byte in an error message", message);
    if (message.size() > longest_message) broken("an error message longer than 1500 bytes", message);
    if (!message.starts_with(starts_with))
        broken("an error message that does not start with its subject", message);
}

}  // namespace fuzz
