// The one JSON reader: a pre-pass for what nlohmann lets through, then nlohmann (see json_text.hpp).
#include "noise_io/json_text.hpp"

#include <algorithm>
#include <charconv>
#include <set>
#include <vector>

#include "noise_io/shown_text.hpp"

namespace noise::io {
namespace {

using nlohmann::json;

// A file name or "NAME (PNG text chunk)" at the start of a message: escaped, a long path cut in
// the middle.
std::string shown_source(std::string_view source) { return escaped(source, 160); }

[[noreturn]] void fail(std::string_view source, const std::string& message) {
    throw ReadError(shown_source(source) + ": " + message);
}

// Line and column (both from 1) of the byte at `offset` (0-based) in `text`.
std::pair<std::size_t, std::size_t> line_column(std::string_view text, std::size_t offset) {
    offset           = std::min(offset, text.size());
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

// "SOURCE:LINE:COLUMN: message" for the byte at `offset`.
[[noreturn]] void fail_at(std::string_view source, std::string_view text, std::size_t offset,
                          const std::string& message) {
    const auto [line, column] = line_column(text, offset);
    throw ReadError(shown_source(source) + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                    message);
}

// Whether a JSON number token is too large for a double. nlohmann refuses those (without naming
// the key); one too small becomes 0 or a subnormal, which it accepts, and so do we.
bool overflows_double(std::string_view token) {
    double value            = 0.0;
    const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (error != std::errc::result_out_of_range) return false;
    // Out of range either way: the decimal exponent of the first non-zero digit tells which.
    std::size_t i       = token.starts_with('-') ? 1 : 0;
    long magnitude      = 0;
    bool found          = false;
    long integer_digits = 0;
    for (; i < token.size() && token[i] >= '0' && token[i] <= '9'; ++i, ++integer_digits)
        if (!found && token[i] != '0') {
            found     = true;
            magnitude = -integer_digits;  // completed below, once the digits are counted
        }
    if (found) magnitude += integer_digits - 1;
    if (i < token.size() && token[i] == '.') {
        for (long place = 1; ++i < token.size() && token[i] >= '0' && token[i] <= '9'; ++place)
            if (!found && token[i] != '0') {
                found     = true;
                magnitude = -place;
            }
    }
    if (!found) return false;  // zero
    long exponent = 0;
    if (i < token.size() && (token[i] == 'e' || token[i] == 'E')) {
        const bool negative = ++i < token.size() && token[i] == '-';
        if (i < token.size() && (token[i] == '-' || token[i] == '+')) ++i;
        for (; i < token.size() && token[i] >= '0' && token[i] <= '9'; ++i)
            exponent = std::min(exponent * 10 + (token[i] - '0'), 1'000'000'000L);  // saturates
        if (negative) exponent = -exponent;
    }
    return magnitude + exponent > 0;
}

// One pass over the text before nlohmann sees it, for what its parser lets through (see the
// header). The string state is exact up to nlohmann's first syntax error, so any text nlohmann
// would nest deeper than the limit, or read a too large number from, is refused here.
void check_text(std::string_view text, std::string_view source, const JsonRules& rules) {
    // The key of each open [ or { (an array's is empty), for "view.ramp"; the string just closed.
    std::vector<std::string_view> keys{std::string_view{}};
    std::string_view last_string;
    bool in_string           = false;
    bool escaping            = false;
    std::size_t string_start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\0')
            fail_at(source, text, i,
                    "a NUL byte at byte offset " + std::to_string(i) + ": " + std::string(rules.what) +
                        " is JSON text, which never holds one (is this a binary file?)");
        if (in_string) {
            if (escaping)
                escaping = false;
            else if (c == '\\')
                escaping = true;
            else if (c == '"') {
                in_string   = false;
                last_string = text.substr(string_start, i - string_start);
            }
        } else if (c == '"') {
            in_string    = true;
            string_start = i + 1;
        } else if (c == ':') {
            keys.back() = last_string;
        } else if (c == '[' || c == '{') {
            if (static_cast<int>(keys.size()) > rules.max_nesting)
                fail_at(source, text, i,
                        "nested deeper than " + std::to_string(rules.max_nesting) + " levels of [ and {" +
                            (rules.nesting_note.empty() ? std::string()
                                                        : ": " + std::string(rules.nesting_note)));
            keys.emplace_back();
        } else if (c == ']' || c == '}') {
            if (keys.size() > 1) keys.pop_back();
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            std::size_t end = i;
            while (end < text.size() &&
                   std::string_view("0123456789+-.eE").find(text[end]) != std::string_view::npos)
                ++end;
            const std::string_view token = text.substr(i, end - i);
            if (overflows_double(token)) {
                std::string path;
                for (auto key : keys)
                    if (!key.empty()) path += (path.empty() ? "" : ".") + std::string(key);
                const std::string too_large =
                    shown(token) + " is too large for a number (at most about 1.8e308)";
                const std::string allowed =
                    rules.allowed && !path.empty() ? rules.allowed(path) : std::string();
                if (path.empty()) fail_at(source, text, i, "the number " + too_large);
                fail(source, "key " + shown(path) + ": " + too_large +
                                 (allowed.empty() ? std::string() : ": " + allowed));
            }
            i = end - 1;
        }
    }
}

// Thrown by the parser callback below; nlohmann lets it through.
struct DuplicateKey {
    std::string key;
};

// nlohmann keeps the last of two equal keys without a word: "octaves": 3, ..., "octaves": 12
// would silently mean 12. The callback sees every key in order and remembers the keys of each
// open object.
class DuplicateKeyCheck {
  public:
    bool operator()(int /*depth*/, json::parse_event_t event, json& parsed) {
        switch (event) {
            case json::parse_event_t::object_start:
            case json::parse_event_t::array_start:
                open_.push_back({});
                break;
            case json::parse_event_t::object_end:
            case json::parse_event_t::array_end:
                if (!open_.empty()) open_.pop_back();
                break;
            case json::parse_event_t::key: {
                if (open_.empty()) break;
                std::string key = parsed.get<std::string>();
                if (!open_.back().keys.insert(key).second) throw DuplicateKey{path_to(key)};
                open_.back().last_key = std::move(key);
                break;
            }
            case json::parse_event_t::value:
                break;
        }
        return true;
    }

  private:
    struct Level {
        std::set<std::string> keys;
        std::string last_key;
    };
    // "view.ramp": the keys of the enclosing objects, as the messages name view settings.
    std::string path_to(const std::string& key) const {
        std::string path;
        for (std::size_t i = 0; i + 1 < open_.size(); ++i)
            if (!open_[i].last_key.empty()) path += open_[i].last_key + ".";
        return path + key;
    }
    std::vector<Level> open_;
};

// nlohmann's message without its "[json.exception.parse_error.101] parse error at line 1, column
// 79: " prefix: only the reason, escaped and shortened (it quotes the bytes it last read).
std::string reason_of(const json::exception& error) {
    std::string reason = error.what();
    if (const auto at = reason.find(": ", reason.find("column")); at != std::string::npos)
        reason = reason.substr(at + 2);
    else if (const auto bracket = reason.find("] "); bracket != std::string::npos)
        reason = reason.substr(bracket + 2);
    return escaped(reason, 200);
}

}  // namespace

json parse_json_text(std::string_view text, std::string_view source, const JsonRules& rules) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        fail(source, std::string(text.empty() ? "is empty" : "holds only white space") + ": expected " +
                         std::string(rules.what) + ", a JSON object {...}");
    check_text(text, source, rules);
    try {
        return json::parse(text.begin(), text.end(), DuplicateKeyCheck{});
    } catch (const DuplicateKey& duplicate) {
        fail(source,
             "key " + shown(duplicate.key) + ": appears twice: a key may appear once (which one was meant?)");
    } catch (const json::parse_error& error) {
        // nlohmann's byte is 1-based and points at the character that broke the parse.
        fail_at(source, text, error.byte == 0 ? 0 : error.byte - 1, "malformed JSON: " + reason_of(error));
    } catch (const json::exception& error) {
        // Not expected after the pre-pass (a number overflow is its one known case); still ours.
        fail(source, "malformed JSON: " + reason_of(error));
    }
}

}  // namespace noise::io
