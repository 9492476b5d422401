// gui/files/export_rows.hpp (internal to gui/files): the export dialog's rows, each drawn
// from and into the ExportDialog (export_dialog.hpp): what to export (one image of a format,
// with the format's own choices, or an engine's whole set and its files), the size, the tiles
// and the file. export_dialog.cpp stacks them and runs the job they describe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/engine_profile.hpp"
#include "core/export_image.hpp"
#include "core/tile_grid.hpp"
#include "gui/common/settings.hpp"
#include "gui/files/export_dialog.hpp"

namespace app::gui {

// What the Tiles row plans: the grid, its tiles (none for one image) and why it cannot be.
struct TilePlan {
    TileGrid grid;
    bool tiled = false;
    std::vector<Tile> tiles;
    std::string error;
};

// The engine whose whole set the dialog exports, or nullopt for one image.
std::optional<EngineProfile> chosen_profile(const ExportDialog& dialog);
// That set's request: the dialog's path as DIR/NAME, the size, `overwrite`.
ProfileRequest profile_request(const ExportDialog& dialog, ImageSize size, bool overwrite);

// The rows, top to bottom. Export: one image or a set (the path follows); Format and its own
// choices (one image); Size; Tiles (one image) or the set's Files; File (or the set's Name).
void draw_kind_row(ExportDialog& dialog);
void draw_format_row(ExportDialog& dialog, const Settings& settings);
ImageSize draw_size_row(ExportDialog& dialog);
TilePlan draw_tiles_row(ExportDialog& dialog, ImageSize size);
void draw_set_files(const std::vector<SetPart>& parts, const ProfileRequest& request);
void draw_path_row(ExportDialog& dialog);

// A warning line in the theme's warning colour, wrapped to the dialog.
void warning_text(const char* format, const char* text);

}  // namespace app::gui
