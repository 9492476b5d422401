// noise/field_table.hpp: the metadata-table machinery behind noise::param_table() and the app's
// view keys: one description per field (key, label, tooltip, kind, range, choice names, getter,
// setter) that sliders, presets, `--set` and error messages all read.
//
//     const FieldInfo<Params>& info = ...;
//     std::string error = set_field_text(params, info, "6");   // "" or one line:
//     // "octaves: '20' is out of range: expected an integer from 1 to 16"
//
// A field travels as a double: a choice as its index, a toggle as 0 or 1. `get_field` and
// `set_field` make the getter and setter of any data member, so no table spells out a field's
// access by hand. Text forms: a choice's name, "true"/"false" (also read: on/off, 1/0), numbers
// in the shortest form that reads back to the same double.
//
// Numbers are read strictly, as std::from_chars reads them: plain decimal ("-12", "0.5", "1e-3"),
// the whole text, nothing else. No leading '+' or whitespace, no hexadecimal, no inf or nan; an
// empty value is an error like any other, never the default. Every error message quotes the
// value escaped and shortened (quote_text), names the key and says what is allowed.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <type_traits>

namespace noise {

enum class FieldKind { choice, integer, real, toggle };

// The part of a field's description that does not depend on the struct it lives in.
struct FieldSpec {
    std::string_view key;      // stable: presets, --set, UI ids
    std::string_view label;    // shown next to the control
    std::string_view tooltip;  // one sentence on what it does
    FieldKind kind;
    double min;  // inclusive bounds; for a choice 0 .. names.size()-1, for a toggle 0 .. 1
    double max;
    std::span<const std::string_view> names;  // the choice names (empty for other kinds)
};

template <class Settings>
struct FieldInfo : FieldSpec {
    double (*get)(const Settings&);
    void (*set)(Settings&, double);  // expects a value already checked against min/max
};

// [SECTION] Text, shared by every table ----------------------------------------------------

// What a field accepts: "expected an integer from 1 to 16", "expected one of perlin, value, white".
std::string allowed_values(const FieldSpec& field);

// Parses `text` into the field's number; "" or the error line. Checks kind and range.
std::string parse_field_text(const FieldSpec& field, std::string_view text, double& value);

// Checks a number against the field's kind and range; "" or the error line.
std::string check_field_value(const FieldSpec& field, double value);

// The text form of a field's number, the one parse_field_text reads back.
std::string format_field_value(const FieldSpec& field, double value);

// Shortest round-trip text of a double, without an exponent for everyday numbers (100000).
std::string format_number(double value);

// A value from the user in single quotes, made safe for a one-line message: bytes outside
// printable ASCII are written \xNN (\n, \t, \\ and \' by name), so no escape sequence reaches a
// terminal, and a value longer than 56 bytes keeps its first and last 24 with its length:
// 'xxx...xxx' (10000000 bytes). The app's shown() (app/core/shown_text.hpp) does the same and
// also keeps UTF-8 letters; this library depends on the standard library only, so it has its own.
std::string quote_text(std::string_view text);

// [SECTION] Per-struct helpers ---------------------------------------------------------------

template <class Settings>
std::string set_field_value(Settings& settings, const FieldInfo<Settings>& field, double value) {
    std::string error = check_field_value(field, value);
    if (error.empty()) field.set(settings, value);
    return error;
}

template <class Settings>
std::string set_field_text(Settings& settings, const FieldInfo<Settings>& field, std::string_view text) {
    double value      = 0.0;
    std::string error = parse_field_text(field, text, value);
    if (error.empty()) field.set(settings, value);
    return error;
}

template <class Settings>
std::string format_field(const Settings& settings, const FieldInfo<Settings>& field) {
    return format_field_value(field, field.get(settings));
}

template <class Settings>
const FieldInfo<Settings>* find_field(std::span<const FieldInfo<Settings>> table, std::string_view key) {
    for (const auto& field : table)
        if (field.key == key) return &field;
    return nullptr;
}

// [SECTION] Getters and setters of data members ----------------------------------------------

template <class T>
struct member_pointer_traits;
template <class Owner, class Field>
struct member_pointer_traits<Field Owner::*> {
    using owner = Owner;
    using field = Field;
};

template <auto Member>
double get_field(const typename member_pointer_traits<decltype(Member)>::owner& settings) {
    const auto value = settings.*Member;
    if constexpr (std::is_enum_v<decltype(value)>)
        return static_cast<double>(static_cast<int>(value));
    else
        return static_cast<double>(value);
}

template <auto Member>
void set_field(typename member_pointer_traits<decltype(Member)>::owner& settings, double value) {
    using Field = typename member_pointer_traits<decltype(Member)>::field;
    if constexpr (std::is_enum_v<Field>)
        settings.*Member = static_cast<Field>(static_cast<int>(value));
    else if constexpr (std::is_same_v<Field, bool>)
        settings.*Member = value != 0.0;
    else
        settings.*Member = static_cast<Field>(value);
}

}  // namespace noise
