// app/core/exr_stream_writer.hpp: single-channel 32-bit float OpenEXR, written a band at a time.
//
//     app::ExrStreamWriter exr(file, width, height, {{"noiseExplorerPreset", json}});
//     exr.write_rows(band);   // whole rows, top first, row-major floats; as often as needed
//     exr.finish();           // then file.commit()
//
// The file: a scan-line OpenEXR 2.0 image with one FLOAT channel "Y" (OpenEXR's name for a
// grey image: Blender, Houdini, Nuke and Godot read it as luminance), ZIP compression (16 rows
// per chunk, lossless), INCREASING_Y line order, data and display window (0, 0)..(w-1, h-1),
// plus one string attribute per text. OpenEXR (libopenexr-dev 3.1) encodes it; its output
// stream is the AtomicFile, which takes the line-offset table that OpenEXR patches in last
// (AtomicFile::write_at). Memory: a band of floats plus OpenEXR's line buffers; compression
// runs on the calling thread (OpenEXR's pool is process-wide state; zlib at 50-100 MB/s adds
// about a second to a 4096 x 4096 export).
//
// Errors: AtomicFileError from the file (disk full, ...) as thrown by the file; anything OpenEXR
// refuses as std::runtime_error. After an error the writer is unusable and the file must not
// be committed (the AtomicFile's destructor then removes the temp file).
//
// read_exr_text_attribute: a string attribute from an EXR's header, read by hand (not by
// OpenEXR) through the bounded reader of read_limited.hpp, so opening a file from anywhere
// costs at most exr_header_limit bytes read.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/atomic_file.hpp"
#include "core/read_limited.hpp"  // LimitedInput, the preset library's (an alias)
#include "noise_io/image_kinds.hpp"

namespace app {

class ExrStreamWriter {
  public:
    ExrStreamWriter(AtomicFile& file, int width, int height,
                    const std::vector<std::pair<std::string, std::string>>& texts);
    ~ExrStreamWriter();
    ExrStreamWriter(const ExrStreamWriter&)            = delete;
    ExrStreamWriter& operator=(const ExrStreamWriter&) = delete;

    void write_rows(std::span<const float> rows);  // a multiple of width samples
    void finish();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Every OpenEXR file starts with these 4 bytes (noise_io/image_kinds.hpp: the heightmap reader's).
using noise::io::exr_magic;

// The value of the string attribute `name` in the first header of the EXR whose first bytes
// (the magic and maybe more) were read already into `head`; nullopt if the header has no such
// attribute. Throws ReadError (in.fail) for a damaged header, one larger than exr_header_limit,
// or an attribute larger than exr_attribute_limit.
using noise::io::exr_attribute_limit;
using noise::io::exr_header_limit;
std::optional<std::string> read_exr_text_attribute(LimitedInput& in, std::string_view head,
                                                   std::string_view name);

}  // namespace app
