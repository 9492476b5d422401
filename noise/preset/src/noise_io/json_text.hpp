// noise_io/json_text.hpp (internal to the preset library, shared with the program): the one JSON reader
// behind every file the program reads (presets, the session, the recent-files list), with one-line messages
// in our own words.
//
//     JsonRules rules{.what = "the session file", .nesting_note = "the session needs 3"};
//     nlohmann::json root = parse_json_text(text, "session.json", rules);  // or ReadError
//
// What nlohmann lets through, and what happens here instead:
//     a NUL byte             nlohmann's lexer takes it for the end of the text and ignores what
//                            follows: refused, with its byte offset ("is this a binary file?")
//     [[[[... 300,000 deep   nlohmann parses it, but dump(), describing a value and destroying a
//                            deep value recurse once per level and overflow the stack: refused
//                            before nlohmann sees the text, beyond rules.max_nesting levels
//     "seed": 1e400          nlohmann says "number overflow parsing '1e400'" without the key:
//                            the pre-pass finds the number and names its key ("view.ramp" for a
//                            key inside "view") and what that key allows (rules.allowed)
//     a key given twice      nlohmann keeps the last one without a word: refused, naming the key
//     a syntax error         "SOURCE:LINE:COLUMN: malformed JSON: REASON", the reason without
//                            nlohmann's "[json.exception.parse_error.101] ..." prefix, escaped
//
// Limits, stated plainly: one pass over the bytes before nlohmann's own; brackets and numbers
// inside strings do not count. Messages are one line of printable text: every quoted key, value
// and file name goes through shown()/escaped() (shown_text.hpp). Only ReadError is thrown (and
// std::bad_alloc when memory runs out).
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "noise_io/read_limited.hpp"

namespace noise::io {

struct JsonRules {
    // What the text is, in messages: "a NUL byte at ...: WHAT is JSON text, which never holds one".
    std::string_view what = "a JSON file";
    // Deeper nesting of [ and { is refused. A preset needs 2, the session 3.
    int max_nesting = 8;
    // After "nested deeper than N levels of [ and {": why the limit is enough.
    std::string_view nesting_note;
    // For a number too large for a double: what its key allows ("expected an integer from 1 to
    // 16"), from the key's path ("octaves", "view.ramp", "settings.seed"); "" when unknown.
    std::function<std::string(std::string_view key_path)> allowed;
};

// Parses `text`; `source` starts every message (usually the file name). Throws ReadError.
nlohmann::json parse_json_text(std::string_view text, std::string_view source, const JsonRules& rules);

}  // namespace noise::io
