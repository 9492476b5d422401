// The view settings' key table: the same machinery as noise::param_table (noise/field_table.hpp).
#include "core/view_keys.hpp"

#include <array>

namespace app {
namespace {

using noise::FieldKind;
using noise::get_field;
using noise::set_field;

template <auto Member>
constexpr ViewKeyInfo entry(FieldKind kind, std::string_view key, std::string_view label, std::string_view tooltip,
                            double min, double max, std::span<const std::string_view> names = {}) {
    return {{key, label, tooltip, kind, min, max, names}, &get_field<Member>, &set_field<Member>};
}

const std::array<ViewKeyInfo, 6> table{
    entry<&ViewSettings::mapping>(FieldKind::choice, "mapping", "Mapping",
                                  "How raw values become gray levels: the algorithm's fixed range (the same scale for "
                                  "every tile and export) or stretched to this image's min and max.",
                                  0, mapping_names.size() - 1, mapping_names),
    entry<&ViewSettings::ramp>(FieldKind::choice, "ramp", "Ramp",
                               "The colour ramp of the preview and of rgb8 exports.", 0, ramp_names.size() - 1,
                               ramp_names),
    entry<&ViewSettings::hillshade>(FieldKind::toggle, "hillshade", "Hillshade",
                                    "Shade the field as terrain lit from the north-west, from the slope between "
                                    "neighbouring pixels.",
                                    0, 1),
    entry<&ViewSettings::repeat_3x3>(FieldKind::toggle, "repeat_3x3", "Repeat 3x3",
                                     "When tiling, show the tile 3 x 3 times with faint borders, to check the seams.",
                                     0, 1),
    entry<&ViewSettings::show_octaves>(FieldKind::toggle, "show_octaves", "Show octaves",
                                       "Draw each octave's weighted contribution under the sum in the curve plot.", 0,
                                       1),
    entry<&ViewSettings::scanline>(FieldKind::real, "scanline", "Scanline",
                                   "The preview row the curve plot shows, as a fraction of the preview's height.", 0,
                                   1),
};

}  // namespace

std::span<const ViewKeyInfo> view_key_table() { return table; }

const ViewKeyInfo* find_view_key(std::string_view key) { return noise::find_field(view_key_table(), key); }

std::string set_view_key(ViewSettings& view, std::string_view key, std::string_view text) {
    const ViewKeyInfo* info = find_view_key(key);
    if (info == nullptr) return "unknown view setting '" + std::string(key) + "'";
    return noise::set_field_text(view, *info, text);
}

}  // namespace app
