// Animations as APNG or numbered PNGs: see animation_export.hpp.
//
// Index
//   [SECTION] The frames
//   [SECTION] APNG from the frames' own PNGs
//   [SECTION] Export
#include "core/animation_export.hpp"

#include <png.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <numbers>

#include "core/atomic_file.hpp"
#include "core/gif_writer.hpp"
#include "core/shown_text.hpp"
#include "noise/interpolate.hpp"

namespace app {

namespace {

// sin and cos of 2 pi f for f in [0, 1), from the library's own sine polynomial (interpolate.hpp)
// rather than libm's, whose last bit may differ between machines: the same loop, the same pixels.
void turn(double f, double& sine, double& cosine) {
    const double s = noise::sin_pi(f > 0.5 ? 1.0 - f : f);                             // sin(pi f), in [0, 1]
    const double c = (f <= 0.5 ? 1.0 : -1.0) * std::sqrt(std::max(0.0, 1.0 - s * s));  // cos(pi f)
    sine           = 2.0 * s * c;
    cosine         = 1.0 - 2.0 * s * s;
}

}  // namespace

// [SECTION] The frames -------------------------------------------------------------------------

int animation_frame_count(const noise::Params& params, const AnimationRequest& animation) {
    return animation.path == AnimationPath::octaves ? params.octaves : animation.frames;
}

noise::Params animation_frame(const noise::Params& params, const AnimationRequest& animation, int i) {
    noise::Params frame = params;
    if (animation.path == AnimationPath::octaves) {
        frame.octaves = i + 1;
    } else if (animation.loop) {
        // A circle through the preset's (z, w), of circumference frames x step.
        const double radius = animation.frames * animation.step / (2.0 * std::numbers::pi);
        double sine = 0.0, cosine = 1.0;
        turn(static_cast<double>(i) / animation.frames, sine, cosine);
        frame.z = params.z + radius * (cosine - 1.0);
        frame.w = params.w + radius * sine;
    } else if (params.dimension == 3) {
        frame.z = params.z + i * animation.step;
    } else {
        frame.w = params.w + i * animation.step;
    }
    return frame;
}

namespace {

// "0.250", "-0.100": three decimals with a point in any locale (to_chars), and no "-0.000" for a
// value that rounds to zero.
std::string three_decimals(double value) {
    char text[64];
    const auto end = std::to_chars(text, text + sizeof text, value, std::chars_format::fixed, 3).ptr;
    std::string out(text, end);
    return out == "-0.000" ? "0.000" : out;
}

}  // namespace

std::string animation_caption(const noise::Params& params, const AnimationRequest& animation, int i) {
    const noise::Params frame = animation_frame(params, animation, i);
    if (animation.path == AnimationPath::octaves)
        return (i == 0 ? "octave 0" : "octaves 0-" + std::to_string(i)) + " of " +
               std::to_string(params.octaves);
    if (animation.loop) return "z = " + three_decimals(frame.z) + " w = " + three_decimals(frame.w);
    return params.dimension == 3 ? "z = " + three_decimals(frame.z) : "w = " + three_decimals(frame.w);
}

std::string check_animation(const noise::Params& params, const AnimationRequest& animation,
                            ExportFormat format) {
    if (!export_format_info(format).animates)
        return "--format: an animation is made of PNG frames: expected " +
               export_formats_where([](const ExportFormatInfo& info) { return info.animates; });
    if (animation.fps < 1 || animation.fps > 100) return "--fps: expected an integer from 1 to 100";
    if (animation.path == AnimationPath::octaves) return {};
    if (animation.frames < 2 || animation.frames > max_animation_frames)
        return "--frames: " + std::to_string(animation.frames) +
               " is out of range: expected an integer from 2 to " + std::to_string(max_animation_frames);
    if (!(std::abs(animation.step) > 0.0) || std::abs(animation.step) > 1000.0)
        return "--step: expected a number from -1000 to 1000, not 0 (noise units between frames)";
    if (params.dimension < 3)
        return "--animate slice: dimension " + std::to_string(params.dimension) +
               " has no slice to move: expected dimension 3 (along z) or 4 (along w); "
               "--animate octaves builds up the octaves of any dimension";
    if (animation.loop && params.dimension != 4)
        return "--loop: a loop moves the slice on a circle in z and w, which needs dimension 4 "
               "(add --set dimension=4), not 3";
    return {};
}

bool gif_path(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension == ".gif";
}

std::vector<std::filesystem::path> sequence_paths(const std::filesystem::path& out, int frames) {
    std::filesystem::path stem = out;
    if (stem.extension() == ".png") stem.replace_extension();
    std::vector<std::filesystem::path> paths;
    char number[16];
    for (int i = 0; i < frames; ++i) {
        std::snprintf(number, sizeof number, "-%04d.png", i);
        paths.push_back(stem.string() + number);
    }
    return paths;
}

// [SECTION] APNG from the frames' own PNGs ------------------------------------------------------

namespace {

struct Chunk {
    std::string type;
    std::string data;
};

std::vector<Chunk> read_chunks(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() < 8 || bytes.compare(0, 8, "\x89PNG\r\n\x1a\n", 8) != 0)
        throw ExportError(ExportError::Cause::other,
                          "a frame could not be read back from " + shown(file.string()));
    std::vector<Chunk> chunks;
    for (std::size_t at = 8; at + 12 <= bytes.size();) {
        const auto byte = [&](std::size_t i) {
            return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i]));
        };
        const std::uint32_t length = byte(at) << 24 | byte(at + 1) << 16 | byte(at + 2) << 8 | byte(at + 3);
        if (at + 12 + length > bytes.size()) break;
        chunks.push_back({bytes.substr(at + 4, 4), bytes.substr(at + 8, length)});
        at += 12 + length;
    }
    return chunks;
}

void put32(std::string& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xff);
}

void put16(std::string& out, std::uint16_t v) {
    out += static_cast<char>(v >> 8);
    out += static_cast<char>(v & 0xff);
}

void write_chunk(AtomicFile& file, std::string_view type, std::string_view data) {
    std::string head;
    put32(head, static_cast<std::uint32_t>(data.size()));
    head += type;
    uLong crc = crc32(0, reinterpret_cast<const Bytef*>(type.data()), 4);
    if (!data.empty()) crc = crc32_z(crc, reinterpret_cast<const Bytef*>(data.data()), data.size());
    std::string tail;
    put32(tail, static_cast<std::uint32_t>(crc));
    file.write(head);
    file.write(data);
    file.write(tail);
}

// fcTL: the frame covers the whole image, shows for 1/fps s, replaces what was there.
std::string frame_control(std::uint32_t sequence, const ImageSize& size, int fps) {
    std::string data;
    put32(data, sequence);
    put32(data, static_cast<std::uint32_t>(size.width));
    put32(data, static_cast<std::uint32_t>(size.height));
    put32(data, 0);  // x offset
    put32(data, 0);  // y offset
    put16(data, 1);  // delay: 1 / fps seconds
    put16(data, static_cast<std::uint16_t>(fps));
    data += '\0';  // dispose: none
    data += '\0';  // blend: source (each frame is whole and opaque)
    return data;
}

// A folder for the frames on the way to the APNG, removed whatever happens.
struct FrameFolder {
    std::filesystem::path path;
    FrameFolder() {
        static std::atomic<int> counter{0};
        path = std::filesystem::temp_directory_path() /
               ("noise-explorer-frames-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::create_directories(path);
    }
    ~FrameFolder() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

std::string animation_facts(const AnimationRequest& animation, int frames) {
    nlohmann::json facts{{"animate", animation_path_names[static_cast<std::size_t>(animation.path)]},
                         {"frames", frames},
                         {"step", animation.step},
                         {"loop", animation.loop},
                         {"fps", animation.fps}};
    if (animation.caption) facts["caption"] = true;  // absent when off: the old bytes
    return facts.dump();
}

// A frame's RGB pixels, read back from its PNG (libpng's simplified reader).
std::vector<std::uint8_t> read_rgb(const std::filesystem::path& file, const ImageSize& size) {
    png_image image{};
    image.version          = PNG_IMAGE_VERSION;
    const std::string name = file.string();
    if (!png_image_begin_read_from_file(&image, name.c_str()))
        throw ExportError(ExportError::Cause::other, "a frame could not be read back from " + shown(name));
    image.format = PNG_FORMAT_RGB;
    std::vector<std::uint8_t> rgb;
    if (static_cast<int>(image.width) == size.width && static_cast<int>(image.height) == size.height) {
        rgb.resize(static_cast<std::size_t>(size.width) * static_cast<std::size_t>(size.height) * 3);
        if (png_image_finish_read(&image, nullptr, rgb.data(), 0, nullptr)) return rgb;
    }
    png_image_free(&image);
    throw ExportError(ExportError::Cause::other, "a frame could not be read back from " + shown(name));
}

void write_gif(const std::filesystem::path& path, bool overwrite, const ImageSize& size,
               const std::vector<std::filesystem::path>& frame_files, const AnimationRequest& animation) {
    AtomicFile file(path, overwrite);
    GifWriter gif(file, size, animation.fps);
    for (const auto& frame : frame_files) gif.add_frame(read_rgb(frame, size));
    gif.finish("noise-explorer-animation " +
               animation_facts(animation, static_cast<int>(frame_files.size())));
    file.commit();
}

}  // namespace

// [SECTION] Export -----------------------------------------------------------------------------

std::vector<std::filesystem::path> export_animation(const Preset& preset, const ExportRequest& request,
                                                    const AnimationRequest& animation,
                                                    const std::atomic<bool>* cancel,
                                                    std::atomic<double>* progress) {
    if (const std::string problem = check_animation(preset.params, animation, request.format);
        !problem.empty())
        throw ExportError(ExportError::Cause::other, problem);
    if (request.region)
        throw ExportError(ExportError::Cause::other, "an animation has whole frames: no --region");
    const bool gif = gif_path(request.path);
    if (gif && animation.sequence)
        throw ExportError(ExportError::Cause::other,
                          shown(request.path.string()) +
                              ": --sequence writes numbered PNGs: name the output .png, or leave "
                              "--sequence out for one animated GIF");
    if (gif && (request.size.width > max_gif_side || request.size.height > max_gif_side))
        throw ExportError(ExportError::Cause::setting,
                          "--size: " + std::to_string(request.size.width) + "x" +
                              std::to_string(request.size.height) + " is too large for a GIF (at most " +
                              std::to_string(max_gif_side) + " a side): write an APNG (.png) instead");
    // An animation is an APNG (.png) or a GIF (.gif); any other name says it holds something else.
    if (!gif)
        if (const std::string problem = file_name_problem(request.format, request.path); !problem.empty())
            throw ExportError(ExportError::Cause::other, problem);
    const int frames = animation_frame_count(preset.params, animation);
    const std::vector<std::filesystem::path> targets =
        animation.sequence ? sequence_paths(request.path, frames) : std::vector{request.path};
    std::error_code ec;
    if (!request.overwrite)
        for (const auto& target : targets)
            if (std::filesystem::exists(target, ec))
                throw ExportError(ExportError::Cause::exists, shown(target.string()) + " exists");

    std::optional<FrameFolder> folder;
    if (!animation.sequence) folder.emplace();
    std::vector<std::filesystem::path> written;  // this run's frames of a sequence
    const auto remove_written = [&] {
        for (const auto& file : written) std::filesystem::remove(file, ec);
    };
    std::vector<std::filesystem::path> frame_files;
    try {
        for (int i = 0; i < frames; ++i) {
            Preset frame_preset = preset;
            frame_preset.params = animation_frame(preset.params, animation, i);
            ExportRequest frame = request;
            frame.path          = animation.sequence ? targets[static_cast<std::size_t>(i)]
                                                     : folder->path / ("frame-" + std::to_string(i) + ".png");
            frame.overwrite     = animation.sequence ? request.overwrite : true;
            if (animation.caption) frame.caption = animation_caption(preset.params, animation, i);
            export_image(frame_preset, frame, cancel, nullptr);
            (animation.sequence ? written : frame_files).push_back(frame.path);
            if (progress)
                progress->store(static_cast<double>(i + 1) / (frames + (animation.sequence ? 0 : 1)));
        }
        if (animation.sequence) return written;
        if (gif) {
            write_gif(request.path, request.overwrite, request.size, frame_files, animation);
            if (progress) progress->store(1.0);
            return {request.path};
        }

        // The APNG: the first frame's header and text chunks, then every frame's image data.
        AtomicFile file(request.path, request.overwrite);
        file.write(std::string_view("\x89PNG\r\n\x1a\n", 8));
        std::uint32_t sequence = 0;
        for (int i = 0; i < frames; ++i) {
            const std::vector<Chunk> chunks = read_chunks(frame_files[static_cast<std::size_t>(i)]);
            if (i == 0) {
                for (const Chunk& c : chunks)
                    if (c.type == "IHDR") write_chunk(file, "IHDR", c.data);
                std::string control;
                put32(control, static_cast<std::uint32_t>(frames));
                put32(control, 0);  // plays: forever
                write_chunk(file, "acTL", control);
                for (const Chunk& c : chunks)
                    if (c.type == "tEXt" || c.type == "iTXt" || c.type == "zTXt")
                        write_chunk(file, c.type, c.data);
                write_chunk(
                    file, "tEXt",
                    "noise-explorer-animation" + std::string(1, '\0') + animation_facts(animation, frames));
            }
            write_chunk(file, "fcTL", frame_control(sequence++, request.size, animation.fps));
            for (const Chunk& c : chunks) {
                if (c.type != "IDAT") continue;
                if (i == 0) {
                    write_chunk(file, "IDAT", c.data);
                } else {
                    std::string data;
                    put32(data, sequence++);
                    write_chunk(file, "fdAT", data + c.data);
                }
            }
        }
        write_chunk(file, "IEND", "");
        file.commit();
        if (progress) progress->store(1.0);
        return {request.path};
    } catch (...) {
        remove_written();
        throw;
    }
}

}  // namespace app
