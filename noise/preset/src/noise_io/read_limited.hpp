// noise_io/read_limited.hpp (internal to the preset library, shared with the program): opens a file the
// program reads as input (a preset .json, a PNG holding a preset, the session) once, and reads it with a size
// limit and a time limit. JSON text read this way is parsed by parse_json_text (json_text.hpp): every file
// the program reads goes through these two.
//
//     LimitedInput in = LimitedInput::open("hills.json", "preset file");
//     std::string text = in.read_rest(preset_json_limit, "a preset .json");
//
// Why not std::ifstream: a file name from the command line or a drag-and-drop can name anything.
//     a FIFO with no writer      ifstream blocks in open() forever; here open() does not block
//                                (O_NONBLOCK) and every read waits with poll() until a deadline
//     /dev/zero, /dev/urandom    ifstream reads until memory runs out; here character and block
//                                devices, sockets and folders are refused before they are opened
//     a 2 GB file                read only up to the caller's limit, refused from its size first
//     <(cat p.json)              a /dev/fd pipe can be read only once: the file is opened once and
//                                every byte is read from that one descriptor, front to back
//
// Limits, stated plainly:
//     - Only regular files and pipes/FIFOs are read. The type is checked with stat() before
//       open() (so opening a device never happens) and again with fstat() after it.
//     - A pipe has `pipe_wait` in total (3 s by default) from open() to its last byte. A FIFO
//       nobody writes to, or a writer that trickles, ends in a ReadError after that time. To
//       read() a FIFO whose writer has not come yet looks like the end (0 bytes); poll()'s
//       POLLHUP tells the end (a writer came and closed: an empty pipe is empty at once).
//     - A regular file is read without waiting; one that is larger than a limit is refused from
//       its size, before any byte of it is read.
//     - Messages are one line: "NAME: what went wrong", with NAME escaped by escaped()
//       (shown_text.hpp), so a file name with control bytes cannot reach the terminal raw.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace noise::io {

class ReadError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// How long a pipe may take to deliver all of its bytes: long enough for a writer that starts
// a moment after us (a shell's process substitution), short enough that a FIFO nobody writes to
// reads as an error, not as a hang.
inline constexpr std::chrono::milliseconds default_pipe_wait{3000};

// "1 MiB", "512 KiB" or "100 bytes", for messages about limits.
std::string byte_count_text(std::uint64_t bytes);

class LimitedInput {
  public:
    // Opens `file` for reading. `noun` names it in messages ("preset file": "x: preset file not
    // found"). Throws ReadError naming the file and the reason: not found, permission denied,
    // symbolic link loop, a folder, a device, a socket...
    static LimitedInput open(const std::filesystem::path& file, std::string_view noun = "file",
                             std::chrono::milliseconds pipe_wait = default_pipe_wait,
                             bool regular_only                   = false);

    // The same for a file only the program writes (the session, the recent-files list): a FIFO
    // is refused too, so a planted one never makes the start wait.
    static LimitedInput open_regular(const std::filesystem::path& file, std::string_view noun);

    LimitedInput(LimitedInput&& other) noexcept;
    LimitedInput& operator=(LimitedInput&&) = delete;
    LimitedInput(const LimitedInput&)       = delete;
    ~LimitedInput();

    // Up to `count` bytes into `out`; fewer only at the end of the file. Throws ReadError on a
    // read error or when a pipe's deadline passes.
    std::size_t read(char* out, std::size_t count);

    // Exactly `count` bytes appended to `out`, or ReadError saying that `what` ends early.
    void read_exact(std::string& out, std::size_t count, std::string_view what);

    // Everything up to the end of the file. The whole file (the bytes read before included) has
    // at most `limit` bytes; a larger one throws ReadError "NAME: is N bytes: `what` is at most
    // LIMIT".
    std::string read_rest(std::size_t limit, std::string_view what);

    // The size of a regular file (nullopt for a pipe) and how many bytes were read so far.
    std::optional<std::uint64_t> size() const { return size_; }
    std::uint64_t position() const { return position_; }

    // The file name escaped for messages.
    const std::string& shown_name() const { return shown_name_; }

    // Throws ReadError("NAME: " + problem).
    [[noreturn]] void fail(const std::string& problem) const;

  private:
    LimitedInput(int fd, std::string shown_name, std::optional<std::uint64_t> size,
                 std::chrono::steady_clock::time_point deadline, std::chrono::milliseconds pipe_wait);

    int fd_ = -1;
    std::string shown_name_;
    std::optional<std::uint64_t> size_;
    std::uint64_t position_ = 0;
    std::chrono::steady_clock::time_point deadline_;
    std::chrono::milliseconds pipe_wait_;
};

// The little-endian unsigned 32-bit number at `p`: the binary headers read through LimitedInput
// (OpenEXR's attribute sizes, glTF's header and chunk lengths).
inline std::uint32_t little_endian_32(const char* p) {
    const auto b = [p](int i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(p[i])); };
    return b(0) | b(1) << 8 | b(2) << 16 | b(3) << 24;
}

}  // namespace noise::io
