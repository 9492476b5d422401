// gui/teaching/lattice_views.hpp: the teaching views of the lattice (issue 8, items 1-3), kept together.
//
// The lattice drawn over the preview (lattice_overlay.hpp), the probe that opens one evaluation
// step by step (probe_panel.hpp) and the preview modes that show the corners' contributions
// before blending (influence_image.hpp). The window owns one LatticeViews; the shell hands
// draw_lattice_views to the preview as one of its picture's layers, the Teach menu switches them.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include "gui/common/lattice_view_settings.hpp"
#include "gui/common/ui_report.hpp"
#include "gui/preview/view_transform.hpp"
#include "gui/teaching/flow_overlay.hpp"
#include "gui/teaching/lattice_overlay.hpp"
#include "gui/teaching/probe_panel.hpp"
#include "noise/params.hpp"

namespace app::gui {

struct LatticeViews {
    LatticeViewSettings layers;
    LatticeOverlay lattice;
    ProbePanel probe;
    FlowOverlay flow;                   // downhill arrows and flow paths, over the picture's own field
    LatticeOverlayStats lattice_drawn;  // what the last frame drew (UI report)
};

// The Teach menu's items for these views (inside an open menu). The views of the square lattice's
// cells are disabled, with a tooltip saying why, in 1D and for algorithms without such cells
// (cellular noise keeps the lattice overlay: it draws each cell's feature point).
void draw_lattice_menu_items(LatticeViewSettings& layers, const noise::Params& params);

// Over the preview's picture: the lattice on each of its `repeats` x `repeats` images (`view` is
// the first), and the probe's marker; `scale` as LatticeOverlay::draw's (a figure's is larger).
void draw_lattice_views(ImDrawList* draw, const ViewTransform& view, int repeats, LatticeViews& views,
                        float scale = 1.0f);

// Over the preview's picture, in its own field (the live settings, not the taught field): the
// downhill arrows and flow paths when switched on (flow_overlay.hpp).
void draw_flow_views(ImDrawList* draw, const ViewTransform& view, int repeats, LatticeViews& views,
                     const std::function<void()>& wake, float scale = 1.0f);

// For the UI report: what is switched on, what the overlay drew, the probe's numbers.
// `influence_shown`: the preview shows the image of the current influence mode.
nlohmann::json lattice_views_report(const LatticeViews& views, bool influence_shown);

}  // namespace app::gui
