// The preset in a glb's extras or an obj's comments: see mesh_file_preset.hpp.
#include "core/mesh_file_preset.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/json_text.hpp"
#include "core/preset.hpp"

namespace app {

namespace {

constexpr std::string_view glb_magic  = "glTF";
constexpr std::string_view obj_header = "# noise-explorer terrain mesh";

// The "preset" object of the export facts `text` (the JSON of a glb's extras, or an obj's
// comments), as JSON text for parse_preset_json.
std::string preset_of_facts(const nlohmann::json& facts, const LimitedInput& in, std::string_view where) {
    if (!facts.is_object() || !facts.contains("preset") || !facts["preset"].is_object())
        in.fail("this mesh has no preset in its " + std::string(where) +
                ": expected a glb or obj exported by noise-explorer (0.1.0 or later)");
    return facts["preset"].dump();
}

JsonRules facts_rules(std::string_view what) {
    // A preset needs 4 levels; its facts and the glTF document around them 2 more.
    return {.what         = what,
            .max_nesting  = preset_max_nesting + 2,
            .nesting_note = "a mesh's facts need 6",
            .allowed      = {}};
}

}  // namespace

bool is_glb_head(std::string_view head) { return head.starts_with(glb_magic); }

bool is_obj_head(std::string_view head) { return head.size() >= 8 && obj_header.starts_with(head); }

std::string read_glb_preset(LimitedInput& in, std::string_view head) {
    // The 12-byte header (magic, version, length), then the first chunk: length, type, data.
    std::string bytes(head);
    in.read_exact(bytes, 20 - bytes.size(), "the glTF header");
    if (little_endian_32(bytes.data() + 4) != 2)
        in.fail("glTF version " + std::to_string(little_endian_32(bytes.data() + 4)) + ": expected 2");
    const std::uint32_t length = little_endian_32(bytes.data() + 12);
    if (little_endian_32(bytes.data() + 16) != 0x4E4F534Au) in.fail("the first glTF chunk is not JSON");
    if (length > mesh_preset_limit)
        in.fail("the glTF JSON chunk is " + std::to_string(length) +
                " bytes: a noise-explorer mesh has at most " + std::to_string(mesh_preset_limit));
    std::string json;
    in.read_exact(json, length, "the glTF JSON chunk");
    const nlohmann::json document =
        parse_json_text(json, in.shown_name() + " (glTF JSON)", facts_rules("glTF JSON"));
    if (!document.is_object() || !document.contains("extras"))
        in.fail("this glTF has no \"extras\": expected a glb exported by noise-explorer");
    return preset_of_facts(document["extras"], in, "glTF extras");
}

std::string read_obj_preset(LimitedInput& in, std::string_view head) {
    // Comment lines until the first other line (or the limit): the first is the header, the rest
    // the facts' JSON, each after "# ".
    std::string text(head);
    std::size_t scanned = 0;  // every line before this starts with '#'
    while (true) {
        const std::size_t end = text.find('\n', scanned);
        if (end == std::string::npos) {
            if (text.size() > mesh_preset_limit)
                in.fail("the comments before the mesh are over " + std::to_string(mesh_preset_limit) +
                        " bytes: not an obj exported by noise-explorer");
            char buffer[65536];
            const std::size_t got = in.read(buffer, sizeof buffer);
            if (got == 0) break;
            text.append(buffer, got);
            continue;
        }
        if (text[scanned] != '#') {
            text.resize(scanned);
            break;
        }
        scanned = end + 1;
    }
    if (!text.starts_with(obj_header)) in.fail("this is not an obj exported by noise-explorer");
    std::string json;
    for (std::size_t at = text.find('\n') + 1; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        std::string_view line(text.data() + at, end - at);
        line.remove_prefix(std::min<std::size_t>(line.starts_with("# ") ? 2 : 1, line.size()));
        json.append(line).push_back('\n');
        at = end + 1;
    }
    if (json.empty())
        in.fail("this obj has no export facts in its comments: expected one exported by noise-explorer");
    const nlohmann::json facts =
        parse_json_text(json, in.shown_name() + " (obj comments)", facts_rules("obj comments"));
    return preset_of_facts(facts, in, "obj comments");
}

}  // namespace app
