// The view settings' key table; mirrors noise/src/params.cpp on a smaller scale.
#include "core/view_keys.hpp"

#include <array>
#include <charconv>
#include <cmath>

#include "noise/field_access.hpp"

namespace app {
namespace {

using noise::get_field;
using noise::set_field;

template <auto Member, std::size_t N>
constexpr ViewKeyInfo choice(std::string_view key, const std::array<std::string_view, N>& names) {
    return {key, ViewKeyKind::choice, 0.0, static_cast<double>(N - 1), names, &get_field<Member>, &set_field<Member>};
}

template <auto Member>
constexpr ViewKeyInfo toggle(std::string_view key) {
    return {key, ViewKeyKind::toggle, 0.0, 1.0, {}, &get_field<Member>, &set_field<Member>};
}

const std::array<ViewKeyInfo, 6> table{
    choice<&ViewSettings::mapping>("mapping", mapping_names),
    choice<&ViewSettings::ramp>("ramp", ramp_names),
    toggle<&ViewSettings::hillshade>("hillshade"),
    toggle<&ViewSettings::repeat_3x3>("repeat_3x3"),
    toggle<&ViewSettings::show_octaves>("show_octaves"),
    ViewKeyInfo{"scanline", ViewKeyKind::real, 0.0, 1.0, {}, &get_field<&ViewSettings::scanline>,
                &set_field<&ViewSettings::scanline>},
};

std::string format_number(double value) {
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

std::string problem(const ViewKeyInfo& info, std::string_view text, std::string_view what) {
    return std::string(info.key) + ": '" + std::string(text) + "' " + std::string(what) + ": " +
           view_key_allowed(info);
}

}  // namespace

std::span<const ViewKeyInfo> view_key_table() { return table; }

const ViewKeyInfo* find_view_key(std::string_view key) {
    for (const auto& info : table)
        if (info.key == key) return &info;
    return nullptr;
}

std::string view_key_allowed(const ViewKeyInfo& info) {
    switch (info.kind) {
        case ViewKeyKind::choice: {
            std::string out = "expected one of ";
            for (std::size_t i = 0; i < info.names.size(); ++i) out += (i ? ", " : "") + std::string(info.names[i]);
            return out;
        }
        case ViewKeyKind::toggle: return "expected true or false (on/off, 1/0)";
        case ViewKeyKind::real:
            return "expected a number from " + format_number(info.min) + " to " + format_number(info.max);
    }
    return {};
}

std::string set_view_value(ViewSettings& view, const ViewKeyInfo& info, double value) {
    const std::string text = format_number(value);
    if (!std::isfinite(value)) return problem(info, text, "is not a finite number");
    if (info.kind != ViewKeyKind::real && value != std::floor(value)) return problem(info, text, "is not an integer");
    if (value < info.min || value > info.max) return problem(info, text, "is out of range");
    info.set(view, value);
    return {};
}

std::string set_view_key(ViewSettings& view, std::string_view key, std::string_view text) {
    const ViewKeyInfo* info = find_view_key(key);
    if (info == nullptr) return "unknown view setting '" + std::string(key) + "'";
    double value = 0.0;
    switch (info->kind) {
        case ViewKeyKind::choice: {
            std::size_t i = 0;
            while (i < info->names.size() && info->names[i] != text) ++i;
            if (i == info->names.size()) return problem(*info, text, "is not allowed");
            value = static_cast<double>(i);
            break;
        }
        case ViewKeyKind::toggle:
            if (text == "true" || text == "on" || text == "1") value = 1.0;
            else if (text == "false" || text == "off" || text == "0") value = 0.0;
            else return problem(*info, text, "is not allowed");
            break;
        case ViewKeyKind::real: {
            const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
            if (text.empty() || result.ec != std::errc() || result.ptr != text.data() + text.size())
                return problem(*info, text, "is not a number");
            break;
        }
    }
    if (!std::isfinite(value) || value < info->min || value > info->max) return problem(*info, text, "is out of range");
    info->set(view, value);
    return {};
}

std::string format_view_key(const ViewSettings& view, const ViewKeyInfo& info) {
    const double value = info.get(view);
    switch (info.kind) {
        case ViewKeyKind::choice: return std::string(info.names[static_cast<std::size_t>(value)]);
        case ViewKeyKind::toggle: return value != 0.0 ? "true" : "false";
        case ViewKeyKind::real: return format_number(value);
    }
    return {};
}

}  // namespace app
