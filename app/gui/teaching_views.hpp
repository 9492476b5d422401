// gui/teaching_views.hpp: the teaching views the preview draws, kept together by the window.
#pragma once

#include "gui/lattice_overlay.hpp"
#include "gui/probe_panel.hpp"
#include "gui/teaching_layers.hpp"

namespace app::gui {

struct TeachingViews {
    TeachingLayers layers;
    LatticeOverlay lattice;
    ProbePanel probe;
    LatticeOverlayStats lattice_drawn;  // what the last frame drew (UI report)
};

}  // namespace app::gui
