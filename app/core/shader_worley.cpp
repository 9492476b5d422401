// Cellular (Worley) noise as shader code: see shader_octaves.hpp, and worley.hpp for the steps.
//
// The cell and the point's place in it come from the origin's cell and fraction (as for the
// lattice algorithms); each candidate cell's index is wrapped as the reference wraps it (& 255
// untiled: the origin's low word suffices; a true modulo of the octave's period while tiling,
// which shader_refusal keeps below 2^31) and hashed by the same mixer. The search walks the
// reference's own candidate list (worley_cells.hpp), nearest bound first, and stops where it
// does; it does not skip cells by their exact gap, an economy of the reference that cannot change
// F1 or F2 (worley.hpp). Distances are in float from the point's place in its cell: a few cells
// at most, whatever the distance from the origin.
//
// The constants are the reference's own (worley_cells.hpp, read from the library's sources: this
// file's include path in app/core/CMakeLists.txt), so the shader cannot drift from it.
#include "core/shader_octaves.hpp"
#include "noise/worley.hpp"
#include "worley_cells.hpp"

namespace app::shader_detail {

namespace {

std::string ivec4_text(const std::array<int, 4>& v) {
    return "ivec4(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) +
           ", " + std::to_string(v[3]) + ")";
}

// The metric's join of two per-axis terms (worley.cpp's combine).
std::string combine(noise::CellularDistance metric, const std::string& a, const std::string& b) {
    return metric == noise::CellularDistance::chebyshev ? "max(" + a + ", " + b + ")"
                                                        : "(" + a + " + " + b + ")";
}

}  // namespace

void write_worley_octave(ShaderWriter& out, const std::string& P, const noise::FractalNoise& field,
                         const Lattices& lattices) {
    const noise::Params& params          = field.params();
    const int dimension                  = params.dimension;
    const noise::CellularDistance metric = params.cellular_distance;
    const bool euclidean                 = metric == noise::CellularDistance::euclidean;
    const std::string n                  = std::to_string(dimension);

    std::vector<std::string> seeds;  // the hash's start per lattice (worley_seed_hash)
    for (const noise::Lattice* lattice : lattices.distinct)
        seeds.push_back(uint_text(noise::detail::worley_seed_hash(lattice->seed())));
    out.array("uint", P + "_seed_hash", seeds);
    std::vector<std::string> offsets, bounds;
    for (const noise::detail::WorleyCandidate& c : noise::detail::worley_candidates(dimension, metric)) {
        offsets.push_back(ivec4_text(c.offset));
        bounds.push_back(float_text(c.floor_bound));
    }
    out.array("ivec4", P + "_cell_offset", offsets);
    out.array("float", P + "_cell_bound", bounds);

    // Chris Wellons' lowbias32 (worley_cells.hpp's mix32).
    out << "uint " << P << "_mix(uint h) {\n"
        << "    h ^= h >> 16;\n    h *= 0x7feb352du;\n    h ^= h >> 15;\n    h *= 0x846ca68bu;\n    h ^= h "
           ">> 16;\n"
        << "    return h;\n}\n";

    out << "float " << P
        << "_octave(int octave, vec4 local, vec4 shift, uvec4 lo, uvec4 hi, vec4 cell_frac) {\n"
        << "    int lattice = " << P << "_lattice[octave];\n"
        << "    ivec4 cell = ivec4(0, 0, 0, 0);\n"
        << "    vec4 f = vec4(0.0, 0.0, 0.0, 0.0);\n"
        << "    for (int axis = 0; axis < " << n << "; ++axis) {\n"
        << "        vec2 t = " << cells_function(field) << "(cell_frac[axis], local[axis], shift[axis], " << P
        << "_scale_hi[octave], " << P << "_scale_lo[octave], " << P << "_scale[octave]);\n"
        << "        cell[axis] = int(t.x);\n"
        << "        f[axis] = t.y;\n"
        << "    }\n"
        << "    float f1 = 1e30;\n"
        << "    float f2 = 1e30;\n"
        << "    for (int n = 0; n < " << std::to_string(offsets.size()) << "; ++n) {\n"
        << "        if (" << P << "_cell_bound[n] >= f2) break;\n"
        << "        ivec4 k = " << P << "_cell_offset[n];\n"
        << "        uint h = " << P << "_seed_hash[lattice];\n"
        << "        for (int axis = " << std::to_string(dimension - 1) << "; axis >= 0; --axis) {\n"
        << "            int period = " << P << "_period[octave * 4 + axis];\n"
        << "            int c = cell[axis] + k[axis];\n"
        << "            uint wrapped = period != 0 ? ne_mod(int(lo[axis]) + c, period) : ((lo[axis] + "
           "uint(c)) & "
           "255u);\n"
        << "            h = " << P << "_mix(h ^ wrapped);\n"
        << "        }\n"
        << "        uint word0 = " << P << "_mix(h);\n"
        << "        uint word1 = " << P << "_mix(word0 ^ 0x68e31da4u);\n"
        << "        vec4 term = vec4(0.0, 0.0, 0.0, 0.0);\n"
        << "        for (int axis = 0; axis < " << n << "; ++axis) {\n"
        << "            uint bits = ((axis < 2 ? word0 : word1) >> uint(16 * (axis & 1))) & 0xFFFFu;\n"
        << "            float u = (float(bits) + 0.5) * 1.52587890625e-05;\n"
        << "            float delta = (float(k[axis]) + (0.5 + " << float_text(params.cellular_jitter)
        << " * (u - 0.5))) - f[axis];\n"
        << "            term[axis] = " << (euclidean ? "delta * delta" : "abs(delta)") << ";\n"
        << "        }\n";
    // x's term joined last, to the others folded from y on (worley.cpp's distance_of).
    std::string rest = "term[1]";
    for (int axis = 2; axis < dimension; ++axis)
        rest = combine(metric, rest, "term[" + std::to_string(axis) + "]");
    out << "        float d = " << (dimension == 1 ? "term[0]" : combine(metric, "term[0]", rest)) << ";\n"
        << "        f2 = min(f2, max(f1, d));\n"
        << "        f1 = min(f1, d);\n"
        << "    }\n";
    if (euclidean) out << "    f1 = sqrt(f1);\n    f2 = sqrt(f2);\n";
    const std::string value = params.cellular_return == noise::CellularReturn::f1   ? "f1"
                              : params.cellular_return == noise::CellularReturn::f2 ? "f2"
                                                                                    : "(f2 - f1)";
    out << "    return " << value << " * "
        << float_text(noise::worley_normalisation(dimension, metric, params.cellular_return)) << ";\n}\n";
}

}  // namespace app::shader_detail
