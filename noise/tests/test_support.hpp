// Shared by the noise tests: every combination of the settings that shape the base noise.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "noise/kernel.hpp"
#include "noise/params.hpp"
#include "noise/render.hpp"

namespace noise_test {

// Kernels resolved while it lives take the named SIMD target (its `ok` says whether this CPU has it).
struct ForcedTarget {
    explicit ForcedTarget(std::string_view name) { ok = noise::force_simd_target(name); }
    ~ForcedTarget() { noise::force_simd_target(""); }
    bool ok = false;
};

// The image the reference draws, pixel by pixel (FractalNoise::at at render.hpp's pixel points).
inline std::vector<float> reference_image(const noise::FractalNoise& noise, int width, int height) {
    std::vector<float> image;
    for (int py = 0; py < height; ++py)
        for (int px = 0; px < width; ++px)
            image.push_back(static_cast<float>(noise.at(noise::pixel_point(noise.params(), width, px, py))));
    return image;
}

inline noise::Params one_octave(noise::Algorithm algorithm, int dimension, noise::Interpolation interpolation,
                                noise::Gradients gradients = noise::Gradients::improved) {
    noise::Params params;
    params.algorithm     = algorithm;
    params.dimension     = dimension;
    params.interpolation = interpolation;
    params.gradients     = gradients;
    params.octaves       = 1;
    return params;
}

// Every algorithm x dimension x interpolation (x gradients for perlin), one octave; simplex once
// per dimension (it reads no curve).
inline std::vector<noise::Params> every_base_noise() {
    std::vector<noise::Params> all;
    for (int dimension = 1; dimension <= 4; ++dimension) {
        for (std::size_t i = 0; i < noise::interpolation_names.size(); ++i) {
            const auto curve = static_cast<noise::Interpolation>(i);
            for (std::size_t g = 0; g < noise::gradients_names.size(); ++g)
                all.push_back(
                    one_octave(noise::Algorithm::perlin, dimension, curve, static_cast<noise::Gradients>(g)));
            all.push_back(one_octave(noise::Algorithm::value, dimension, curve));
            auto smooth   = one_octave(noise::Algorithm::value, dimension, curve);
            smooth.smooth = true;
            all.push_back(smooth);
        }
        all.push_back(one_octave(noise::Algorithm::white, dimension, noise::Interpolation::linear));
        all.push_back(one_octave(noise::Algorithm::simplex, dimension, noise::Interpolation::quintic));
    }
    return all;
}

inline std::string describe(const noise::Params& p) {
    std::string text;
    for (const auto& info : noise::param_table()) {
        if (info.key == "offset_x") break;
        text += std::string(info.key) + "=" + noise::format_param(p, info) + " ";
    }
    return text;
}

}  // namespace noise_test
