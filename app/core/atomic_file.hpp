// app/core/atomic_file.hpp: write a file so that readers see the old file or the whole new one.
//
//     app::AtomicFile out("maps/height.png", /*overwrite=*/false);  // checks, creates the temp
//     out.write(bytes);                                             // as often as needed
//     out.commit();                                                 // fsync + rename into place
//
// The data goes to a hidden temp file in the target's folder (".height.png.tmp-PID-N"), so the
// final rename never crosses file systems and is atomic. Until `commit` nothing at the target
// changes; if an exception, a cancellation or an error ends the write early, the destructor
// removes the temp file. Without `overwrite` an existing target is refused up front, and the
// final step uses renameat2(RENAME_NOREPLACE) (or link + unlink) so a file that appeared in the
// meantime is not replaced either.
//
// Errors are AtomicFileError with one line naming the file and the cause in words: missing
// folder, read-only folder, no permission, disk full, file size limit (RLIMIT_FSIZE; the caller
// should ignore SIGXFSZ so a write reports EFBIG instead of killing the process).
//
// Only a kill -9 or a power cut can leave a ".NAME.tmp-*" file behind; the target is still
// either the old or the new file.
#pragma once

#include <cstddef>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace app {

class AtomicFileError : public std::runtime_error {
public:
    enum class Cause { exists, other };
    AtomicFileError(Cause cause, const std::string& message) : std::runtime_error(message), cause_(cause) {}
    Cause cause() const { return cause_; }

private:
    Cause cause_;
};

class AtomicFile {
public:
    AtomicFile(std::filesystem::path target, bool overwrite);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Buffered; throws AtomicFileError (e.g. disk full).
    void write(const void* data, std::size_t size);
    void write(std::string_view text) { write(text.data(), text.size()); }

    // Flushes, syncs and renames the temp file into place. Throws AtomicFileError; the temp file
    // is removed then and the target left as it was.
    void commit();

    const std::filesystem::path& target() const { return target_; }
    const std::filesystem::path& temp_path() const { return temp_; }

private:
    void flush_buffer();
    void discard() noexcept;
    [[noreturn]] void fail_errno(std::string_view doing, int error);

    std::filesystem::path target_;
    std::filesystem::path temp_;
    bool overwrite_;
    int fd_ = -1;
    bool committed_ = false;
    std::string buffer_;
};

// Checks that `target` could be written (folder exists and is writable; target absent unless
// overwrite) without creating anything; throws AtomicFileError. Lets a command with two
// outputs (r16 + sidecar) refuse before it renders.
void check_writable_target(const std::filesystem::path& target, bool overwrite);

// The whole content at once.
void write_file_atomically(const std::filesystem::path& target, std::string_view content, bool overwrite);

}  // namespace app
