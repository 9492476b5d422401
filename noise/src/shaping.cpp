// The shaping stage: the curve's points, the resolved plan, the scalar transcription. See shaping.hpp.
#include "noise/shaping.hpp"

#include <charconv>
#include <cmath>

#include "shaping_stage.hpp"

namespace noise {

// [SECTION] The remap curve ----------------------------------------------------------------

std::vector<CurvePoint> curve_preset(CurvePreset preset) {
    switch (preset) {
        case CurvePreset::linear:
            return {{0.0, 0.0}, {1.0, 1.0}};
        case CurvePreset::power:  // u^2 at five points
            return {{0.0, 0.0}, {0.25, 0.0625}, {0.5, 0.25}, {0.75, 0.5625}, {1.0, 1.0}};
        case CurvePreset::smoothstep:  // 3u^2 - 2u^3 at five points
            return {{0.0, 0.0}, {0.25, 0.15625}, {0.5, 0.5}, {0.75, 0.84375}, {1.0, 1.0}};
        case CurvePreset::plateau:  // up quickly, then a broad, gently rising top
            return {{0.0, 0.0}, {0.35, 0.55}, {0.5, 0.72}, {0.75, 0.78}, {1.0, 0.85}};
        case CurvePreset::valley:  // broad, nearly flat floors, then steep sides
            return {{0.0, 0.0}, {0.3, 0.04}, {0.5, 0.12}, {0.75, 0.5}, {1.0, 1.0}};
    }
    return {};
}

std::string check_curve(std::span<const CurvePoint> points) {
    // Built by appending: GCC 12 warns falsely (-Wrestrict, its bug 105329) on "'" + a string.
    const auto number = [](double v) { return std::string("'").append(format_number(v)).append("'"); };
    if (points.size() < 2 || points.size() > curve_max_points)
        return "curve: " + std::to_string(points.size()) + " points is not a curve: expected 2 to " +
               std::to_string(curve_max_points) + " points x:y";
    for (std::size_t i = 0; i < points.size(); ++i) {
        const std::string which = "curve: point " + std::to_string(i + 1) + " ";
        for (const auto& [axis, v] : {std::pair{"x", points[i].x}, std::pair{"y", points[i].y}})
            if (!(v >= 0.0 && v <= 1.0))  // NaN fails too
                return which + axis + " " + number(v) + " is out of range: expected a number from 0 to 1";
        if (i > 0 && !(points[i].x > points[i - 1].x))
            return which + "x " + number(points[i].x) + " is not after point " + std::to_string(i) + "'s " +
                   format_number(points[i - 1].x) + ": expected x strictly rising from 0 to 1";
    }
    return {};
}

std::string parse_curve(std::string_view text, std::vector<CurvePoint>& points) {
    if (text == "none") {
        points.clear();
        return {};
    }
    for (std::size_t i = 0; i < curve_preset_names.size(); ++i) {
        if (text == curve_preset_names[i]) {
            points = curve_preset(static_cast<CurvePreset>(i));
            return {};
        }
    }
    const std::string allowed =
        ": expected none, linear, power, smoothstep, plateau, valley or points x:y,x:y,... (0 to 1)";
    std::vector<CurvePoint> read;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t comma     = std::min(text.find(',', start), text.size());
        const std::string_view item = text.substr(start, comma - start);
        const std::size_t colon     = item.find(':');
        CurvePoint point;
        const auto parse = [](std::string_view part, double& v) {
            const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), v);
            return error == std::errc{} && end == part.data() + part.size() && !part.empty();
        };
        if (colon == std::string_view::npos || !parse(item.substr(0, colon), point.x) ||
            !parse(item.substr(colon + 1), point.y))
            return "curve: " + quote_text(text) + " is not a curve" + allowed;
        read.push_back(point);
        start = comma + 1;
    }
    if (auto error = check_curve(read); !error.empty()) return error;
    points = std::move(read);
    return {};
}

std::string format_curve(std::span<const CurvePoint> points) {
    if (points.empty()) return "none";
    std::string text;
    for (const CurvePoint& p : points)
        text.append(text.empty() ? "" : ",")
            .append(format_number(p.x))
            .append(":")
            .append(format_number(p.y));
    return text;
}

// [SECTION] The plan --------------------------------------------------------------------------

bool has_shaping(const Params& params) {
    const Params defaults;
    return !params.curve.empty() || params.terraces != 0 || params.mask != MaskMode::none || params.invert ||
           params.scale != defaults.scale || params.bias != defaults.bias || params.clamp;
}

Params without_shaping(const Params& params) {
    Params plain = params;
    const Params defaults;
    plain.curve    = defaults.curve;
    plain.terraces = defaults.terraces;
    plain.mask     = defaults.mask;
    plain.invert   = defaults.invert;
    plain.scale    = defaults.scale;
    plain.bias     = defaults.bias;
    plain.clamp    = defaults.clamp;
    // The erosion stage (erosion.hpp) comes after shaping: the field before shaping has none (all
    // its keys at their defaults, so a mask field made from this one carries none either).
    for (const ParamInfo& info : erosion_param_table()) info.set(plain, info.get(defaults));
    // The layer stack (layer_stack.hpp) comes after shaping too.
    plain.base_layer = defaults.base_layer;
    plain.stack.clear();
    return plain;
}

namespace {

// Fritsch and Butland's monotone tangents: at an inner point the harmonic mean of the slopes on
// either side (0 where they differ in sign or one is flat), at the ends the end segment's slope.
// The harmonic mean is at most twice the smaller slope, inside Fritsch and Carlson's region of
// monotone cubics (alpha^2 + beta^2 <= 9), so a segment never overshoots its points.
std::vector<double> monotone_tangents(std::span<const CurvePoint> points) {
    const std::size_t n = points.size();
    std::vector<double> secant(n - 1), tangent(n);
    for (std::size_t k = 0; k + 1 < n; ++k)
        secant[k] = (points[k + 1].y - points[k].y) / (points[k + 1].x - points[k].x);
    tangent[0]     = secant[0];
    tangent[n - 1] = secant[n - 2];
    for (std::size_t k = 1; k + 1 < n; ++k) {
        const double before = secant[k - 1], after = secant[k];
        tangent[k] = before * after > 0.0 ? 2.0 / (1.0 / before + 1.0 / after) : 0.0;
    }
    return tangent;
}

}  // namespace

ShapingPlan make_shaping_plan(const Params& params) {
    ShapingPlan plan;
    plan.active      = has_shaping(params);
    const Range main = nominal_range(params);
    plan.lo          = main.lo;
    plan.span        = main.hi - main.lo;
    plan.inv_span    = 1.0 / plan.span;

    if (!params.curve.empty()) {
        const std::span<const CurvePoint> p = params.curve;
        const std::vector<double> m         = monotone_tangents(p);
        const std::size_t n                 = p.size();
        // Below the first knot: the straight line y_0 + m_0 (u - x_0).
        plan.segments.push_back({p[0].x, 1.0, 0.0, 0.0, m[0], p[0].y});
        for (std::size_t k = 0; k + 1 < n; ++k) {
            // The Hermite cubic of the segment in t = (u - x_k) / h, in powers of t.
            const double h = p[k + 1].x - p[k].x, y0 = p[k].y, y1 = p[k + 1].y;
            const double m0 = m[k] * h, m1 = m[k + 1] * h;
            plan.segments.push_back(
                {p[k].x, 1.0 / h, 2.0 * (y0 - y1) + m0 + m1, 3.0 * (y1 - y0) - 2.0 * m0 - m1, m0, y0});
        }
        // From the last knot on: the straight line y_{n-1} + m_{n-1} (u - x_{n-1}).
        plan.segments.push_back({p[n - 1].x, 1.0, 0.0, 0.0, m[n - 1], p[n - 1].y});
        for (const CurvePoint& point : p) plan.knots.push_back(point.x);
    }

    plan.terraces     = params.terraces;
    plan.terrace_step = params.terraces > 0 ? 1.0 / params.terraces : 1.0;
    if (params.terrace_sharpness <= 0.5) {
        plan.sharpness_low  = 2.0 * params.terrace_sharpness;
        plan.sharpness_high = -1.0;
    } else {
        plan.sharpness_high = 2.0 * params.terrace_sharpness - 1.0;
    }
    plan.terrace_invert = params.terrace_invert;

    plan.mask = params.mask;
    if (params.mask != MaskMode::none && !params.mask_field.empty()) {
        const Range mask      = nominal_range(params.mask_field.front());
        plan.mask_lo          = mask.lo;
        plan.mask_span        = mask.hi - mask.lo;
        plan.mask_inv_span    = 1.0 / plan.mask_span;
        plan.select_low       = params.mask_threshold - params.mask_falloff;
        plan.select_inv_width = params.mask_falloff > 0.0 ? 1.0 / (2.0 * params.mask_falloff) : 0.0;
        plan.select_threshold = params.mask_threshold;
    }

    plan.invert    = params.invert;
    plan.scale     = params.scale;
    plan.bias      = params.bias;
    plan.clamp     = params.clamp;
    plan.clamp_min = params.clamp_min;
    plan.clamp_max = params.clamp_max;
    return plan;
}

double shape_value(const ShapingPlan& plan, double v, double mask_v) {
    return detail::shape<double>(plan, v, mask_v);
}

}  // namespace noise
