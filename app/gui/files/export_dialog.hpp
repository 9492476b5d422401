// gui/files/export_dialog.hpp: export the current settings to an image file from the window.
//
// The dialog offers what `noise-explorer export` writes: one file of any format (with the
// format's own choice: the mask16 map, the weights layer or splat image, the mesh grid), a grid
// of tiles, or an engine's whole set (--profile unreal|unity|godot, its files listed before it is
// written); the engine sizes of app/core/image_size.hpp (Unreal, Unity) plus powers of two and a
// custom WxH, and the output path (for a set, DIR/NAME without an extension).
// The export runs as a task (ImHex's pattern): it captures a copy of the settings,
// renders on its own thread through the same core export code as the CLI (so the file is
// bit-for-bit what `export` writes), reports progress and can be cancelled; the window stays
// live meanwhile. An existing file is never replaced without a confirmation; a cancelled or
// failed export leaves no file behind and every old one as it was (core writes a file, a tile
// grid or a set all or nothing).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "core/engine_profile.hpp"
#include "core/export_formats.hpp"
#include "core/image_size.hpp"
#include "core/terrain_masks.hpp"
#include "core/terrain_mesh_file.hpp"
#include "gui/common/background_task.hpp"
#include "gui/common/dialog_keys.hpp"
#include "gui/common/panel.hpp"
#include "gui/common/settings.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/files/file_browser.hpp"

namespace app::gui {

struct ExportDialog : Panel {
    ExportDialog();
    ~ExportDialog();
    ExportDialog(const ExportDialog&)            = delete;
    ExportDialog& operator=(const ExportDialog&) = delete;

    bool want_open = false;
    std::string path;                              // heightmap.png in the working folder, as a full path
    std::filesystem::path exporting;               // the file of the running job
    std::filesystem::path exported;                // the last file written, for "Open folder"
    std::optional<EngineProfile> engine_set;       // that engine's set; none: one file of `format`
    ExportFormat format    = ExportFormat::png16;  // what engines import
    bool raw_values        = false;                // r32 / exr32: the raw noise rather than the mapped [0, 1]
    TerrainMask mask_map   = TerrainMask::slope;   // mask16's map
    int layer              = 0;  // weights8 / weights16: the layer; splat8: the image (layers 4k..4k+3)
    int mesh_grid          = default_mesh_grid;  // glb / obj: vertices along a row
    int tile_columns       = 1;                  // export --tiles CxR; 1 x 1: one image
    int tile_rows          = 1;
    bool tile_shared_edges = true;
    int size_index         = 3;  // index into the size list: unreal-1009 by default
    int custom_width       = 1024;
    int custom_height      = 1024;
    bool size_edited       = false;  // the size was picked here: the window keeps it in the preset
    bool confirm_replace   = false;
    std::string error;
    std::string message;
    FileBrowser browser;
    std::unique_ptr<BackgroundTask<std::string>> job;  // the running export; its result is the message

    bool running() const;
    bool busy() const override { return running(); }
};

// The size the dialog would export now, and its label ("unreal-1009 (1009 x 1009)").
ImageSize chosen_size(const ExportDialog& dialog);
std::string chosen_size_label(const ExportDialog& dialog);

// Points the size row at `size` (a preset's view.export_size): its entry in the list, else custom.
void choose_size(ExportDialog& dialog, ImageSize size);

// Draws the dialog when open; starts, follows and cancels the job. On opening, the size starts
// from the preset's kept size (settings.view.export_width x export_height) when it keeps one; a
// size picked here sets `size_edited`, and the window then keeps it in the preset (Save preset
// writes it as view.export_size).
void draw_export_dialog(ExportDialog& dialog, const Settings& settings, const DialogKeys& keys);

}  // namespace app::gui
