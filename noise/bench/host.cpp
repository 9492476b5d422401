// host_description: CPUID's leaves 0, 1 and 0x80000002-4, read the way Intel's and AMD's manuals
// define the display family and model.
#include "host.hpp"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <thread>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace {

std::string cpuinfo_model_name() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
        }
    return "unknown CPU";
}

#if defined(__x86_64__) || defined(__i386__)
std::string x86_description() {
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return cpuinfo_model_name();
    char vendor[13] = {};
    std::memcpy(vendor, &b, 4);  // the vendor string is EBX, EDX, ECX
    std::memcpy(vendor + 4, &d, 4);
    std::memcpy(vendor + 8, &c, 4);
    __get_cpuid(1, &a, &b, &c, &d);
    const unsigned stepping = a & 0xF, base_model = (a >> 4) & 0xF, base_family = (a >> 8) & 0xF;
    const unsigned ext_model = (a >> 16) & 0xF, ext_family = (a >> 20) & 0xFF;
    // The extended fields count only where the base family says so (both vendors' rule).
    const unsigned family = base_family == 0xF ? base_family + ext_family : base_family;
    const unsigned model =
        base_family == 0x6 || base_family == 0xF ? (ext_model << 4) | base_model : base_model;
    std::string brand;
    if (__get_cpuid(0x80000000, &a, &b, &c, &d) && a >= 0x80000004) {
        char text[49] = {};
        for (unsigned leaf = 0; leaf < 3; ++leaf) {
            __get_cpuid(0x80000002 + leaf, &a, &b, &c, &d);
            const unsigned regs[4] = {a, b, c, d};
            std::memcpy(text + 16 * leaf, regs, 16);
        }
        brand = text;
        brand.erase(0, brand.find_first_not_of(' '));
    }
    return std::string(vendor) + " family " + std::to_string(family) + " model " + std::to_string(model) +
           " stepping " + std::to_string(stepping) + (brand.empty() ? "" : " (" + brand + ")");
}
#endif

}  // namespace

std::string host_description() {
#if defined(__x86_64__) || defined(__i386__)
    std::string text = x86_description();
#else
    std::string text = cpuinfo_model_name();
#endif
    return text + ", " + std::to_string(std::thread::hardware_concurrency()) + " threads";
}
