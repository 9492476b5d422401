// The per-octave origins of a shader's rebased form: see shader_origins.hpp.
#include "core/shader_origins.hpp"

#include <algorithm>
#include <cmath>

#include "core/shader_octaves.hpp"
#include "noise/erosion.hpp"
#include "noise/fractal.hpp"
#include "noise/lattice.hpp"
#include "noise/layer_stack.hpp"

namespace app {

namespace {

// Appends one field's octaves read at `origin`.
void append_octaves(const noise::FractalNoise& field, const noise::Point& origin, ShaderOrigins& out) {
    const int dimension = field.params().dimension;
    const bool simplex  = field.params().algorithm == noise::Algorithm::simplex;
    for (const noise::OctaveSetup& setup : field.octaves()) {
        std::array<std::uint32_t, 4> lo{}, hi{};
        std::array<float, 4> frac{};
        // The point where the octave floors: its own point, or simplex noise's skewed or turned one
        // (1D there has two axes).
        noise::Point at{};
        for (int axis = 0; axis < dimension; ++axis)
            at[static_cast<std::size_t>(axis)] =
                noise::octave_coordinate(setup, axis, origin[static_cast<std::size_t>(axis)]);
        if (simplex) at = shader_detail::simplex_lattice_point(at, dimension);
        const int axes = simplex && dimension == 1 ? 2 : dimension;
        for (int axis = 0; axis < axes; ++axis) {
            const auto a = static_cast<std::size_t>(axis);
            // The reference's own steps (octave_coordinate, cell_of), so the cell is the one it finds.
            const noise::Cell cell    = noise::cell_of(at[a]);
            const std::int64_t period = setup.periods[axis];
            // Tiling: the shader adds its small cell offset to a number below the period and wraps.
            const std::int64_t index = period != 0 ? noise::wrap_index(cell.index, period) : cell.index;
            const auto bits          = static_cast<std::uint64_t>(index);
            lo[a]                    = static_cast<std::uint32_t>(bits);
            hi[a]                    = static_cast<std::uint32_t>(bits >> 32);
            frac[a]                  = static_cast<float>(cell.frac);
        }
        out.cell_lo.push_back(lo);
        out.cell_hi.push_back(hi);
        out.frac.push_back(frac);
    }
}

// Appends one shaped field's blocks: its octaves, the turned layer's, the warp's, its mask field's.
void append_field(const noise::FractalNoise& field, const noise::Point& origin, ShaderOrigins& out) {
    append_octaves(field, origin, out);
    if (field.has_rotated_layer()) append_octaves(field, field.rotated(origin), out);
    for (int k = 0; field.has_warp() && k < field.params().dimension; ++k)
        append_octaves(field.warp_component(k), origin, out);
    if (field.shaping().mask != noise::MaskMode::none) append_field(field.mask(), origin, out);
}

// The layer stack's blocks (shader_stack.cpp): each read layer's field (a warped shape's: its warp
// field's two components), each mask field of a layer, then, when a shape or a constant is read, O's frame
// point in one more entry's frac, then one entry per read heightmap layer.
void append_stack(const noise::LayerStack& stack, const noise::Point& origin, ShaderOrigins& out) {
    bool placed = false;
    std::vector<const noise::StackLayer*> maps;
    for (const noise::LayerStack::Layer& layer : stack.layers()) {
        if (layer.needed && layer.field) append_field(*layer.field, origin, out);
        for (const auto& component : layer.warp)  // a warped shape's warp field, x then y
            if (layer.needed && component) append_field(*component, origin, out);
        if (layer.needed && layer.settings->source == noise::LayerSource::heightmap)
            maps.push_back(layer.settings);
        else if (layer.needed && !layer.field)
            placed = true;
        if (layer.mask) append_field(*layer.mask, origin, out);
    }
    const double fx = stack.frame_x(origin[0]), fy = stack.frame_y(origin[1]);
    if (placed) {
        out.cell_lo.push_back({});
        out.cell_hi.push_back({});
        out.frac.push_back({static_cast<float>(fx), static_cast<float>(fy), 0.0f, 0.0f});
    }
    // A heightmap's texel position of O as stack_stage.hpp's heightmap_height finds it: the texel
    // (as 32-bit integers) and the fraction.
    for (const noise::StackLayer* layer : maps) {
        const double texels = layer->heightmap_image.samples->width / layer->map_width;
        const double px = (fx - layer->map_x) * texels - 0.5, py = (fy - layer->map_y) * texels - 0.5;
        const double x0 = std::floor(std::clamp(px, -1e15, 1e15)),
                     y0 = std::floor(std::clamp(py, -1e15, 1e15));
        out.cell_lo.push_back({static_cast<std::uint32_t>(static_cast<std::int64_t>(x0)),
                               static_cast<std::uint32_t>(static_cast<std::int64_t>(y0)), 0u, 0u});
        out.cell_hi.push_back({});
        out.frac.push_back({static_cast<float>(px - x0), static_cast<float>(py - y0), 0.0f, 0.0f});
    }
}

// The erosion filter's blocks (shader_source.cpp's P_eroded): per erosion octave, O's gully cell
// q = O f_k (x, y, all 64 bits) and its fraction, as erosion_filter.hpp's erode floors it.
void append_gullies(const noise::ErosionPlan& plan, const noise::Point& origin, ShaderOrigins& out) {
    for (const noise::ErosionOctave& octave : plan.octaves) {
        std::array<std::uint32_t, 4> lo{}, hi{};
        std::array<float, 4> frac{};
        for (std::size_t axis = 0; axis < 2; ++axis) {
            const double q     = origin[axis] * octave.frequency;
            const double whole = std::floor(q);
            const auto bits    = static_cast<std::uint64_t>(static_cast<std::int64_t>(whole));
            lo[axis]           = static_cast<std::uint32_t>(bits);
            hi[axis]           = static_cast<std::uint32_t>(bits >> 32);
            frac[axis]         = static_cast<float>(q - whole);
        }
        out.cell_lo.push_back(lo);
        out.cell_hi.push_back(hi);
        out.frac.push_back(frac);
    }
}

}  // namespace

namespace shader_detail {

int field_blocks(const noise::FractalNoise& field) {
    ShaderOrigins out;
    append_field(field, {}, out);
    return static_cast<int>(out.frac.size());
}

}  // namespace shader_detail

ShaderOrigins shader_origins(const noise::Params& params, const std::array<double, 4>& origin) {
    const noise::FractalNoise field(params);
    ShaderOrigins out;
    append_field(field, origin, out);
    if (field.stack() != nullptr) append_stack(*field.stack(), origin, out);
    if (field.erosion().active) append_gullies(field.erosion(), origin, out);
    return out;
}

}  // namespace app
