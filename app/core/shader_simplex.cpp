// Simplex noise as shader code: see shader_octaves.hpp, and simplex.hpp for the steps.
//
// The reference floors in its lattice's own space: the octave's point skewed (1D, 2D, 4D) or
// turned (3D). Both maps are linear, so the lattice point of O + local is that of O plus that of
// local: shader_origins splits O's in double (simplex_lattice_point), and the shader adds the
// map of local, computed in float, to the fraction. The vertex hash reads the low 32 bits of a
// vertex's index only, so the origin's low word and the small offset suffice.
//
// The constants are the reference's own (simplex_lattice.hpp, read from the library's sources:
// this file's include path in app/core/CMakeLists.txt), so the shader cannot drift from it.
#include <cmath>

#include "core/shader_octaves.hpp"
#include "noise/lattice.hpp"
#include "simplex_lattice.hpp"

namespace app::shader_detail {

namespace sd = noise::simplex_detail;

std::array<double, 4> simplex_lattice_point(const std::array<double, 4>& octave_point, int dimension) {
    std::array<double, 4> x{};  // the reference's coordinate(): clamped, and -0 made 0
    for (std::size_t axis = 0; axis < static_cast<std::size_t>(dimension); ++axis)
        x[axis] = noise::clamp_to_lattice(octave_point[axis]) + 0.0;
    if (dimension == 3) {  // simplex_bcc's turn
        const double zz = x[2] * sd::one_over_root3;
        const double xk = x[0] * sd::one_over_root6, yk = x[1] * sd::one_over_root2;
        return {x[0] * sd::two_over_root6 + zz, (yk - xk) + zz, zz - (xk + yk), 0.0};
    }
    // simplex_skewed's skew; 1D is the 2D noise along y = 0.
    const int axes = dimension == 1 ? 2 : dimension;
    double sum     = x[0];
    for (int axis = 1; axis < axes; ++axis) sum = sum + x[static_cast<std::size_t>(axis)];
    const double s = sum * (axes == 2 ? sd::skew2 : sd::skew4);
    std::array<double, 4> q{};
    for (std::size_t axis = 0; axis < static_cast<std::size_t>(axes); ++axis) q[axis] = x[axis] + s;
    return q;
}

namespace {

// The lattice map as a matrix, row a the lattice axis, column j the octave's axis: the skew
// I + k (1 1 ..) in 1D (as 2D), 2D and 4D, the turn in 3D.
std::array<std::array<double, 4>, 4> lattice_map(int dimension) {
    std::array<std::array<double, 4>, 4> m{};
    if (dimension == 3) {
        m[0] = {sd::two_over_root6, 0.0, sd::one_over_root3, 0.0};
        m[1] = {-sd::one_over_root6, sd::one_over_root2, sd::one_over_root3, 0.0};
        m[2] = {-sd::one_over_root6, -sd::one_over_root2, sd::one_over_root3, 0.0};
        return m;
    }
    const int axes    = dimension == 1 ? 2 : dimension;
    const double skew = axes == 2 ? sd::skew2 : sd::skew4;
    for (int a = 0; a < axes; ++a)
        for (int j = 0; j < axes; ++j)
            m[static_cast<std::size_t>(a)][static_cast<std::size_t>(j)] = (a == j ? 1.0 : 0.0) + skew;
    return m;
}

// P_map_hi and P_map_lo: each entry c of the map as hi + lo, hi a multiple of 2^-12, so that hi
// times a whole number of cells below 4096 is exact in float (ne_scaled).
void write_map(ShaderWriter& out, const std::string& P, int dimension) {
    const auto m = lattice_map(dimension);
    std::vector<std::string> hi, lo, whole;
    for (const auto& row : m)
        for (const double c : row) {
            const double h = std::round(c * 4096.0) / 4096.0;
            hi.push_back(float_text(h));
            lo.push_back(float_text(c - h));
            whole.push_back(float_text(c));
        }
    out.array("float", P + "_map_hi", hi);
    out.array("float", P + "_map_lo", lo);
    out.array("float", P + "_map", whole);
}

// The octave's point x = local * scale and its lattice point, O's cell and fraction added: per
// lattice axis `whole` (cells, exact) and `rest` (below a few cells), so the floor and the
// fraction keep float's precision however many cells local spans. A plain float product of x
// and the map's irrational entries would round by half a unit of x's last place, 2e-6 of a cell
// at 48 cells: the lava preset's finest octave in its own frame. The shift (a warp's displacement,
// the rest of local) is mapped apart, so local + shift is never rounded; split as local is where
// it holds a warp's displacement (`warped`), else added as it is.
void write_lattice_point(ShaderWriter& out, const std::string& P, int axes, bool warped) {
    const std::string n = std::to_string(axes);
    out << "    uint seed = " << P << "_seed[" << P << "_lattice[octave]];\n"
        << "    float scale = " << P << "_scale[octave];\n"
        << "    vec4 x = vec4(local.x * scale, local.y * scale, local.z * scale, local.w * scale);\n"
        << "    vec4 xs = vec4(shift.x * scale, shift.y * scale, shift.z * scale, shift.w * scale);\n"
        << "    vec4 whole = vec4(0.0, 0.0, 0.0, 0.0);\n"
        << "    vec4 rest = vec4(0.0, 0.0, 0.0, 0.0);\n"
        << "    for (int axis = 0; axis < " << n << "; ++axis) {\n"
        << "        vec2 q = vec2(0.0, 0.0);\n"
        << "        for (int j = 0; j < " << n << "; ++j) {\n"
        << "            q = ne_add_scaled(q, ne_scaled(x[j], " << P << "_map_hi[axis * 4 + j], " << P
        << "_map_lo[axis * 4 + j], " << P << "_map[axis * 4 + j]));\n"
        << (warped ? "            q = ne_add_scaled(q, ne_scaled(xs[j], " + P + "_map_hi[axis * 4 + j], " +
                         P + "_map_lo[axis * 4 + j], " + P + "_map[axis * 4 + j]));\n"
                   : "            q.y = q.y + xs[j] * " + P + "_map[axis * 4 + j];\n")
        << "        }\n"
        << "        whole[axis] = q.x;\n"
        << "        rest[axis] = cell_frac[axis] + q.y;\n"
        << "    }\n";
}

// P_vertex(h, d): a vertex's contribution (r^2 - |d|^2)^4 (g . d), g the gradient of its hash.
void write_vertex(ShaderWriter& out, const std::string& P, int axes) {
    const std::string n = std::to_string(axes);
    out << "uint " << P << "_vertex_hash(uint seed, uvec4 lo, ivec4 vertex) {\n"
        << "    uint h = seed;\n";
    for (int axis = 0; axis < axes; ++axis) {
        const std::string a = std::to_string(axis);
        out << "    h ^= (lo[" << a << "] + uint(vertex[" << a << "])) * "
            << uint_text(sd::axis_prime[static_cast<std::size_t>(axis)]) << ";\n";
    }
    out << "    h ^= h >> 16;\n    h *= " << uint_text(sd::mix1)
        << ";\n    h ^= h >> 13;\n    h *= " << uint_text(sd::mix2)
        << ";\n    h ^= h >> 16;\n    return h;\n}\n";

    out << "float " << P << "_vertex(uint h, vec4 d) {\n"
        << "    vec4 g = vec4(0.0, 0.0, 0.0, 0.0);\n";
    if (axes == 2) {
        const std::string long_g = float_text(sd::gradient2_long), short_g = float_text(sd::gradient2_short);
        out << "    g.x = (h & 1u) != 0u ? " << short_g << " : " << long_g << ";\n"
            << "    g.y = (h & 1u) != 0u ? " << long_g << " : " << short_g << ";\n"
            << "    if ((h & 2u) != 0u) g.x = -g.x;\n"
            << "    if ((h & 4u) != 0u) g.y = -g.y;\n";
    } else {
        // 3D: (h * 3) >> 32 picks the axis that is 0 (the high word of the 64-bit product);
        // 4D: bits 30-31. The other axes are +-1 by bits 0-3.
        out << "    uint zero = " << (axes == 3 ? "ne_mul32(h, 3u).y" : "h >> 30") << ";\n"
            << "    for (int axis = 0; axis < " << n << "; ++axis)\n"
            << "        g[axis] = uint(axis) == zero ? 0.0 : (((h >> uint(axis)) & 1u) != 0u ? -1.0 : "
               "1.0);\n";
    }
    out << "    float length2 = d[0] * d[0];\n"
        << "    float dot_gd = g[0] * d[0];\n"
        << "    for (int axis = 1; axis < " << n << "; ++axis) {\n"
        << "        length2 = length2 + d[axis] * d[axis];\n"
        << "        dot_gd = dot_gd + g[axis] * d[axis];\n"
        << "    }\n"
        << "    float a = " << float_text(sd::radius2) << " - length2;\n"
        << "    float a2 = a * a;\n"
        << "    return a > 0.0 ? (a2 * a2) * dot_gd : 0.0;\n}\n";
}

// 1D, 2D, 4D: simplex_skewed.
void write_skewed(ShaderWriter& out, const std::string& P, int axes, bool warped) {
    const std::string n = std::to_string(axes);
    const double unskew = axes == 2 ? sd::unskew2 : sd::unskew4;
    std::vector<std::string> shifts;  // vertex k sits k * unskew nearer, in noise space
    for (int k = 0; k <= axes; ++k) shifts.push_back(float_text(k * unskew));
    out.array("float", P + "_vertex_shift", shifts);
    out << "float " << P
        << "_octave(int octave, vec4 local, vec4 shift, uvec4 lo, uvec4 hi, vec4 cell_frac) {\n";
    write_lattice_point(out, P, axes, warped);
    out << "    ivec4 cell = ivec4(0, 0, 0, 0);\n"
        << "    vec4 f = vec4(0.0, 0.0, 0.0, 0.0);\n"
        << "    for (int axis = 0; axis < " << n << "; ++axis) {\n"
        << "        float c = floor(rest[axis]);\n"
        << "        cell[axis] = int(whole[axis] + c);\n"
        << "        f[axis] = rest[axis] - c;\n"
        << "    }\n"
        << "    float fsum = f[0];\n"
        << "    for (int axis = 1; axis < " << n << "; ++axis) fsum = fsum + f[axis];\n"
        << "    float u = fsum * " << float_text(unskew) << ";\n"
        << "    vec4 d0 = vec4(0.0, 0.0, 0.0, 0.0);\n"
        << "    for (int axis = 0; axis < " << n
        << "; ++axis) d0[axis] = f[axis] - u;\n"
        // Which simplex: rank the axes by d0 (ties to the later); vertex k is 1 on the k highest.
        << "    ivec4 rank = ivec4(0, 0, 0, 0);\n"
        << "    for (int a = 0; a < " << n << "; ++a)\n"
        << "        for (int b = a + 1; b < " << n << "; ++b) {\n"
        << "            if (d0[a] > d0[b]) rank[a] += 1; else rank[b] += 1;\n"
        << "        }\n"
        << "    float total = 0.0;\n"
        << "    for (int k = 0; k <= " << n << "; ++k) {\n"
        << "        ivec4 vertex = cell;\n"
        << "        vec4 d = d0;\n"
        << "        for (int axis = 0; axis < " << n << "; ++axis) {\n"
        << "            int offset = rank[axis] >= " << n << " - k ? 1 : 0;\n"
        << "            vertex[axis] += offset;\n"
        << "            if (k != 0) d[axis] = (d0[axis] - float(offset)) + " << P << "_vertex_shift[k];\n"
        << "        }\n"
        << "        total += " << P << "_vertex(" << P << "_vertex_hash(seed, lo, vertex), d);\n"
        << "    }\n"
        << "    return total * " << float_text(axes == 2 ? sd::norm2 : sd::norm4) << ";\n}\n";
}

// 3D: simplex_bcc, two cubic grids, the nearest vertex of each and its neighbour.
void write_bcc(ShaderWriter& out, const std::string& P, bool warped) {
    out << "float " << P
        << "_octave(int octave, vec4 local, vec4 shift, uvec4 lo, uvec4 hi, vec4 cell_frac) {\n";
    write_lattice_point(out, P, 3, warped);
    out << "    float total = 0.0;\n"
        << "    for (int grid = 0; grid < 2; ++grid) {\n"
        << "        uint grid_seed = grid == 0 ? seed : (seed ^ " << uint_text(sd::second_grid_seed) << ");\n"
        << "        ivec4 vertex = ivec4(0, 0, 0, 0);\n"
        << "        vec4 d = vec4(0.0, 0.0, 0.0, 0.0);\n"
        << "        for (int axis = 0; axis < 3; ++axis) {\n"
        << "            float q = rest[axis];\n"
        << "            if (grid == 0) q = q + 0.5;\n"
        << "            float c = floor(q);\n"
        << "            vertex[axis] = int(whole[axis] + c);\n"
        << "            d[axis] = (q - c) - 0.5;\n"
        << "        }\n"
        << "        total += " << P << "_vertex(" << P << "_vertex_hash(grid_seed, lo, vertex), d);\n"
        << "        float a0 = abs(d.x);\n"
        << "        float a1 = abs(d.y);\n"
        << "        float a2 = abs(d.z);\n"
        << "        int far_axis = a0 >= a1 && a0 >= a2 ? 0 : (a1 >= a2 ? 1 : 2);\n"
        << "        int step = d[far_axis] >= 0.0 ? 1 : -1;\n"
        << "        vertex[far_axis] += step;\n"
        << "        d[far_axis] = d[far_axis] - float(step);\n"
        << "        total += " << P << "_vertex(" << P << "_vertex_hash(grid_seed, lo, vertex), d);\n"
        << "    }\n"
        << "    return total * " << float_text(sd::norm3) << ";\n}\n";
}

}  // namespace

void write_simplex_octave(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field,
                          const Lattices& lattices) {
    const int dimension = field.params().dimension;
    const int axes      = dimension == 1 ? 2 : dimension;
    std::vector<std::string> seeds;
    for (const noise::Lattice* lattice : lattices.distinct) seeds.push_back(uint_text(lattice->seed()));
    out.array("uint", P + "_seed", seeds);
    write_map(out, P, dimension);
    write_vertex(out, P, axes);
    if (dimension == 3)
        write_bcc(out, P, field.has_warp());
    else
        write_skewed(out, P, axes, field.has_warp());
}

}  // namespace app::shader_detail
