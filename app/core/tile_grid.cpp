// Tile grids: parsing, the windows of each tile, file names and the manifest.
#include "core/tile_grid.hpp"

#include <charconv>
#include <nlohmann/json.hpp>

#include "core/shown_text.hpp"

namespace app {
namespace {

constexpr int max_tiles_per_side = 64;

std::optional<int> parse_count(std::string_view text) {
    int value = 0;
    if (text.empty() || text.front() == '+') return std::nullopt;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec != std::errc() || result.ptr != text.data() + text.size()) return std::nullopt;
    return value;
}

// The tile side for `tiles` tiles over `side` pixels, or 0 if they do not fit.
int tile_side(int side, int tiles, TileEdges edges) {
    if (edges == TileEdges::shared)
        return (side - 1) % tiles == 0 && side > tiles ? (side - 1) / tiles + 1 : 0;
    return side % tiles == 0 ? side / tiles : 0;
}

// "4033 or 4037" for a message: the sizes nearest to `side` that `tiles` divide.
std::string sizes_that_fit(int side, int tiles, TileEdges edges) {
    const long long base  = edges == TileEdges::shared ? 1 : 0;
    const long long below = (side - base) / tiles * tiles + base;
    const long long above = below + tiles;
    std::string out;
    if (below > tiles - 1 + base && below >= 2) out = std::to_string(below);
    if (above <= max_world_side) out += (out.empty() ? "" : " or ") + std::to_string(above);
    return out;
}

}  // namespace

TileGridParse parse_tile_grid(std::string_view text) {
    const std::string allowed =
        "expected CxR, columns and rows from 1 to " + std::to_string(max_tiles_per_side) + " (e.g. 4x4)";
    const auto x       = text.find('x');
    const auto columns = x == std::string_view::npos ? std::nullopt : parse_count(text.substr(0, x));
    const auto rows    = x == std::string_view::npos ? std::nullopt : parse_count(text.substr(x + 1));
    if (!columns || !rows) return {std::nullopt, "--tiles: " + shown(text) + " is not a grid: " + allowed};
    if (*columns < 1 || *rows < 1 || *columns > max_tiles_per_side || *rows > max_tiles_per_side)
        return {std::nullopt, "--tiles: " + shown(text) + " is out of range: " + allowed};
    return {TileGrid{*columns, *rows, TileEdges::shared}, {}};
}

std::optional<std::pair<int, int>> parse_tile_index(std::string_view text, const TileGrid& grid,
                                                    std::string& error) {
    const auto comma  = text.find(',');
    const auto column = comma == std::string_view::npos ? std::nullopt : parse_count(text.substr(0, comma));
    const auto row    = comma == std::string_view::npos ? std::nullopt : parse_count(text.substr(comma + 1));
    if (!column || !row || *column < 0 || *row < 0 || *column >= grid.columns || *row >= grid.rows) {
        error = "--tile: " + shown(text) + " is not a tile of the " + std::to_string(grid.columns) + "x" +
                std::to_string(grid.rows) + " grid: expected X,Y with 0 <= X < " +
                std::to_string(grid.columns) + " and 0 <= Y < " + std::to_string(grid.rows);
        return std::nullopt;
    }
    return std::pair{*column, *row};
}

std::filesystem::path tile_path(const std::filesystem::path& out, int column, int row) {
    auto name = out.stem();
    name += "_x" + std::to_string(column) + "_y" + std::to_string(row);
    name += out.extension();
    return out.parent_path() / name;
}

std::filesystem::path tile_manifest_path(const std::filesystem::path& out) {
    auto name = out.stem();
    name += ".tiles.json";
    return out.parent_path() / name;
}

std::vector<Tile> plan_tiles(const TileGrid& grid, ImageSize size, const std::filesystem::path& out,
                             std::string& error) {
    const int width  = tile_side(size.width, grid.columns, grid.edges);
    const int height = tile_side(size.height, grid.rows, grid.edges);
    const std::string edges(tile_edges_names[static_cast<std::size_t>(grid.edges)]);
    const auto misfit = [&](const char* axis, int side, int tiles) {
        const std::string rule = grid.edges == TileEdges::shared
                                     ? "(the " + std::string(axis) + " - 1) divisible by "
                                     : "the " + std::string(axis) + " divisible by ";
        const std::string fits = sizes_that_fit(side, tiles, grid.edges);
        error = "--tiles: " + std::to_string(grid.columns) + "x" + std::to_string(grid.rows) + " with " +
                edges + " edges does not fit the " + std::to_string(size.width) + "x" +
                std::to_string(size.height) + " image: expected " + rule + std::to_string(tiles) +
                (fits.empty() ? "" : ", e.g. " + fits);
    };
    if (width == 0) {
        misfit("width", size.width, grid.columns);
        return {};
    }
    if (height == 0) {
        misfit("height", size.height, grid.rows);
        return {};
    }
    // Each tile is one file; the full image may be larger than one (image_size.hpp).
    if (width > max_image_side || height > max_image_side) {
        error = "--tiles: " + std::to_string(grid.columns) + "x" + std::to_string(grid.rows) + " cuts the " +
                std::to_string(size.width) + "x" + std::to_string(size.height) + " image into tiles of " +
                std::to_string(width) + "x" + std::to_string(height) + ": a tile may have at most " +
                std::to_string(max_image_side) + "x" + std::to_string(max_image_side) +
                " (expected more columns or rows)";
        return {};
    }
    const int step_x = grid.edges == TileEdges::shared ? width - 1 : width;
    const int step_y = grid.edges == TileEdges::shared ? height - 1 : height;
    std::vector<Tile> tiles;
    for (int row = 0; row < grid.rows; ++row)
        for (int column = 0; column < grid.columns; ++column) {
            const int x0 = column * step_x, y0 = row * step_y;
            tiles.push_back({column, row,
                             noise::Region{size.width, size.height, x0, y0, x0 + width, y0 + height},
                             tile_path(out, column, row)});
        }
    return tiles;
}

std::string tile_manifest_json(const TileGrid& grid, ImageSize size, const std::vector<Tile>& tiles,
                               std::string_view format, std::string_view preset_json) {
    nlohmann::ordered_json manifest;
    manifest["format"]        = "noise-explorer-tiles";
    manifest["version"]       = 1;
    manifest["export_format"] = format;
    manifest["image_width"]   = size.width;
    manifest["image_height"]  = size.height;
    manifest["columns"]       = grid.columns;
    manifest["rows"]          = grid.rows;
    manifest["edges"]         = tile_edges_names[static_cast<std::size_t>(grid.edges)];
    manifest["tile_width"]    = tiles.empty() ? 0 : tiles.front().region.columns();
    manifest["tile_height"]   = tiles.empty() ? 0 : tiles.front().region.rows();
    manifest["naming"] =
        "NAME_x{column}_y{row}: x from the left, y from the top, from 0 (Unreal World Partition, "
        "World Machine)";
    manifest["note"] =
        grid.edges == TileEdges::shared
            ? "neighbouring tiles share their border column and row (Unreal landscape components)"
            : "the tiles do not overlap";
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& tile : tiles)
        list.push_back({{"file", tile.path.filename().string()},
                        {"x", tile.column},
                        {"y", tile.row},
                        {"region", {tile.region.x0, tile.region.y0, tile.region.x1, tile.region.y1}}});
    manifest["tiles"]  = list;
    manifest["preset"] = nlohmann::ordered_json::parse(preset_json);
    return manifest.dump(2, ' ', true) + "\n";
}

}  // namespace app
