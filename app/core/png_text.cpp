// Reads one text chunk from a PNG's header chunks with libpng.
#include "core/png_text.hpp"

#include <cstdio>
#include <memory>
#include <stdexcept>

#include <png.h>

namespace app {
namespace {

struct ReadState {
    std::string error;
};

void on_error(png_structp png, png_const_charp message) {
    auto* state = static_cast<ReadState*>(png_get_error_ptr(png));
    if (state->error.empty()) state->error = message;
    png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}

// Reads the chunks up to the image data; false when libpng longjmp'd (a damaged file).
bool guarded_read_info(png_structp png, png_infop info, std::FILE* file) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_init_io(png, file);
    png_read_info(png, info);
    return true;
}

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

}  // namespace

std::optional<std::string> read_png_text(const std::filesystem::path& file, std::string_view key) {
    const std::string name = file.string();
    std::unique_ptr<std::FILE, FileCloser> in(std::fopen(file.c_str(), "rb"));
    if (!in) throw std::runtime_error(name + ": cannot open the file");
    unsigned char signature[8] = {};
    if (std::fread(signature, 1, sizeof signature, in.get()) != sizeof signature || png_sig_cmp(signature, 0, 8) != 0)
        throw std::runtime_error(name + ": not a PNG file");
    std::rewind(in.get());

    ReadState state;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (png == nullptr) throw std::runtime_error(name + ": PNG decoder: out of memory");
    png_infop info = png_create_info_struct(png);
    std::optional<std::string> found;
    bool ok = info != nullptr && guarded_read_info(png, info, in.get());
    if (ok) {
        png_textp texts = nullptr;
        const int count = png_get_text(png, info, &texts, nullptr);
        for (int i = 0; i < count; ++i) {
            if (key == texts[i].key) {
                found = std::string(texts[i].text, texts[i].itxt_length ? texts[i].itxt_length : texts[i].text_length);
                break;
            }
        }
    }
    png_destroy_read_struct(&png, info ? &info : nullptr, nullptr);
    if (!ok) throw std::runtime_error(name + ": damaged PNG: " + (state.error.empty() ? "unknown error" : state.error));
    return found;
}

}  // namespace app
