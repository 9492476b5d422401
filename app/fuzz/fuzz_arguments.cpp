// Fuzzes the command-line value parsers on the same input: `--set` (app::apply_assignment),
// `--size` (app::parse_image_size) and `--region` (app::parse_region).
//
// Invariants, for any bytes:
//     - apply_assignment changes the preset or throws PresetError; on an error the preset is
//       unchanged and the message is one printable line starting with "--set: "; applying the
//       same assignment twice gives what applying it once gave;
//     - parse_image_size gives a size from 1x1 to 16384x16384 or an error, exactly one of them;
//       the error is one printable line starting with "--size: ";
//     - parse_region gives a non-empty window inside the image or an error starting with
//       "--region: ", exactly one of them, for a few image sizes;
//     - parse_tile_grid gives a grid or an error starting with "--tiles: "; a grid's tiles over a
//       few image sizes are columns x rows windows inside the image, or an error "--tiles: ".
#include <cstdint>
#include <string>

#include "core/image_size.hpp"
#include "core/preset.hpp"
#include "core/tile_grid.hpp"
#include "fuzz_check.hpp"

namespace {

void fuzz_assignment(std::string_view text) {
    const app::Preset before;
    app::Preset preset = before;
    try {
        app::apply_assignment(preset, text);
    } catch (const app::PresetError& error) {
        fuzz::check_message(error.what(), "--set: ");
        fuzz::check(preset == before, "a failed --set changed the preset", error.what());
        return;
    }
    app::Preset twice = preset;
    try {
        app::apply_assignment(twice, text);
    } catch (const app::PresetError& error) {
        fuzz::broken("an assignment that worked once failed the second time", error.what());
    }
    fuzz::check(twice == preset, "applying an assignment twice differs from once");
}

void fuzz_size(std::string_view text) {
    const app::SizeParse parsed = app::parse_image_size(text);
    fuzz::check(parsed.size.has_value() != !parsed.error.empty(),
                "--size gave both or neither of size and error", parsed.error);
    if (parsed.size) {
        fuzz::check(parsed.size->width >= 1 && parsed.size->width <= app::max_image_side &&
                        parsed.size->height >= 1 && parsed.size->height <= app::max_image_side,
                    "--size accepted a size out of range");
    } else {
        fuzz::check_message(parsed.error, "--size: ");
    }
}

void fuzz_region(std::string_view text, app::ImageSize image) {
    const app::RegionParse parsed = app::parse_region(text, image);
    fuzz::check(parsed.region.has_value() != !parsed.error.empty(),
                "--region gave both or neither of region and error", parsed.error);
    if (parsed.region) {
        const noise::Region& r = *parsed.region;
        fuzz::check(r.width == image.width && r.height == image.height && 0 <= r.x0 && r.x0 < r.x1 &&
                        r.x1 <= image.width && 0 <= r.y0 && r.y0 < r.y1 && r.y1 <= image.height,
                    "--region accepted a window outside the image or an empty one");
    } else {
        fuzz::check_message(parsed.error, "--region: ");
    }
}

void fuzz_tiles(std::string_view text) {
    const app::TileGridParse parsed = app::parse_tile_grid(text);
    fuzz::check(parsed.grid.has_value() != !parsed.error.empty(),
                "--tiles gave both or neither of grid and error", parsed.error);
    if (!parsed.grid) {
        fuzz::check_message(parsed.error, "--tiles: ");
        return;
    }
    for (app::TileEdges edges : {app::TileEdges::shared, app::TileEdges::split})
        for (app::ImageSize image :
             {app::ImageSize{1, 1}, app::ImageSize{129, 97}, app::ImageSize{16384, 16384}}) {
            app::TileGrid grid = *parsed.grid;
            grid.edges         = edges;
            std::string error;
            const auto tiles = app::plan_tiles(grid, image, "t.png", error);
            fuzz::check(tiles.empty() != error.empty(), "plan_tiles gave both or neither of tiles and error",
                        error);
            if (tiles.empty()) {
                fuzz::check_message(error, "--tiles: ");
                continue;
            }
            fuzz::check(
                tiles.size() == static_cast<std::size_t>(grid.columns) * static_cast<std::size_t>(grid.rows),
                "plan_tiles gave the wrong number of tiles");
            for (const auto& tile : tiles)
                fuzz::check(noise::validate(tile.region).empty() && tile.region.width == image.width &&
                                tile.region.height == image.height,
                            "plan_tiles gave a window outside the image");
        }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    fuzz_assignment(text);
    fuzz_size(text);
    for (app::ImageSize image :
         {app::ImageSize{1, 1}, app::ImageSize{1920, 1080}, app::ImageSize{16384, 16384}})
        fuzz_region(text, image);
    fuzz_tiles(text);
    return 0;
}
