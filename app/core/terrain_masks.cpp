// terrain_masks: the field along each row with its exact gradient (field_row.hpp; the rows above
// and below too for curvature), the chain rule of terrain_scale.hpp, the 16-bit mappings of
// terrain_masks.hpp.
#include "core/terrain_masks.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "core/field_row.hpp"

namespace app {
namespace {

std::uint16_t clamped_sample(double v) {
    return static_cast<std::uint16_t>(std::clamp(std::floor(v + 0.5), 0.0, 65535.0));
}

double slope_degrees(std::array<double, 2> slope) {
    return std::atan(std::hypot(slope[0], slope[1])) * (180.0 / std::numbers::pi);
}

// The curvature map's k at column `at` of `here`, a row read one pixel wider on each side than
// `above` and `below`: the slopes' central differences across and up and down.
double curvature_k(const FieldRow& here, const FieldRow& above, const FieldRow& below,
                   const TerrainScale& scale, std::size_t at) {
    return (here.slope(scale, at + 2)[0] - here.slope(scale, at)[0]) / 2.0 +
           (below.slope(scale, at)[1] - above.slope(scale, at)[1]) / 2.0;
}

const std::vector<float>& simulation_values(const noise::SimulationMaps& maps, TerrainMask mask) {
    return mask == TerrainMask::flow ? maps.flow : mask == TerrainMask::wear ? maps.wear : maps.deposit;
}

// A simulation map's value as a share of the image's, unclamped: ln A / ln A_max for the flow (A >=
// 1: ln A >= 0; a map that drains nowhere is 0), d / d_max for wear and deposit.
double simulation_share(TerrainMask mask, double v, const SimulationPeaks& peaks) {
    if (mask == TerrainMask::flow) return peaks.flow > 1.0 ? std::log(v) / std::log(peaks.flow) : 0.0;
    const double peak = mask == TerrainMask::wear ? peaks.wear : peaks.deposit;
    return peak > 0.0 ? v / peak : 0.0;
}

}  // namespace

SimulationPeaks simulation_peaks(const noise::SimulationMaps& maps) {
    const auto largest = [](const std::vector<float>& values) {
        return values.empty() ? 0.0 : static_cast<double>(*std::max_element(values.begin(), values.end()));
    };
    return {largest(maps.flow), largest(maps.wear), largest(maps.deposit)};
}

std::optional<TerrainMask> parse_terrain_mask(std::string_view name) {
    for (std::size_t i = 0; i < terrain_mask_names.size(); ++i)
        if (terrain_mask_names[i] == name) return static_cast<TerrainMask>(i);
    return std::nullopt;
}

std::uint16_t slope_sample(std::array<double, 2> slope) {
    return clamped_sample(slope_degrees(slope) / 90.0 * 65535.0);
}

std::uint16_t aspect_sample(std::array<double, 2> slope) {
    if (slope[0] == 0.0 && slope[1] == 0.0) return 0;
    // Downhill is (-dh/dX, -dh/dZ) east and south; its north part is +dh/dZ.
    double degrees = std::atan2(-slope[0], slope[1]) * (180.0 / std::numbers::pi);
    if (degrees < 0.0) degrees += 360.0;
    const double steps = std::floor(degrees / 360.0 * 65536.0 + 0.5);
    return static_cast<std::uint16_t>(static_cast<std::uint32_t>(steps) & 0xffffu);  // 360 is north again
}

std::uint16_t curvature_sample(double k) { return clamped_sample(32768.0 + 32768.0 * k); }

std::string_view terrain_mask_mapping(TerrainMask mask) {
    switch (mask) {
        case TerrainMask::slope:
            return "degrees = sample / 65535 * 90 (steepness from the exact gradient, metres)";
        case TerrainMask::height:
            return "as png16: raw = raw_min + sample / 65535 * (raw_max - raw_min); metres = sample / 65535 "
                   "* "
                   "height_m";
        case TerrainMask::curvature:
            return "k = (sample - 32768) / 32768, k = spacing * laplacian(height) (change of slope per "
                   "sample; > 0 concave, < 0 convex; |k| >= 1 clamped)";
        case TerrainMask::aspect:
            return "degrees clockwise from north (north = up the image) the ground faces downhill = sample / "
                   "65536 * 360; flat ground is 0";
        case TerrainMask::flow:
            return "ln(drained area in pixels) / ln(the largest in the image) = sample / 65535 (the erosion "
                   "simulation's water: channels bright)";
        case TerrainMask::wear:
            return "depth the erosion simulation removed / the largest in the image = sample / 65535";
        case TerrainMask::deposit:
            return "depth the erosion simulation laid down (talus, filled lakes) / the largest in the image "
                   "= "
                   "sample / 65535";
    }
    return "";
}

void simulation_mask_rows(const noise::SimulationMaps& maps, const SimulationPeaks& peaks, TerrainMask mask,
                          const noise::Region& window, std::span<std::uint16_t> out) {
    if (!is_simulation_mask(mask)) throw std::invalid_argument("simulation_mask_rows: not a simulation map");
    if (maps.width != window.width || maps.height_cells != window.height || out.size() < window.pixel_count())
        throw std::invalid_argument("simulation_mask_rows: the maps are not the image's");
    const std::vector<float>& values = simulation_values(maps, mask);
    std::size_t i                    = 0;
    for (int y = window.y0; y < window.y1; ++y)
        for (int x = window.x0; x < window.x1; ++x) {
            const double v = values[static_cast<std::size_t>(y) * static_cast<std::size_t>(maps.width) +
                                    static_cast<std::size_t>(x)];
            out[i++]       = clamped_sample(simulation_share(mask, v, peaks) * 65535.0);
        }
}

bool mask_rows(const noise::FractalNoise& noise, const TerrainScale& scale, const noise::Region& window,
               TerrainMask mask, unsigned threads, const std::atomic<bool>* cancel,
               std::span<std::uint16_t> out) {
    if (out.size() < window.pixel_count()) throw std::invalid_argument("mask_rows: output too small");
    if (mask == TerrainMask::height) throw std::invalid_argument("mask_rows: height is rendered as png16");
    if (is_simulation_mask(mask)) throw std::invalid_argument("mask_rows: the simulation's maps are its own");
    const int columns = window.columns();
    return noise::for_each_row(window.rows(), threads, [&](int r) {
        if (cancel && cancel->load()) return false;
        const int y        = window.y0 + r;
        std::uint16_t* row = out.data() + static_cast<std::size_t>(r) * static_cast<std::size_t>(columns);
        FieldRow here;
        if (mask != TerrainMask::curvature) {
            here.read(noise, window.width, window.x0, columns, y);
            for (int i = 0; i < columns; ++i) {
                const auto slope = here.slope(scale, static_cast<std::size_t>(i));
                row[i]           = mask == TerrainMask::slope ? slope_sample(slope) : aspect_sample(slope);
            }
            return true;
        }
        // Curvature: the slopes' central differences, one pixel to each side and up and down.
        FieldRow above, below;
        here.read(noise, window.width, window.x0 - 1, columns + 2, y);
        above.read(noise, window.width, window.x0, columns, y - 1);
        below.read(noise, window.width, window.x0, columns, y + 1);
        for (int i = 0; i < columns; ++i)
            row[i] = curvature_sample(curvature_k(here, above, below, scale, static_cast<std::size_t>(i)));
        return true;
    });
}

bool weight_rows(const noise::FractalNoise& noise, const TerrainScale& scale, const noise::Region& window,
                 const std::vector<TextureLayer>& layers, const WeightSources& sources, std::uint32_t total,
                 unsigned threads, const std::atomic<bool>* cancel, std::span<std::uint16_t> out) {
    const std::size_t count = layers.size();
    if (out.size() < window.pixel_count() * count)
        throw std::invalid_argument("weight_rows: output too small");
    if (auto problem = texture_layers_problem(layers, sources.maps != nullptr); !problem.empty())
        throw std::invalid_argument(problem);
    const bool curvature = uses_band(layers, TextureBand::curvature);
    // The simulation's maps the layers bound, scaled as simulation_mask_rows scales them.
    struct SimulationBand {
        TextureBand band;
        TerrainMask mask;
        const std::vector<float>* values;
    };
    std::vector<SimulationBand> simulated;
    if (const noise::SimulationMaps* maps = sources.maps) {
        if (maps->width != window.width || maps->height_cells != window.height)
            throw std::invalid_argument("weight_rows: the maps are not the image's");
        for (const auto& [band, mask] : {std::pair{TextureBand::flow, TerrainMask::flow},
                                         std::pair{TextureBand::wear, TerrainMask::wear},
                                         std::pair{TextureBand::deposit, TerrainMask::deposit}})
            if (uses_band(layers, band)) simulated.push_back({band, mask, &simulation_values(*maps, mask)});
    }
    const double sea_height = sources.sea_level * scale.height;
    return noise::for_each_row(window.rows(), threads, [&](int r) {
        if (cancel && cancel->load()) return false;
        const int y = window.y0 + r;
        FieldRow field, above, below;
        if (curvature) {  // one pixel more on each side, and the rows above and below (as mask_rows)
            field.read(noise, window.width, window.x0 - 1, window.columns() + 2, y);
            above.read(noise, window.width, window.x0, window.columns(), y - 1);
            below.read(noise, window.width, window.x0, window.columns(), y + 1);
        } else {
            field.read(noise, window.width, window.x0, window.columns(), y);
        }
        const std::size_t first = curvature ? 1 : 0;
        for (std::size_t x = 0; x < static_cast<std::size_t>(window.columns()); ++x) {
            const auto slope = field.slope(scale, x + first);
            BandValues at{};
            at[0] = scale.height_of(field.value[x + first]);
            at[1] = slope_degrees(slope);
            if (curvature)
                at[static_cast<std::size_t>(TextureBand::curvature)] =
                    std::clamp(curvature_k(field, above, below, scale, x), -1.0, 1.0);
            const std::size_t pixel = static_cast<std::size_t>(y) * static_cast<std::size_t>(window.width) +
                                      static_cast<std::size_t>(window.x0) + x;
            for (const SimulationBand& band : simulated)
                at[static_cast<std::size_t>(band.band)] =
                    std::clamp(simulation_share(band.mask, (*band.values)[pixel], sources.peaks), 0.0, 1.0);
            const auto q = quantised_weights(layer_weights(layers, at, sea_height), count, total);
            std::uint16_t* out_pixel =
                out.data() +
                (static_cast<std::size_t>(r) * static_cast<std::size_t>(window.columns()) + x) * count;
            for (std::size_t i = 0; i < count; ++i) out_pixel[i] = static_cast<std::uint16_t>(q[i]);
        }
        return true;
    });
}

}  // namespace app
