// Streaming PNG encoder on libpng. libpng reports errors by longjmp; the setjmp sits in small
// functions that own no C++ objects, so no destructor is ever skipped.
#include "core/png_stream_writer.hpp"

#include <exception>
#include <stdexcept>
#include <vector>

#include <png.h>

namespace app {

struct PngStreamWriter::State {
    AtomicFile* out = nullptr;
    png_structp png = nullptr;
    png_infop info = nullptr;
    std::string error;                 // libpng's message
    std::exception_ptr write_failure;  // the AtomicFile's exception (disk full ...)
};

namespace {

using State = PngStreamWriter::State;

void on_error(png_structp png, png_const_charp message) {
    auto* state = static_cast<State*>(png_get_error_ptr(png));
    if (state->error.empty()) state->error = message;
    png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}

void on_write(png_structp png, png_bytep data, png_size_t length) {
    auto* state = static_cast<State*>(png_get_io_ptr(png));
    bool failed = false;
    try {
        state->out->write(data, length);
    } catch (...) {
        state->write_failure = std::current_exception();
        failed = true;
    }
    if (failed) png_error(png, "write failed");  // longjmps; nothing with a destructor is live here
}

void on_flush(png_structp) {}

// Each wrapper returns false when libpng longjmp'd out of the call.
bool guarded_write_info(png_structp png, png_infop info) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_write_info(png, info);
    return true;
}

bool guarded_write_row(png_structp png, png_const_bytep row) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_write_row(png, row);
    return true;
}

bool guarded_write_end(png_structp png, png_infop info) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_write_end(png, info);
    return true;
}

bool guarded_setup(png_structp png, png_infop info, png_uint_32 width, png_uint_32 height, int depth, int colour,
                   png_textp texts, int text_count) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_IHDR(png, info, width, height, depth, colour, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 6);
    if (text_count > 0) png_set_text(png, info, texts, text_count);
    return true;
}

[[noreturn]] void rethrow(State& state) {
    if (state.write_failure) std::rethrow_exception(state.write_failure);
    throw std::runtime_error("'" + state.out->target().string() + "': PNG encoder: " +
                             (state.error.empty() ? std::string("unknown error") : state.error));
}

}  // namespace

PngStreamWriter::PngStreamWriter(AtomicFile& out, int width, int height, PngPixels pixels,
                                 std::span<const PngTextChunk> texts)
    : state_(std::make_unique<State>()), height_(height) {
    if (width < 1 || height < 1) throw std::invalid_argument("PngStreamWriter: empty image");
    state_->out = &out;
    state_->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, state_.get(), on_error, on_warning);
    if (state_->png == nullptr) throw std::runtime_error("PNG encoder: out of memory");
    state_->info = png_create_info_struct(state_->png);
    if (state_->info == nullptr) throw std::runtime_error("PNG encoder: out of memory");
    png_set_write_fn(state_->png, state_.get(), on_write, on_flush);

    int depth = 8, colour = PNG_COLOR_TYPE_GRAY, channels = 1;
    if (pixels == PngPixels::rgb8) colour = PNG_COLOR_TYPE_RGB, channels = 3;
    if (pixels == PngPixels::gray16) depth = 16;
    row_bytes_ = static_cast<std::size_t>(width) * static_cast<std::size_t>(channels * depth / 8);

    // libpng keeps pointers into these until png_write_info has copied the chunks out.
    std::vector<png_text> chunks(texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i) {
        chunks[i].compression = PNG_TEXT_COMPRESSION_NONE;
        chunks[i].key = const_cast<char*>(texts[i].key.c_str());
        chunks[i].text = const_cast<char*>(texts[i].text.c_str());
        chunks[i].text_length = texts[i].text.size();
    }
    if (!guarded_setup(state_->png, state_->info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height),
                       depth, colour, chunks.data(), static_cast<int>(chunks.size())) ||
        !guarded_write_info(state_->png, state_->info))
        rethrow(*state_);
}

PngStreamWriter::~PngStreamWriter() {
    if (state_ && state_->png) png_destroy_write_struct(&state_->png, &state_->info);
}

void PngStreamWriter::write_row(std::span<const std::uint8_t> row) {
    if (row.size() != row_bytes_) throw std::invalid_argument("PngStreamWriter: row of the wrong size");
    if (rows_written_ >= height_) throw std::logic_error("PngStreamWriter: more rows than the image has");
    if (!guarded_write_row(state_->png, row.data())) rethrow(*state_);
    ++rows_written_;
}

void PngStreamWriter::finish() {
    if (rows_written_ != height_) throw std::logic_error("PngStreamWriter: finish before the last row");
    if (!guarded_write_end(state_->png, nullptr)) rethrow(*state_);
}

}  // namespace app
