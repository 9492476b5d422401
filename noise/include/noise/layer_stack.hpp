// noise/layer_stack.hpp: several fields, shapes and imported heightmaps, stacked as an artist
// stacks layers in a paint program, with one exact gradient through the whole stack.
//
//     noise::Params params;                              // layer 1: a field, as always
//     noise::set_param(params, "layer.2.fractal", "ridged");   // layer 2: ridged noise ...
//     noise::set_param(params, "layer.2.blend", "max");        // ... raising the hills
//     noise::set_param(params, "layer.2.mask", "layer");       // ... only where layer 1 is high
//     noise::FractalNoise noise(params);                 // every path draws the stack
//
// Layer 1 is the field itself (every key of params.hpp), shaped as shaping.hpp says. Layers 2, 3,
// ... (Params::stack) lie above it, each with
//   - a source of its own unit heights b (0 low, 1 high):
//       noise      a complete set of noise parameters with its own shaping, read at the same
//                  noise-space point as layer 1, its frequency relative to layer 1's (as the mask
//                  field is, shaping.hpp; with placement world the multiplier of the point itself,
//                  placement.hpp), through its own nominal range: b = (v - lo) / (hi - lo);
//       shape      a profile of the distance d from a centre (x, y) in placed units (placement.hpp:
//                  frame units, the exported image 1 wide, y down; or noise units in the world),
//                  r the radius, s = smoothstep = 3t^2 - 2t^3:
//                    radial   1 - s(d / r)               an island: 1 at the centre, 0 from r on
//                    plateau  1 - s((d - r0) / (r - r0)) flat to r0 = (1 - falloff) r, then the edge
//                    cone     1 - d / r                  straight down, 0 from r on
//                    ramp     t = 1/2 + (p - c) . (cos a, sin a) / 2r, clamped: 0 to 1 across 2r
//                  With shape_warp A > 0 the coast is not a circle: the profile is read at the
//                  placed point f moved by the warp field, f + A (w_0(p), w_1(p)), A in placed
//                  units. w is fractal.hpp's warp field (perlin fBm, lacunarity 2, persistence
//                  0.5, shape_warp_octaves octaves, component k seeded warp_seed(shape_warp_seed,
//                  k); |w_k| below about 0.9) read at the noise-space point p as the layer's own
//                  noise field would be, shape_warp_frequency cycles per placed unit (field_scale:
//                  frame, cycles across the image; world, per noise unit). So a warped shape moves
//                  with its frame as a noise layer does, every window of it agrees, and its
//                  gradient is the exact chain rule through w (d f/d p + A d w/d p). A = 0 reads
//                  no warp field: the same bits as before the key;
//       constant   one height everywhere;
//       heightmap  an image the app read (HeightSamples), placed with its top-left corner at
//                  (map_x, map_y) and map_width wide in placed units, sampled bicubically between
//                  texel centres (Catmull-Rom: the curve through the samples, C1, so the gradient
//                  is the exact derivative of the interpolant); past the edges the edge texels
//                  (clamp) or the image again (repeat);
//     A shape's, a constant's or a heightmap's heights then go through its own remap curve
//     (height_curve: shaping.hpp's monotone curve), as a noise layer's go through its field's;
//   - a blend of b onto the height a below it: normal b, add a + b, subtract a - b, multiply a b,
//     min, max, screen 1 - (1 - a)(1 - b), difference |a - b|;
//   - a weight w = opacity x k, k the mask: 1 without one; else the mask's unit height m (another
//     layer's own b, before any blending, or a noise field of its own), 1 - m when inverted,
//     through the soft step k = s((m - (t - f)) / 2f) across [t - f, t + f] (t the threshold, f the
//     falloff; a hard step at t when f = 0), as libnoise's Select;
//   - mute (skipped) and solo: when any layer is solo, the stack is the first solo layer's own
//     heights alone. Layer 1 has mute (the stack starts from 0) and solo too (Params::base_layer).
// The stack, from a = layer 1's unit height u (after its shaping):
//     a <- a + (blend(a, b) - a) w        for each layer 2, 3, ... that is not muted,
// in unit heights of layer 1, which go back through layer 1's nominal range; the erosion stage
// (erosion.hpp) then carves the stack's result. Without layers above it and with layer 1 neither
// muted nor solo the stack does nothing and is skipped: every field is the same bits as before.
//
// Gradients (trace.hpp): each source's gradient (noise: its own value_gradient; a shape's
// derivative; a heightmap's interpolant's) goes through the blend and the weight on the same dual
// numbers. One-sided where the height has a kink: min, max and difference where the operands
// cross, |a - b| at 0, the clamps of the ramp and of the mask's step, the edges of the radial,
// plateau and cone profiles (at the centre of a cone the gradient is taken as 0), and a heightmap's
// clamped edges.
//
// Speed and bits: the row kernels fill layer 1's chunk, each layer's own chunk beside it (a noise
// layer through its own row kernel, shapes and heightmaps per pixel), and blend on the chunk, the
// same IEEE operations in the same order as the point-by-point reference, so every path (preview,
// curve, terrain, sample, exports, regions, tiles) gives the same bits on every target and
// thread count.
#pragma once

#include <array>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "noise/fractal.hpp"
#include "noise/params.hpp"
#include "noise/shaping.hpp"

namespace noise {

// Layer 1 and at most this many more.
inline constexpr int max_stack_layers = 8;

// [SECTION] Settings ------------------------------------------------------------------------

// A layer's settings besides its noise (keys layer.N.KEY): source, blend, opacity, ...; its name
// and heightmap file are text, outside the table.
using LayerInfo = FieldInfo<StackLayer>;
std::span<const LayerInfo> layer_table();
const LayerInfo* find_layer_key(std::string_view key);

// A new layer N (2 or more) as setting a key of it creates one: noise, layer 1's noise unshaped
// with seed + N - 1, blended normally at full opacity.
StackLayer new_stack_layer(const Params& base, int number);

// set_param's "layer.N.KEY" (params.hpp): N from 1 (the field itself: its noise keys, name, mute,
// solo) up to max_stack_layers; a key of layer N above the top creates the layers up to N.
// KEY is a key of layer_table(), name, heightmap (the file; the app reads it into
// heightmap_image), a noise key of a noise layer's field (layer.2.octaves) or mask.KEY of its
// own mask field. "" or one line naming the whole key; `params` unchanged on error.
std::string set_layer_param(Params& params, std::string_view key, std::string_view text);

// The stack's rules, "" or the first problem, each naming its layer ("layer.3.mask_layer: ...").
std::string validate_stack(const Params& params);

// Whether the stack does anything (layers above the field, or layer 1 muted or solo).
bool has_stack(const Params& params);

// [SECTION] Evaluation ----------------------------------------------------------------------

// The stack of a FractalNoise, resolved once: each layer's fields built, read alongside layer 1.
// Immutable; its calls are const and safe from many threads.
class LayerStack {
  public:
    // One layer resolved: its settings, its noise field and mask field (when it has them).
    struct Layer {
        const StackLayer* settings = nullptr;
        std::unique_ptr<const FractalNoise> field;  // source noise
        Range field_range{};
        std::unique_ptr<const FractalNoise> mask;  // mask field, only where it is read (not muted, no solo)
        Range mask_range{};
        ShapingPlan height_curve;  // the curve of a placed source's heights; no knots: none
        // A warped shape's warp field, components x and y (shape_warp > 0), else null.
        std::array<std::unique_ptr<const FractalNoise>, 2> warp;
        bool needed = false;  // its own heights are read: not muted, or a mask or the solo
    };

    // `noise` is layer 1, which must outlive the stack.
    explicit LayerStack(const FractalNoise& noise);

    // The stack's raw value at the noise-space point p, from layer 1's (shaped) raw value v there,
    // through layer 1's unit heights and back. (The row kernels apply it to whole rows:
    // src/stack_rows.hpp, the same bits.)
    double apply(const Point& p, double v) const;

    const FractalNoise& base() const { return *base_; }
    std::span<const Layer> layers() const { return layers_; }
    int solo() const { return solo_; }  // the first solo layer's number (1 = layer 1), or 0
    // The placed point (x, y) of a noise-space point, where shapes and heightmaps are placed
    // (placement.hpp), and d placed / d noise space: frame units with placement frame, the point
    // itself (and 1) with placement world.
    double frame_x(double x) const {
        return world_ ? x : (x - base_->params().offset_x) / base_->params().frequency;
    }
    double frame_y(double y) const {
        return world_ ? y : (y - base_->params().offset_y) / base_->params().frequency;
    }
    double frame_per_unit() const { return world_ ? 1.0 : 1.0 / base_->params().frequency; }

  private:
    const FractalNoise* base_;
    bool world_ = false;         // placement world
    std::vector<Layer> layers_;  // layers 2, 3, ...
    int solo_ = 0;
};

}  // namespace noise
