// Shared by the noise tests that stream chunks: the shipped presets a grid can render.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "noise/preset.hpp"

namespace noise_test {

// Every shipped preset a grid can render, by name in order: all but the simulating ones (they
// need their frame).
inline std::vector<std::pair<std::string, noise::Params>> unbounded_presets() {
    const std::filesystem::path presets_dir = std::filesystem::path(NOISE_EXPLORER_ASSETS_DIR) / "presets";
    std::vector<std::pair<std::string, noise::Params>> out;
    for (const auto& entry : std::filesystem::directory_iterator(presets_dir)) {
        if (entry.path().extension() != ".json") continue;
        noise::Params params = noise::load_preset(entry.path()).params;
        if (params.erosion_method != noise::ErosionMethod::simulate)
            out.emplace_back(entry.path().stem().string(), std::move(params));
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
}

}  // namespace noise_test
