// app/core/tile_grid.hpp: a full export cut into a grid of tiles, named and overlapped the way
// terrain engines import them.
//
//     noise-explorer export --preset alpine-ridges --size 4033x4033 --format png16 -o land.png --tiles 4x4
//     -> land_x0_y0.png ... land_x3_y3.png (1009 x 1009 each) + land.tiles.json
//
// Naming: NAME_x{column}_y{row}.EXT, x counted from the left and y from the top, both from 0:
// the pattern Unreal Engine's World Partition "import tiled heightmap" and World Machine's tiled
// output both use.
// Edges (--tile-edges):
//     shared  neighbouring tiles share their border column/row, as Unreal's landscape components
//             (and World Machine with "share edge vertices") do: W = C * (w - 1) + 1, so a
//             4033 image in 4 columns gives tiles 1009 wide, starting at 0, 1008, 2016, 3024.
//     split   the tiles cut the image without overlap: W = C * w (textures, World Machine
//             without shared edges).
// A size that the grid does not divide is an error that says the nearest sizes that work.
// Every tile is an ordinary --region export of the full image, so tiles fit the single-image
// export byte for byte (shared borders hold the same pixels in both tiles) and can be rendered
// on different machines: --tile X,Y renders one of them. A tile is one file, at most
// max_image_side on a side; the full image may be larger (up to 64 of them on a side).
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/image_size.hpp"
#include "noise/enum_names.hpp"
#include "noise/render.hpp"

namespace app {

enum class TileEdges { shared, split };
inline constexpr std::array<std::string_view, 2> tile_edges_names{"shared", "split"};
static_assert(noise::names_match_enum<TileEdges>(tile_edges_names));

struct TileGrid {
    int columns     = 1;
    int rows        = 1;
    TileEdges edges = TileEdges::shared;
};

struct Tile {
    int column = 0, row = 0;
    noise::Region region;  // the tile's window of the full image
    std::filesystem::path path;
};

// "4x4" (1 to 64 each way) -> the grid's columns and rows; else an error line for --tiles.
struct TileGridParse {
    std::optional<TileGrid> grid;
    std::string error;
};
TileGridParse parse_tile_grid(std::string_view text);

// "X,Y" inside the grid -> the tile's column and row; else an error line for --tile.
std::optional<std::pair<int, int>> parse_tile_index(std::string_view text, const TileGrid& grid,
                                                    std::string& error);

// The tiles of `grid` over `size`, row by row from the top; `out` "land.png" names them
// "land_x0_y0.png" ... Empty with `error` set when the size does not fit the grid.
std::vector<Tile> plan_tiles(const TileGrid& grid, ImageSize size, const std::filesystem::path& out,
                             std::string& error);

// "land.png" -> "land_x2_y1.png".
std::filesystem::path tile_path(const std::filesystem::path& out, int column, int row);

// "land.png" -> "land.tiles.json", the manifest written beside the tiles.
std::filesystem::path tile_manifest_path(const std::filesystem::path& out);

// The manifest: the grid, the naming and edge convention, each tile's file and window, the
// export format and the preset (as JSON text), so a tool can place the tiles without guessing.
std::string tile_manifest_json(const TileGrid& grid, ImageSize size, const std::vector<Tile>& tiles,
                               std::string_view format, std::string_view preset_json);

}  // namespace app
