// app/core/shader_text.hpp (the shader generator's own): numbers and constant arrays in GLSL's or
// HLSL's spelling, shared by shader_source.cpp and the per-algorithm writers (shader_simplex.cpp,
// shader_worley.cpp).
//
// The generated code is written once, in GLSL, and turned into HLSL by renaming its vector types
// (to_language): it uses no function whose name differs between the two (no mix, fract or
// vector splats), and its constant arrays are written by ShaderWriter::array, the one construct
// that differs.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/shader_source.hpp"

namespace app::shader_detail {

// A float literal both languages read as a float: the shortest text that rounds to the same
// float, always with a point or an exponent.
std::string float_text(double value);
std::string uint_text(std::uint32_t value);
std::string int_text(std::int64_t value);

template <class E, std::size_t N>
std::string name_of(E value, const std::array<std::string_view, N>& names) {
    return std::string(names[static_cast<std::size_t>(value)]);
}

struct ShaderWriter {
    ShaderLanguage language;
    std::string text;

    ShaderWriter& operator<<(std::string_view line) {
        text += line;
        return *this;
    }
    // A constant array of `type` ("uint", "float", "int", "uvec2", "uvec4", "ivec4", "vec4"),
    // eight items a line.
    void array(std::string_view type, std::string_view name, const std::vector<std::string>& items);
};

// GLSL's vector types by their HLSL names; nothing else differs in the generated code.
std::string to_language(std::string glsl, ShaderLanguage language);

}  // namespace app::shader_detail
