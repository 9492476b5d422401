// Escaping and shortening bytes for one-line error messages.
#include "noise_io/shown_text.hpp"

#include <cstdint>
#include <filesystem>
#include <new>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <system_error>
#include <typeinfo>

namespace noise::io {
namespace {

// Length of the well-formed UTF-8 sequence of a printable letter at the start of `s` (2-4
// bytes), or 0. Overlong forms, surrogates, code points past U+10FFFF and the C1 controls
// (U+0080..U+009F, which some terminals obey like ESC) are not letters.
std::size_t utf8_letter_length(std::string_view s) {
    const auto byte         = [&](std::size_t i) { return static_cast<std::uint8_t>(s[i]); };
    const auto continuation = [&](std::size_t i) { return i < s.size() && (byte(i) & 0xC0) == 0x80; };
    const std::uint8_t lead = byte(0);
    std::size_t length      = 0;
    std::uint32_t code      = 0;
    if (lead >= 0xC2 && lead <= 0xDF)
        length = 2, code = lead & 0x1Fu;
    else if (lead >= 0xE0 && lead <= 0xEF)
        length = 3, code = lead & 0x0Fu;
    else if (lead >= 0xF0 && lead <= 0xF4)
        length = 4, code = lead & 0x07u;
    else
        return 0;
    for (std::size_t i = 1; i < length; ++i) {
        if (!continuation(i)) return 0;
        code = (code << 6) | (byte(i) & 0x3Fu);
    }
    const std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < smallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
    if (code <= 0x9F) return 0;
    return length;
}

// One piece of output for the bytes at the start of `s`; `used` says how many it consumed.
std::string piece(std::string_view s, std::size_t& used) {
    const auto c = static_cast<unsigned char>(s[0]);
    used         = 1;
    switch (c) {
        case '\n':
            return "\\n";
        case '\r':
            return "\\r";
        case '\t':
            return "\\t";
        case '\\':
            return "\\\\";
        case '\'':
            return "\\'";
        default:
            break;
    }
    if (c >= 0x20 && c < 0x7F) return std::string(1, static_cast<char>(c));
    if (const std::size_t length = utf8_letter_length(s)) {
        used = length;
        return std::string(s.substr(0, length));
    }
    static constexpr char hex[] = "0123456789abcdef";
    return {'\\', 'x', hex[c >> 4], hex[c & 15]};
}

// Pieces of `bytes` from the front until `limit` output characters.
std::string escape_front(std::string_view bytes, std::size_t limit, std::size_t& consumed) {
    std::string out;
    consumed = 0;
    while (consumed < bytes.size()) {
        std::size_t used = 0;
        std::string next = piece(bytes.substr(consumed), used);
        if (out.size() + next.size() > limit) break;
        out += next;
        consumed += used;
    }
    return out;
}

// The escaped text and, when it was cut, the note " (N bytes)" that goes after it.
struct Shortened {
    std::string text;
    std::string note;
};

Shortened shorten(std::string_view bytes, std::size_t limit) {
    std::size_t consumed = 0;
    std::string whole    = escape_front(bytes, limit, consumed);
    if (consumed == bytes.size()) return {whole, ""};
    // Too long: keep the head and the tail (the end of a path or a number is often the telling
    // part), each at most half the limit. The tail starts at a letter boundary, after the head.
    const std::size_t half = limit / 2;
    std::size_t head_used  = 0;
    std::string head       = escape_front(bytes, half, head_used);
    std::size_t tail_start = bytes.size() > half ? bytes.size() - half : 0;
    while (tail_start < bytes.size() && (static_cast<unsigned char>(bytes[tail_start]) & 0xC0) == 0x80)
        ++tail_start;
    if (tail_start < head_used) tail_start = head_used;
    std::size_t tail_used = 0;
    std::string tail      = escape_front(bytes.substr(tail_start), half, tail_used);
    return {head + "..." + tail, " (" + std::to_string(bytes.size()) + " bytes)"};
}

}  // namespace

std::string escaped(std::string_view bytes, std::size_t limit) {
    auto [text, note] = shorten(bytes, limit);
    return text + note;
}

std::string shown(std::string_view bytes, std::size_t limit) {
    auto [text, note] = shorten(bytes, limit);
    return "'" + text + "'" + note;
}

std::string failure_text(const std::exception& error) {
    if (dynamic_cast<const std::bad_alloc*>(&error)) return "not enough memory";
    if (const auto* fs = dynamic_cast<const std::filesystem::filesystem_error*>(&error))
        return (fs->path1().empty() ? std::string("a file operation") : shown(fs->path1().native(), 160)) +
               ": " + fs->code().message();
    if (const auto* system = dynamic_cast<const std::system_error*>(&error))
        return "the system refused: " + system->code().message();
    if (dynamic_cast<const nlohmann::json::exception*>(&error) ||
        dynamic_cast<const std::out_of_range*>(&error) || dynamic_cast<const std::length_error*>(&error) ||
        dynamic_cast<const std::bad_cast*>(&error))
        return "an internal error (please report it): " + escaped(error.what(), 200);
    // Ours: one line, its quoted parts escaped already (escaping again would double the
    // backslashes). Only a text with control bytes in it is escaped here.
    const std::string_view text = error.what();
    for (unsigned char c : text)
        if (c < 0x20 || c == 0x7f) return escaped(text, 400);
    return std::string(text);
}

}  // namespace noise::io
