// Parsing, checking and printing field values for every metadata table: see field_table.hpp.
#include "noise/field_table.hpp"

#include <charconv>
#include <cmath>

namespace noise {
namespace {

std::string problem(const FieldSpec& field, std::string_view text, std::string_view what) {
    return std::string(field.key) + ": " + quote_text(text) + " " + std::string(what) + ": " +
           allowed_values(field);
}

// One byte of `text` as it appears inside the quotes.
std::string quoted_byte(char c) {
    switch (c) {
        case '\\':
            return "\\\\";
        case '\'':
            return "\\'";
        case '\n':
            return "\\n";
        case '\t':
            return "\\t";
        default:
            break;
    }
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F) return std::string(1, c);
    static constexpr char hex[] = "0123456789abcdef";
    return {'\\', 'x', hex[byte >> 4], hex[byte & 15]};
}

}  // namespace

std::string quote_text(std::string_view text) {
    constexpr std::size_t keep = 24;  // bytes kept from each end of a long value
    std::string out            = "'";
    if (text.size() <= 2 * keep + 8) {
        for (char c : text) out += quoted_byte(c);
        return out + "'";
    }
    for (char c : text.substr(0, keep)) out += quoted_byte(c);
    out += "...";
    for (char c : text.substr(text.size() - keep)) out += quoted_byte(c);
    return out + "' (" + std::to_string(text.size()) + " bytes)";
}

std::string format_number(double value) {
    char buffer[64];
    const double magnitude = std::abs(value);
    const auto format      = (value == 0.0 || (magnitude >= 1e-6 && magnitude < 1e15))
                                 ? std::chars_format::fixed
                                 : std::chars_format::general;
    const auto result      = std::to_chars(buffer, buffer + sizeof buffer, value, format);
    return std::string(buffer, result.ptr);
}

std::string allowed_values(const FieldSpec& field) {
    switch (field.kind) {
        case FieldKind::choice: {
            std::string names;
            for (auto name : field.names) names += (names.empty() ? "" : ", ") + std::string(name);
            return "expected one of " + names;
        }
        case FieldKind::toggle:
            return "expected true or false (on/off, 1/0)";
        case FieldKind::integer:
            return "expected an integer from " + format_number(field.min) + " to " + format_number(field.max);
        case FieldKind::real:
            return "expected a number from " + format_number(field.min) + " to " + format_number(field.max);
    }
    return {};
}

std::string parse_field_text(const FieldSpec& field, std::string_view text, double& value) {
    if (text.empty()) return problem(field, text, "is empty");
    const char* end = text.data() + text.size();
    switch (field.kind) {
        case FieldKind::choice:
            for (std::size_t i = 0; i < field.names.size(); ++i) {
                if (field.names[i] == text) {
                    value = static_cast<double>(i);
                    return {};
                }
            }
            return problem(field, text, "is not allowed");
        case FieldKind::toggle:
            if (text == "true" || text == "on" || text == "1")
                value = 1.0;
            else if (text == "false" || text == "off" || text == "0")
                value = 0.0;
            else
                return problem(field, text, "is not allowed");
            return {};
        // Numbers: std::from_chars reads exactly the plain decimal forms ("-12", "0.5", "1e-3"),
        // with no leading '+' or whitespace and no hexadecimal, and the whole text must be used,
        // so "+-1", " 5", "0x10" and "5abc" are errors rather than a guess at what was meant.
        case FieldKind::integer: {
            long long integer = 0;
            const auto result = std::from_chars(text.data(), end, integer);
            if (result.ec == std::errc::result_out_of_range) return problem(field, text, "is out of range");
            if (result.ec != std::errc() || result.ptr != end)
                return problem(field, text, "is not an integer");
            value = static_cast<double>(integer);
            break;
        }
        case FieldKind::real: {
            const auto result = std::from_chars(text.data(), end, value);
            // from_chars says "out of range" both for 1e400 and for 1e-400, which underflows.
            if (result.ec == std::errc::result_out_of_range)
                return problem(field, text, "is too large or too small for a double");
            if (result.ec != std::errc() || result.ptr != end) return problem(field, text, "is not a number");
            if (!std::isfinite(value)) return problem(field, text, "is not a finite number");  // inf, nan
            break;
        }
    }
    if (value < field.min || value > field.max) return problem(field, text, "is out of range");
    return {};
}

std::string check_field_value(const FieldSpec& field, double value) {
    const std::string text = format_number(value);
    if (!std::isfinite(value)) return problem(field, text, "is not a finite number");
    if (field.kind != FieldKind::real && value != std::floor(value))
        return problem(field, text, "is not an integer");
    if (value < field.min || value > field.max) return problem(field, text, "is out of range");
    return {};
}

std::string format_field_value(const FieldSpec& field, double value) {
    switch (field.kind) {
        case FieldKind::choice: {
            // Checked before the conversion: a double outside size_t's range would be undefined.
            if (value >= 0 && value < static_cast<double>(field.names.size()))
                return std::string(field.names[static_cast<std::size_t>(value)]);
            return format_number(value);
        }
        case FieldKind::toggle:
            return value != 0.0 ? "true" : "false";
        case FieldKind::integer:
        case FieldKind::real:
            return format_number(value);
    }
    return {};
}

}  // namespace noise
