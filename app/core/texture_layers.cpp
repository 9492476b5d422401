// texture_layers: the rules of texture_layers.hpp, their preset section, largest-remainder rounding.
#include "core/texture_layers.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/shown_text.hpp"
#include "noise/field_table.hpp"

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

constexpr std::array<TextureBandInfo, texture_band_count> band_table{{
    {TextureBand::height, "Height", "m", -1e7, 1e7, 1e7, "metres, from -10000000 to 10000000",
     "metres, from 0 to 10000000", false,
     "Metres above the terrain's base (mapped 0), or above the sea's surface when tied to the sea"},
    {TextureBand::slope, "Slope", "deg", 0.0, 90.0, 90.0, "degrees, from 0 to 90", "degrees, from 0 to 90",
     false, "Degrees, the slope mask's: 0 flat, 90 a wall"},
    {TextureBand::curvature, "Curvature", "", -1.0, 1.0, 2.0, "k, from -1 to 1", "k, from 0 to 2", false,
     "The curvature mask's k (change of slope per sample): > 0 valleys and hollows, < 0 ridges"},
    {TextureBand::flow, "Flow", "", 0.0, 1.0, 1.0, "a share of the largest, from 0 to 1",
     "a share of the largest, from 0 to 1", true,
     "The simulation's flow map, ln(drained area) / ln(the largest): 0 ridges, 1 the main river"},
    {TextureBand::wear, "Wear", "", 0.0, 1.0, 1.0, "a share of the largest, from 0 to 1",
     "a share of the largest, from 0 to 1", true,
     "The simulation's wear map: the depth taken away / the deepest cut"},
    {TextureBand::deposit, "Deposit", "", 0.0, 1.0, 1.0, "a share of the largest, from 0 to 1",
     "a share of the largest, from 0 to 1", true,
     "The simulation's deposit map: the depth laid down (fans, filled valleys) / the deepest fill"},
}};
static_assert(band_table[5].band == TextureBand::deposit);

enum class Side { min, max, falloff };

struct NumberKey {
    std::string key;
    TextureBand band;
    Side side;
    double BandRange::*field;
    double lo, hi;
    std::string_view allowed;
    double& of(TextureLayer& layer) const { return layer.band(band).*field; }
    double of(const TextureLayer& layer) const { return layer.band(band).*field; }
};

// Every number key, in the order written: height's and slope's as they always were (min, max of
// each, then both falloffs), then each other band's min, max, falloff.
std::vector<NumberKey> make_number_keys() {
    std::vector<NumberKey> keys;
    const auto add = [&](const TextureBandInfo& info, Side side) {
        const std::string name(texture_band_names[static_cast<std::size_t>(info.band)]);
        if (side == Side::falloff)
            keys.push_back({name + "_falloff", info.band, side, &BandRange::falloff, 0.0, info.falloff_hi,
                            info.falloff_allowed});
        else if (side == Side::min)
            keys.push_back({name + "_min", info.band, side, &BandRange::min, info.lo, info.hi, info.allowed});
        else
            keys.push_back({name + "_max", info.band, side, &BandRange::max, info.lo, info.hi, info.allowed});
    };
    add(band_table[0], Side::min);
    add(band_table[0], Side::max);
    add(band_table[1], Side::min);
    add(band_table[1], Side::max);
    add(band_table[0], Side::falloff);
    add(band_table[1], Side::falloff);
    for (std::size_t b = 2; b < band_table.size(); ++b)
        for (Side side : {Side::min, Side::max, Side::falloff}) add(band_table[b], side);
    return keys;
}

const std::vector<NumberKey>& number_keys() {
    static const std::vector<NumberKey> keys = make_number_keys();  // immutable once made
    return keys;
}

[[noreturn]] void bad(const std::string& where, const std::string& what) {
    throw std::invalid_argument("texture_layers" + where + ": " + what);
}

std::string json_text(const nlohmann::json& value) { return escaped(value.dump(), 80); }

}  // namespace

std::span<const TextureBandInfo> texture_band_table() { return band_table; }

const TextureBandInfo& texture_band_info(TextureBand band) {
    return band_table[static_cast<std::size_t>(band)];
}

std::vector<TextureLayer> default_texture_layers(double height, double sea_level) {
    std::vector<TextureLayer> layers(4);
    layers[0].name                              = "rock";
    layers[0].band(TextureBand::slope).min      = 35.0;
    layers[0].band(TextureBand::slope).falloff  = 6.0;
    layers[1].name                              = "snow";
    layers[1].band(TextureBand::height).min     = 0.75 * height;
    layers[1].band(TextureBand::height).falloff = 0.05 * height;
    layers[2].name                              = "sand";
    BandRange& sand                             = layers[2].band(TextureBand::height);
    if (sea_level > 0.0) {  // a beach at the waterline, not the lowest 8 % (then under water)
        const double sea = sea_level * height;
        sand.min         = sea - 0.03 * height;
        sand.max         = sea + 0.02 * height;
        sand.falloff     = 0.01 * height;
    } else {
        sand.max     = 0.08 * height;
        sand.falloff = 0.04 * height;
    }
    layers[3].name = "grass";
    return layers;
}

std::vector<TextureLayer> editable_default_layers(double height, double sea_level) {
    std::vector<TextureLayer> layers = default_texture_layers(height, sea_level);
    if (sea_level > 0.0) {  // the same beach, measured from the sea: it follows the sea level
        layers[2].height_from                   = HeightFrom::sea;
        layers[2].band(TextureBand::height).min = -0.03 * height;
        layers[2].band(TextureBand::height).max = 0.02 * height;
    }
    return layers;
}

LayerWeights layer_weights(const std::vector<TextureLayer>& layers, const BandValues& at, double sea_height) {
    LayerWeights weights{};
    double left = 1.0;
    for (std::size_t i = 0; i < layers.size() && i < max_texture_layers; ++i) {
        const TextureLayer& layer = layers[i];
        const BandRange& h        = layer.band(TextureBand::height);
        const BandRange& s        = layer.band(TextureBand::slope);
        const double height       = layer.height_from == HeightFrom::sea ? at[0] - sea_height : at[0];
        // Height and slope as they always were; another band only where the layer bounds it.
        double strength = inside(height, h.min, h.max, h.falloff) * inside(at[1], s.min, s.max, s.falloff);
        for (std::size_t b = 2; b < texture_band_count; ++b)
            if (const BandRange& band = layer.bands[b]; band.bounded())
                strength *= inside(at[b], band.min, band.max, band.falloff);
        weights[i] = strength * left;
        left -= weights[i];
    }
    if (!layers.empty()) weights[std::min(layers.size(), max_texture_layers) - 1] += left;
    return weights;
}

LayerWeights layer_weights(const std::vector<TextureLayer>& layers, double height, double slope) {
    return layer_weights(layers, BandValues{height, slope}, 0.0);
}

bool uses_band(const std::vector<TextureLayer>& layers, TextureBand band) {
    return std::any_of(layers.begin(), layers.end(),
                       [&](const TextureLayer& layer) { return layer.band(band).bounded(); });
}

std::string texture_layers_problem(const std::vector<TextureLayer>& layers, bool simulated) {
    if (simulated) return "";
    for (std::size_t i = 0; i < layers.size(); ++i)
        for (const NumberKey& key : number_keys()) {
            if (!band_table[static_cast<std::size_t>(key.band)].simulation || key.side == Side::falloff ||
                !std::isfinite(key.of(layers[i])))
                continue;
            // The value as the preset holds it (the shortest text that reads back the same
            // double), as every other line about a number does; %g would round it to 6 digits.
            const std::string value = noise::format_number(key.of(layers[i]));
            return "texture_layers[" + std::to_string(i) + "]." + key.key + ": " + value + " bounds the " +
                   std::string(texture_band_names[static_cast<std::size_t>(key.band)]) +
                   " map, which only the erosion simulation makes: expected erosion.method = simulate, or "
                   "a layer without " +
                   std::string(texture_band_names[static_cast<std::size_t>(key.band)]) + " bounds";
        }
    return "";
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
            if (key == "height_from") {
                const auto found = item.is_string()
                                       ? std::find(height_from_names.begin(), height_from_names.end(),
                                                   item.get<std::string>())
                                       : height_from_names.end();
                if (found == height_from_names.end())
                    bad(where + ".height_from",
                        json_text(item) +
                            " is not allowed: expected \"base\" (metres above the terrain's base) or \"sea\" "
                            "(metres above the sea's surface)");
                layer.height_from = static_cast<HeightFrom>(found - height_from_names.begin());
                continue;
            }
            const auto found = std::find_if(number_keys().begin(), number_keys().end(),
                                            [&](const NumberKey& k) { return k.key == key; });
            if (found == number_keys().end())
                bad(where, "unknown key " + shown(key) +
                               ": expected name, height_from, or B_min, B_max, B_falloff for B in height, "
                               "slope, curvature, flow, wear, deposit");
            if (!item.is_number() || !(item.get<double>() >= found->lo && item.get<double>() <= found->hi))
                bad(where + "." + key,
                    json_text(item) + " is not allowed: expected a number, " + std::string(found->allowed));
            found->of(layer) = item.get<double>();
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
        if (layer.height_from != HeightFrom::base)  // the default: left out, as in older files
            object["height_from"] =
                std::string(height_from_names[static_cast<std::size_t>(layer.height_from)]);
        for (const auto& k : number_keys())
            if (std::isfinite(k.of(layer)) &&
                !(k.side == Side::falloff && k.of(layer) == 0.0))  // the default: left out
                object[k.key] = k.of(layer);
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
