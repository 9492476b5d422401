// Perlin, value and white noise as shader code: see shader_octaves.hpp. The lattice's own steps
// (lattice.hpp): the wrap of an index, the hash of a lattice point (permutation, elias, wide,
// prime_table), its value or gradient byte, the gradient sets of perlin.cpp, seed 004's smoothing,
// then one octave's blend of its cell's corners.
#include <algorithm>

#include "core/shader_octaves.hpp"
#include "noise/hashes.hpp"
#include "noise/lattice.hpp"

namespace app::shader_detail {

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

namespace {

// The erosion filter's input (shader_source.cpp's erosion_refusal: 2D perlin noise, quintic or
// smoothstep): P_octave_grad, octave i's value and its gradient with respect to local, as vec3
// (value, d/dx, d/dy). A corner's g . d is linear in d, so its gradient is g, read as the dot
// with each axis; the blend is Inigo Quilez's: each lerp's slope is the lerp of the corners'
// slopes plus the curve's slope times the corners' difference along its own axis.
void write_gradient_octave(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field) {
    const noise::Params& params = field.params();
    const bool quintic          = params.interpolation == noise::Interpolation::quintic;
    const std::string curve     = quintic ? "ne_quintic" : "ne_smoothstep";
    const std::string slope = quintic ? "30.0 * (t * t) * ((1.0 - t) * (1.0 - t))" : "6.0 * t * (1.0 - t)";
    out << "vec3 " << P << "_lerp_grad(float t, vec3 a, vec3 b, int axis) {\n"
        << "    float s = " << curve << "(t);\n"
        << "    vec3 r = vec3(ne_lerp(s, a.x, b.x), ne_lerp(s, a.y, b.y), ne_lerp(s, a.z, b.z));\n"
        << "    float ds = " << slope << ";\n"
        << "    if (axis == 0) r.y += ds * (b.x - a.x);\n"
        << "    else r.z += ds * (b.x - a.x);\n"
        << "    return r;\n}\n"
        << "vec3 " << P
        << "_octave_grad(int octave, vec4 local, vec4 shift, uvec4 lo, uvec4 hi, vec4 cell_frac) {\n"
        << "    int lattice = " << P << "_lattice[octave];\n"
        << "    float scale = " << P << "_scale[octave];\n"
        << "    vec2 tx = " << cells_function(field) << "(cell_frac.x, local.x, shift.x, " << P
        << "_scale_hi[octave], " << P << "_scale_lo[octave], scale);\n"
        << "    vec2 ty = " << cells_function(field) << "(cell_frac.y, local.y, shift.y, " << P
        << "_scale_hi[octave], " << P << "_scale_lo[octave], scale);\n"
        << "    vec2 c = vec2(tx.x, ty.x);\n"
        << "    vec2 f = vec2(tx.y, ty.y);\n"
        << "    vec3 v[4];\n"
        << "    for (int n = 0; n < 4; ++n) {\n"
        << "        int kx = n % 2;\n"
        << "        int ky = n / 2;\n"
        << "        uvec2 h = " << P << "_point_hash(lattice, " << P
        << "_wrap(octave, 0, lo.x, hi.x, int(c.x) + kx), " << P
        << "_wrap(octave, 1, lo.y, hi.y, int(c.y) + ky), uvec2(0u, 0u), uvec2(0u, 0u));\n"
        << "        uint b = " << P << "_gradient_byte(h);\n"
        << "        vec4 d = vec4(f.x - float(kx), f.y - float(ky), 0.0, 0.0);\n"
        << "        v[n] = vec3(" << P << "_dot(lattice, b, d), " << P
        << "_dot(lattice, b, vec4(1.0, 0.0, 0.0, 0.0)), " << P
        << "_dot(lattice, b, vec4(0.0, 1.0, 0.0, 0.0)));\n"
        << "    }\n"
        << "    vec3 r = " << P << "_lerp_grad(f.y, " << P << "_lerp_grad(f.x, v[0], v[1], 0), " << P
        << "_lerp_grad(f.x, v[2], v[3], 0), 1);\n"
        << "    return vec3(r.x, r.y * scale, r.z * scale);\n}\n";
}

}  // namespace

void write_lattice_octave(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field,
                          const Lattices& lattices, bool with_gradient) {
    const noise::Params& params = field.params();
    const int dimension         = params.dimension;
    const noise::Hash hash      = params.hash;
    const bool gradient         = params.algorithm == noise::Algorithm::perlin;
    const bool white            = params.algorithm == noise::Algorithm::white;
    const bool cubic            = params.interpolation == noise::Interpolation::cubic && !white;
    const int per_axis          = white ? 1 : (cubic ? 4 : 2);
    const int first             = cubic ? -1 : 0;
    int points                  = 1;
    for (int axis = 0; axis < dimension; ++axis) points *= per_axis;

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
    out << "float " << P
        << "_octave(int octave, vec4 local, vec4 shift, uvec4 lo, uvec4 hi, vec4 cell_frac) {\n"
        << "    int lattice = " << P << "_lattice[octave];\n"
        << "    ivec4 cell = ivec4(0, 0, 0, 0);\n"
        << "    vec4 f = vec4(0.0, 0.0, 0.0, 0.0);\n"
        << "    for (int axis = 0; axis < " << std::to_string(dimension)
        << "; ++axis) {\n"
        // The whole cells of local * scale split off exactly (ne_cells), so only the fraction
        // rounds, to about 1e-7 of a cell however far local reaches.
        << "        vec2 t = " << cells_function(field) << "(cell_frac[axis], local[axis], shift[axis], " << P
        << "_scale_hi[octave], " << P << "_scale_lo[octave], " << P << "_scale[octave]);\n"
        << "        cell[axis] = int(t.x);\n"
        << "        f[axis] = t.y;\n"
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
    if (with_gradient) write_gradient_octave(out, P, field);
}

}  // namespace app::shader_detail
