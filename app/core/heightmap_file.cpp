// Heightmap files in the program: the library's reader (noise/heightmap_file.hpp) for a preset's
// layers, and the layer an imported image becomes.
#include "core/heightmap_file.hpp"

#include <algorithm>
#include <memory>

#include "noise/layer_stack.hpp"
#include "noise/preset.hpp"

namespace app {

// The preset library resolves and reads the layers' files (noise/preset.hpp); this reader gives it
// the samples.
std::filesystem::path heightmap_path(std::string_view name, const std::filesystem::path& folder) {
    return noise::heightmap_path(name, folder);
}

std::string read_heightmap_layers(noise::Params& params, const std::filesystem::path& folder) {
    return noise::read_heightmap_layers(params, folder, read_heightmap);
}

std::string add_heightmap_layer(noise::Params& params, const std::filesystem::path& file,
                                std::shared_ptr<const noise::HeightSamples> samples) {
    const int number = static_cast<int>(params.stack.size()) + 2;
    if (number > noise::max_stack_layers)
        return "all " + std::to_string(noise::max_stack_layers) +
               " layers are in use: remove one before importing a heightmap";
    if (!samples || samples->width < 1 || samples->height < 1) return "the heightmap has no samples";
    noise::Params changed    = params;
    const std::string prefix = "layer." + std::to_string(number) + ".";
    if (auto error = noise::set_param(changed, prefix + "heightmap", file.string()); !error.empty())
        return error;
    noise::StackLayer& layer = changed.stack.back();
    layer.name               = file.stem().string();
    layer.blend              = noise::BlendMode::normal;
    layer.opacity            = 1.0;
    // The shorter side spans the frame; the longer one overhangs it equally on both ends.
    const double aspect = static_cast<double>(samples->width) / samples->height;
    layer.map_width     = std::max(1.0, aspect);
    layer.map_x         = (1.0 - layer.map_width) / 2.0;
    layer.map_y         = (1.0 - layer.map_width / aspect) / 2.0;
    if (changed.placement == noise::Placement::world) {  // the same place, in noise units (placement.hpp)
        const double f  = changed.frequency;
        layer.map_x     = changed.offset_x + layer.map_x * f;
        layer.map_y     = changed.offset_y + layer.map_y * f;
        layer.map_width = layer.map_width * f;
    }
    layer.heightmap_image.samples = std::move(samples);
    if (auto error = noise::validate(changed); !error.empty()) return error;
    params = std::move(changed);
    return {};
}

}  // namespace app
