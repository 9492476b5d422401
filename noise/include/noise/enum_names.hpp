// noise/enum_names.hpp: a compile-time check that a choice's name table names every enumerator.
//
// Every choice is an `enum class` with the default values 0, 1, ... and a name table beside it
// (params.hpp). `names_match_enum<E>(names)` is true when 0 .. size - 1 are all enumerators of
// E and size is not one: so a static_assert fails both for a name missing from the table and for
// an enumerator added after the last one, without a `count` sentinel that every switch over the
// enum would then have to handle.
//
// How it knows: in a function template's __PRETTY_FUNCTION__, GCC and Clang (the compilers we
// build with) spell a value that is an enumerator by its name (`noise::Fractal::ridged`) and any
// other value as a cast (`(noise::Fractal)3`). noise/tests/params_test.cpp shows the check
// failing, for an enum in an anonymous namespace too (whose name Clang spells with parentheses).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <utility>

namespace noise {

namespace enum_detail {

template <auto Value>
constexpr bool is_enumerator() {
    // The value's spelling: after "= " ("[with auto Value = " in GCC, "[Value = " in Clang), up to
    // the closing ']'. A cast ends in the number after its last ')': "(noise::Fractal)3", and
    // in an anonymous namespace "((anonymous namespace)::E)3"; a name never does.
    constexpr std::string_view signature = __PRETTY_FUNCTION__;
    constexpr std::size_t from           = signature.rfind("= ") + 2;
    constexpr std::string_view value     = signature.substr(from, signature.rfind(']') - from);
    constexpr std::size_t paren          = value.rfind(')');
    if (paren == std::string_view::npos || paren + 1 == value.size()) return true;
    const char after = value[paren + 1];
    return !(after == '-' || (after >= '0' && after <= '9'));
}

template <typename E, std::size_t... Index>
constexpr bool all_enumerators(std::index_sequence<Index...>) {
    return (is_enumerator<static_cast<E>(Index)>() && ...);
}

}  // namespace enum_detail

// True when E's enumerators are exactly 0 .. Count - 1.
template <typename E, std::size_t Count>
constexpr bool enum_has_count() {
    return enum_detail::all_enumerators<E>(std::make_index_sequence<Count>{}) &&
           !enum_detail::is_enumerator<static_cast<E>(Count)>();
}

template <typename E, std::size_t Count>
constexpr bool names_match_enum(const std::array<std::string_view, Count>&) {
    return enum_has_count<E, Count>();
}

}  // namespace noise
