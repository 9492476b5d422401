// noise/field_access.hpp: one field of a settings struct read and written as a double.
//
// The metadata tables (noise::param_table, the app's view keys) describe every field with a
// getter and a setter of one signature, double (*)(const S&) and void (*)(S&, double), so one
// slider, one parser and one JSON writer serve them all. These two templates make those function
// pointers for any data member: enums travel as their index, bools as 0 and 1.
//
//     ParamInfo{..., &get_field<&Params::octaves>, &set_field<&Params::octaves>}
#pragma once

#include <type_traits>

namespace noise {

template <class T>
struct member_pointer_traits;
template <class Owner, class Field>
struct member_pointer_traits<Field Owner::*> {
    using owner = Owner;
    using field = Field;
};

template <auto Member>
double get_field(const typename member_pointer_traits<decltype(Member)>::owner& settings) {
    const auto value = settings.*Member;
    if constexpr (std::is_enum_v<decltype(value)>)
        return static_cast<double>(static_cast<int>(value));
    else
        return static_cast<double>(value);
}

// Expects a value already checked against the field's range.
template <auto Member>
void set_field(typename member_pointer_traits<decltype(Member)>::owner& settings, double value) {
    using Field = typename member_pointer_traits<decltype(Member)>::field;
    if constexpr (std::is_enum_v<Field>)
        settings.*Member = static_cast<Field>(static_cast<int>(value));
    else if constexpr (std::is_same_v<Field, bool>)
        settings.*Member = value != 0.0;
    else
        settings.*Member = static_cast<Field>(value);
}

}  // namespace noise
