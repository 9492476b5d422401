// The parameter table and the text parsing every front end shares.
#include "noise/params.hpp"

#include <charconv>
#include <cmath>

#include "noise/field_access.hpp"

namespace noise {
namespace {

template <auto Member, std::size_t N>
constexpr ParamInfo choice(std::string_view key, std::string_view label, std::string_view tooltip,
                           const std::array<std::string_view, N>& names) {
    return {key, label, tooltip, ParamKind::choice, 0.0, static_cast<double>(N - 1), names,
            &get_field<Member>, &set_field<Member>};
}

template <auto Member>
constexpr ParamInfo number(ParamKind kind, std::string_view key, std::string_view label, std::string_view tooltip,
                           double min, double max) {
    return {key, label, tooltip, kind, min, max, {}, &get_field<Member>, &set_field<Member>};
}

constexpr double coordinate_limit = 1e12;  // keeps floor() exact and leaves a fractional part

const std::array<ParamInfo, 17> table{
    choice<&Params::algorithm>("algorithm", "Algorithm",
                               "Gradient noise (Perlin), lattice value noise (Hugo Elias), or the raw lattice values "
                               "(white noise).",
                               algorithm_names),
    number<&Params::dimension>(ParamKind::integer, "dimension", "Dimension",
                               "Dimension of the noise function; the 2D preview shows its slice at z and w.", 1, 4),
    choice<&Params::gradients>("gradients", "Gradients",
                               "Perlin only: Ken Perlin's 12 cube-edge vectors (2002), the 4 axis vectors of seed 001, "
                               "or random unit vectors (1985).",
                               gradients_names),
    choice<&Params::interpolation>("interpolation", "Interpolation",
                                   "How lattice contributions are blended: straight lines, a cosine, the 4-point cubic "
                                   "of seed 004, Perlin's quintic fade, or smoothstep.",
                                   interpolation_names),
    number<&Params::smooth>(ParamKind::toggle, "smooth", "Smooth lattice",
                            "Value and white noise: average each lattice value with its neighbours (seed 004), "
                            "flatter and less square.",
                            0, 1),
    choice<&Params::fractal>("fractal", "Fractal",
                             "How octaves are summed: plain fBm, absolute values (turbulence), or ridged multifractal "
                             "crests.",
                             fractal_names),
    number<&Params::octaves>(ParamKind::integer, "octaves", "Octaves",
                             "Number of noise layers added together, each finer than the last.", 1, 16),
    number<&Params::persistence>(ParamKind::real, "persistence", "Persistence",
                                 "Amplitude ratio between one octave and the next: low is smooth, 1 is rough.", 0, 1),
    number<&Params::lacunarity>(ParamKind::real, "lacunarity", "Lacunarity",
                                "Frequency ratio between one octave and the next; must be a whole number while "
                                "tiling.",
                                1, 4),
    choice<&Params::octave_seeds>("octave_seeds", "Octave seeds",
                                  "Every octave uses the same permutation (seed 000), or each its own (seed 004).",
                                  octave_seeds_names),
    number<&Params::seed>(ParamKind::integer, "seed", "Seed",
                          "Chooses the permutation; 0 is Ken Perlin's published table.", 0, 4294967295.0),
    number<&Params::frequency>(ParamKind::real, "frequency", "Frequency",
                               "Lattice cells across the image width: higher zooms out.", 0.001, 100000),
    number<&Params::offset_x>(ParamKind::real, "offset_x", "Offset x",
                              "Noise-space x at the left edge of the image (pans the view).", -coordinate_limit,
                              coordinate_limit),
    number<&Params::offset_y>(ParamKind::real, "offset_y", "Offset y",
                              "Noise-space y at the top edge of the image (pans the view).", -coordinate_limit,
                              coordinate_limit),
    number<&Params::z>(ParamKind::real, "z", "Slice z",
                       "Noise-space z of the slice shown, for dimension 3 and 4 (animate it to see the field flow).",
                       -coordinate_limit, coordinate_limit),
    number<&Params::w>(ParamKind::real, "w", "Slice w", "Noise-space w of the slice shown, for dimension 4.",
                       -coordinate_limit, coordinate_limit),
    number<&Params::tile>(ParamKind::integer, "tile", "Tile period",
                          "0 for no tiling, else the noise repeats every this many cells on every axis, at every "
                          "octave.",
                          0, 65536),
};

std::string join_names(std::span<const std::string_view> names) {
    std::string out;
    for (auto name : names) {
        if (!out.empty()) out += ", ";
        out += name;
    }
    return out;
}

// The shortest text that reads back as the same double, without exponents for the numbers
// people type (100000 rather than 1e+05).
std::string format_number(double value) {
    char buffer[64];
    const double magnitude = std::abs(value);
    const auto format      = (value == 0.0 || (magnitude >= 1e-6 && magnitude < 1e15)) ? std::chars_format::fixed
                                                                                       : std::chars_format::general;
    const auto result      = std::to_chars(buffer, buffer + sizeof buffer, value, format);
    return std::string(buffer, result.ptr);
}

}  // namespace

std::string allowed_values(const ParamInfo& info) {
    switch (info.kind) {
        case ParamKind::choice: return "expected one of " + join_names(info.names);
        case ParamKind::toggle: return "expected true or false (on/off, 1/0)";
        case ParamKind::integer:
            return "expected an integer from " + format_number(info.min) + " to " + format_number(info.max);
        case ParamKind::real:
            return "expected a number from " + format_number(info.min) + " to " + format_number(info.max);
    }
    return {};
}

namespace {

std::string problem(const ParamInfo& info, std::string_view text, std::string_view what) {
    return std::string(info.key) + ": '" + std::string(text) + "' " + std::string(what) + ": " + allowed_values(info);
}

// Parses the text form of a field into its number; an error line or "".
std::string parse(const ParamInfo& info, std::string_view text, double& value) {
    switch (info.kind) {
        case ParamKind::choice:
            for (std::size_t i = 0; i < info.names.size(); ++i) {
                if (info.names[i] == text) {
                    value = static_cast<double>(i);
                    return {};
                }
            }
            return problem(info, text, "is not allowed");
        case ParamKind::toggle:
            if (text == "true" || text == "on" || text == "1") value = 1.0;
            else if (text == "false" || text == "off" || text == "0") value = 0.0;
            else return problem(info, text, "is not allowed");
            return {};
        case ParamKind::integer: {
            long long integer = 0;
            const auto result = std::from_chars(text.data(), text.data() + text.size(), integer);
            if (result.ec == std::errc::result_out_of_range) return problem(info, text, "is out of range");
            if (result.ec != std::errc() || result.ptr != text.data() + text.size() || text.empty())
                return problem(info, text, "is not an integer");
            value = static_cast<double>(integer);
            return {};
        }
        case ParamKind::real: {
            const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
            if (result.ec == std::errc::result_out_of_range) return problem(info, text, "is out of range");
            if (result.ec != std::errc() || result.ptr != text.data() + text.size() || text.empty())
                return problem(info, text, "is not a number");
            if (!std::isfinite(value)) return problem(info, text, "is not a finite number");
            return {};
        }
    }
    return {};
}

}  // namespace

std::span<const ParamInfo> param_table() { return table; }

const ParamInfo* find_param(std::string_view key) {
    for (const auto& info : table)
        if (info.key == key) return &info;
    return nullptr;
}

std::string set_param_value(Params& params, const ParamInfo& info, double value) {
    const std::string text = format_number(value);
    if (!std::isfinite(value)) return problem(info, text, "is not a finite number");
    if (info.kind != ParamKind::real && value != std::floor(value)) return problem(info, text, "is not an integer");
    if (value < info.min || value > info.max) return problem(info, text, "is out of range");
    info.set(params, value);
    return {};
}

std::string set_param(Params& params, std::string_view key, std::string_view text) {
    const ParamInfo* info = find_param(key);
    if (info == nullptr) {
        std::string keys;
        for (const auto& entry : table) keys += (keys.empty() ? "" : ", ") + std::string(entry.key);
        return "unknown parameter '" + std::string(key) + "': expected one of " + keys;
    }
    double value = 0.0;
    if (auto error = parse(*info, text, value); !error.empty()) return error;
    if (value < info->min || value > info->max) return problem(*info, text, "is out of range");
    info->set(params, value);
    return {};
}

std::string format_param(const Params& params, const ParamInfo& info) {
    const double value = info.get(params);
    switch (info.kind) {
        case ParamKind::choice: {
            const auto index = static_cast<std::size_t>(value);
            return index < info.names.size() ? std::string(info.names[index]) : format_number(value);
        }
        case ParamKind::toggle: return value != 0.0 ? "true" : "false";
        case ParamKind::integer:
        case ParamKind::real: return format_number(value);
    }
    return {};
}

std::string validate(const Params& params) {
    for (const auto& info : table) {
        const double value = info.get(params);
        if (!std::isfinite(value)) return problem(info, format_param(params, info), "is not a finite number");
        if (value < info.min || value > info.max) return problem(info, format_param(params, info), "is out of range");
    }
    if (params.tile != 0 && params.lacunarity != std::floor(params.lacunarity)) {
        return "lacunarity: '" + format_number(params.lacunarity) +
               "' is not allowed while tiling: expected a whole number from 1 to 4 (tile = " +
               std::to_string(params.tile) + "), so that every octave repeats with the image";
    }
    return {};
}

Range nominal_range(const Params& params) {
    if (params.fractal == Fractal::fbm) return {-1.0, 1.0};
    return {0.0, 1.0};
}

}  // namespace noise
