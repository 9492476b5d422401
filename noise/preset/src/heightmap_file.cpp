// Heightmap files to unit heights (noise/heightmap_file.hpp): PNG through libpng, OpenEXR and the
// raw formats by hand, every byte through LimitedInput.
//
// Index
//   [SECTION] Sizes and samples
//   [SECTION] PNG
//   [SECTION] OpenEXR
//   [SECTION] Raw r16 / r32
//   [SECTION] Files
#include "noise/heightmap_file.hpp"

#include <png.h>
#include <sys/stat.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "noise_io/image_kinds.hpp"
#include "noise_io/json_text.hpp"
#include "noise_io/read_limited.hpp"
#include "noise_io/shown_text.hpp"

namespace noise::io {
namespace {

// [SECTION] Sizes and samples -----------------------------------------------------------------

// Refuses a size past the limits before anything of that size is allocated.
void check_size(const LimitedInput& in, std::int64_t width, std::int64_t height, std::string_view declared) {
    if (width < 1 || height < 1)
        in.fail(std::string(declared) + " " + std::to_string(width) + " x " + std::to_string(height) +
                " samples: expected at least 1 x 1");
    if (width > heightmap_side_limit || height > heightmap_side_limit ||
        static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height) > heightmap_sample_limit)
        in.fail(std::string(declared) + " " + std::to_string(width) + " x " + std::to_string(height) +
                " samples: a heightmap may have at most " + std::to_string(heightmap_side_limit) +
                " on a side and " + std::to_string(heightmap_sample_limit) + " samples in all (8192 x 8192)");
}

HeightSamples sized(int width, int height) {
    HeightSamples map;
    map.width  = width;
    map.height = height;
    map.values.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    return map;
}

float little_endian_float(const unsigned char* p) {
    const std::uint32_t bits = static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
                               static_cast<std::uint32_t>(p[2]) << 16 |
                               static_cast<std::uint32_t>(p[3]) << 24;
    return std::bit_cast<float>(bits);
}

// A float sample as stored; NaN and infinity would poison every pixel the bicubic touches, and
// a finite height past heightmap_height_limit can overflow the stack's floats (heightmap_file.hpp).
float finite_sample(const LimitedInput& in, float value, std::size_t index, int width) {
    const auto where = [&] {
        return "the sample at x " + std::to_string(index % static_cast<std::size_t>(width)) + ", y " +
               std::to_string(index / static_cast<std::size_t>(width)) + " is ";
    };
    if (!std::isfinite(value))
        in.fail(where() + (std::isnan(value) ? "NaN" : "infinite") + ": expected finite heights");
    if (std::abs(value) > heightmap_height_limit) {
        char text[32];
        std::snprintf(text, sizeof text, "%.6g", static_cast<double>(value));
        in.fail(where() + text + ": expected heights from -" +
                std::to_string(static_cast<int>(heightmap_height_limit)) + " to " +
                std::to_string(static_cast<int>(heightmap_height_limit)));
    }
    return value;
}

// [SECTION] PNG -------------------------------------------------------------------------------

// Every chunk's length is checked before libpng sees it: libpng 1.6 only warns when an ancillary
// chunk is larger than png_set_chunk_malloc_max while reading, then allocates and clears it all
// (a 47-byte file declaring a 2 GiB tEXt chunk took 2 GB). A chunk other than the image data
// (IDAT, which libpng streams) may have at most png_header_chunk_limit bytes; none may declare
// more than the file still holds.
class PngChunkWalk {
  public:
    // The bytes libpng is given, in order, from just after the signature. "" or why the file is
    // refused.
    std::string pass(const png_byte* bytes, std::size_t count, const LimitedInput& in) {
        while (count > 0) {
            if (left_ > 0) {  // inside a chunk's data and CRC
                const std::uint64_t skip = std::min<std::uint64_t>(left_, count);
                left_ -= skip;
                at_ += skip;
                bytes += skip;
                count -= static_cast<std::size_t>(skip);
                continue;
            }
            header_[have_++] = *bytes++;
            --count;
            ++at_;
            if (have_ < header_.size()) continue;
            have_                      = 0;
            const std::uint32_t length = static_cast<std::uint32_t>(header_[0]) << 24 |
                                         static_cast<std::uint32_t>(header_[1]) << 16 |
                                         static_cast<std::uint32_t>(header_[2]) << 8 | header_[3];
            if (std::string error = refused(length, in); !error.empty()) return error;
            left_ = std::uint64_t{length} + 4;
        }
        return {};
    }

  private:
    std::string refused(std::uint32_t length, const LimitedInput& in) const {
        std::string type;
        for (std::size_t i = 4; i < 8; ++i) type += static_cast<char>(header_[i]);
        const bool image_data   = type == "IDAT";
        const std::string chunk = "chunk " + shown(type) + " at byte " + std::to_string(at_ - 8) +
                                  " declares " + std::to_string(length) + " bytes";
        if (length > 0x7fffffffu) return chunk + ": a PNG chunk has at most 2147483647 (a damaged PNG)";
        if (!image_data && length > png_header_chunk_limit)
            return chunk + ": a chunk other than the image data may have at most " +
                   byte_count_text(png_header_chunk_limit) + " here";
        if (in.size() && std::uint64_t{length} + 4 > *in.size() - std::min(*in.size(), at_))
            return chunk + ", but the file has only " +
                   std::to_string(*in.size() - std::min(*in.size(), at_)) + " left (a truncated PNG)";
        return {};
    }

    std::array<png_byte, 8> header_{};  // a chunk's length and type
    std::size_t have_   = 0;
    std::uint64_t left_ = 0;  // bytes of the current chunk's data and CRC not passed yet
    std::uint64_t at_   = png_signature.size();
};

// libpng pulls the bytes through a 64 KiB buffer on the LimitedInput. An exception must not cross
// libpng's C frames: the reader keeps the message and leaves by png_error (longjmp) instead.
struct PngSource {
    LimitedInput* in         = nullptr;
    std::vector<char> buffer = std::vector<char>(64 * 1024);
    std::size_t at = 0, end = 0;
    PngChunkWalk chunks;
    std::string failure;  // a ReadError's text, thrown again once libpng has let go
};

void read_png_bytes(png_structp png, png_bytep out, png_size_t count) {
    auto* source = static_cast<PngSource*>(png_get_io_ptr(png));
    bool failed  = false;
    while (count > 0 && !failed) {
        if (source->at == source->end) {
            try {
                source->end = source->in->read(source->buffer.data(), source->buffer.size());
                source->at  = 0;
            } catch (const std::exception& error) {
                source->failure = error.what();
                failed          = true;
            }
            if (!failed && source->end == 0) {
                source->failure = source->in->shown_name() +
                                  ": the file ends early, inside the image data (a "
                                  "truncated PNG)";
                failed = true;
            }
            continue;
        }
        const std::size_t take = std::min(count, source->end - source->at);
        std::memcpy(out, source->buffer.data() + source->at, take);
        source->at += take;
        if (std::string refused = source->chunks.pass(out, take, *source->in); !refused.empty()) {
            source->failure = source->in->shown_name() + ": " + refused;
            failed          = true;
        }
        out += take;
        count -= take;
    }
    if (failed) png_error(png, "read failed");
}

struct PngErrors {
    std::string message;
};

void on_png_error(png_structp png, png_const_charp message) {
    auto* errors = static_cast<PngErrors*>(png_get_error_ptr(png));
    if (errors->message.empty()) errors->message = message;
    png_longjmp(png, 1);
}

void on_png_warning(png_structp, png_const_charp) {}

// What the decode needs from libpng's header and where the rows go; filled by the guarded parts.
struct PngImage {
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, colour_type = 0, interlace = 0, passes = 1;
    std::size_t row_bytes = 0;
};

// The header and the transforms to one grey channel of 8 or 16 bits. false when libpng longjmp'd.
// No C++ object with a destructor lives in a frame between setjmp and longjmp here.
bool guarded_png_header(png_structp png, png_infop info, PngSource* source, PngImage* image) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_read_fn(png, source, read_png_bytes);
    png_set_sig_bytes(png, static_cast<int>(png_signature.size()));
    // Ancillary chunks (text, ICC profiles) are skipped, not kept: bound what one may allocate.
    png_set_chunk_malloc_max(png, std::size_t{8} << 20);
    png_read_info(png, info);
    png_get_IHDR(png, info, &image->width, &image->height, &image->bit_depth, &image->colour_type,
                 &image->interlace, nullptr, nullptr);
    return true;
}

bool guarded_png_transforms(png_structp png, png_infop info, PngImage* image) {
    if (setjmp(png_jmpbuf(png))) return false;
    const int colour = image->colour_type;
    if (colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (colour == PNG_COLOR_TYPE_GRAY && image->bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if ((colour & PNG_COLOR_MASK_ALPHA) != 0) png_set_strip_alpha(png);
    if ((colour & PNG_COLOR_MASK_COLOR) != 0) {
        // A heightmap is data, not light: the stored values, whatever gamma the file states.
        png_set_gamma(png, 1.0, 1.0);
        png_set_rgb_to_gray(png, PNG_ERROR_ACTION_NONE, -1.0, -1.0);
    }
    image->passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    image->bit_depth = png_get_bit_depth(png, info);
    image->row_bytes = png_get_rowbytes(png, info);
    return png_get_channels(png, info) == 1;
}

// Reads the rows into `rows`: one row's bytes at a time, or the whole image for an interlaced
// file (its passes fill every row several times).
bool guarded_png_rows(png_structp png, const PngImage* image, std::vector<png_byte>* rows,
                      HeightSamples* map) {
    if (setjmp(png_jmpbuf(png))) return false;
    const bool whole = image->passes > 1;
    for (int pass = 0; pass < image->passes; ++pass)
        for (png_uint_32 y = 0; y < image->height; ++y) {
            png_byte* row = rows->data() + (whole ? y * image->row_bytes : 0);
            png_read_row(png, row, nullptr);
            if (whole && pass + 1 < image->passes) continue;
            float* out = map->values.data() + static_cast<std::size_t>(y) * image->width;
            if (image->bit_depth == 16)
                for (png_uint_32 x = 0; x < image->width; ++x)
                    out[x] = static_cast<float>((row[2 * x] << 8 | row[2 * x + 1]) / 65535.0);
            else
                for (png_uint_32 x = 0; x < image->width; ++x) out[x] = static_cast<float>(row[x] / 255.0);
        }
    return true;
}

HeightSamples read_png_heightmap(LimitedInput& in) {
    PngErrors errors;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &errors, on_png_error, on_png_warning);
    if (png == nullptr) in.fail("PNG decoder: not enough memory");
    png_infop info = png_create_info_struct(png);
    struct Release {
        png_structp* png;
        png_infop* info;
        ~Release() { png_destroy_read_struct(png, *info ? info : nullptr, nullptr); }
    } release{&png, &info};
    if (info == nullptr) in.fail("PNG decoder: not enough memory");

    PngSource source;
    source.in = &in;
    PngImage image;
    const auto damaged = [&]() {
        if (!source.failure.empty()) throw ReadError(source.failure);
        in.fail("damaged PNG: " +
                (errors.message.empty() ? std::string("unknown error") : escaped(errors.message, 200)));
    };
    if (!guarded_png_header(png, info, &source, &image)) damaged();
    check_size(in, image.width, image.height, "the PNG declares");
    if (!guarded_png_transforms(png, info, &image)) damaged();
    if ((image.bit_depth != 8 && image.bit_depth != 16) ||
        image.row_bytes !=
            static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.bit_depth / 8))
        in.fail("internal: libpng did not give one grey channel of 8 or 16 bits");

    HeightSamples map = sized(static_cast<int>(image.width), static_cast<int>(image.height));
    std::vector<png_byte> rows(image.row_bytes * (image.passes > 1 ? image.height : 1));
    if (!guarded_png_rows(png, &image, &rows, &map)) damaged();
    return map;  // what follows the image data (text, IEND) is not needed
}

// [SECTION] OpenEXR ---------------------------------------------------------------------------

// The header of a scan-line OpenEXR file, what this reader needs of it.
struct ExrHeader {
    int compression    = -1;  // 0 none, 2 ZIPS (1 line a chunk), 3 ZIP (16 lines a chunk)
    std::int32_t x_min = 0, y_min = 0, x_max = -1, y_max = -1;
    bool has_window = false;
    int channels    = 0;
    int pixel_type  = -1;  // 0 UINT, 1 HALF, 2 FLOAT
    std::string channel;
    bool subsampled = false;
};

constexpr std::string_view exr_compression_names[] = {"none",  "RLE", "ZIPS", "ZIP",  "PIZ",
                                                      "PXR24", "B44", "B44A", "DWAA", "DWAB"};

std::int32_t little_endian_i32(const char* p) { return static_cast<std::int32_t>(little_endian_32(p)); }

// A NUL-terminated name of at most 255 bytes (OpenEXR's long-name limit) inside `bytes`.
std::string exr_name(const LimitedInput& in, std::string_view bytes, std::size_t& at, std::string_view what) {
    const auto end = bytes.find('\0', at);
    if (end == std::string_view::npos || end - at > 255)
        in.fail(std::string(what) + " is not a name of at most 255 bytes (a damaged OpenEXR header)");
    std::string name(bytes.substr(at, end - at));
    at = end + 1;
    return name;
}

// A NUL-terminated name of at most 255 bytes read from the file (the header's names are short:
// a byte at a time is fine).
std::string read_exr_name(LimitedInput& in, const std::string& what) {
    std::string name;
    char c = 0;
    while (true) {
        if (in.read(&c, 1) != 1)
            in.fail("the file ends early, inside " + what + " (a truncated OpenEXR header)");
        if (c == '\0') return name;
        if (name.size() == 255) in.fail(what + " is longer than 255 bytes (a damaged OpenEXR header)");
        name += c;
    }
}

void read_channel_list(const LimitedInput& in, std::string_view value, ExrHeader& header) {
    std::size_t at = 0;
    while (true) {
        if (at >= value.size()) in.fail("the channel list ends early (a damaged OpenEXR header)");
        const std::string name = exr_name(in, value, at, "a channel's name");
        if (name.empty()) return;
        if (value.size() - at < 16)
            in.fail("channel " + shown(name) + " ends early (a damaged OpenEXR header)");
        ++header.channels;
        header.channel    = name;
        header.pixel_type = little_endian_i32(value.data() + at);
        header.subsampled =
            little_endian_i32(value.data() + at + 8) != 1 || little_endian_i32(value.data() + at + 12) != 1;
        at += 16;
    }
}

ExrHeader read_exr_header(LimitedInput& in, std::string_view head) {
    std::string version(head.substr(exr_magic.size()));
    if (version.size() < 4) in.read_exact(version, 4 - version.size(), "the OpenEXR version field");
    const std::uint32_t flags = little_endian_32(version.data());
    if ((flags & 0xff) != 2) in.fail("OpenEXR version " + std::to_string(flags & 0xff) + ": expected 2");
    if (flags & 0x1000)
        in.fail("a multi-part OpenEXR file: expected one scan-line image, as exr32 exports are");
    if (flags & 0x800) in.fail("a deep OpenEXR file: expected one scan-line image, as exr32 exports are");
    if (flags & 0x200) in.fail("a tiled OpenEXR file: expected scan lines, as exr32 exports are");

    ExrHeader header;
    while (true) {
        // Each attribute: name\0 type\0 size value; an empty name ends the header.
        const std::string name = read_exr_name(in, "an attribute name");
        if (name.empty()) break;
        const std::string type = read_exr_name(in, "the type of attribute " + shown(name));
        std::string size_bytes;
        in.read_exact(size_bytes, 4, "the size of attribute " + shown(name));
        const std::uint32_t size = little_endian_32(size_bytes.data());
        if (size > exr_attribute_limit || in.position() + size > exr_header_limit)
            in.fail("attribute " + shown(name) + " declares " + std::to_string(size) +
                    " bytes: the header may have at most " + byte_count_text(exr_header_limit) + " here");
        if (in.size() && size > *in.size() - in.position())
            in.fail("attribute " + shown(name) + " declares " + std::to_string(size) +
                    " bytes, but the file has only " + std::to_string(*in.size() - in.position()) +
                    " left (a truncated OpenEXR file)");
        std::string value;
        in.read_exact(value, size, "attribute " + shown(name));
        const auto expect = [&](std::string_view wanted, std::size_t bytes_wanted) {
            if (type != wanted || value.size() != bytes_wanted)
                in.fail("attribute " + shown(name) + " is a " + shown(type) + " of " +
                        std::to_string(value.size()) + " bytes: expected " + std::string(wanted) +
                        " (a damaged OpenEXR header)");
        };
        if (name == "channels") {
            if (type != "chlist") expect("chlist", value.size());
            read_channel_list(in, value, header);
        } else if (name == "compression") {
            expect("compression", 1);
            header.compression = static_cast<unsigned char>(value[0]);
        } else if (name == "dataWindow") {
            expect("box2i", 16);
            header.x_min      = little_endian_i32(value.data());
            header.y_min      = little_endian_i32(value.data() + 4);
            header.x_max      = little_endian_i32(value.data() + 8);
            header.y_max      = little_endian_i32(value.data() + 12);
            header.has_window = true;
        }
    }
    if (!header.has_window || header.compression < 0 || header.channels == 0)
        in.fail("the OpenEXR header lacks its channels, compression or dataWindow (a damaged file)");
    if (header.channels != 1)
        in.fail(std::to_string(header.channels) + " channels: expected one (\"Y\"), as exr32 exports have");
    if (header.pixel_type != 2 || header.subsampled)
        in.fail("channel " + shown(header.channel) +
                " is not full-resolution 32-bit FLOAT: expected what exr32 exports write");
    if (header.compression != 0 && header.compression != 2 && header.compression != 3) {
        const auto index = static_cast<std::size_t>(header.compression);
        in.fail(
            std::string(index < std::size(exr_compression_names) ? exr_compression_names[index] : "unknown") +
            " compression is not read here: expected ZIP (what exr32 exports write), ZIPS or none");
    }
    return header;
}

// OpenEXR's ZIP: deflate over the bytes split into even and odd halves, each byte stored as the
// difference from the one before (plus 128). Undone in place into `out`.
void unpredict(std::vector<unsigned char>& bytes, unsigned char* out) {
    for (std::size_t i = 1; i < bytes.size(); ++i)
        bytes[i] = static_cast<unsigned char>(bytes[i - 1] + bytes[i] - 128);
    const std::size_t half = (bytes.size() + 1) / 2;
    for (std::size_t i = 0; i < bytes.size(); ++i) out[i] = bytes[i % 2 == 0 ? i / 2 : half + i / 2];
}

HeightSamples read_exr_heightmap(LimitedInput& in, std::string_view head) {
    const ExrHeader header    = read_exr_header(in, head);
    const std::int64_t width  = std::int64_t{header.x_max} - header.x_min + 1;
    const std::int64_t height = std::int64_t{header.y_max} - header.y_min + 1;
    check_size(in, width, height, "the OpenEXR dataWindow declares");
    const std::int64_t lines  = header.compression == 3 ? 16 : 1;
    const std::int64_t chunks = (height + lines - 1) / lines;
    std::string table;
    in.read_exact(table, static_cast<std::size_t>(chunks) * 8, "the OpenEXR line offset table");

    HeightSamples map           = sized(static_cast<int>(width), static_cast<int>(height));
    const std::size_t row_bytes = static_cast<std::size_t>(width) * 4;
    std::vector<bool> seen(static_cast<std::size_t>(chunks));
    std::string chunk;
    std::vector<unsigned char> raw(row_bytes * static_cast<std::size_t>(lines)), staged;
    for (std::int64_t k = 0; k < chunks; ++k) {
        chunk.clear();
        in.read_exact(chunk, 8, "an OpenEXR chunk's head");
        const std::int64_t y     = little_endian_i32(chunk.data());
        const std::uint32_t size = little_endian_32(chunk.data() + 4);
        const std::int64_t index = (y - header.y_min) / lines;
        if (y < header.y_min || y > header.y_max || (y - header.y_min) % lines != 0 ||
            seen[static_cast<std::size_t>(index)])
            in.fail("chunk " + std::to_string(k) + " starts at row " + std::to_string(y) +
                    ", which is no chunk's first row or was read before (a damaged OpenEXR file)");
        seen[static_cast<std::size_t>(index)] = true;
        const std::int64_t rows               = std::min(lines, std::int64_t{header.y_max} + 1 - y);
        const std::size_t raw_bytes           = row_bytes * static_cast<std::size_t>(rows);
        const std::string where               = "the chunk at row " + std::to_string(y);
        if (size == 0 || size > raw_bytes || (header.compression == 0 && size != raw_bytes))
            in.fail(where + " declares " + std::to_string(size) + " bytes: expected " +
                    (header.compression == 0 ? "" : "1 to ") + std::to_string(raw_bytes) +
                    " (a damaged OpenEXR file)");
        if (in.size() && size > *in.size() - in.position())
            in.fail(where + " declares " + std::to_string(size) + " bytes, but the file has only " +
                    std::to_string(*in.size() - in.position()) + " left (a truncated OpenEXR file)");
        chunk.clear();
        in.read_exact(chunk, size, where);
        // A chunk deflate did not shrink is stored as it is.
        if (size == raw_bytes) {
            std::memcpy(raw.data(), chunk.data(), raw_bytes);
        } else {
            staged.resize(raw_bytes);
            uLongf inflated = static_cast<uLongf>(raw_bytes);
            if (uncompress(staged.data(), &inflated, reinterpret_cast<const Bytef*>(chunk.data()), size) !=
                    Z_OK ||
                inflated != raw_bytes)
                in.fail(where + ": damaged ZIP data (it does not inflate to " + std::to_string(raw_bytes) +
                        " bytes)");
            unpredict(staged, raw.data());
        }
        const std::size_t first =
            static_cast<std::size_t>(y - header.y_min) * static_cast<std::size_t>(width);
        for (std::size_t i = 0; i < raw_bytes / 4; ++i)
            map.values[first + i] =
                finite_sample(in, little_endian_float(raw.data() + 4 * i), first + i, map.width);
    }
    return map;
}

// [SECTION] Raw r16 / r32 ---------------------------------------------------------------------

struct RawLayout {
    std::int64_t width = 0, height = 0;
    int bytes = 2;  // 2: uint16, 4: float32
};

// The width, height and sample of a raw file from the OUT.json its export wrote beside it.
RawLayout sidecar_layout(const std::filesystem::path& sidecar, RawLayout layout) {
    LimitedInput in = LimitedInput::open(sidecar, "sidecar");
    const std::string text =
        in.read_rest((std::size_t{1} << 20) + (std::size_t{64} << 10), "an r16/r32 sidecar");
    const nlohmann::json root = parse_json_text(text, in.shown_name(),
                                                {.what         = "an r16/r32 sidecar",
                                                 .max_nesting  = 16,
                                                 .nesting_note = "a sidecar needs 8 (the preset inside it)",
                                                 .allowed      = nullptr});
    const auto integer        = [&](const char* key) -> std::int64_t {
        if (!root.is_object() || !root.contains(key) || !root[key].is_number_integer())
            in.fail(std::string("key '") + key + "' is missing or not an integer: expected the export's " +
                           key);
        return root[key].get<std::int64_t>();
    };
    layout.width  = integer("width");
    layout.height = integer("height");
    if (root.contains("sample")) {
        const nlohmann::json& sample = root["sample"];
        if (sample == "uint16")
            layout.bytes = 2;
        else if (sample == "float32")
            layout.bytes = 4;
        else
            in.fail("key 'sample' is " + shown(sample.dump()) + ": expected \"uint16\" or \"float32\"");
    }
    if (root.contains("byte_order") && root["byte_order"] != "little-endian")
        in.fail("key 'byte_order' is " + shown(root["byte_order"].dump()) + ": expected \"little-endian\"");
    check_size(in, layout.width, layout.height, "the sidecar declares");
    return layout;
}

HeightSamples read_raw_heightmap(LimitedInput& in, const std::filesystem::path& file, std::string head,
                                 int bytes) {
    RawLayout layout{.bytes = bytes};
    const auto sidecar = sidecar_path(file);
    // Whatever stands at the sidecar's name is read, so one that cannot be (a dangling link, a
    // link loop, no permission) is an error as for the main file, never silently no sidecar.
    struct stat entry {};
    const bool has_sidecar = ::lstat(sidecar.c_str(), &entry) == 0 || (errno != ENOENT && errno != ENOTDIR);
    if (has_sidecar) layout = sidecar_layout(sidecar, layout);
    const std::uint64_t limit = heightmap_sample_limit * static_cast<std::uint64_t>(layout.bytes);
    const std::string what    = layout.bytes == 2 ? "uint16" : "float32";
    std::uint64_t length      = 0;
    if (in.size()) {
        length = *in.size();
    } else {  // a pipe: its length is what it gives
        head += in.read_rest(static_cast<std::size_t>(limit), "a raw heightmap");
        length = head.size();
    }
    if (!has_sidecar) {
        if (length > limit)
            in.fail("is " + std::to_string(length) + " bytes: a raw heightmap has at most " +
                    std::to_string(heightmap_sample_limit) + " samples (" + byte_count_text(limit) + ")");
        const std::uint64_t count = length / static_cast<std::uint64_t>(layout.bytes);
        const auto side           = static_cast<std::int64_t>(std::sqrt(static_cast<double>(count)));
        std::int64_t n            = side;
        while (n * n > static_cast<std::int64_t>(count)) --n;
        while ((n + 1) * (n + 1) <= static_cast<std::int64_t>(count)) ++n;
        if (count == 0 || length % static_cast<std::uint64_t>(layout.bytes) != 0 ||
            static_cast<std::uint64_t>(n * n) != count)
            in.fail(std::to_string(length) + " bytes are not a square of " + what +
                    " samples: expected its sidecar " + escaped(sidecar.filename().native()) +
                    " (width and height) beside it");
        layout.width = layout.height = n;
        check_size(in, n, n, "its length makes");
    }
    const std::uint64_t expected =
        static_cast<std::uint64_t>(layout.width) * static_cast<std::uint64_t>(layout.height) * layout.bytes;
    if (length != expected)
        in.fail("holds " + std::to_string(length) + " bytes, but its sidecar says " +
                std::to_string(layout.width) + " x " + std::to_string(layout.height) + " " + what +
                " samples (" + std::to_string(expected) + " bytes)");

    HeightSamples map = sized(static_cast<int>(layout.width), static_cast<int>(layout.height));
    std::vector<unsigned char> bytes_read(static_cast<std::size_t>(expected));
    std::memcpy(bytes_read.data(), head.data(), std::min(head.size(), bytes_read.size()));
    if (head.size() < bytes_read.size()) {
        const std::size_t rest = bytes_read.size() - head.size();
        if (in.read(reinterpret_cast<char*>(bytes_read.data() + head.size()), rest) != rest)
            in.fail("the file ends early, inside the samples (it shrank while it was read)");
    }
    for (std::size_t i = 0; i < map.values.size(); ++i) {
        const unsigned char* p = bytes_read.data() + i * static_cast<std::size_t>(layout.bytes);
        map.values[i]          = layout.bytes == 2 ? static_cast<float>((p[0] | p[1] << 8) / 65535.0)
                                                   : finite_sample(in, little_endian_float(p), i, map.width);
    }
    return map;
}

// [SECTION] Files ---------------------------------------------------------------------------

HeightSamples read_heightmap_file(const std::filesystem::path& file) {
    LimitedInput in = LimitedInput::open(file, "heightmap file");
    std::string head(png_signature.size(), '\0');
    head.resize(in.read(head.data(), head.size()));
    if (head == png_signature) return read_png_heightmap(in);
    if (std::string_view(head).starts_with(exr_magic)) return read_exr_heightmap(in, head);
    const auto extension = file.extension();
    if (extension == ".r16" || extension == ".raw") return read_raw_heightmap(in, file, head, 2);
    if (extension == ".r32") return read_raw_heightmap(in, file, head, 4);
    in.fail("not a PNG or OpenEXR file, nor named .r16, .raw or .r32: expected " +
            std::string(heightmap_file_kinds));
}

}  // namespace
}  // namespace noise::io

namespace noise {

// The reader's own errors keep their text; the public type says where they come from.
HeightSamples read_heightmap(const std::filesystem::path& file) {
    try {
        return io::read_heightmap_file(file);
    } catch (const io::ReadError& error) {
        throw HeightmapError(error.what());
    }
}

}  // namespace noise
