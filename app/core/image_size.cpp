// Parsing of `--size` and `--region`.
#include "core/image_size.hpp"

#include <algorithm>
#include <charconv>
#include <vector>

#include "core/shown_text.hpp"
#include "noise/simulated_field.hpp"

namespace app {
namespace {

// A whole decimal number using all of `text`.
std::optional<long long> parse_integer(std::string_view text) {
    long long value = 0;
    if (text.empty() || text.front() == '+') return std::nullopt;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec != std::errc() || result.ptr != text.data() + text.size()) return std::nullopt;
    return value;
}

std::string size_names() {
    std::string out;
    for (const auto& named : named_sizes) out += (out.empty() ? "" : ", ") + std::string(named.name);
    return out;
}

}  // namespace

SizeParse parse_image_size(std::string_view text, int max_side) {
    for (const auto& named : named_sizes)
        if (named.name == text) return {named.size, {}};
    const std::string allowed = "expected WxH from 1x1 to " + std::to_string(max_side) + "x" +
                                std::to_string(max_side) + " or one of " + size_names();
    const auto x = text.find('x');
    // The text comes from the command line: shown() keeps control bytes and megabytes of it out of
    // the one-line message.
    if (x == std::string_view::npos)
        return {std::nullopt, "--size: " + shown(text) + " is not a size: " + allowed};
    const auto width  = parse_integer(text.substr(0, x));
    const auto height = parse_integer(text.substr(x + 1));
    if (!width || !height) return {std::nullopt, "--size: " + shown(text) + " is not a size: " + allowed};
    if (*width < 1 || *height < 1 || *width > max_side || *height > max_side)
        return {std::nullopt, "--size: " + shown(text) + " is out of range: " + allowed};
    return {ImageSize{static_cast<int>(*width), static_cast<int>(*height)}, {}};
}

SizeParse parse_export_size(std::string_view text, bool windowed) {
    SizeParse world = parse_image_size(text, max_world_side);
    if (world.size && windowed) return world;
    SizeParse one_file = parse_image_size(text);
    if (!one_file.size) one_file.error += " (larger in windows: --region or --tiles)";
    return one_file;
}

RegionParse parse_region(std::string_view text, ImageSize image) {
    const std::string image_text = std::to_string(image.width) + "x" + std::to_string(image.height);
    const std::string quoted     = "--region: " + shown(text);
    std::vector<long long> values;
    std::size_t start = 0;
    while (true) {
        const auto comma = text.find(',', start);
        const auto value =
            parse_integer(text.substr(start, comma == std::string_view::npos ? text.npos : comma - start));
        if (!value) break;
        values.push_back(*value);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (values.size() != 4 || std::count(text.begin(), text.end(), ',') != 3)
        return {std::nullopt,
                quoted + " is not a window: expected X0,Y0,X1,Y1 (pixels, end exclusive) inside the " +
                    image_text + " image, e.g. 0,0," + std::to_string(image.width) + "," +
                    std::to_string(image.height)};
    const long long x0 = values[0], y0 = values[1], x1 = values[2], y1 = values[3];
    if (x1 <= x0 || y1 <= y0)
        return {std::nullopt, quoted + " is empty: expected X0 < X1 and Y0 < Y1 (end exclusive)"};
    if (x0 < 0 || y0 < 0 || x1 > image.width || y1 > image.height)
        return {std::nullopt, quoted + " is outside the " + image_text +
                                  " image: expected 0 <= X0 < X1 <= " + std::to_string(image.width) +
                                  " and 0 <= Y0 < Y1 <= " + std::to_string(image.height)};
    return {noise::Region{image.width, image.height, static_cast<int>(x0), static_cast<int>(y0),
                          static_cast<int>(x1), static_cast<int>(y1)},
            {}};
}

std::string simulation_size_problem(ImageSize size) {
    if (size.width <= noise::max_simulated_side && size.height <= noise::max_simulated_side) return {};
    return "--size: " + std::to_string(size.width) + "x" + std::to_string(size.height) +
           " is too large for erosion.method = simulate: expected at most " +
           std::to_string(noise::max_simulated_side) +
           " pixels on either side (the simulation holds the whole image, about 64 bytes a pixel)";
}

}  // namespace app
