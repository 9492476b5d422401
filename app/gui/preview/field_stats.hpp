// gui/preview/field_stats.hpp: the field's statistics beside the curve: min, max, mean, histogram.
//
// Read from the image the preview shows (shown_field.hpp), so they describe the picture on
// screen, coarse or not: the histogram is of the mapped values, its ends the mapping range.
#pragma once

#include <span>

#include "gui/common/ui_report.hpp"
#include "gui/preview/shown_field.hpp"

namespace app::gui {

// Draws into the current window (the stats panel): "rendering ..." until the first image.
// `before`: the histogram of the field before the shaping stage over the nominal range (the
// curve worker's), outlined over the shaped one when there is a stage; may be empty.
void draw_field_stats(const ShownField& field, std::span<const float> before = {});

}  // namespace app::gui
