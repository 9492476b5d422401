// app/python/preset_keys.hpp: a preset's keys as Python values, read and written through the same
// tables and the same messages as `--set` (app::apply_assignment, noise::set_param).
//
//     get_key(preset, "octaves")        -> 6            (int)
//     get_key(preset, "algorithm")      -> "perlin"     (a choice's name)
//     get_key(preset, "ramp")           -> "gray"       (a view key; "view.ramp" too)
//     get_key(preset, "curve")          -> [(0.0, 0.0), (0.5, 0.8), (1.0, 1.0)]
//     set_key(preset, "octaves", 20)    throws KeyValueError:
//         "octaves: '20' is out of range: expected an integer from 1 to 16"
//
// Kinds: a choice is its name (str), a toggle a bool, an integer an int, a real a float; "curve"
// a list of (x, y) pairs (or the text `--set curve=` reads: "plateau", "0:0,1:1", "none");
// "mask.KEY" a key of the mask field (setting one creates the field as `--set mask.KEY=` does);
// "name" and "description" str. A value travels as the text `--set` reads (a float in its
// shortest exact form, repr), so Python and the command line accept and refuse the same things
// with the same words, minus the "--set: " the command line puts in front.
//
// Errors: KeyValueError (a ValueError in Python) for a value a key refuses, UnknownKey (a
// ValueError that is also an AttributeError and a KeyError, so hasattr() and dict-like code keep
// working) for a name that is no key. Both are one line naming the whole key. A preset is left
// unchanged by a refused value.
#pragma once

#include <pybind11/pybind11.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/preset.hpp"

namespace noise_python {

class KeyValueError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

class UnknownKey : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

// Every key of this preset: name, description, the noise keys, curve, the view keys, and the
// mask field's "mask.KEY" when it has one.
std::vector<std::string> preset_keys(const app::Preset& preset);

pybind11::object get_key(const app::Preset& preset, std::string_view key);
void set_key(app::Preset& preset, std::string_view key, pybind11::handle value);

}  // namespace noise_python
