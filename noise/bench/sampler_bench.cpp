// sampler_bench: the stable noise::Sampler (sampler.hpp) against the unstable kernels it wraps and
// the scalar reference, in one run, so that the ratios are this machine's.
//
//     build/release/noise/bench/sampler_bench [rounds] [target]   (7 rounds, the host's best target)
//
// Points, ns per point (4096 points a call, one thread):
//   reference  FractalNoise::at point by point: the scalar path simplex and worley points took
//              before their point kernels (PointKernel::fill's fallback is that loop)
//   fast       PointSampler::at (kernel.hpp, unstable): the point kernel
//   stable     Sampler::points
// on two sets: a terrain mesh's vertices (64 x 64 at 1/50 of a unit, nearby points) and points
// scattered over +-100 units (each in its own cell). Grids, ns per sample (256 x 256 at chunk
// 2e6): RowKernel::fill_row row by row (fast) against Sampler::grid (stable).
// Times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so other work on the machine adds
// little. Each round runs every method of a case once, alternating; the medians over the rounds are printed
// with the ratios reference / fast (the point kernel's gain) and stable / fast (the stable API's
// cost).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "host.hpp"
#include "noise/kernel.hpp"
#include "noise/sampler.hpp"

namespace {

// The calling thread's CPU time in seconds: on a machine shared with other work, what the wall
// clock would add is the other work's.
double thread_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// CPU seconds per call of `work`, repeated until about 30 ms of CPU have passed.
double seconds_per_call(const std::function<void()>& work) {
    work();  // warm
    int calls          = 0;
    const double start = thread_seconds();
    double now         = start;
    do {
        work();
        ++calls;
        now = thread_seconds();
    } while (now - start < 0.03);
    return (now - start) / calls;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

std::vector<noise::Point> mesh_points() {
    std::vector<noise::Point> points;
    for (int j = 0; j < 64; ++j)
        for (int i = 0; i < 64; ++i) points.push_back({3.1 + i * 0.02, -7.3 + j * 0.02, 0.5, 0.25});
    return points;
}

std::vector<noise::Point> scattered_points() {
    std::vector<noise::Point> points;
    std::uint64_t state = 12345;
    const auto next     = [&] {  // SplitMix64: the same points on every machine
        state += 0x9E3779B97F4A7C15ull;
        std::uint64_t z = state;
        z               = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z               = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return static_cast<double>((z ^ (z >> 31)) >> 11) * 0x1.0p-53 * 200.0 - 100.0;
    };
    for (int k = 0; k < 4096; ++k) points.push_back({next(), next(), next(), next()});
    return points;
}

struct Case {
    std::string name;
    noise::Params params;
};

std::vector<Case> point_cases() {
    std::vector<Case> cases;
    const auto add = [&](std::string name, noise::Algorithm algorithm, int dimension, int octaves) {
        noise::Params p;
        p.algorithm = algorithm;
        p.dimension = dimension;
        p.octaves   = octaves;
        cases.push_back({std::move(name), p});
    };
    add("simplex 3D, 6 octaves", noise::Algorithm::simplex, 3, 6);
    add("simplex 2D, 6 octaves", noise::Algorithm::simplex, 2, 6);
    add("worley 2D, 3 octaves", noise::Algorithm::worley, 2, 3);
    add("worley 3D, 3 octaves", noise::Algorithm::worley, 3, 3);
    add("perlin 2D, 6 octaves", noise::Algorithm::perlin, 2, 6);
    add("perlin 3D, 6 octaves", noise::Algorithm::perlin, 3, 6);
    return cases;
}

}  // namespace

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 7;
    // A second argument runs another target the host supports (AVX2 on an AVX-512 host, say).
    if (argc > 2 && !noise::force_simd_target(argv[2])) {
        std::fprintf(stderr, "sampler_bench: target %s is not one this host runs\n", argv[2]);
        return 2;
    }
    std::printf("host: %s\n", host_description().c_str());
    std::printf("medians of %d rounds, one thread, CPU ns per point or sample\n\n", rounds);
    std::printf("%-24s %-10s %10s %10s %10s %12s %12s  %s\n", "points", "set", "reference", "fast", "stable",
                "ref/fast", "stable/fast", "target");
    const std::vector<std::pair<const char*, std::vector<noise::Point>>> sets{
        {"mesh", mesh_points()}, {"scattered", scattered_points()}};
    for (const Case& c : point_cases()) {
        const noise::FractalNoise field(c.params);
        const noise::PointSampler fast(field);
        const noise::Sampler stable(c.params);
        for (const auto& [set_name, points] : sets) {
            std::vector<double> out(points.size());
            std::vector<double> t_reference, t_fast, t_stable;
            for (int r = 0; r < rounds; ++r) {
                t_reference.push_back(seconds_per_call([&] {
                    for (std::size_t k = 0; k < points.size(); ++k) out[k] = field.at(points[k]);
                }));
                t_fast.push_back(seconds_per_call([&] { fast.at(points, out); }));
                t_stable.push_back(seconds_per_call([&] { stable.points(points, out); }));
            }
            const double n   = static_cast<double>(points.size()) * 1e-9;
            const double ref = median(t_reference) / n, f = median(t_fast) / n, s = median(t_stable) / n;
            std::printf("%-24s %-10s %10.1f %10.1f %10.1f %12.2f %12.2f  %s\n", c.name.c_str(), set_name, ref,
                        f, s, ref / f, s / f, std::string(fast.target()).c_str());
        }
    }

    std::printf("\n%-24s %-10s %10s %10s %10s %12s\n", "grid 256 x 256", "", "", "fast", "stable",
                "stable/fast");
    for (const Case& c : point_cases()) {
        const noise::FractalNoise field(c.params);
        const noise::RowKernel rows(field);
        const noise::Sampler stable(c.params);
        const noise::GridWindow window{
            .spacing = 1.0 / 64, .i0 = 2'000'000 * 256, .j0 = -256, .columns = 256, .rows = 256};
        std::vector<float> out(window.sample_count());
        std::vector<double> t_fast, t_stable;
        for (int r = 0; r < rounds; ++r) {
            t_fast.push_back(seconds_per_call([&] {
                for (int j = 0; j < window.rows; ++j)
                    rows.fill_row({window.origin_x, window.spacing, window.i0,
                                   window.origin_y + (window.j0 + j + 0.5) * window.spacing},
                                  std::span<float>(out).subspan(static_cast<std::size_t>(j) * 256, 256));
            }));
            t_stable.push_back(seconds_per_call([&] { stable.grid(window, out); }));
        }
        const double n = static_cast<double>(out.size()) * 1e-9;
        const double f = median(t_fast) / n, s = median(t_stable) / n;
        std::printf("%-24s %-10s %10s %10.1f %10.1f %12.2f\n", c.name.c_str(), "", "", f, s, s / f);
    }
}
