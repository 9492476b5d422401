// The layer stack as shader code: see shader_octaves.hpp, and layer_stack.hpp for the stack.
//
// Everything the stack decides once per field (which layers are read, solo and mute, each blend,
// opacity and mask) is decided here, on the CPU, and the shader holds only the arithmetic of
// stack_stage.hpp, in its order: each read layer's own unit height (a noise layer's field through
// its nominal range; a shape's or a constant's height through its own curve), then a <- a +
// (blend(a, b) - a) w for each layer that is not muted. Shapes are functions of the frame point,
// (world - offset) / frequency: shader_origins adds O's frame point as one more entry (its frac's
// x and y), so the shader adds local / frequency to a number near the frame. A heightmap layer
// reads the texture its caller binds (a parameter of the entry functions, texture_parameters),
// from O's texel and its fraction in one more entry per such layer.
#include <cmath>

#include "core/shader_octaves.hpp"
#include "core/shader_origins.hpp"
#include "noise/layer_stack.hpp"

namespace app::shader_detail {

namespace {

std::string layer_name(const std::string& P, std::size_t k) { return P + "_layer" + std::to_string(k + 2); }

// Component c (0: x, 1: y) of layer k's warp field.
std::string warp_name(const std::string& P, std::size_t k, std::size_t c) {
    return layer_name(P, k) + "_warp" + std::to_string(c);
}

// A warped shape's point, wfx and wfy: the frame point fx, fy moved by shape_warp times its warp
// field, whose components' blocks start at `base` (x's, then y's); with `grad`, w0 and w1 are the
// components with their gradients too.
void write_warped_point(ShaderWriter& out, const std::string& P, std::size_t k,
                        const noise::StackLayer& layer, int base, const noise::FractalNoise& component,
                        bool grad = false) {
    const std::string a      = float_text(layer.shape_warp);
    const std::string arrays = "local, shift, cell_lo, cell_hi, cell_frac, ";
    const int second         = base + field_blocks(component);
    const std::string sum    = grad ? "_sum_grad(" : "_sum(";
    const std::string type   = grad ? "vec3" : "float";
    out << "        " << type << " w0 = " << warp_name(P, k, 0) << sum << arrays << std::to_string(base)
        << ");\n"
        << "        " << type << " w1 = " << warp_name(P, k, 1) << sum << arrays << std::to_string(second)
        << ");\n"
        << "        float wfx = fx + " << a << (grad ? " * w0.x;\n" : " * w0;\n")
        << "        float wfy = fy + " << a << (grad ? " * w1.x;\n" : " * w1;\n");
}

// A placed layer's height h at the frame point (fx, fy) (stack_stage.hpp's shape_height); a warped
// shape's point is other variables'.
void write_placed(ShaderWriter& out, const noise::StackLayer& layer, const std::string& h,
                  const std::string& fx = "fx", const std::string& fy = "fy") {
    if (layer.source == noise::LayerSource::heightmap) return;  // write_heightmap
    if (layer.source == noise::LayerSource::constant) {
        out << "    " << h << " = " << float_text(layer.constant) << ";\n";
        return;
    }
    const double r = layer.shape_radius;
    out << "    {\n        float dx = " << fx << " - " << float_text(layer.shape_x) << ";\n"
        << "        float dy = " << fy << " - " << float_text(layer.shape_y) << ";\n";
    switch (layer.shape) {
        case noise::LayerShape::ramp: {
            const double radians = layer.shape_angle * (M_PI / 180.0);
            out << "        float along = dx * " << float_text(std::cos(radians)) << " + dy * "
                << float_text(std::sin(radians)) << ";\n"
                << "        " << h << " = clamp(0.5 + along / " << float_text(2.0 * r) << ", 0.0, 1.0);\n";
            break;
        }
        case noise::LayerShape::radial:
            out << "        float d = sqrt(dx * dx + dy * dy);\n"
                << "        " << h << " = 1.0 - ne_smooth_step(d / " << float_text(r) << ");\n";
            break;
        case noise::LayerShape::plateau: {
            const double inner = (1.0 - layer.shape_falloff) * r;
            out << "        float d = sqrt(dx * dx + dy * dy);\n"
                << "        " << h << " = 1.0 - ne_smooth_step((d - " << float_text(inner) << ") / "
                << float_text(r - inner) << ");\n";
            break;
        }
        case noise::LayerShape::cone:
            out << "        float d = sqrt(dx * dx + dy * dy);\n"
                << "        " << h << " = 1.0 - clamp(d / " << float_text(r) << ", 0.0, 1.0);\n";
            break;
    }
    out << "    }\n";
}

// A shape's or a constant's height h and its gradient h_g with respect to local (the erosion
// filter's input): write_placed's arithmetic by the chain rule, the frame point moving by
// frame_per_unit a unit of local. Past a clamp, and at the centre of a round shape, the slope is 0.
// A warped shape's point is other variables', and its gradient with respect to them (fpu 1).
void write_placed_grad(ShaderWriter& out, const noise::StackLayer& layer, const std::string& h, double fpu,
                       const std::string& fx = "fx", const std::string& fy = "fy") {
    if (layer.source == noise::LayerSource::constant) {
        out << "    " << h << " = " << float_text(layer.constant) << ";\n";
        return;
    }
    const double r = layer.shape_radius;
    out << "    {\n        float dx = " << fx << " - " << float_text(layer.shape_x) << ";\n"
        << "        float dy = " << fy << " - " << float_text(layer.shape_y) << ";\n";
    if (layer.shape == noise::LayerShape::ramp) {
        const double radians = layer.shape_angle * (M_PI / 180.0);
        out << "        float along = 0.5 + (dx * " << float_text(std::cos(radians)) << " + dy * "
            << float_text(std::sin(radians)) << ") / " << float_text(2.0 * r) << ";\n"
            << "        " << h << " = clamp(along, 0.0, 1.0);\n"
            << "        if (along > 0.0 && along < 1.0) " << h << "_g = vec2("
            << float_text(std::cos(radians) / (2.0 * r) * fpu) << ", "
            << float_text(std::sin(radians) / (2.0 * r) * fpu) << ");\n    }\n";
        return;
    }
    out << "        float d = sqrt(dx * dx + dy * dy);\n"
        << "        vec2 away = d > 0.0 ? vec2(dx, dy) * (" << float_text(fpu) << " / d) : vec2(0.0, 0.0);\n";
    if (layer.shape == noise::LayerShape::cone) {
        out << "        " << h << " = 1.0 - clamp(d / " << float_text(r) << ", 0.0, 1.0);\n"
            << "        if (d < " << float_text(r) << ") " << h << "_g = away * " << float_text(-1.0 / r)
            << ";\n    }\n";
        return;
    }
    // radial and plateau: 1 - smooth_step((d - inner) / (r - inner)), inner 0 for radial.
    const double inner = layer.shape == noise::LayerShape::plateau ? (1.0 - layer.shape_falloff) * r : 0.0;
    out << "        float c = clamp((d - " << float_text(inner) << ") / " << float_text(r - inner)
        << ", 0.0, 1.0);\n"
        << "        " << h << " = 1.0 - c * c * (3.0 - 2.0 * c);\n"
        << "        " << h << "_g = away * (-6.0 * c * (1.0 - c) / " << float_text(r - inner)
        << ");\n    }\n";
}

// A blend and its gradient: blend_text's arithmetic on (value, gradient) pairs.
void write_blend_grad(ShaderWriter& out, noise::BlendMode mode) {
    switch (mode) {
        case noise::BlendMode::normal:
            out << "        float m = b;\n        vec2 m_g = b_g;\n";
            break;
        case noise::BlendMode::add:
            out << "        float m = a + b;\n        vec2 m_g = a_g + b_g;\n";
            break;
        case noise::BlendMode::subtract:
            out << "        float m = a - b;\n        vec2 m_g = a_g - b_g;\n";
            break;
        case noise::BlendMode::multiply:
            out << "        float m = a * b;\n        vec2 m_g = a_g * b + b_g * a;\n";
            break;
        case noise::BlendMode::min:
            out << "        float m = min(a, b);\n        vec2 m_g = a <= b ? a_g : b_g;\n";
            break;
        case noise::BlendMode::max:
            out << "        float m = max(a, b);\n        vec2 m_g = a >= b ? a_g : b_g;\n";
            break;
        case noise::BlendMode::screen:
            out << "        float m = 1.0 - (1.0 - a) * (1.0 - b);\n"
                << "        vec2 m_g = a_g * (1.0 - b) + b_g * (1.0 - a);\n";
            break;
        case noise::BlendMode::difference:
            out << "        float m = abs(a - b);\n        vec2 m_g = a >= b ? a_g - b_g : b_g - a_g;\n";
            break;
    }
}

// A heightmap layer's height h (stack_stage.hpp's heightmap_height): bicubic Catmull-Rom between
// the texels of the texture the caller binds, `map`, the point's texel position its origin entry's
// texel (cell_lo) and fraction plus local in texels (whole texels split off exactly: ne_scaled).
void write_heightmap(ShaderWriter& out, const std::string& P, const noise::LayerStack& stack,
                     const noise::StackLayer& layer, const std::string& map, int entry,
                     const std::string& h) {
    const noise::HeightSamples& image = *layer.heightmap_image.samples;
    const double per_unit             = stack.frame_per_unit() * (image.width / layer.map_width);
    const double hi                   = std::round(per_unit * 4096.0) / 4096.0;
    const std::string e               = std::to_string(entry);
    out << "    {\n";
    for (const char* axis : {"x", "y"})
        out << "        vec2 s" << axis << " = ne_scaled(local." << axis << ", " << float_text(hi) << ", "
            << float_text(per_unit - hi) << ", " << float_text(per_unit) << ");\n"
            << "        float t" << axis << " = cell_frac[" << e << "]." << axis << " + (s" << axis
            << ".y + shift." << axis << " * " << float_text(per_unit) << ");\n"
            << "        float c" << axis << " = floor(t" << axis << ");\n"
            << "        t" << axis << " = t" << axis << " - c" << axis << ";\n";
    out << "        int i = int(cell_lo[" << e << "].x) + int(sx.x + cx);\n"
        << "        int j = int(cell_lo[" << e << "].y) + int(sy.x + cy);\n"
        << "        float rows[4];\n"
        << "        for (int r = 0; r < 4; ++r) {\n"
        << "            float p0 = " << P << "_texel(" << map << ", i - 1, j - 1 + r);\n"
        << "            float p1 = " << P << "_texel(" << map << ", i, j - 1 + r);\n"
        << "            float p2 = " << P << "_texel(" << map << ", i + 1, j - 1 + r);\n"
        << "            float p3 = " << P << "_texel(" << map << ", i + 2, j - 1 + r);\n"
        << "            rows[r] = ne_catmull_rom(p0, p1, p2, p3, tx);\n"
        << "        }\n"
        << "        " << h << " = ne_catmull_rom(rows[0], rows[1], rows[2], rows[3], ty);\n"
        << "    }\n";
}

// The texel (i, j) of a heightmap layer's texture, past the edges as the layer says (stack_stage.hpp's
// texel): the one function that differs between the languages beyond vector names.
void write_texel(ShaderWriter& out, const std::string& P, const noise::StackLayer& layer) {
    const noise::HeightSamples& image = *layer.heightmap_image.samples;
    const std::string w = std::to_string(image.width), h = std::to_string(image.height);
    const bool glsl = out.language == ShaderLanguage::glsl;
    out << "float " << P << "_texel(" << (glsl ? "sampler2D" : "Texture2D<float>")
        << " map, int i, int j) {\n";
    if (layer.map_edges == noise::MapEdges::repeat)
        out << "    i = int(ne_mod(i, " << w << "));\n    j = int(ne_mod(j, " << h << "));\n";
    else
        out << "    i = clamp(i, 0, " << w << " - 1);\n    j = clamp(j, 0, " << h << " - 1);\n";
    out << (glsl ? "    return texelFetch(map, ivec2(i, j), 0).x;\n"
                 : "    return map.Load(int3(i, j, 0));\n")
        << "}\n";
}

std::string blend_text(noise::BlendMode mode, const std::string& a, const std::string& b) {
    switch (mode) {
        case noise::BlendMode::normal:
            return b;
        case noise::BlendMode::add:
            return a + " + " + b;
        case noise::BlendMode::subtract:
            return a + " - " + b;
        case noise::BlendMode::multiply:
            return a + " * " + b;
        case noise::BlendMode::min:
            return "min(" + a + ", " + b + ")";
        case noise::BlendMode::max:
            return "max(" + a + ", " + b + ")";
        case noise::BlendMode::screen:
            return "1.0 - (1.0 - " + a + ") * (1.0 - " + b + ")";
        case noise::BlendMode::difference:
            return "abs(" + a + " - " + b + ")";
    }
    return b;
}

}  // namespace

std::string texture_name(std::size_t k) { return "layer" + std::to_string(k + 2) + "_map"; }

std::string texture_parameters(ShaderLanguage language, const noise::FractalNoise& field) {
    std::string text;
    if (field.stack() == nullptr) return text;
    const auto layers = field.stack()->layers();
    for (std::size_t k = 0; k < layers.size(); ++k)
        if (layers[k].needed && layers[k].settings->source == noise::LayerSource::heightmap)
            text +=
                (language == ShaderLanguage::glsl ? ", sampler2D " : ", Texture2D<float> ") + texture_name(k);
    return text;
}

std::string texture_arguments(const noise::FractalNoise& field) {
    std::string text;
    if (field.stack() == nullptr) return text;
    const auto layers = field.stack()->layers();
    for (std::size_t k = 0; k < layers.size(); ++k)
        if (layers[k].needed && layers[k].settings->source == noise::LayerSource::heightmap)
            text += ", " + texture_name(k);
    return text;
}

void write_stack(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field, int total,
                 int base) {
    const noise::LayerStack& stack = *field.stack();
    const auto layers              = stack.layers();
    // The read layers' fields and mask fields, their blocks in shader_origins' order.
    int next = base;
    std::vector<int> field_base(layers.size(), -1), mask_base(layers.size(), -1),
        warp_base(layers.size(), -1);
    bool placed = false;
    std::vector<std::size_t> maps;  // the read heightmap layers
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const noise::LayerStack::Layer& layer = layers[k];
        if (layer.needed && layer.field) {
            write_shaped(out, layer_name(P, k), *layer.field, total);
            field_base[k] = next;
            next += field_blocks(*layer.field);
        }
        if (layer.needed && layer.warp[0]) {  // with its gradient for the erosion filter's input
            warp_base[k] = next;
            for (std::size_t c = 0; c < 2; ++c) {
                write_field(out, warp_name(P, k, c), *layer.warp[c], total, field.erosion().active);
                next += field_blocks(*layer.warp[c]);
            }
        }
        if (layer.needed && layer.settings->source == noise::LayerSource::heightmap) {
            maps.push_back(k);
            write_texel(out, layer_name(P, k), *layer.settings);
        } else if (layer.needed && !layer.field) {
            placed = true;
        }
        if (layer.mask) {
            write_shaped(out, layer_name(P, k) + "_mask", *layer.mask, total);
            mask_base[k] = next;
            next += field_blocks(*layer.mask);
        }
    }
    const std::string t = std::to_string(total);
    out << "float " << P << "_stacked(vec4 local, vec4 shift, uvec4 cell_lo[" << t << "], uvec4 cell_hi[" << t
        << "], vec4 cell_frac[" << t << "], float v" << texture_parameters(out.language, field) << ") {\n";
    const noise::ShapingPlan& plan = field.shaping();
    out << "    float u = (v - " << float_text(plan.lo) << ") * " << float_text(plan.inv_span) << ";\n";
    const int frame_entry = next;                     // O's frame point, after every field's blocks
    int map_entry         = next + (placed ? 1 : 0);  // then each heightmap layer's texel of O
    if (placed)
        out << "    float fx = cell_frac[" << std::to_string(frame_entry) << "].x + (local.x + shift.x) * "
            << float_text(stack.frame_per_unit()) << ";\n"
            << "    float fy = cell_frac[" << std::to_string(frame_entry) << "].y + (local.y + shift.y) * "
            << float_text(stack.frame_per_unit()) << ";\n";
    // Each read layer's own unit height, own_N for layer N.
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const noise::LayerStack::Layer& layer = layers[k];
        if (!layer.needed) continue;
        const std::string own = "own" + std::to_string(k + 2);
        if (layer.field) {
            const noise::Range range = layer.field_range;
            out << "    float " << own << " = (" << layer_name(P, k)
                << "_at(local, shift, cell_lo, cell_hi, cell_frac, " << std::to_string(field_base[k])
                << ") - " << float_text(range.lo) << ") * " << float_text(1.0 / (range.hi - range.lo))
                << ";\n";
        } else {
            out << "    float " << own << " = 0.0;\n";
            if (layer.settings->source == noise::LayerSource::heightmap)
                write_heightmap(out, layer_name(P, k), stack, *layer.settings, texture_name(k), map_entry++,
                                own);
            if (layer.warp[0]) {
                // The profile at the frame point moved by the warp (stack_stage.hpp's warped_own_height).
                out << "    {\n";
                write_warped_point(out, P, k, *layer.settings, warp_base[k], *layer.warp[0]);
                write_placed(out, *layer.settings, own, "wfx", "wfy");
                out << "    }\n";
            } else {
                write_placed(out, *layer.settings, own);
            }
            write_curve(out, layer.height_curve, own);
        }
    }
    // The stack (stack_stage.hpp's stack_heights), in unit heights of layer 1.
    if (stack.solo() == 1) {
        out << "    float a = u;\n";
    } else if (stack.solo() > 1) {
        out << "    float a = own" << std::to_string(stack.solo()) << ";\n";
    } else {
        out << "    float a = " << (field.params().base_layer.mute ? "0.0" : "u") << ";\n";
        for (std::size_t k = 0; k < layers.size(); ++k) {
            const noise::StackLayer& layer = *layers[k].settings;
            if (layer.mute) continue;
            const std::string own = "own" + std::to_string(k + 2);
            out << "    {\n        float weight = " << float_text(layer.opacity) << ";\n";
            if (layer.mask != noise::LayerMask::none) {
                if (layer.mask == noise::LayerMask::layer)
                    out << "        float m = "
                        << (layer.mask_layer == 1 ? "u" : "own" + std::to_string(layer.mask_layer)) << ";\n";
                else
                    out << "        float m = (" << layer_name(P, k)
                        << "_mask_at(local, shift, cell_lo, cell_hi, cell_frac, "
                        << std::to_string(mask_base[k]) << ") - " << float_text(layers[k].mask_range.lo)
                        << ") * " << float_text(1.0 / (layers[k].mask_range.hi - layers[k].mask_range.lo))
                        << ";\n";
                if (layer.mask_invert) out << "        m = 1.0 - m;\n";
                const double f = layer.mask_falloff;
                if (f > 0.0)
                    out << "        weight = weight * ne_smooth_step((m - "
                        << float_text(layer.mask_threshold - f) << ") / " << float_text(2.0 * f) << ");\n";
                else
                    out << "        weight = weight * (m >= " << float_text(layer.mask_threshold)
                        << " ? 1.0 : 0.0);\n";
            }
            out << "        a = a + ((" << blend_text(layer.blend, "a", own) << ") - a) * weight;\n    }\n";
        }
    }
    out << "    return " << float_text(plan.lo) << " + a * " << float_text(plan.span) << ";\n}\n";
}

// The stack with its gradient, P_stacked_grad(local, ..., vg) -> (v, dv/dx, dv/dy), for the erosion
// filter over a stack of shapes and constants (shader_source.cpp's erosion_refusal: no noise,
// heightmap or masked layer, no solo); their frame point is the entry after the field's blocks
// and the warped shapes' warp fields.
void write_stack_grad(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field, int total,
                      int base) {
    const noise::LayerStack& stack = *field.stack();
    const auto layers              = stack.layers();
    const noise::ShapingPlan& plan = field.shaping();
    const double fpu               = stack.frame_per_unit();
    const std::string t            = std::to_string(total);
    // The warped shapes' warp fields come first (write_stack wrote their functions), the frame
    // point after them.
    int next = base;
    std::vector<int> warp_base(layers.size(), -1);
    for (std::size_t k = 0; k < layers.size(); ++k)
        if (layers[k].needed && layers[k].warp[0]) {
            warp_base[k] = next;
            next += field_blocks(*layers[k].warp[0]) + field_blocks(*layers[k].warp[1]);
        }
    out << "vec3 " << P << "_stacked_grad(vec4 local, vec4 shift, uvec4 cell_lo[" << t << "], uvec4 cell_hi["
        << t << "], vec4 cell_frac[" << t << "], vec3 vg) {\n"
        << "    float fx = cell_frac[" << std::to_string(next) << "].x + (local.x + shift.x) * "
        << float_text(fpu) << ";\n"
        << "    float fy = cell_frac[" << std::to_string(next) << "].y + (local.y + shift.y) * "
        << float_text(fpu) << ";\n";
    for (std::size_t k = 0; k < layers.size(); ++k) {
        if (!layers[k].needed) continue;
        const std::string own = "own" + std::to_string(k + 2);
        out << "    float " << own << " = 0.0;\n    vec2 " << own << "_g = vec2(0.0, 0.0);\n";
        if (layers[k].warp[0]) {
            // The profile's gradient at the moved point, back to local through the moved point's
            // Jacobian: d(wfx, wfy)/d local = fpu I + shape_warp d(w0, w1)/d local.
            const noise::StackLayer& layer = *layers[k].settings;
            const std::string a = float_text(layer.shape_warp), f = float_text(fpu), g = own + "_g";
            out << "    {\n";
            write_warped_point(out, P, k, layer, warp_base[k], *layers[k].warp[0], true);
            write_placed_grad(out, layer, own, 1.0, "wfx", "wfy");
            out << "        " << g << " = vec2(" << g << ".x * (" << f << " + " << a << " * w0.y) + " << g
                << ".y * (" << a << " * w1.y), " << g << ".x * (" << a << " * w0.z) + " << g << ".y * (" << f
                << " + " << a << " * w1.z));\n    }\n";
        } else {
            write_placed_grad(out, *layers[k].settings, own, fpu);
        }
        write_curve_grad(out, layers[k].height_curve, own, own + "_g");
    }
    out << "    float a = "
        << (field.params().base_layer.mute
                ? "0.0"
                : "(vg.x - " + float_text(plan.lo) + ") * " + float_text(plan.inv_span))
        << ";\n"
        << "    vec2 a_g = "
        << (field.params().base_layer.mute ? "vec2(0.0, 0.0)"
                                           : "vec2(vg.y, vg.z) * " + float_text(plan.inv_span))
        << ";\n";
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const noise::StackLayer& layer = *layers[k].settings;
        if (layer.mute) continue;
        const std::string own = "own" + std::to_string(k + 2);
        out << "    {\n        float b = " << own << ";\n        vec2 b_g = " << own << "_g;\n";
        write_blend_grad(out, layer.blend);
        const std::string w = float_text(layer.opacity);
        out << "        a = a + (m - a) * " << w << ";\n        a_g = a_g + (m_g - a_g) * " << w
            << ";\n    }\n";
    }
    out << "    return vec3(" << float_text(plan.lo) << " + a * " << float_text(plan.span) << ", a_g.x * "
        << float_text(plan.span) << ", a_g.y * " << float_text(plan.span) << ");\n}\n";
}

}  // namespace app::shader_detail
