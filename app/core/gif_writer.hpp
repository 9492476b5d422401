// app/core/gif_writer.hpp: an animated GIF of RGB frames (giflib), for slide programs.
//
//     GifWriter gif(file, {640, 360}, 12);        // file: an AtomicFile, 12 frames a second
//     for (...) gif.add_frame(rgb);               // width * height * 3 bytes, top row first
//     gif.finish("noise-explorer ...");          // a comment with the facts, then the trailer
//
// Why a GIF beside the APNG: slide programs (LibreOffice Impress, PowerPoint, Keynote, Google
// Slides) play an animated GIF but show only an APNG's first frame.
// Limits, stated plainly:
//   - A GIF frame has at most 256 colours. A frame with 256 or fewer distinct colours (a grey
//     picture, a captioned grey picture) is stored exactly; one with more is reduced by giflib's
//     median cut (GifQuantizeBuffer, 5 bits a channel before the cut; each colour then the mean
//     of the 8-bit pixels given it), each frame with its own palette, without dithering: a smooth
//     colour ramp shows steps that the APNG does not (about 1 level a channel on average).
//   - A frame's delay is in hundredths of a second: 1/fps rounded, at least 2 (browsers show a
//     delay under 2 as 10), so 12 frames a second play at 100/8 = 12.5 and 100 at 50.
//   - The animation loops forever (the NETSCAPE2.0 block), each frame replacing the last.
// Throws std::runtime_error with one line if giflib fails; the AtomicFile is then not committed.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "core/atomic_file.hpp"
#include "core/image_size.hpp"

struct GifFileType;

namespace app {

// The delay of a frame at `fps`, in hundredths of a second (see the limits above).
int gif_frame_delay(int fps);

class GifWriter {
  public:
    GifWriter(AtomicFile& file, ImageSize size, int fps);
    ~GifWriter();
    GifWriter(const GifWriter&)            = delete;
    GifWriter& operator=(const GifWriter&) = delete;

    void add_frame(std::span<const std::uint8_t> rgb);
    // The comment (plain ASCII) and the trailer; the caller then commits the file.
    void finish(const std::string& comment);

  private:
    void check(int status, const char* what) const;  // throws on GIF_ERROR, naming `what`

    std::unique_ptr<void, void (*)(void*)> output_;  // the file and its first error (gif_writer.cpp)
    ImageSize size_;
    int delay_        = 0;
    GifFileType* gif_ = nullptr;
};

}  // namespace app
