// A preset as GLSL or HLSL: see shader_source.hpp.
//
// [SECTION] Index
//   Refusals        what a shader cannot hold yet, in one line naming the key
//   Text            numbers and arrays in each language's spelling
//   Shared helpers  64-bit words in 32-bit pairs, SplitMix64's finalizer, the curves
//   One preset      its tables, lattice points, octave, sum and entry functions
//
// The code is written once, in GLSL, and turned into HLSL by renaming its vector types
// (to_language): it uses no function whose name differs between the two (no mix, fract or
// vector splats), and its arrays are written by `array_text`, the one construct that differs.
// Every constant comes from the library's own FractalNoise (octave scales, amplitudes, periods,
// shifts) and Lattice (permutations, random gradients, primes), so the shader cannot drift from
// the reference's tables.
#include "core/shader_source.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <regex>
#include <set>
#include <stdexcept>
#include <vector>

#include "core/shader_origins.hpp"
#include "noise/fractal.hpp"
#include "noise/interpolate.hpp"
#include "noise/lattice.hpp"

namespace app {
namespace {

using noise::Params;
using namespace std::string_literals;

// [SECTION] Refusals ------------------------------------------------------------------------

template <class E, std::size_t N>
std::string name_of(E value, const std::array<std::string_view, N>& names) {
    return std::string(names[static_cast<std::size_t>(value)]);
}

// One line for a key the shader does not compute yet: what it is, and what the export accepts.
std::string not_yet(std::string_view key, std::string_view value, std::string_view allowed) {
    return std::string(key) + ": '" + std::string(value) + "' is not exported to shaders yet: expected " +
           std::string(allowed) + " (docs/shaders.md lists what is)";
}

// Octave i's lattice indices times its texture stride must fit 31 bits while tiling: the shader
// wraps them in 32-bit integers.
bool periods_fit(const noise::FractalNoise& field) {
    for (const noise::OctaveSetup& setup : field.octaves())
        for (int axis = 0; axis < 4; ++axis)
            if (setup.periods[axis] * setup.lattice->stride() >= (std::int64_t{1} << 31)) return false;
    return true;
}

}  // namespace

std::string shader_refusal(const Params& params) {
    if (auto error = noise::validate(params); !error.empty()) return error;
    if (params.erosion_method == noise::ErosionMethod::simulate)
        return "erosion.method: 'simulate' runs on a whole grid, not per pixel, so it is not exported to "
               "shaders: bake it with `export --format r32 --values raw` and read the file as a heightmap "
               "layer (layer.2.source=heightmap) that the shader's caller binds as a texture";
    if (params.erosion_method != noise::ErosionMethod::none)
        return not_yet("erosion.method", name_of(params.erosion_method, noise::erosion_method_names), "none");
    if (!params.stack.empty())
        return not_yet("layer.2.source", name_of(params.stack.front().source, noise::layer_source_names),
                       "a preset without a layer stack");
    if (params.algorithm == noise::Algorithm::simplex || params.algorithm == noise::Algorithm::worley ||
        params.algorithm == noise::Algorithm::voronoi)
        return not_yet("algorithm", name_of(params.algorithm, noise::algorithm_names),
                       "perlin, value or white");
    if (params.mask != noise::MaskMode::none)
        return not_yet("mask", name_of(params.mask, noise::mask_mode_names), "none");
    const noise::FractalNoise field(params);
    if (params.hash == noise::Hash::wide && params.octave_seeds == noise::OctaveSeeds::texture &&
        params.tile == 0)
        return not_yet("octave_seeds", "texture", "same, offset or primes with hash=wide untiled");
    if (!periods_fit(field))
        return "tile: " + std::to_string(params.tile) +
               " makes the finest octave's period 2^31 cells or more, which the shader's 32-bit integers "
               "cannot wrap: expected a smaller tile or fewer octaves";
    return {};
}

double shader_tolerance(const Params& params) { return 2e-6 * (1.0 + std::max(0.0, params.warp_amplitude)); }

std::string shader_function_name(std::string_view preset_name) {
    std::string name = "ne";
    bool gap         = true;
    for (const char c : preset_name) {
        const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!alnum) {
            gap = true;
            continue;
        }
        if (gap) name += '_';
        gap = false;
        name += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    return name == "ne" ? "ne_noise" : name;
}

namespace {

// [SECTION] Text ----------------------------------------------------------------------------

// A float literal both languages read as a float: the shortest text that rounds to the same
// float, always with a point or an exponent.
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

struct Writer {
    ShaderLanguage language;
    std::string text;

    Writer& operator<<(std::string_view line) {
        text += line;
        return *this;
    }

    // A constant array of `type` ("uint", "float", "int", "uvec4", "vec4"), eight items a line.
    void array(std::string_view type, std::string_view name, const std::vector<std::string>& items) {
        const std::string size = std::to_string(items.size());
        const std::string t    = type_name(type);
        text += language == ShaderLanguage::glsl
                    ? "const " + t + " " + std::string(name) + "[" + size + "] = " + t + "[" + size + "](\n"
                    : "static const " + t + " " + std::string(name) + "[" + size + "] = {\n";
        for (std::size_t i = 0; i < items.size(); ++i) {
            text += (i % 8 == 0 ? "    " : " ") + items[i] + (i + 1 < items.size() ? "," : "");
            if (i % 8 == 7 || i + 1 == items.size()) text += "\n";
        }
        text += language == ShaderLanguage::glsl ? ");\n" : "};\n";
    }

    std::string type_name(std::string_view type) const {
        if (language == ShaderLanguage::glsl) return std::string(type);
        static const std::map<std::string_view, std::string_view> hlsl{{"vec2", "float2"}, {"vec3", "float3"},
                                                                       {"vec4", "float4"}, {"uvec2", "uint2"},
                                                                       {"uvec4", "uint4"}, {"ivec4", "int4"}};
        const auto found = hlsl.find(type);
        return std::string(found == hlsl.end() ? type : found->second);
    }
};

// GLSL's vector types by their HLSL names; nothing else differs in the code below.
std::string to_language(std::string glsl, ShaderLanguage language) {
    if (language == ShaderLanguage::glsl) return glsl;
    static const std::regex uvec(R"(\buvec([234])\b)"), ivec(R"(\bivec([234])\b)"), vec(R"(\bvec([234])\b)");
    glsl = std::regex_replace(glsl, uvec, "uint$1");
    glsl = std::regex_replace(glsl, ivec, "int$1");
    return std::regex_replace(glsl, vec, "float$1");
}

// [SECTION] Shared helpers ------------------------------------------------------------------

// Emitted once per file, before the presets. ne_ names, so they stay out of the caller's way.
constexpr std::string_view shared_helpers =
    R"(// 64-bit words as (low, high) pairs of 32-bit unsigned integers: the wide hash is SplitMix64's
// finalizer over 64-bit words, which GLSL 3.30 and HLSL SM 5.0 do not have.
uvec2 ne_add64(uvec2 a, uvec2 b) {
    uint lo = a.x + b.x;
    return uvec2(lo, a.y + b.y + (lo < a.x ? 1u : 0u));
}
// The full 64-bit product of two 32-bit words, by 16-bit halves.
uvec2 ne_mul32(uint a, uint b) {
    uint a0 = a & 0xFFFFu;
    uint a1 = a >> 16;
    uint b0 = b & 0xFFFFu;
    uint b1 = b >> 16;
    uint t  = ((a0 * b0) >> 16) + a1 * b0;
    uint u  = (t & 0xFFFFu) + a0 * b1;
    return uvec2(a * b, a1 * b1 + (t >> 16) + (u >> 16));
}
uvec2 ne_mul64(uvec2 a, uvec2 b) {
    uvec2 p = ne_mul32(a.x, b.x);
    return uvec2(p.x, p.y + a.x * b.y + a.y * b.x);
}
// z ^ (z >> n) for 0 < n < 32.
uvec2 ne_xorshift64(uvec2 z, uint n) {
    return uvec2(z.x ^ ((z.x >> n) | (z.y << (32u - n))), z.y ^ (z.y >> n));
}
uvec2 ne_mix64(uvec2 z) {
    z = ne_mul64(ne_xorshift64(z, 30u), uvec2(0x1CE4E5B9u, 0xBF58476Du));
    z = ne_mul64(ne_xorshift64(z, 27u), uvec2(0x133111EBu, 0x94D049BBu));
    return ne_xorshift64(z, 31u);
}
// A signed cell offset as a 64-bit word.
uvec2 ne_wide_int(int c) {
    return uvec2(uint(c), c < 0 ? 0xFFFFFFFFu : 0u);
}
// The true modulo of r by p > 0, negative r too.
uint ne_mod(int r, int p) {
    return r >= 0 ? uint(r) % uint(p) : uint(p) - 1u - uint(-r - 1) % uint(p);
}
// Hugo Elias' IntNoise with one octave's primes (noise/hashes.hpp).
uint ne_elias(uint n, uint a, uint b, uint c) {
    n = (n << 13) ^ n;
    return n * (n * n * a + b) + c;
}
float ne_lerp(float s, float a, float b) {
    return a + s * (b - a);
}
SIN_PI
float ne_cosine(float t) {
    bool near_start = t <= 0.5;
    float s = ne_sin_pi((near_start ? t : 1.0 - t) * 0.5);
    return near_start ? s * s : 1.0 - s * s;
}
float ne_quintic(float t) {
    return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}
float ne_smoothstep(float t) {
    return t * t * (3.0 - 2.0 * t);
}
// Seed 004's four-point cubic through v1 (t = 0) and v2 (t = 1).
float ne_cubic4(float v0, float v1, float v2, float v3, float t) {
    float P = (v3 - v2) - (v0 - v1);
    float Q = (v0 - v1) - P;
    float R = v2 - v0;
    return ((P * t + Q) * t + R) * t + v1;
}
// Ken Perlin's grad (2002): the low 4 bits pick one of the 12 edges of the cube.
float ne_grad3(uint hash, float x, float y, float z) {
    uint h  = hash & 15u;
    float u = h < 8u ? x : y;
    float v = h < 4u ? y : (h == 12u || h == 14u ? x : z);
    return ((h & 1u) == 0u ? u : -u) + ((h & 2u) == 0u ? v : -v);
}
// The 32 edges of the 4-cube: bits 3-4 the axis that is 0, bits 0-2 the signs of the others.
float ne_grad4(uint hash, vec4 d) {
    uint zero_axis = (hash >> 3) & 3u;
    float a = zero_axis == 0u ? d.y : d.x;
    float b = zero_axis <= 1u ? d.z : d.y;
    float c = zero_axis <= 2u ? d.w : d.z;
    return (((hash & 1u) == 0u ? a : -a) + ((hash & 2u) == 0u ? b : -b)) + ((hash & 4u) == 0u ? c : -c);
}

)";

// sin(pi a) for |a| <= 1/4: the library's polynomial (noise/interpolate.hpp) to the six terms a
// float holds (the seventh is below 1e-11 there).
std::string sin_pi_text() {
    std::string text = "float ne_sin_pi(float a) {\n    float a2 = a * a;\n    float s = " +
                       float_text(noise::sin_pi_coefficients[5]) + ";\n";
    for (int k = 4; k >= 0; --k)
        text +=
            "    s = s * a2 + " + float_text(noise::sin_pi_coefficients[static_cast<std::size_t>(k)]) + ";\n";
    return text + "    return a * s;\n}\n";
}

// [SECTION] One preset ----------------------------------------------------------------------

// The distinct lattices of a field, in octave order, and which one each octave reads.
struct Lattices {
    std::vector<const noise::Lattice*> distinct;
    std::vector<int> of_octave;
};

Lattices lattices_of(const noise::FractalNoise& field) {
    Lattices out;
    for (const noise::OctaveSetup& setup : field.octaves()) {
        int index = -1;
        for (std::size_t i = 0; i < out.distinct.size(); ++i)
            if (out.distinct[i] == setup.lattice) index = static_cast<int>(i);
        if (index < 0) {
            index = static_cast<int>(out.distinct.size());
            out.distinct.push_back(setup.lattice);
        }
        out.of_octave.push_back(index);
    }
    return out;
}

std::string vec_type(int dimension) { return dimension == 1 ? "float" : "vec" + std::to_string(dimension); }

// The function that turns a vecD into the vec4 the octave reads.
std::string widened(int dimension, std::string_view name) {
    switch (dimension) {
        case 1:
            return "vec4(" + std::string(name) + ", 0.0, 0.0, 0.0)";
        case 2:
            return "vec4(" + std::string(name) + ", 0.0, 0.0)";
        case 3:
            return "vec4(" + std::string(name) + ", 0.0)";
        default:
            return std::string(name);
    }
}

// One field's tables and functions: F_sum(local, cell_lo, cell_hi, cell_frac, base), the octave
// sum at local (noise-space offset from the origin) whose octave i reads the origin's block
// entry base + i. `total` is the length of the entry's origin arrays.
void write_field(Writer& out, const std::string& P, const noise::FractalNoise& field, int total) {
    const Params& params    = field.params();
    const Lattices lattices = lattices_of(field);
    const auto octaves      = field.octaves();
    const int count         = static_cast<int>(octaves.size());
    const int dimension     = params.dimension;
    const noise::Hash hash  = params.hash;
    const bool gradient     = params.algorithm == noise::Algorithm::perlin;
    const bool white        = params.algorithm == noise::Algorithm::white;
    const bool cubic        = params.interpolation == noise::Interpolation::cubic && !white;
    const int per_axis      = white ? 1 : (cubic ? 4 : 2);
    const int first         = cubic ? -1 : 0;
    int points              = 1;
    for (int axis = 0; axis < dimension; ++axis) points *= per_axis;

    out << "// [" << P << "] " << name_of(params.algorithm, noise::algorithm_names) << ", "
        << std::to_string(dimension) << "D, " << std::to_string(count) << " octaves of "
        << name_of(params.fractal, noise::fractal_names) << ", hash " << name_of(hash, noise::hash_names)
        << ", seed " << std::to_string(params.seed) << "\n";

    if (hash == noise::Hash::elias) {  // each lattice's seed (octave_seeds = offset: seed + i)
        std::vector<std::string> items;
        for (const noise::Lattice* lattice : lattices.distinct) items.push_back(uint_text(lattice->seed()));
        out.array("uint", P + "_elias_seed", items);
    }
    // --- Tables: per lattice, its permutation packed four bytes a word, its random gradients,
    // its primes, seed 001's table.
    if (hash == noise::Hash::permutation) {
        std::vector<std::string> words;
        for (const noise::Lattice* lattice : lattices.distinct)
            for (int i = 0; i < 256; i += 4) {
                std::uint32_t word = 0;
                for (int k = 0; k < 4; ++k)
                    word |= static_cast<std::uint32_t>(lattice->perm(i + k)) << (8 * k);
                words.push_back(uint_text(word));
            }
        out.array("uint", P + "_perm", words);
        out << "uint " << P << "_perm_at(int lattice, uint i) {\n"
            << "    return (" << P << "_perm[lattice * 64 + int(i >> 2)] >> ((i & 3u) * 8u)) & 255u;\n}\n";
        // Ken's chain, one link per axis; indices past 255 (tiling only) fold in their higher bytes.
        out << "uint " << P << "_chain(int lattice, uint h, uint c) {\n"
            << "    h = " << P << "_perm_at(lattice, (h + (c & 255u)) & 255u);\n"
            << "    for (uint high = c >> 8; high != 0u; high >>= 8)\n"
            << "        h = " << P << "_perm_at(lattice, (h + 1u + (high & 255u)) & 255u);\n"
            << "    return h;\n}\n";
    }
    if (hash == noise::Hash::prime_table) {
        std::vector<std::string> words;
        for (const noise::Lattice* lattice : lattices.distinct)
            for (int i = 0; i < 1024; i += 4) {
                std::uint32_t word = 0;
                for (int k = 0; k < 4; ++k)
                    word |= static_cast<std::uint32_t>(lattice->prime_table_bytes()[i + k]) << (8 * k);
                words.push_back(uint_text(word));
            }
        out.array("uint", P + "_primes", words);
    }
    if (hash == noise::Hash::elias) {
        std::vector<std::string> items;
        for (const noise::Lattice* lattice : lattices.distinct)
            for (const std::uint32_t q : lattice->elias_primes()) items.push_back(uint_text(q));
        out.array("uint", P + "_elias", items);
    }
    if (hash == noise::Hash::wide) {
        std::vector<std::string> items;
        for (const noise::Lattice* lattice : lattices.distinct) {
            const std::uint64_t start = noise::wide_start(lattice->seed());
            items.push_back("uvec2(" + uint_text(static_cast<std::uint32_t>(start)) + ", " +
                            uint_text(static_cast<std::uint32_t>(start >> 32)) + ")");
        }
        out.array("uvec2", P + "_wide_start", items);
    }
    if (gradient && params.gradients == noise::Gradients::random) {
        std::vector<std::string> items;
        for (const noise::Lattice* lattice : lattices.distinct)
            for (int h = 0; h < 256; ++h) {
                const double* g = lattice->random_gradient(dimension, static_cast<std::uint8_t>(h));
                for (int axis = 0; axis < dimension; ++axis) items.push_back(float_text(g[axis]));
            }
        out.array("float", P + "_gradients", items);
    }

    // --- Per octave: its lattice, scale, amplitude, periods (0: the hash's own wrap) and stride.
    std::vector<std::string> lattice_items, scale_items, amplitude_items, period_items, stride_items;
    for (int i = 0; i < count; ++i) {
        const noise::OctaveSetup& setup = octaves[static_cast<std::size_t>(i)];
        lattice_items.push_back(int_text(lattices.of_octave[static_cast<std::size_t>(i)]));
        scale_items.push_back(float_text(setup.scale));
        amplitude_items.push_back(float_text(setup.amplitude));
        for (int axis = 0; axis < 4; ++axis) period_items.push_back(int_text(setup.periods[axis]));
        stride_items.push_back(uint_text(static_cast<std::uint32_t>(setup.lattice->stride())));
    }
    out.array("int", P + "_lattice", lattice_items);
    out.array("float", P + "_scale", scale_items);
    out.array("float", P + "_amplitude", amplitude_items);
    out.array("int", P + "_period", period_items);
    out.array("uint", P + "_stride", stride_items);

    // --- A lattice index, wrapped as the reference wraps it (Lattice::wrap): lo and hi are the
    // origin's cell (already reduced modulo a tiling period), c the cell offset from it.
    out << "uvec2 " << P << "_wrap(int octave, int axis, uint lo, uint hi, int c) {\n"
        << "    int period = " << P << "_period[octave * 4 + axis];\n"
        << "    uint stride = " << P << "_stride[octave];\n"
        << "    if (period != 0) return uvec2(ne_mod(int(lo) + c, period) * stride, 0u);\n";
    switch (hash) {
        case noise::Hash::permutation:
            out << "    return uvec2(((lo + uint(c)) * stride) & 255u, 0u);\n";
            break;
        case noise::Hash::prime_table:
            out << "    return uvec2(((lo + uint(c)) * stride) & 1023u, 0u);\n";
            break;
        case noise::Hash::elias:
            out << "    return uvec2((lo + uint(c)) * stride, 0u);\n";
            break;
        case noise::Hash::wide:  // stride 1 untiled (shader_refusal)
            out << "    return ne_add64(uvec2(lo, hi), ne_wide_int(c));\n";
            break;
    }
    out << "}\n";

    // --- A lattice point's hash code (Lattice::point_hash): the code in .x, or all 64 bits (wide).
    out << "uvec2 " << P << "_point_hash(int lattice, uvec2 i0, uvec2 i1, uvec2 i2, uvec2 i3) {\n";
    switch (hash) {
        case noise::Hash::permutation: {
            out << "    uint h = 0u;\n";
            const char* axes[] = {"i0", "i1", "i2", "i3"};
            for (int axis = 0; axis < std::max(dimension, 3); ++axis)
                out << "    h = " << P << "_chain(lattice, h, "
                    << (axis < dimension ? axes[axis] : "uvec2(0u, 0u)") << ".x);\n";
            out << "    return uvec2(h, 0u);\n";
            break;
        }
        case noise::Hash::elias:
            // n = seed + x + 57 y + 131 z + 2039 w, the lattice's seed (octave_seeds=offset: seed + i).
            out << "    uint n = " << P << "_elias_seed[lattice]";
            for (int axis = 0; axis < dimension; ++axis)
                out << " + i" << std::to_string(axis) << ".x * "
                    << uint_text(noise::elias_axis_factor[static_cast<std::size_t>(axis)]);
            out << ";\n    return uvec2(ne_elias(n, " << P << "_elias[lattice * 3], " << P
                << "_elias[lattice * 3 + 1], " << P << "_elias[lattice * 3 + 2]), 0u);\n";
            break;
        case noise::Hash::wide: {
            out << "    uvec2 h = " << P << "_wide_start[lattice];\n";
            const char* axes[] = {"i0", "i1", "i2", "i3"};
            for (int axis = 0; axis < dimension; ++axis) {
                const std::uint64_t k = noise::wide_axis_factor[static_cast<std::size_t>(axis)];
                out << "    h = ne_mix64(ne_add64(h, ne_mul64(" << axes[axis] << ", uvec2("
                    << uint_text(static_cast<std::uint32_t>(k)) << ", "
                    << uint_text(static_cast<std::uint32_t>(k >> 32)) << "))));\n";
            }
            out << "    return h;\n";
            break;
        }
        case noise::Hash::prime_table:
            // Only the low 10 bits of each product matter (hashes.hpp): 32-bit products suffice;
            // 4807526976 is 512559680 modulo 2^32.
            out << "    uint v = (i0.x * 1836311903u) ^ (i1.x * 2971215073u + 512559680u) ^ "
                   "(i2.x * 2246822519u) ^ (i3.x * 3266489917u);\n"
                << "    v &= 1023u;\n"
                << "    return uvec2((" << P
                << "_primes[lattice * 256 + int(v >> 2)] >> ((v & 3u) * 8u)) & 255u, 0u);\n";
            break;
    }
    out << "}\n";

    // --- The code's value (value and white noise) and gradient byte (Lattice::value_of, gradient_byte).
    out << "float " << P << "_value_of(uvec2 h) {\n";
    switch (hash) {
        case noise::Hash::permutation:
        case noise::Hash::prime_table:
            out << "    return float(h.x) / 127.5 - 1.0;\n";
            break;
        case noise::Hash::elias:
            out << "    return 1.0 - float(h.x & 0x7FFFFFFFu) / 1073741824.0;\n";
            break;
        case noise::Hash::wide:  // the top 24 of the 53 bits a double keeps
            out << "    return float(h.y >> 8) * 1.1920928955078125e-07 - 1.0;\n";
            break;
    }
    out << "}\n";
    out << "uint " << P << "_gradient_byte(uvec2 h) {\n";
    switch (hash) {
        case noise::Hash::permutation:
        case noise::Hash::prime_table:
            out << "    return h.x & 255u;\n";
            break;
        case noise::Hash::elias:
            out << "    return (h.x >> 23) & 255u;\n";
            break;
        case noise::Hash::wide:
            out << "    return h.y >> 24;\n";
            break;
    }
    out << "}\n";

    // --- A corner's gradient . distance (perlin.cpp's gradient sets).
    if (gradient) {
        out << "float " << P << "_dot(int lattice, uint h, vec4 d) {\n";
        switch (params.gradients) {
            case noise::Gradients::improved:
                if (dimension == 1) out << "    return (float(h) / 127.5 - 1.0) * d.x;\n";
                if (dimension == 2) out << "    return ne_grad3(h, d.x, d.y, 0.0);\n";
                if (dimension == 3) out << "    return ne_grad3(h, d.x, d.y, d.z);\n";
                if (dimension == 4) out << "    return ne_grad4(h, d);\n";
                break;
            case noise::Gradients::axes:
                out << "    uint axis = (h >> 1) % " << uint_text(static_cast<std::uint32_t>(dimension))
                    << ";\n"
                    << "    return (h & 1u) != 0u ? -d[axis] : d[axis];\n";
                break;
            case noise::Gradients::random: {
                const std::string stride = std::to_string(dimension);
                out << "    int g = (lattice * 256 + int(h)) * " << stride << ";\n"
                    << "    float sum = 0.0;\n"
                    << "    for (int axis = 0; axis < " << stride << "; ++axis) sum += " << P
                    << "_gradients[g + axis] * d[axis];\n"
                    << "    return sum;\n";
                break;
            }
        }
        out << "}\n";
    }

    // --- A lattice point's value, smoothed over its 3^D neighbours (seed 004) where asked.
    if (!gradient) {
        out << "float " << P << "_point_value(int octave, int lattice, uvec4 lo, uvec4 hi, ivec4 c) {\n";
        if (!params.smooth) {
            out << "    return " << P << "_value_of(" << P << "_point_hash(lattice";
            for (int axis = 0; axis < 4; ++axis) {
                const std::string a = std::to_string(axis);
                if (axis < dimension)
                    out << ", " << P << "_wrap(octave, " << a << ", lo[" << a << "], hi[" << a << "], c[" << a
                        << "])";
                else
                    out << ", uvec2(0u, 0u)";
            }
            out << "));\n";
        } else {
            int neighbours = 1;
            for (int axis = 0; axis < dimension; ++axis) neighbours *= 3;
            out << "    float sum = 0.0;\n"
                << "    for (int n = 0; n < " << std::to_string(neighbours) << "; ++n) {\n"
                << "        uvec2 i[4];\n"
                << "        i[0] = uvec2(0u, 0u); i[1] = uvec2(0u, 0u); i[2] = uvec2(0u, 0u); i[3] = "
                   "uvec2(0u, 0u);\n"
                << "        float w = 1.0;\n"
                << "        int rest = n;\n"
                << "        for (int axis = 0; axis < " << std::to_string(dimension) << "; ++axis) {\n"
                << "            int k = rest % 3;\n"
                << "            rest /= 3;\n"
                << "            i[axis] = " << P
                << "_wrap(octave, axis, lo[axis], hi[axis], c[axis] + k - 1);\n"
                << "            w *= k == 1 ? 0.5 : 0.25;\n"
                << "        }\n"
                << "        sum += w * " << P << "_value_of(" << P
                << "_point_hash(lattice, i[0], i[1], i[2], i[3]));\n"
                << "    }\n"
                << "    return sum;\n";
        }
        out << "}\n";
    }

    // --- One octave: find the cell from the origin's cell and fraction, hash its points, blend.
    const std::string curve = [&]() -> std::string {
        switch (params.interpolation) {
            case noise::Interpolation::linear:
                return "t";
            case noise::Interpolation::cosine:
                return "ne_cosine(t)";
            case noise::Interpolation::smoothstep:
                return "ne_smoothstep(t)";
            case noise::Interpolation::quintic:
                return "ne_quintic(t)";
            case noise::Interpolation::cubic:
                break;
        }
        return "t";
    }();
    out << "float " << P << "_octave(int octave, vec4 local, uvec4 lo, uvec4 hi, vec4 cell_frac) {\n"
        << "    int lattice = " << P << "_lattice[octave];\n"
        << "    ivec4 cell = ivec4(0, 0, 0, 0);\n"
        << "    vec4 f = vec4(0.0, 0.0, 0.0, 0.0);\n"
        << "    for (int axis = 0; axis < " << std::to_string(dimension)
        << "; ++axis) {\n"
        // The whole cells of local * scale apart from its fraction, so the fraction is added to
        // the origin's in [0, 2), where a float keeps 2^-23 of a cell, however far local reaches.
        << "        float t = cell_frac[axis] + local[axis] * " << P << "_scale[octave];\n"
        << "        float c = floor(t);\n"
        << "        cell[axis] = int(c);\n"
        << "        f[axis] = t - c;\n"
        << "    }\n";
    if (white) {
        out << "    return " << P << "_point_value(octave, lattice, lo, hi, cell);\n}\n";
    } else {
        out << "    float v[" << std::to_string(points) << "];\n"
            << "    for (int n = 0; n < " << std::to_string(points) << "; ++n) {\n"
            << "        ivec4 k = ivec4(0, 0, 0, 0);\n"
            << "        int rest = n;\n"
            << "        for (int axis = 0; axis < " << std::to_string(dimension) << "; ++axis) {\n"
            << "            k[axis] = " << std::to_string(first) << " + rest % " << std::to_string(per_axis)
            << ";\n"
            << "            rest /= " << std::to_string(per_axis) << ";\n"
            << "        }\n";
        if (gradient) {
            out << "        uvec2 h = " << P << "_point_hash(lattice";
            for (int axis = 0; axis < 4; ++axis) {
                const std::string a = std::to_string(axis);
                if (axis < dimension)
                    out << ", " << P << "_wrap(octave, " << a << ", lo[" << a << "], hi[" << a << "], cell["
                        << a << "] + k[" << a << "])";
                else
                    out << ", uvec2(0u, 0u)";
            }
            out << ");\n"
                << "        vec4 d = vec4(f.x - float(k.x), f.y - float(k.y), f.z - float(k.z), f.w - "
                   "float(k.w));\n"
                << "        v[n] = " << P << "_dot(lattice, " << P << "_gradient_byte(h), d);\n";
        } else {
            out << "        v[n] = " << P << "_point_value(octave, lattice, lo, hi, cell + k);\n";
        }
        out << "    }\n"
            << "    int remaining = " << std::to_string(points) << ";\n"
            << "    for (int axis = 0; axis < " << std::to_string(dimension) << "; ++axis) {\n"
            << "        float t = f[axis];\n"
            << "        remaining /= " << std::to_string(per_axis) << ";\n";
        if (cubic)
            out << "        for (int n = 0; n < remaining; ++n)\n"
                << "            v[n] = ne_cubic4(v[4 * n], v[4 * n + 1], v[4 * n + 2], v[4 * n + 3], t);\n";
        else
            out << "        float s = " << curve << ";\n"
                << "        for (int n = 0; n < remaining; ++n) v[n] = ne_lerp(s, v[2 * n], v[2 * n + 1]);\n";
        out << "    }\n"
            << "    return v[0];\n}\n";
    }

    // --- The octave sum (octave_sum.hpp).
    const std::string t = std::to_string(total);
    out << "float " << P << "_sum(vec4 local, uvec4 cell_lo[" << t << "], uvec4 cell_hi[" << t
        << "], vec4 cell_frac[" << t << "], int base) {\n"
        << "    float total = 0.0;\n"
        << "    float weight = 1.0;\n"
        << "    for (int i = 0; i < " << std::to_string(count) << "; ++i) {\n"
        << "        float n = " << P
        << "_octave(i, local, cell_lo[base + i], cell_hi[base + i], cell_frac[base + i]);\n"
        << "        float amplitude = " << P << "_amplitude[i];\n";
    switch (params.fractal) {
        case noise::Fractal::fbm:
            out << "        total += amplitude * n;\n";
            break;
        case noise::Fractal::turbulence:
            out << "        total += amplitude * abs(n);\n";
            break;
        case noise::Fractal::ridged:
            out << "        float crest = 1.0 - abs(n);\n"
                << "        crest = crest * (crest * weight);\n"
                << "        weight = clamp(crest * 2.0, 0.0, 1.0);\n"
                << "        total += amplitude * crest;\n";
            break;
    }
    out << "    }\n"
        << "    return total / " << float_text(field.divisor()) << ";\n}\n";
}

std::string uvec4_text(const std::array<std::uint32_t, 4>& v) {
    return "uvec4(" + uint_text(v[0]) + ", " + uint_text(v[1]) + ", " + uint_text(v[2]) + ", " +
           uint_text(v[3]) + ")";
}
std::string vec4_text(const std::array<float, 4>& v) {
    return "vec4(" + float_text(v[0]) + ", " + float_text(v[1]) + ", " + float_text(v[2]) + ", " +
           float_text(v[3]) + ")";
}

// The shaping stage (noise/src/shaping_stage.hpp) on v, in its order, each step only where the
// plan has it; the curve's segments and the terraces' constants from the library's own plan.
void write_shaping(Writer& out, const noise::ShapingPlan& plan) {
    if (!plan.active) return;
    out << "    float u = (v - " << float_text(plan.lo) << ") * " << float_text(plan.inv_span) << ";\n";
    if (!plan.knots.empty()) {
        // Segment j where exactly j knots are <= u: y = ((a t + b) t + c) t + d, t = (u - x0) inv_h.
        out << "    {\n        int j = 0;\n";
        for (const double knot : plan.knots) out << "        j += u >= " << float_text(knot) << " ? 1 : 0;\n";
        const char* fields[] = {"x0", "inv_h", "a", "b", "c", "d"};
        for (int f = 0; f < 6; ++f) {
            std::vector<std::string> items;
            for (const noise::CurveSegment& segment : plan.segments) {
                const double values[] = {segment.x0, segment.inv_h, segment.a,
                                         segment.b,  segment.c,     segment.d};
                items.push_back(float_text(values[f]));
            }
            out << "        float " << fields[f] << "[" << std::to_string(items.size()) << "];\n";
            for (std::size_t i = 0; i < items.size(); ++i)
                out << "        " << fields[f] << "[" << std::to_string(i) << "] = " << items[i] << ";\n";
        }
        out << "        float t = (u - x0[j]) * inv_h[j];\n"
            << "        u = ((a[j] * t + b[j]) * t + c[j]) * t + d[j];\n    }\n";
    }
    if (plan.terraces > 0) {
        // libnoise's Terrace: held at 0 below 0 and at 1 from 1; step k = floor(u n), at most n - 1.
        const std::string n = float_text(plan.terraces);
        out << "    if (u >= 1.0) {\n        u = 1.0;\n    } else if (!(u > 0.0)) {\n        u = 0.0;\n    } "
               "else {\n"
            << "        float scaled = u * " << n << ";\n"
            << "        float k = min(floor(scaled), " << n << " - 1.0);\n"
            << "        float alpha = scaled - k;\n"
            << "        float from = k * " << float_text(plan.terrace_step) << ";\n"
            << "        float to = (k + 1.0) * " << float_text(plan.terrace_step) << ";\n";
        if (plan.terrace_invert)
            out << "        alpha = 1.0 - alpha;\n        float swap = from;\n        from = to;\n        to "
                   "= swap;\n";
        out << "        float square = alpha * alpha;\n";
        if (plan.sharpness_high < 0.0)
            out << "        float shaped = alpha + " << float_text(plan.sharpness_low)
                << " * (square - alpha);\n";
        else
            out << "        float shaped = square + " << float_text(plan.sharpness_high)
                << " * (square * square - square);\n";
        out << "        u = from + shaped * (to - from);\n    }\n";
    }
    if (plan.invert) out << "    u = 1.0 - u;\n";
    if (plan.scale != 1.0 || plan.bias != 0.0)
        out << "    u = u * " << float_text(plan.scale) << " + " << float_text(plan.bias) << ";\n";
    if (plan.clamp)
        out << "    u = min(max(u, " << float_text(plan.clamp_min) << "), " << float_text(plan.clamp_max)
            << ");\n";
    out << "    v = " << float_text(plan.lo) << " + u * " << float_text(plan.span) << ";\n";
}

// One preset: its fields (shader_origins.hpp's blocks, in their order), the rebased entry that
// joins them as FractalNoise::at does, and the plain entry.
void write_preset(Writer& out, const ShaderEntry& entry) {
    const Params& params = entry.params;
    const noise::FractalNoise field(params);
    const std::string P         = entry.name;
    const int dimension         = params.dimension;
    const ShaderOrigins at_zero = shader_origins(params, {0.0, 0.0, 0.0, 0.0});
    const int total             = static_cast<int>(at_zero.frac.size());
    const int count             = params.octaves;

    write_field(out, P + "_field", field, total);
    int next = field.has_rotated_layer() ? 2 * count : count;  // the warp's blocks follow the layers'
    std::vector<int> warp_base;
    for (int k = 0; field.has_warp() && k < dimension; ++k) {
        write_field(out, P + "_warp" + std::to_string(k), field.warp_component(k), total);
        warp_base.push_back(next);
        next += field.warp_component(k).params().octaves;
    }

    const std::string t = std::to_string(total);
    out << "// " << P
        << "_rebased: local = world - O, the arrays from shader_origins(params, O) (C++, Python).\n"
        << "float " << P << "_rebased(" << vec_type(dimension) << " local_point, uvec4 cell_lo[" << t
        << "], uvec4 cell_hi[" << t << "], vec4 cell_frac[" << t << "]) {\n"
        << "    vec4 local = " << widened(dimension, "local_point") << ";\n"
        << "    vec4 q = local;\n";
    // The warp (fractal.hpp): q = p + a w(p), each component the octave sum of its own field.
    for (int k = 0; k < static_cast<int>(warp_base.size()); ++k) {
        const std::string axis = "xyzw"s.substr(static_cast<std::size_t>(k), 1);
        out << "    q." << axis << " = local." << axis << " + " << float_text(params.warp_amplitude) << " * "
            << P << "_warp" << std::to_string(k) << "_sum(local, cell_lo, cell_hi, cell_frac, "
            << std::to_string(warp_base[static_cast<std::size_t>(k)]) << ");\n";
    }
    out << "    float v = " << P << "_field_sum(q, cell_lo, cell_hi, cell_frac, 0);\n";
    if (field.has_rotated_layer()) {
        // The turned copy reads its own origins, R O: R is linear, so R (O + q) = R O + R q.
        if (params.tile != 0)
            out << "    vec4 r = vec4(q.x - q.y, q.x + q.y, q.z, q.w);\n";
        else
            out << "    vec4 r = vec4((q.x - q.y) * " << float_text(noise::seed001_phi) << ", (q.y + q.x) * "
                << float_text(noise::seed001_phi) << ", q.z, q.w);\n";
        out << "    v = (v + " << P << "_field_sum(r, cell_lo, cell_hi, cell_frac, " << std::to_string(count)
            << ")) * 0.5;\n";
    }
    write_shaping(out, field.shaping());
    out << "    return v;\n}\n";

    // The plain form: the origin 0, whose per-octave cells and fractions (the octave shifts, a
    // shifting seed) are constants.
    std::vector<std::string> zero_lo, zero_hi, zero_frac;
    for (int i = 0; i < total; ++i) {
        zero_lo.push_back(uvec4_text(at_zero.cell_lo[static_cast<std::size_t>(i)]));
        zero_hi.push_back(uvec4_text(at_zero.cell_hi[static_cast<std::size_t>(i)]));
        zero_frac.push_back(vec4_text(at_zero.frac[static_cast<std::size_t>(i)]));
    }
    out.array("uvec4", P + "_origin_lo", zero_lo);
    out.array("uvec4", P + "_origin_hi", zero_hi);
    out.array("vec4", P + "_origin_frac", zero_frac);
    out << "// " << P << ": world in noise space; float throughout, for points near the origin.\n"
        << "float " << P << "(" << vec_type(dimension) << " world) {\n"
        << "    return " << P << "_rebased(world, " << P << "_origin_lo, " << P << "_origin_hi, " << P
        << "_origin_frac);\n}\n\n";
}

}  // namespace

std::string shader_source(std::span<const ShaderEntry> entries, ShaderLanguage language) {
    std::set<std::string> names;
    for (const ShaderEntry& entry : entries) {
        if (auto refusal = shader_refusal(entry.params); !refusal.empty())
            throw std::invalid_argument(entry.name + ": " + refusal);
        if (!names.insert(entry.name).second)
            throw std::invalid_argument(entry.name + ": two presets give this function name: rename one");
    }
    Writer out{language, {}};
    out << "// Noise Explorer shader export (" << name_of(language, shader_language_names)
        << "): one entry function per preset; no #version, no main.\n"
        << "// Each agrees with the program's CPU render to 2e-6 of the preset's nominal range through its\n"
        << "// _rebased form at any distance (docs/shaders.md); the plain form is float, exact near 0.\n\n";
    std::string helpers(shared_helpers);
    helpers.replace(helpers.find("SIN_PI"), 6, sin_pi_text());
    out << helpers;
    for (const ShaderEntry& entry : entries) write_preset(out, entry);
    return to_language(std::move(out.text), language);
}

}  // namespace app
