// The peer implementations the benchmark compares against, behind plain functions so that
// libnoise's own `noise` namespace never meets ours. Each sums the noise over an n x n grid of
// 3D points spaced `step` apart (the sum keeps the compiler from dropping the work).
#pragma once

namespace peers {

double stb_perlin_grid(int n, double step, int octaves);
bool have_libnoise();
double libnoise_grid(int n, double step, int octaves);

}  // namespace peers
