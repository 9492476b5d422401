// app/core/terrain_scale.hpp: the field as a landscape in metres, and what engines call the same.
//
// The metres come from one place, terrain_view() below (architecture.md, "The terrain's metres"):
// while the erosion simulation shapes the field, the frame it simulated (erosion.extent metres
// across the width, erosion.relief metres from unit height 0 to 1) is the terrain of every export,
// mask, manifest, mesh and view, whatever their size: spacing = extent / W. Otherwise the view's
// terrain_height and terrain_spacing.
// One formula for the terrain view, normal8 exports and the engine figures. Sample i of a W-wide
// export sits at X = i * spacing metres (east), row j at Z = j * spacing (south: image rows go
// down), and a raw value r stands at
//     h(r) = height * clamp((r - lo) / (hi - lo), 0, 1)        metres, [lo, hi] the mapping range
// Noise space and metres: an export shows x = offset_x + (i + 0.5) * frequency / W (render.hpp),
// so one noise unit is   metres_per_noise = W * spacing / frequency   horizontally.
// The slope, by the chain rule through the mapping, from the library's gradient g = d r / d(x, y):
//     dh/dX = height / (hi - lo) * g_x / metres_per_noise          (metres per metre, likewise Z)
// and 0 where the value is clamped (r outside [lo, hi]: the mapped surface is flat there).
// The surface normal (Y up) is normalize(-dh/dX, 1, -dh/dZ).
//
// Engine figures for a W x H export (16-bit heightmap, 0..65535 = mapped 0..1):
//   Unreal landscape: X/Y scale = spacing * 100 (cm per sample);
//                     Z scale = height * 100 / 512, since Unreal places sample s at
//                     (s - 32768) / 128 * Z scale cm: 65536 steps span 512 * Z scale cm;
//                     width (W - 1) * spacing m; mapped 0.5 lies at the actor's Z.
//   Unity terrain:    Terrain Height = height m (the heightmap's 0..1 spans 0..Height);
//                     Terrain Width / Length = (W - 1) * spacing, (H - 1) * spacing m;
//                     Unity wants square heightmaps of 2^n + 1 samples.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

#include "core/image_size.hpp"
#include "core/view_settings.hpp"
#include "noise/params.hpp"

namespace app {

// Whether the simulation's frame sets the terrain's metres.
inline bool simulation_sets_metres(const noise::Params& params) {
    return params.erosion_method == noise::ErosionMethod::simulate;
}

// The terrain's height range in metres (mapped 0 to mapped 1).
inline double terrain_height_m(const noise::Params& params, const ViewSettings& view) {
    return simulation_sets_metres(params) ? params.erosion_relief : view.terrain_height;
}

// `view` with the terrain's metres for an image `width` samples wide: every reader of
// terrain_height and terrain_spacing takes them from here (or from a view made here).
inline ViewSettings terrain_view(const noise::Params& params, ViewSettings view, int width) {
    if (simulation_sets_metres(params) && width > 0) {
        view.terrain_height  = params.erosion_relief;
        view.terrain_spacing = params.erosion_extent / width;
    }
    return view;
}

// The view to colour a picture `picture_width` pixels wide of the frame an export `export_width`
// wide shows (the preview shows the export's frame at its own width): terrain_view's metres, with
// terrain_spacing the metres between the picture's own pixels, the hillshade's run (colour.hpp).
inline ViewSettings picture_view(const noise::Params& params, const ViewSettings& view, int export_width,
                                 int picture_width) {
    ViewSettings metres = terrain_view(params, view, export_width);
    if (export_width > 0 && picture_width > 0)
        metres.terrain_spacing = metres.terrain_spacing * export_width / picture_width;
    return metres;
}

struct TerrainScale {
    noise::Range range;             // raw values mapped to 0 and to `height`
    double height           = 1.0;  // metres
    double metres_per_noise = 1.0;  // horizontal metres per noise-space unit

    static TerrainScale of(const noise::Params& params, const ViewSettings& view, noise::Range range,
                           int export_width) {
        return {range, view.terrain_height, export_width * view.terrain_spacing / params.frequency};
    }

    bool clamped(double raw) const { return !(raw > range.lo && raw < range.hi); }

    double height_of(double raw) const {
        if (!(range.hi > range.lo)) return 0.5 * height;  // a flat field, as value_mapping's unit_value
        return height * std::clamp((raw - range.lo) / (range.hi - range.lo), 0.0, 1.0);
    }

    // dh/dX and dh/dZ (metres per metre; X east, Z south = noise x and y) from the noise gradient.
    std::array<double, 2> slope(double raw, const std::array<double, 4>& gradient) const {
        if (clamped(raw) || !(range.hi > range.lo)) return {0.0, 0.0};
        const double k = height / (range.hi - range.lo) / metres_per_noise;
        return {k * gradient[0], k * gradient[1]};
    }
};

// The unit normal of the surface (X east, Y up, Z south) where its slope is (dh/dX, dh/dZ):
// normalize(-dh/dX, 1, -dh/dZ). Every vertex of ours takes it from here: the 3D view's mesh, glb
// and obj (normal8's tangent-space normals are normal_map.hpp's).
inline std::array<double, 3> terrain_normal(std::array<double, 2> slope) {
    const double n[3]   = {-slope[0], 1.0, -slope[1]};
    const double length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    return {n[0] / length, n[1] / length, n[2] / length};
}

struct EngineFigures {
    double unreal_xy_scale = 100.0;  // cm per sample
    double unreal_z_scale  = 100.0;
    double unity_height    = 0.0;      // m
    double width = 0.0, length = 0.0;  // m, first to last sample (both engines)
};

inline EngineFigures engine_figures(const ViewSettings& view, ImageSize size) {
    EngineFigures f;
    f.unreal_xy_scale = view.terrain_spacing * 100.0;
    f.unreal_z_scale  = view.terrain_height * 100.0 / 512.0;
    f.unity_height    = view.terrain_height;
    f.width           = (size.width - 1) * view.terrain_spacing;
    f.length          = (size.height - 1) * view.terrain_spacing;
    return f;
}

}  // namespace app
