// noise_io/shown_text.hpp (internal to the preset library, shared with the program): bytes from users and
// files, made safe to print in one error line.
//
//     shown("oct\x1b]0;pwned\x07aves")  -> 'oct\x1b]0;pwned\x07aves'
//     shown(std::string(10'000'000, 'x')) -> 'xxxx...xxxx' (10000000 bytes)
//
// Every error message quotes the value it complains about. That value may come from a preset
// key, a PNG text chunk, a `--set` argument or a line on stdin, so it can hold an escape
// sequence (which a terminal obeys: it can retitle the window or hide text), a newline (which
// splits the one-line message), invalid UTF-8 or megabytes of text. `shown` keeps printable
// ASCII and well-formed UTF-8 letters as they are, writes everything else as a C escape
// (\n, \t, \\, \', \xNN), and cuts long values in the middle, saying how long they were.
#pragma once

#include <cstddef>
#include <exception>
#include <string>
#include <string_view>

namespace noise::io {

// The value in single quotes, escaped, at most about `limit` visible characters.
std::string shown(std::string_view bytes, std::size_t limit = 60);

// The same without the quotes, for text that is not a value (a file name in a longer message).
std::string escaped(std::string_view bytes, std::size_t limit = 60);

// What a caught exception means, in our words, for a catch-all that shows it to the user. Our
// own errors (PresetError, ReadError, AtomicFileError, ExportError, the noise library's
// std::invalid_argument) already are one line in our words and are kept as they are (a text
// with a control byte is escaped). The standard
// library's and nlohmann's own texts never reach a user: std::bad_alloc is "not enough memory",
// a filesystem_error names its path and the cause in words, a system_error its cause,
// nlohmann's and the standard library's internal errors (out_of_range, length_error) say they are
// an internal error. Use it in every catch (const std::exception&) whose text is shown.
std::string failure_text(const std::exception& error);

}  // namespace noise::io
