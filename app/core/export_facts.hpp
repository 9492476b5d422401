// app/core/export_facts.hpp: what an export says about itself, as JSON.
//
// Every exported file describes itself: a PNG in a text chunk, an exr32 in an attribute, an r16 or
// r32 in its sidecar OUT.json (which also holds the preset), a mesh in its extras or comments.
// The facts: the format, the window and the full image's size, how the samples map back to raw
// values (value_range), the terrain's metres where a map or mesh is in metres, the texture layers'
// rules of a weight map, a mesh's grid, the caption. cli.md's "Export facts" shows an example.
#pragma once

#include <string>

#include "core/export_image.hpp"
#include "noise/render.hpp"

namespace app {

// The facts of exporting `request`'s window of `preset`, whose raw values map through `range`;
// `with_preset`: the preset too (the sidecar's copy). Two-space indented, ending in a newline.
std::string export_facts_json(const Preset& preset, const ExportRequest& request, const noise::Region& window,
                              noise::Range range, bool with_preset);

}  // namespace app
