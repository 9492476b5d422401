// noise/bench/host.hpp: the machine a benchmark ran on, in one line for its header.
//
//     std::printf("host: %s\n", host_description().c_str());
//     -> "GenuineIntel family 6 model 143 stepping 8 (Intel(R) Xeon(R) Processor), 2 threads"
//
// The same kernels run at different speeds on different microarchitectures (the project's AMD
// EPYC and Intel Xeon hosts both report AVX-512, yet measured 40 % apart), so every figure names
// the host it came from: vendor, family and model as CPUID reports them (the numbers that tell
// Zen 3 from Sapphire Rapids where the brand string of a virtual machine says only "Processor").
#pragma once

#include <string>

// x86 CPUID's vendor, display family, display model and stepping, and the brand string; on
// other CPUs the "model name" line of /proc/cpuinfo, or "unknown CPU".
std::string host_description();
