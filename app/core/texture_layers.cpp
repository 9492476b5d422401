// texture_layers: the rules of texture_layers.hpp, their preset section, largest-remainder rounding.
#include "core/texture_layers.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/shown_text.hpp"

namespace app {
namespace {

constexpr std::size_t max_layer_name = 32;

// One side of a bound: 1 inside, 0 outside, linear over `falloff` centred on the bound.
double ramp(double inside_by, double falloff) {
    if (falloff > 0.0) return std::clamp(inside_by / falloff + 0.5, 0.0, 1.0);
    return inside_by >= 0.0 ? 1.0 : 0.0;
}

double inside(double v, double lo, double hi, double falloff) {
    const double below = std::isfinite(lo) ? ramp(v - lo, falloff) : 1.0;
    const double above = std::isfinite(hi) ? ramp(hi - v, falloff) : 1.0;
    return below * above;
}

struct NumberKey {
    std::string_view key;
    double TextureLayer::*field;
    double lo, hi;
    std::string_view allowed;
};
constexpr std::array<NumberKey, 6> number_keys{{
    {"height_min", &TextureLayer::height_min, -1e7, 1e7, "metres, from -10000000 to 10000000"},
    {"height_max", &TextureLayer::height_max, -1e7, 1e7, "metres, from -10000000 to 10000000"},
    {"slope_min", &TextureLayer::slope_min, 0.0, 90.0, "degrees, from 0 to 90"},
    {"slope_max", &TextureLayer::slope_max, 0.0, 90.0, "degrees, from 0 to 90"},
    {"height_falloff", &TextureLayer::height_falloff, 0.0, 1e7, "metres, from 0 to 10000000"},
    {"slope_falloff", &TextureLayer::slope_falloff, 0.0, 90.0, "degrees, from 0 to 90"},
}};

[[noreturn]] void bad(const std::string& where, const std::string& what) {
    throw std::invalid_argument("texture_layers" + where + ": " + what);
}

std::string json_text(const nlohmann::json& value) { return escaped(value.dump(), 80); }

}  // namespace

std::vector<TextureLayer> default_texture_layers(double height, double sea_level) {
    std::vector<TextureLayer> layers(4);
    layers[0].name           = "rock";
    layers[0].slope_min      = 35.0;
    layers[0].slope_falloff  = 6.0;
    layers[1].name           = "snow";
    layers[1].height_min     = 0.75 * height;
    layers[1].height_falloff = 0.05 * height;
    layers[2].name           = "sand";
    if (sea_level > 0.0) {  // a beach at the waterline, not the lowest 8 % (then under water)
        const double sea         = sea_level * height;
        layers[2].height_min     = sea - 0.03 * height;
        layers[2].height_max     = sea + 0.02 * height;
        layers[2].height_falloff = 0.01 * height;
    } else {
        layers[2].height_max     = 0.08 * height;
        layers[2].height_falloff = 0.04 * height;
    }
    layers[3].name = "grass";
    return layers;
}

LayerWeights layer_weights(const std::vector<TextureLayer>& layers, double height, double slope) {
    LayerWeights weights{};
    double left = 1.0;
    for (std::size_t i = 0; i < layers.size() && i < max_texture_layers; ++i) {
        const TextureLayer& layer = layers[i];
        const double strength     = inside(height, layer.height_min, layer.height_max, layer.height_falloff) *
                                inside(slope, layer.slope_min, layer.slope_max, layer.slope_falloff);
        weights[i] = strength * left;
        left -= weights[i];
    }
    if (!layers.empty()) weights[std::min(layers.size(), max_texture_layers) - 1] += left;
    return weights;
}

std::array<std::uint32_t, max_texture_layers> quantised_weights(const LayerWeights& weights,
                                                                std::size_t count, std::uint32_t total) {
    std::array<std::uint32_t, max_texture_layers> q{};
    std::array<double, max_texture_layers> remainder{};
    std::array<std::size_t, max_texture_layers> order{};
    std::int64_t missing = total;
    count                = std::min(count, max_texture_layers);
    for (std::size_t i = 0; i < count; ++i) {
        const double scaled = std::clamp(weights[i], 0.0, 1.0) * total;
        q[i]                = static_cast<std::uint32_t>(std::floor(scaled));
        remainder[i]        = scaled - q[i];
        missing -= q[i];
        order[i] = i;
    }
    // Equal remainders: the earlier layer first (stable), so the result is the same everywhere.
    std::stable_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(count),
                     [&](std::size_t a, std::size_t b) { return remainder[a] > remainder[b]; });
    // Weights summing to 1 leave 0 <= missing <= count; the loops keep the sum exact regardless.
    for (std::size_t k = 0; missing > 0 && count > 0; k = (k + 1) % count, --missing) ++q[order[k]];
    for (std::size_t k = 0; missing < 0 && count > 0; k = (k + 1) % count)
        if (q[order[count - 1 - k]] > 0) --q[order[count - 1 - k]], ++missing;
    return q;
}

std::vector<TextureLayer> read_texture_layers(const nlohmann::json& value) {
    if (!value.is_array() || value.empty() || value.size() > max_texture_layers)
        bad("", "expected an array of 1 to " + std::to_string(max_texture_layers) +
                    " layer objects, e.g. [{\"name\": \"rock\", \"slope_min\": 35}], got " +
                    json_text(value));
    std::vector<TextureLayer> layers;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string where = "[" + std::to_string(i) + "]";
        const auto& object      = value[i];
        if (!object.is_object())
            bad(where, "expected an object {\"name\": ..., ...}, got " + json_text(object));
        TextureLayer layer;
        bool named = false;
        // Not a structured binding: clang 14 (the fuzz build) cannot capture one in the lambda below.
        for (const auto& entry : object.items()) {
            const std::string& key = entry.key();
            const auto& item       = entry.value();
            if (key == "name") {
                const std::string name = item.is_string() ? item.get<std::string>() : std::string();
                const bool ok =
                    !name.empty() && name.size() <= max_layer_name &&
                    std::all_of(name.begin(), name.end(), [](char c) {
                        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
                    });
                if (!ok)
                    bad(where + ".name",
                        json_text(item) + " is not allowed: expected 1 to 32 of A-Z a-z 0-9 _ -");
                layer.name = item.get<std::string>();
                named      = true;
                continue;
            }
            const auto found = std::find_if(number_keys.begin(), number_keys.end(),
                                            [&](const NumberKey& k) { return k.key == key; });
            if (found == number_keys.end())
                bad(where,
                    "unknown key " + shown(key) +
                        ": expected name, height_min, height_max, slope_min, slope_max, height_falloff or "
                        "slope_falloff");
            if (!item.is_number() || !(item.get<double>() >= found->lo && item.get<double>() <= found->hi))
                bad(where + "." + key,
                    json_text(item) + " is not allowed: expected a number, " + std::string(found->allowed));
            layer.*(found->field) = item.get<double>();
        }
        if (!named) bad(where, "the key \"name\" is missing: every layer is named (e.g. \"rock\")");
        for (const auto& other : layers)
            if (other.name == layer.name)
                bad(where + ".name", shown(layer.name) + " names two layers: expected unique names");
        layers.push_back(std::move(layer));
    }
    return layers;
}

nlohmann::ordered_json texture_layers_json(const std::vector<TextureLayer>& layers) {
    nlohmann::ordered_json array = nlohmann::ordered_json::array();
    for (const auto& layer : layers) {
        nlohmann::ordered_json object;
        object["name"] = layer.name;
        for (const auto& k : number_keys)
            if (std::isfinite(layer.*(k.field)) &&
                !(k.key.ends_with("falloff") && layer.*(k.field) == 0.0))  // the default: left out
                object[std::string(k.key)] = layer.*(k.field);
        array.push_back(object);
    }
    return array;
}

int find_texture_layer(const std::vector<TextureLayer>& layers, std::string_view name_or_index) {
    for (std::size_t i = 0; i < layers.size(); ++i)
        if (layers[i].name == name_or_index) return static_cast<int>(i);
    int index       = -1;
    const char* end = name_or_index.data() + name_or_index.size();
    if (std::from_chars(name_or_index.data(), end, index).ptr == end && index >= 0 &&
        static_cast<std::size_t>(index) < layers.size())
        return index;
    return -1;
}

}  // namespace app
