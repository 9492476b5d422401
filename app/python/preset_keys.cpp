// A preset's keys between Python values and the tables' text forms: see preset_keys.hpp.
#include "preset_keys.hpp"

#include "core/shown_text.hpp"
#include "core/view_keys.hpp"
#include "noise/layer_stack.hpp"
#include "noise/params.hpp"

namespace py = pybind11;

namespace noise_python {
namespace {

constexpr std::string_view set_prefix = "--set: ";

std::string without_set_prefix(std::string message) {
    if (message.starts_with(set_prefix)) message.erase(0, set_prefix.size());
    return message;
}

// A field's number as the Python value of its kind.
py::object typed(const noise::FieldSpec& info, double value) {
    switch (info.kind) {
        case noise::FieldKind::choice:
            return py::str(std::string(info.names[static_cast<std::size_t>(value)]));
        case noise::FieldKind::toggle:
            return py::bool_(value != 0.0);
        case noise::FieldKind::integer:
            return py::int_(static_cast<long long>(value));
        case noise::FieldKind::real:
            break;
    }
    return py::float_(value);
}

py::object curve_list(const std::vector<noise::CurvePoint>& curve) {
    py::list points;
    for (const auto& point : curve) points.append(py::make_tuple(point.x, point.y));
    return points;
}

py::object params_key(const noise::Params& params, std::string_view key) {
    if (key == "curve") return curve_list(params.curve);
    const noise::ParamInfo* info =
        key == noise::placement_param().key ? &noise::placement_param() : noise::find_param(key);
    return info != nullptr ? typed(*info, info->get(params)) : py::object();
}

// The message apply_assignment gives for a name that is no key (with its "did you mean").
[[noreturn]] void unknown(std::string_view key) {
    if (!key.empty() && key.find('=') == std::string_view::npos) {
        app::Preset scratch;
        try {
            app::apply_assignment(scratch, std::string(key) + "=");
        } catch (const app::PresetError& error) {
            throw UnknownKey(without_set_prefix(error.what()));
        }
    }
    throw UnknownKey("unknown key " + app::shown(key) + ": expected a key of `noise-explorer sample --help`");
}

// A layer stack key split as "layer.N." and the rest (noise/layer_stack.hpp): N (0 when the key
// is not one) and the rest.
std::pair<int, std::string_view> layer_key(std::string_view key) {
    if (!key.starts_with("layer.")) return {0, {}};
    const std::string_view rest = key.substr(6);
    const std::size_t dot       = rest.find('.');
    int number                  = 0;
    if (dot == std::string_view::npos || dot == 0 || rest.starts_with('0')) return {0, {}};
    for (const char c : rest.substr(0, dot)) {
        if (c < '0' || c > '9' || number > noise::max_stack_layers) return {0, {}};
        number = number * 10 + (c - '0');
    }
    return {number >= 1 && number <= noise::max_stack_layers ? number : 0, rest.substr(dot + 1)};
}

// Whether `inner` is a key of a layer (its settings, or its field's and mask field's noise).
bool is_layer_setting(std::string_view inner) {
    if (inner.starts_with("mask.")) inner.remove_prefix(5);
    return inner == "name" || inner == "heightmap" || inner == "curve" || inner == "height_curve" ||
           noise::find_layer_key(inner) != nullptr || noise::find_param(inner) != nullptr;
}

// The export size the preset keeps, with or without "view." (a text key beside the view table's
// numbers: "WxH", or None while none is kept).
bool is_export_size(std::string_view key) {
    return (key.starts_with("view.") ? key.substr(5) : key) == app::export_size_key;
}

// Whether apply_assignment knows the key (a noise key, curve, mask.KEY, layer.N.KEY, a view key
// with or without "view.", the export size).
bool is_key(std::string_view key) {
    if (is_export_size(key)) return true;
    if (const auto [number, inner] = layer_key(key); number != 0) return is_layer_setting(inner);
    if (key == "curve" || key == noise::placement_param().key || noise::find_param(key) != nullptr)
        return true;
    if (key.starts_with("mask."))
        return key.substr(5) == "curve" || noise::find_param(key.substr(5)) != nullptr;
    return app::find_view_key(key.starts_with("view.") ? key.substr(5) : key) != nullptr;
}

// The text `--set` reads for a Python value, or "" with `error` set.
std::string text_of(std::string_view key, py::handle value, std::string& error) {
    if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "true" : "false";
    if (py::isinstance<py::str>(value)) return value.cast<std::string>();
    if (py::isinstance<py::float_>(value)) return py::repr(value).cast<std::string>();
    if (py::hasattr(value, "__index__")) return py::str(value.attr("__index__")()).cast<std::string>();
    // NumPy's float32 and other numbers that are not float: through float(), as Python would.
    if (py::hasattr(value, "__float__") && !py::isinstance<py::sequence>(value))
        return py::repr(py::float_(value.attr("__float__")())).cast<std::string>();
    const bool curve = key == "curve" || key.ends_with(".curve") || key.ends_with(".height_curve");
    if (curve && py::isinstance<py::sequence>(value)) {
        std::string text;
        for (const auto point : value) {
            if (!py::isinstance<py::sequence>(point) || py::len(point) != 2) {
                text.clear();
                break;
            }
            const auto pair = point.cast<py::sequence>();
            text += (text.empty() ? "" : ",") + py::repr(py::float_(pair[0])).cast<std::string>() + ":" +
                    py::repr(py::float_(pair[1])).cast<std::string>();
        }
        if (!text.empty()) return text;
        if (py::len(value) == 0) return "none";
    }
    std::string_view setting = layer_key(key).second.empty() ? key : layer_key(key).second;
    if (setting.starts_with("mask.")) setting.remove_prefix(5);
    const noise::LayerInfo* layer_info = layer_key(key).first != 0 ? noise::find_layer_key(setting) : nullptr;
    const std::string allowed =
        layer_info != nullptr ? noise::allowed_values(*layer_info) : app::preset_key_allowed(setting);
    error = std::string(key) + ": " + app::shown(py::repr(value).cast<std::string>()) + " is not allowed: " +
            (curve             ? "expected a list of (x, y) pairs, a curve's name or \"none\""
             : allowed.empty() ? "expected a str, bool, int or float"
                               : allowed);
    return {};
}

}  // namespace

std::vector<std::string> preset_keys(const app::Preset& preset) {
    std::vector<std::string> keys{"name", "description"};
    for (const auto& info : noise::param_table()) keys.emplace_back(info.key);
    keys.emplace_back("curve");
    keys.emplace_back(noise::placement_param().key);
    for (const auto& info : app::view_key_table()) keys.emplace_back(info.key);
    if (!preset.params.mask_field.empty()) {
        for (const auto& info : noise::param_table()) keys.push_back("mask." + std::string(info.key));
        keys.emplace_back("mask.curve");
    }
    // The layers the preset has, with their settings and their noise (layer_stack.hpp).
    for (const std::string setting : {"name", "mute", "solo"}) keys.push_back("layer.1." + setting);
    for (std::size_t k = 0; k < preset.params.stack.size(); ++k) {
        const noise::StackLayer& layer = preset.params.stack[k];
        const std::string prefix       = "layer." + std::to_string(k + 2) + ".";
        keys.push_back(prefix + "name");
        keys.push_back(prefix + "height_curve");
        for (const auto& info : noise::layer_table()) keys.push_back(prefix + std::string(info.key));
        if (!layer.heightmap.empty()) keys.push_back(prefix + "heightmap");
        for (const auto& [field, inner] :
             {std::pair{&layer.field, prefix}, {&layer.mask_field, prefix + "mask."}}) {
            if (field->empty()) continue;
            for (const auto& info : noise::param_table()) keys.push_back(inner + std::string(info.key));
            keys.push_back(inner + "curve");
        }
    }
    return keys;
}

namespace {

// A layer's key (layer.N.KEY) from the preset; KeyValueError when the layer or its field is not there.
py::object layer_get(const noise::Params& params, std::string_view key, int number, std::string_view inner) {
    if (number == 1) {
        if (inner == "name") return py::str(params.base_layer.name);
        if (inner == "mute") return py::bool_(params.base_layer.mute);
        if (inner == "solo") return py::bool_(params.base_layer.solo);
        if (auto value = params_key(params, inner)) return value;
        return py::none();
    }
    if (static_cast<std::size_t>(number - 2) >= params.stack.size())
        throw KeyValueError(std::string(key) + ": the preset has " + std::to_string(params.stack.size() + 1) +
                            " layers: expected layer.N.KEY to be set first (it creates the layers up to N)");
    const noise::StackLayer& layer = params.stack[static_cast<std::size_t>(number - 2)];
    if (inner == "name") return py::str(layer.name);
    if (inner == "heightmap") return py::str(layer.heightmap);
    if (inner == "height_curve") return curve_list(layer.height_curve);
    if (const noise::LayerInfo* info = noise::find_layer_key(inner)) return typed(*info, info->get(layer));
    const bool masked                        = inner.starts_with("mask.");
    const std::vector<noise::Params>& fields = masked ? layer.mask_field : layer.field;
    if (fields.empty())
        throw KeyValueError(std::string(key) + ": layer " + std::to_string(number) + " has no " +
                            (masked ? "mask field" : "noise field") + ": expected it to be set first");
    if (auto value = params_key(fields.front(), masked ? inner.substr(5) : inner)) return value;
    return py::none();
}

}  // namespace

py::object get_key(const app::Preset& preset, std::string_view key) {
    if (key == "name") return py::str(preset.name);
    if (key == "description") return py::str(preset.description);
    if (auto value = params_key(preset.params, key)) return value;
    if (!is_key(key)) unknown(key);
    if (const auto [number, inner] = layer_key(key); number != 0)
        return layer_get(preset.params, key, number, inner);
    if (key.starts_with("mask.")) {
        const auto inner = key.substr(5);
        if (preset.params.mask_field.empty())
            throw KeyValueError(std::string(key) +
                                ": the preset has no mask field: expected mask.KEY to be set first (any "
                                "mask.KEY = value creates it), or \"mask_field\" in the preset");
        return params_key(preset.params.mask_field.front(), inner);
    }
    if (is_export_size(key)) {
        const std::string kept = app::format_export_size(preset.view);
        return kept.empty() ? py::none() : py::object(py::str(kept));
    }
    const auto view_key = key.starts_with("view.") ? key.substr(5) : key;
    if (const app::ViewKeyInfo* info = app::find_view_key(view_key))
        return typed(*info, info->get(preset.view));
    unknown(key);
}

void set_key(app::Preset& preset, std::string_view key, py::handle value) {
    if (key == "name" || key == "description") {
        if (!py::isinstance<py::str>(value))
            throw KeyValueError(std::string(key) + ": " + app::shown(py::repr(value).cast<std::string>()) +
                                " is not allowed: expected a str");
        // The limits the preset reader keeps, so that whatever a script saves reads back.
        const std::size_t limit = key == "name" ? app::preset_name_limit : app::preset_description_limit;
        auto text               = value.cast<std::string>();
        if (text.size() > limit)
            throw KeyValueError(std::string(key) + ": the text is " + std::to_string(text.size()) +
                                " bytes long: expected at most " + std::to_string(limit) + " bytes");
        (key == "name" ? preset.name : preset.description) = std::move(text);
        return;
    }
    if (!is_key(key)) unknown(key);
    if (is_export_size(key) && value.is_none()) {  // keeps none again: export() then needs a size
        preset.view.export_width = preset.view.export_height = 0;
        return;
    }
    std::string error;
    const std::string text = text_of(key, value, error);
    if (!error.empty()) throw KeyValueError(error);
    try {
        app::apply_assignment(preset, std::string(key) + "=" + text);
    } catch (const app::PresetError& failure) {
        throw KeyValueError(without_set_prefix(failure.what()));
    }
}

}  // namespace noise_python
