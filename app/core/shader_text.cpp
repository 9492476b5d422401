// Numbers and arrays in shader spelling: see shader_text.hpp.
#include "core/shader_text.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <regex>

namespace app::shader_detail {

std::string float_text(double value) {
    const auto f = static_cast<float>(value);
    char buffer[32];
    for (int digits = 6; digits <= 9; ++digits) {
        std::snprintf(buffer, sizeof buffer, "%.*g", digits, static_cast<double>(f));
        if (std::strtof(buffer, nullptr) == f) break;
    }
    std::string text = buffer;
    if (text.find_first_of(".e") == std::string::npos) text += ".0";
    return text;
}

std::string uint_text(std::uint32_t value) { return std::to_string(value) + "u"; }
std::string int_text(std::int64_t value) { return std::to_string(value); }

namespace {

std::string type_name(ShaderLanguage language, std::string_view type) {
    if (language == ShaderLanguage::glsl) return std::string(type);
    static const std::map<std::string_view, std::string_view> hlsl{{"vec2", "float2"}, {"vec3", "float3"},
                                                                   {"vec4", "float4"}, {"uvec2", "uint2"},
                                                                   {"uvec4", "uint4"}, {"ivec4", "int4"}};
    const auto found = hlsl.find(type);
    return std::string(found == hlsl.end() ? type : found->second);
}

}  // namespace

void ShaderWriter::array(std::string_view type, std::string_view name,
                         const std::vector<std::string>& items) {
    const std::string size = std::to_string(items.size());
    const std::string t    = type_name(language, type);
    text += language == ShaderLanguage::glsl
                ? "const " + t + " " + std::string(name) + "[" + size + "] = " + t + "[" + size + "](\n"
                : "static const " + t + " " + std::string(name) + "[" + size + "] = {\n";
    for (std::size_t i = 0; i < items.size(); ++i) {
        text += (i % 8 == 0 ? "    " : " ") + items[i] + (i + 1 < items.size() ? "," : "");
        if (i % 8 == 7 || i + 1 == items.size()) text += "\n";
    }
    text += language == ShaderLanguage::glsl ? ");\n" : "};\n";
}

std::string to_language(std::string glsl, ShaderLanguage language) {
    if (language == ShaderLanguage::glsl) return glsl;
    static const std::regex uvec(R"(\buvec([234])\b)"), ivec(R"(\bivec([234])\b)"), vec(R"(\bvec([234])\b)");
    glsl = std::regex_replace(glsl, uvec, "uint$1");
    glsl = std::regex_replace(glsl, ivec, "int$1");
    return std::regex_replace(glsl, vec, "float$1");
}

}  // namespace app::shader_detail
