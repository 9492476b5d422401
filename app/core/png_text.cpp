// Reads one text chunk from a PNG's header chunks: our own bounded chunk walk, then libpng.
#include "core/png_text.hpp"

#include <png.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "core/read_limited.hpp"
#include "core/shown_text.hpp"

namespace app {
namespace {

std::uint32_t big_endian_32(const char* p) {
    const auto byte = [&](int i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(p[i])); };
    return byte(0) << 24 | byte(1) << 16 | byte(2) << 8 | byte(3);
}

bool is_chunk_type(std::string_view type) {
    for (char c : type)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return false;
    return true;
}

// libpng reads the header from memory: the bytes were read (and bounded) already.
struct MemoryReader {
    std::string_view bytes;
    std::size_t at = 0;
};

void read_from_memory(png_structp png, png_bytep out, png_size_t count) {
    auto* reader = static_cast<MemoryReader*>(png_get_io_ptr(png));
    if (count > reader->bytes.size() - reader->at) png_error(png, "the file ends early");
    std::memcpy(out, reader->bytes.data() + reader->at, count);
    reader->at += count;
}

struct ReadState {
    std::string error;
};

void on_error(png_structp png, png_const_charp message) {
    auto* state = static_cast<ReadState*>(png_get_error_ptr(png));
    if (state->error.empty()) state->error = message;
    png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}

// Reads the chunks up to the image data; false when libpng longjmp'd (a damaged file). No C++
// object with a destructor lives between setjmp and longjmp here.
bool guarded_read_info(png_structp png, png_infop info, MemoryReader* reader) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_read_fn(png, reader, read_from_memory);
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
    // A fuzzer cannot fix up CRCs: let its inputs past them to the text chunks (libpng's own
    // fuzz target does the same). Never in the program itself.
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
#endif
    // zTXt and iTXt inflate: bound what one chunk may grow to (a deflate bomb is 1000:1).
    png_set_chunk_malloc_max(png, png_header_chunk_limit);
    png_read_info(png, info);
    return true;
}

// The raw text of the tEXt chunks with this key. libpng cuts a tEXt text at its first NUL
// (strlen), which would hide bytes after it; the caller's parser must see them and refuse.
std::vector<std::string_view> raw_text_chunks(std::string_view header, std::string_view key) {
    std::vector<std::string_view> texts;
    std::size_t at = png_signature.size();
    while (header.size() >= at + 8) {
        const std::uint32_t length  = big_endian_32(header.data() + at);
        const std::string_view type = header.substr(at + 4, 4);
        if (header.size() - at - 8 < std::uint64_t{length} + 4) break;
        const std::string_view data = header.substr(at + 8, length);
        if (type == "tEXt" && data.size() > key.size() && data.starts_with(key) && data[key.size()] == '\0')
            texts.push_back(data.substr(key.size() + 1));
        at += 12 + std::size_t{length};
    }
    return texts;
}

}  // namespace

std::string read_png_header_chunks(LimitedInput& in, std::string_view signature) {
    std::string header(signature);
    while (true) {
        const std::uint64_t chunk_at = in.position();
        in.read_exact(header, 8, "a PNG chunk's length and type");
        const std::uint32_t length = big_endian_32(header.data() + header.size() - 8);
        const std::string type     = header.substr(header.size() - 4);
        const std::string where    = "the chunk at byte " + std::to_string(chunk_at);
        if (!is_chunk_type(type))
            in.fail(where + " has the type " + shown(type) + ": expected four letters (a damaged PNG)");
        // The image data is not needed: libpng stops at the head of the first IDAT.
        if (type == "IDAT" || type == "IEND") return header;

        const std::string chunk = where + " ('" + type + "') declares " + std::to_string(length) + " bytes";
        if (length > 0x7fffffffu) in.fail(chunk + ": a PNG chunk has at most 2147483647 (a damaged PNG)");
        if (length > png_header_chunk_limit)
            in.fail(chunk + ": a chunk before the image data may have at most " +
                    byte_count_text(png_header_chunk_limit) + " here");
        if (in.size() && std::uint64_t{length} + 4 > *in.size() - in.position())
            in.fail(chunk + ", but the file has only " + std::to_string(*in.size() - in.position()) +
                    " bytes left (a truncated PNG)");
        if (header.size() + length + 4 > png_header_limit)
            in.fail(chunk + ": the chunks before the image data may have at most " +
                    byte_count_text(png_header_limit) + " together");
        in.read_exact(header, std::size_t{length} + 4, "the '" + type + "' chunk");
    }
}

std::optional<std::string> png_text_in(std::string_view header, std::string_view key,
                                       std::string_view shown_name) {
    const std::string name(shown_name);
    if (!header.starts_with(png_signature)) throw std::runtime_error(name + ": not a PNG file");

    ReadState state;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (png == nullptr) throw std::runtime_error(name + ": PNG decoder: out of memory");
    png_infop info = png_create_info_struct(png);
    MemoryReader reader{header, 0};
    std::optional<std::string> found;
    int matches   = 0;
    const bool ok = info != nullptr && guarded_read_info(png, info, &reader);
    if (ok) {
        png_textp texts = nullptr;
        const int count = png_get_text(png, info, &texts, nullptr);
        for (int i = 0; i < count; ++i) {
            if (key != texts[i].key) continue;
            if (++matches == 1)
                found = std::string(texts[i].text, texts[i].compression == PNG_ITXT_COMPRESSION_NONE ||
                                                           texts[i].compression == PNG_ITXT_COMPRESSION_zTXt
                                                       ? texts[i].itxt_length
                                                       : texts[i].text_length);
        }
    }
    png_destroy_read_struct(&png, info ? &info : nullptr, nullptr);
    if (!ok)
        throw std::runtime_error(
            name + ": damaged PNG: " + (state.error.empty() ? "unknown error" : escaped(state.error, 200)));
    // Two chunks with the key: which one is meant is a guess, so neither is taken.
    if (matches > 1)
        throw std::runtime_error(name + ": the PNG has " + std::to_string(matches) + " '" + std::string(key) +
                                 "' text chunks: expected one");
    if (found) {
        const auto raw = raw_text_chunks(header, key);
        if (raw.size() == 1) found = std::string(raw.front());
    }
    return found;
}

std::optional<std::string> read_png_text(const std::filesystem::path& file, std::string_view key) {
    LimitedInput in = LimitedInput::open(file, "PNG file");
    std::string signature;
    signature.resize(png_signature.size());
    signature.resize(in.read(signature.data(), signature.size()));
    if (signature != png_signature) in.fail("not a PNG file");
    return png_text_in(read_png_header_chunks(in, signature), key, in.shown_name());
}

}  // namespace app
