// Animated GIF through giflib: see gif_writer.hpp.
#include "core/gif_writer.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <stdexcept>
#include <vector>

namespace app {

namespace {

struct Output {
    AtomicFile* file = nullptr;
    std::string error;  // the AtomicFile's own message (disk full ...), kept out of giflib's C frames
};

// giflib's output callback: everything goes through the AtomicFile, so the GIF appears whole or
// not at all. An exception must not unwind through giflib: a short count makes it fail instead.
int write_to_file(GifFileType* gif, const GifByteType* data, int length) {
    auto* out = static_cast<Output*>(gif->UserData);
    try {
        out->file->write(data, static_cast<std::size_t>(length));
        return length;
    } catch (const std::exception& e) {
        if (out->error.empty()) out->error = e.what();
        return 0;
    }
}

struct ColourMap {
    ColorMapObject* map = nullptr;
    explicit ColourMap(int count) : map(GifMakeMapObject(count, nullptr)) {
        if (!map) throw std::runtime_error("the GIF's colour table could not be made");
    }
    ~ColourMap() { GifFreeMapObject(map); }
};

// A power of two from 2 to 256 that holds `count` colours (a GIF table's size).
int table_size(int count) {
    int size = 2;
    while (size < count) size *= 2;
    return size;
}

}  // namespace

int gif_frame_delay(int fps) { return std::max(2, static_cast<int>(std::lround(100.0 / std::max(1, fps)))); }

void GifWriter::check(int status, const char* what) const {
    if (status != GIF_ERROR) return;
    const std::string& file_error = static_cast<const Output*>(output_.get())->error;
    throw std::runtime_error(file_error.empty() ? std::string("the GIF could not be written (") + what +
                                                      "): " + GifErrorString(gif_->Error)
                                                : file_error);
}

GifWriter::GifWriter(AtomicFile& file, ImageSize size, int fps)
    : output_(new Output{&file, {}}, [](void* o) { delete static_cast<Output*>(o); }),
      size_(size),
      delay_(gif_frame_delay(fps)) {
    if (size.width < 1 || size.height < 1 || size.width > 65535 || size.height > 65535)
        throw std::runtime_error("a GIF is at most 65535 pixels a side");
    int error = 0;
    gif_      = EGifOpen(output_.get(), write_to_file, &error);
    if (!gif_)
        throw std::runtime_error(std::string("the GIF could not be started: ") + GifErrorString(error));
    try {
        EGifSetGifVersion(gif_, true);
        // No global table: each frame carries its own.
        check(EGifPutScreenDesc(gif_, size.width, size.height, 8, 0, nullptr), "screen");
        // Loop forever: the NETSCAPE2.0 application block, count 0.
        const GifByteType netscape[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
        const GifByteType loops[]    = {1, 0, 0};
        check(EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE), "loop");
        check(EGifPutExtensionBlock(gif_, sizeof netscape, netscape), "loop");
        check(EGifPutExtensionBlock(gif_, sizeof loops, loops), "loop");
        check(EGifPutExtensionTrailer(gif_), "loop");
    } catch (...) {
        EGifCloseFile(gif_, &error);
        throw;
    }
}

GifWriter::~GifWriter() {
    if (gif_) {
        int error = 0;
        EGifCloseFile(gif_, &error);  // an unfinished GIF: its AtomicFile is never committed
    }
}

void GifWriter::add_frame(std::span<const std::uint8_t> rgb) {
    const std::size_t pixels = static_cast<std::size_t>(size_.width) * static_cast<std::size_t>(size_.height);
    if (rgb.size() != pixels * 3) throw std::runtime_error("a GIF frame has the wrong number of pixels");
    std::vector<GifByteType> indices(pixels);
    // Exact when the frame has at most 256 colours; else giflib's median cut.
    std::map<std::uint32_t, int> exact;
    for (std::size_t i = 0; i < pixels && exact.size() <= 256; ++i) {
        const std::uint32_t c = static_cast<std::uint32_t>(rgb[3 * i]) << 16 |
                                static_cast<std::uint32_t>(rgb[3 * i + 1]) << 8 | rgb[3 * i + 2];
        exact.try_emplace(c, 0);
    }
    std::vector<GifColorType> palette;
    if (exact.size() <= 256) {
        for (auto& [c, index] : exact) {
            index = static_cast<int>(palette.size());
            palette.push_back({static_cast<GifByteType>(c >> 16), static_cast<GifByteType>(c >> 8),
                               static_cast<GifByteType>(c)});
        }
        for (std::size_t i = 0; i < pixels; ++i)
            indices[i] = static_cast<GifByteType>(exact.at(static_cast<std::uint32_t>(rgb[3 * i]) << 16 |
                                                           static_cast<std::uint32_t>(rgb[3 * i + 1]) << 8 |
                                                           rgb[3 * i + 2]));
    } else {
        std::vector<GifByteType> r(pixels), g(pixels), b(pixels);
        for (std::size_t i = 0; i < pixels; ++i) {
            r[i] = rgb[3 * i];
            g[i] = rgb[3 * i + 1];
            b[i] = rgb[3 * i + 2];
        }
        int count = 256;
        palette.resize(256);
        if (GifQuantizeBuffer(static_cast<unsigned>(size_.width), static_cast<unsigned>(size_.height), &count,
                              r.data(), g.data(), b.data(), indices.data(), palette.data()) == GIF_ERROR)
            throw std::runtime_error("the GIF's colours could not be reduced to 256");
        palette.resize(static_cast<std::size_t>(std::clamp(count, 1, 256)));
        // giflib's colours are its 5-bit boxes' means shifted up, so about 3.5 levels dark on
        // every channel: each becomes the mean of the full 8-bit pixels that use it instead.
        std::vector<std::array<std::uint64_t, 4>> sums(palette.size(), {0, 0, 0, 0});
        for (std::size_t i = 0; i < pixels; ++i) {
            auto& sum = sums[std::min<std::size_t>(indices[i], palette.size() - 1)];
            sum[0] += rgb[3 * i];
            sum[1] += rgb[3 * i + 1];
            sum[2] += rgb[3 * i + 2];
            ++sum[3];
        }
        for (std::size_t c = 0; c < palette.size(); ++c)
            if (const std::uint64_t n = sums[c][3])
                palette[c] = {static_cast<GifByteType>((sums[c][0] + n / 2) / n),
                              static_cast<GifByteType>((sums[c][1] + n / 2) / n),
                              static_cast<GifByteType>((sums[c][2] + n / 2) / n)};
    }
    ColourMap map(table_size(static_cast<int>(palette.size())));
    std::copy(palette.begin(), palette.end(), map.map->Colors);

    // Graphics control: keep the frame (disposal 1), the delay, no transparency.
    const GifByteType control[] = {1 << 2, static_cast<GifByteType>(delay_ & 0xff),
                                   static_cast<GifByteType>(delay_ >> 8), 0};
    check(EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, sizeof control, control), "frame delay");
    check(EGifPutImageDesc(gif_, 0, 0, size_.width, size_.height, false, map.map), "frame");
    for (int y = 0; y < size_.height; ++y)
        check(EGifPutLine(gif_, indices.data() + static_cast<std::size_t>(y) * size_.width, size_.width),
              "frame rows");
}

void GifWriter::finish(const std::string& comment) {
    check(EGifPutComment(gif_, comment.c_str()), "comment");
    int error                     = 0;
    const int status              = EGifCloseFile(gif_, &error);
    gif_                          = nullptr;
    const std::string& file_error = static_cast<const Output*>(output_.get())->error;
    if (!file_error.empty()) throw std::runtime_error(file_error);
    if (status == GIF_ERROR)
        throw std::runtime_error(std::string("the GIF could not be finished: ") + GifErrorString(error));
}

}  // namespace app
