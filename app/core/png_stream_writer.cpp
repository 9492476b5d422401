// Streaming PNG encoder: the chunk framing (length, type, data, CRC-32) by hand, the Up filter on
// the caller's thread (one subtraction a byte), the deflate work in parallel_deflate.
#include "core/png_stream_writer.hpp"

#include <zlib.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/shown_text.hpp"

namespace app {
namespace {

constexpr std::uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
constexpr std::uint8_t filter_up        = 2;
// PNG stores sizes and lengths as 31-bit big-endian numbers.
constexpr std::uint32_t png_max_length = 0x7fffffffu;

void put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(v >> shift));
}

// tEXt keywords as the PNG specification (11.3.4.3) allows them, so readers do not reject the file.
void check_text(const PngTextChunk& chunk) {
    const std::string& key = chunk.key;
    bool ok                = !key.empty() && key.size() <= 79 && key.front() != ' ' && key.back() != ' ';
    for (std::size_t i = 0; ok && i < key.size(); ++i) {
        const auto c = static_cast<unsigned char>(key[i]);
        ok           = ((c >= 32 && c <= 126) || c >= 161) && !(c == ' ' && i > 0 && key[i - 1] == ' ');
    }
    if (!ok) throw std::invalid_argument("PngStreamWriter: '" + key + "' is not a valid text chunk keyword");
    if (chunk.text.find('\0') != std::string::npos)
        throw std::invalid_argument("PngStreamWriter: the text of '" + key + "' contains a NUL byte");
    if (key.size() + 1 + chunk.text.size() > png_max_length)
        throw std::invalid_argument("PngStreamWriter: the text of '" + key + "' is too long");
}

}  // namespace

PngStreamWriter::PngStreamWriter(AtomicFile& out, int width, int height, PngPixels pixels,
                                 std::span<const PngTextChunk> texts, const PngCompression& compression)
    : out_(out), height_(height) {
    if (width < 1 || height < 1) throw std::invalid_argument("PngStreamWriter: empty image");
    for (const auto& text : texts) check_text(text);

    std::uint8_t depth = 8, colour = 0, channels = 1;  // colour type 0: grayscale, 2: RGB, 6: RGBA
    if (pixels == PngPixels::rgb8) colour = 2, channels = 3;
    if (pixels == PngPixels::rgba8) colour = 6, channels = 4;
    if (pixels == PngPixels::gray16) depth = 16;
    row_bytes_ = static_cast<std::size_t>(width) * channels * depth / 8;
    row_.resize(1 + row_bytes_);
    row_[0] = filter_up;
    previous_.assign(row_bytes_, 0);

    deflate_ = std::make_unique<ParallelDeflate>(
        ParallelDeflateOptions{.threads           = compression.threads,
                               .level             = compression.level,
                               .chunk_bytes       = compression.chunk_bytes,
                               .chunks_per_thread = compression.chunks_per_thread},
        [this](std::span<const std::uint8_t> piece) { write_chunk("IDAT", piece); });

    out_.write(png_signature, sizeof png_signature);
    std::vector<std::uint8_t> header;
    put32(header, static_cast<std::uint32_t>(width));
    put32(header, static_cast<std::uint32_t>(height));
    header.insert(header.end(), {depth, colour, 0, 0, 0});  // deflate, adaptive filtering, no interlace
    write_chunk("IHDR", header);
    for (const auto& text : texts) {
        std::vector<std::uint8_t> data(text.key.begin(), text.key.end());
        data.push_back(0);
        data.insert(data.end(), text.text.begin(), text.text.end());
        write_chunk("tEXt", data);
    }
}

PngStreamWriter::~PngStreamWriter() = default;

template <class Step>
void PngStreamWriter::compressing(Step step) {
    try {
        step();
    } catch (const AtomicFileError&) {
        throw;  // already names the file and the cause
    } catch (const std::runtime_error& error) {
        throw std::runtime_error("'" + out_.target().string() + "': PNG encoder: " + failure_text(error));
    }
}

void PngStreamWriter::write_chunk(const char (&type)[5], std::span<const std::uint8_t> data) {
    if (data.size() > png_max_length) throw std::runtime_error("PngStreamWriter: chunk too long");
    std::vector<std::uint8_t> head;
    put32(head, static_cast<std::uint32_t>(data.size()));
    head.insert(head.end(), type, type + 4);
    uLong crc = crc32(0, head.data() + 4, 4);
    if (!data.empty()) crc = crc32_z(crc, data.data(), data.size());  // a null buffer would restart the CRC
    std::vector<std::uint8_t> tail;
    put32(tail, static_cast<std::uint32_t>(crc));
    out_.write(head.data(), head.size());
    out_.write(data.data(), data.size());
    out_.write(tail.data(), tail.size());
}

void PngStreamWriter::write_row(std::span<const std::uint8_t> row) {
    if (row.size() != row_bytes_) throw std::invalid_argument("PngStreamWriter: row of the wrong size");
    if (rows_written_ >= height_) throw std::logic_error("PngStreamWriter: more rows than the image has");
    std::uint8_t* filtered = row_.data() + 1;
    for (std::size_t i = 0; i < row_bytes_; ++i)
        filtered[i] = static_cast<std::uint8_t>(row[i] - previous_[i]);
    std::copy(row.begin(), row.end(), previous_.begin());
    compressing([&] { deflate_->write(row_); });
    ++rows_written_;
}

void PngStreamWriter::finish() {
    if (rows_written_ != height_) throw std::logic_error("PngStreamWriter: finish before the last row");
    compressing([&] { deflate_->finish(); });
    write_chunk("IEND", {});
}

}  // namespace app
