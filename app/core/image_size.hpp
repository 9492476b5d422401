// app/core/image_size.hpp: export sizes, by engine name or WxH, and the pixel window of a job.
//
// Named sizes (what terrain engines import without resampling):
//     unreal-127 unreal-253 unreal-505 unreal-1009 unreal-2017 unreal-4033 unreal-8129
//         Unreal Engine landscape sizes (components of quads: n*k + 1)
//     unity-33 unity-65 ... unity-4097
//         Unity terrain heightmap resolutions (2^n + 1)
// or any "WxH" from 1x1 to 16384x16384 (e.g. 4096x4096, 1920x1080): what one file may hold.
//
// A window "X0,Y0,X1,Y1" (end exclusive) selects part of the full image for `--region`. An image
// cut into windows (--region, --tiles, Python's export with a region) may be larger, up to
// max_world_side on a side, as long as each window, one file, stays within max_image_side: every
// window is rendered alone, in bands, so memory does not grow with the full image.
#pragma once

#include <array>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "noise/render.hpp"

namespace app {

struct ImageSize {
    int width                                                  = 0;
    int height                                                 = 0;
    friend bool operator==(const ImageSize&, const ImageSize&) = default;
};

struct NamedSize {
    std::string_view name;
    ImageSize size;
};

// One file's side: 16384 x 16384 png16 is 512 MiB of samples, and every format's readers take it.
inline constexpr int max_image_side = 16384;
// The full image's side when it is exported by windows: any int (2^31 - 1), the library's Region.
inline constexpr int max_world_side = std::numeric_limits<int>::max();

inline constexpr std::array<NamedSize, 15> named_sizes{{
    {"unreal-127", {127, 127}},
    {"unreal-253", {253, 253}},
    {"unreal-505", {505, 505}},
    {"unreal-1009", {1009, 1009}},
    {"unreal-2017", {2017, 2017}},
    {"unreal-4033", {4033, 4033}},
    {"unreal-8129", {8129, 8129}},
    {"unity-33", {33, 33}},
    {"unity-65", {65, 65}},
    {"unity-129", {129, 129}},
    {"unity-257", {257, 257}},
    {"unity-513", {513, 513}},
    {"unity-1025", {1025, 1025}},
    {"unity-2049", {2049, 2049}},
    {"unity-4097", {4097, 4097}},
}};

// "unreal-1009" or "800x600" -> the size; else an error line for `--size` naming the value and
// what is allowed. Exactly one of the two is set. `max_side`: max_image_side for one file,
// max_world_side for an image that is cut into windows.
struct SizeParse {
    std::optional<ImageSize> size;
    std::string error;
};
SizeParse parse_image_size(std::string_view text, int max_side = max_image_side);

// An export's size: up to max_world_side when `windowed` (a region or tiles cut the image into
// files), else one file's. The error of a size that is no size, or too large for one file, adds
// how a larger image is exported (in windows: --region or --tiles), the same words for the
// command line and Python.
SizeParse parse_export_size(std::string_view text, bool windowed);

// "" or why erosion.method = simulate cannot run on this image, one line naming --size: a side
// past noise::max_simulated_side (the simulation holds the whole image, about 64 bytes a pixel).
std::string simulation_size_problem(ImageSize size);

// "X0,Y0,X1,Y1" inside a width x height image -> the region; else an error line for `--region`.
struct RegionParse {
    std::optional<noise::Region> region;
    std::string error;
};
RegionParse parse_region(std::string_view text, ImageSize image);

}  // namespace app
