// ExrStreamWriter: OpenEXR's scan-line writer on an AtomicFile; the header reader by hand.
#include "core/exr_stream_writer.hpp"

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfIO.h>
#include <ImfOutputFile.h>
#include <ImfStringAttribute.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <stdexcept>

#include "core/read_limited.hpp"
#include "core/shown_text.hpp"

namespace app {
namespace {

// OpenEXR's output stream on the AtomicFile: appends, except where OpenEXR seeks back to fill
// in the table of line offsets (the only place it does). An error from the file is kept, so the
// caller gets the AtomicFileError itself rather than OpenEXR's rewording of it.
class AtomicStream final : public Imf::OStream {
  public:
    explicit AtomicStream(AtomicFile& file) : Imf::OStream("noise-explorer export"), file_(file) {}

    void write(const char c[], int n) override {
        try {
            if (position_ == file_.size_written())
                file_.write(c, static_cast<std::size_t>(n));
            else
                file_.write_at(position_, c, static_cast<std::size_t>(n));
        } catch (...) {
            if (!error_) error_ = std::current_exception();
            throw;
        }
        position_ += static_cast<std::uint64_t>(n);
    }
    std::uint64_t tellp() override { return position_; }
    void seekp(std::uint64_t position) override { position_ = position; }

    void rethrow_error() const {
        if (error_) std::rethrow_exception(error_);
    }

  private:
    AtomicFile& file_;
    std::uint64_t position_ = 0;
    std::exception_ptr error_;
};

}  // namespace

struct ExrStreamWriter::Impl {
    AtomicStream stream;
    Imf::Header header;
    std::unique_ptr<Imf::OutputFile> exr;
    int width;
    int next_row = 0;

    Impl(AtomicFile& file, int w, int h) : stream(file), header(w, h), width(w) {}
};

ExrStreamWriter::ExrStreamWriter(AtomicFile& file, int width, int height,
                                 const std::vector<std::pair<std::string, std::string>>& texts)
    : impl_(std::make_unique<Impl>(file, width, height)) {
    // OpenEXR compresses on its process-wide thread pool, sized by a global setting; this writer
    // leaves that alone (no global state) and compresses on the calling thread: zlib at about
    // 50-100 MB/s, so a 4096 x 4096 exr32 takes a second or so more than its render.
    auto& header = impl_->header;
    header.channels().insert("Y", Imf::Channel(Imf::FLOAT));
    header.compression() = Imf::ZIP_COMPRESSION;
    for (const auto& [key, value] : texts) header.insert(key, Imf::StringAttribute(value));
    try {
        impl_->exr = std::make_unique<Imf::OutputFile>(impl_->stream, header, 0);
    } catch (const std::exception& error) {
        impl_->stream.rethrow_error();
        throw std::runtime_error(std::string("OpenEXR: ") + error.what());
    }
}

ExrStreamWriter::~ExrStreamWriter() = default;

void ExrStreamWriter::write_rows(std::span<const float> rows) {
    auto& d          = *impl_;
    const auto width = static_cast<std::size_t>(d.width);
    const int count  = static_cast<int>(rows.size() / width);
    if (count == 0) return;
    Imf::FrameBuffer frame;
    frame.insert("Y", Imf::Slice::Make(Imf::FLOAT, rows.data(), Imath::V2i(0, d.next_row), d.width, count));
    try {
        d.exr->setFrameBuffer(frame);
        d.exr->writePixels(count);
    } catch (const std::exception& error) {
        d.stream.rethrow_error();
        throw std::runtime_error(std::string("OpenEXR: ") + error.what());
    }
    d.next_row += count;
}

void ExrStreamWriter::finish() {
    // OpenEXR writes the line offset table when the file object goes, and swallows any error
    // there: the stream kept it.
    impl_->exr.reset();
    impl_->stream.rethrow_error();
}

// [SECTION] Reading a header attribute ----------------------------------------------------

namespace {

// A NUL-terminated name of at most 255 bytes (OpenEXR's long-name limit).
std::string read_name(LimitedInput& in, std::string_view what) {
    std::string name;
    char c = 0;
    while (true) {
        if (in.read(&c, 1) != 1) in.fail(std::string(what) + " ends early (a truncated OpenEXR header)");
        if (c == '\0') return name;
        if (name.size() == 255)
            in.fail(std::string(what) + " is longer than 255 bytes (a damaged OpenEXR header)");
        name += c;
    }
}

}  // namespace

std::optional<std::string> read_exr_text_attribute(LimitedInput& in, std::string_view head,
                                                   std::string_view name) {
    if (!head.starts_with(exr_magic)) in.fail("not an OpenEXR file");
    std::string bytes(head);
    if (bytes.size() < 8) in.read_exact(bytes, 8 - bytes.size(), "the OpenEXR version field");
    // After the magic and the version, bytes 8.. of `head` (if any) belong to the first name:
    // this reader takes only what LimitedInput still has, so callers pass at most 8 bytes.
    if (bytes.size() > 8) in.fail("internal: read_exr_text_attribute takes at most 8 bytes read ahead");
    std::optional<std::string> found;
    while (true) {
        const std::string attribute = read_name(in, "an attribute name");
        if (attribute.empty()) return found;  // the end of the (first) header
        const std::string type = read_name(in, "the type of attribute " + shown(attribute));
        std::string size_bytes;
        in.read_exact(size_bytes, 4, "the size of attribute " + shown(attribute));
        const std::uint32_t size = little_endian_32(size_bytes.data());
        const std::string declared =
            "attribute " + shown(attribute) + " declares " + std::to_string(size) + " bytes";
        if (size > exr_attribute_limit)
            in.fail(declared + ": an attribute may have at most " + byte_count_text(exr_attribute_limit) +
                    " here");
        if (in.position() + size > exr_header_limit)
            in.fail(declared + ": the header may have at most " + byte_count_text(exr_header_limit) +
                    " here");
        if (in.size() && size > *in.size() - in.position())
            in.fail(declared + ", but the file has only " + std::to_string(*in.size() - in.position()) +
                    " bytes left (a truncated OpenEXR file)");
        std::string value;
        in.read_exact(value, size, "attribute " + shown(attribute));
        if (attribute == name) {
            if (type != "string")
                in.fail("attribute " + shown(attribute) + " has the type " + shown(type) +
                        ", expected string");
            if (found) in.fail("attribute " + shown(attribute) + " appears twice");
            found = std::move(value);
        }
    }
}

}  // namespace app
