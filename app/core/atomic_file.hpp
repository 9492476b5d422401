// app/core/atomic_file.hpp: write files so that readers see the old files or the whole new ones.
//
//     app::AtomicFile out("maps/height.png", /*overwrite=*/false);  // checks, creates the temp
//     out.write(bytes);                                             // as often as needed
//     out.commit();                                                 // fsync + rename into place
//
//     app::AtomicFile raw("h.r16", true), facts("h.r16.json", true);  // two files, one result
//     ...
//     app::commit_together({&raw, &facts});                         // both land, or neither
//
// Guarantees:
// - Until the commit nothing at the target changes. The data goes to an unnamed file in the
//   target's folder (O_TMPFILE), which has no name a kill -9, a crash or a power cut could leave
//   behind; the commit links it into place (linkat through /proc/self/fd): straight to the
//   target when there is none, else to a free hidden name renamed over the target at once
//   (linkat never replaces a file). Where the file system or the kernel has no O_TMPFILE (some
//   network and FUSE mounts, FAT) the data goes to a hidden named temp file ".NAME.tmp-PID-N"
//   instead and the commit renames it. Either way the final step never crosses file systems and
//   is atomic. NAME is cut to its first 64 bytes (at a UTF-8 letter boundary), so the temp name
//   fits NAME_MAX whatever the target's length and still tells whose leftover it is. If an
//   exception, a cancellation or an error ends the write early, nothing is left (the destructor
//   removes a named temp file).
// - Every AtomicFile first removes the ".NAME.tmp-PID-N" files of its folder that a killed
//   process left: only regular files of that exact pattern, owned by this user, whose PID no
//   running process has. Files of live processes and of other users are never touched.
// - commit_together: every temp file is written, synced and closed before the first rename.
//   Then the targets are replaced one after the other; before each rename but the last, an
//   existing target is hard-linked to a backup name (".NAME.tmp-PID-N" too; where the file
//   system has no hard links it is renamed aside). If a later step fails, the targets already
//   replaced are renamed back from their backups (new ones are removed): the folder holds all
//   the old files or all the new ones. The backups go once every rename has succeeded.
// - Only regular files are ever replaced. A device, FIFO, socket or folder at the target is
//   refused, with or without `overwrite` (renaming over /dev/null would turn it into a file).
//   A symbolic link is refused too, dangling or not: it is not followed, because a rename
//   would replace the link itself, and writing through it would let a planted link send the
//   output anywhere. The message says to name the file the link points to instead.
// - Without `overwrite` an existing target is refused up front and again at the rename
//   (renameat2 RENAME_NOREPLACE, or link + unlink), so a file that appeared meanwhile survives.
// - A replaced file keeps its permission bits and, where the process may set them (root, or
//   the group for a member), its owner and group. They are read again at commit time, so a chmod
//   during a long export counts; while it is written the temp file is no more open than the old
//   file (a 0600 file's new content is never readable by others). ACLs and extended attributes
//   are not copied.
// - Each target is checked when the AtomicFile is made and again just before its own rename.
//   Nothing portable closes the microseconds between that check and the rename.
//
// Errors are AtomicFileError with one line naming the file (escaped and shortened by shown())
// and the cause in words: missing folder, read-only folder, no permission, not a regular file,
// name too long, disk full, file size limit (RLIMIT_FSIZE; the caller should ignore SIGXFSZ so a
// write reports EFBIG instead of killing the process).
//
// Limits: with named temp files (no O_TMPFILE), a kill -9, a crash (SIGSEGV, abort) or a power
// cut leaves a ".NAME.tmp-*" file until the next write into that folder; with unnamed ones only
// a kill in the microseconds between the link and the rename can. Each target is still the old
// or the new file. A power cut in the middle of commit_together can leave the first new file
// beside the second old one, with the first's old file kept as its ".NAME.tmp-*" backup; so can a
// kill -9 in the microseconds of commit_together's renames (a set of thousands of tiles takes
// milliseconds), whose backups the next AtomicFile in that folder then removes as leftovers. PIDs
// are those of this PID namespace: two containers writing into one shared folder at once could
// take each other's live temp files for leftovers. NOISE_EXPLORER_NAMED_TEMP_FILES=1 makes
// every AtomicFile use named temp files (tests of the fallback).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <span>
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
    AtomicFile(const AtomicFile&)            = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Buffered; throws AtomicFileError (e.g. disk full).
    void write(const void* data, std::size_t size);
    void write(std::string_view text) { write(text.data(), text.size()); }
    // Overwrites bytes already written, at `offset` from the start: for a format that patches its
    // header once the data is out (OpenEXR's table of line offsets). Throws AtomicFileError.
    void write_at(std::uint64_t offset, const void* data, std::size_t size);
    std::uint64_t size_written() const { return static_cast<std::uint64_t>(written_) + buffer_.size(); }

    // Flushes, syncs and renames the temp file into place. Throws AtomicFileError; the temp file
    // is removed then and the target left as it was.
    void commit();

    // Writes out what the buffer holds and frees the buffer, keeping the temp file open for a
    // later commit_together: a file waiting in a set of thousands (a grid of tiles) then costs
    // one descriptor, not a megabyte of memory. Throws AtomicFileError.
    void park();

    const std::filesystem::path& target() const { return target_; }
    // The named temp file, or empty while the data is in an unnamed one (see the guarantees).
    const std::filesystem::path& temp_path() const { return temp_; }
    bool unnamed() const { return unnamed_; }

  private:
    friend void commit_together(std::span<AtomicFile* const> files);
    struct Replaced;  // what undoing a rename needs

    void flush_buffer();
    void write_through(const char* data, std::size_t size);  // write(2) all, start its writeback
    void finish_temp();                         // flush, take over the old mode/owner, fsync, close
    Replaced replace_target(bool keep_backup);  // check, back up the old file, rename
    template <class Undo>
    void link_into_place(bool exists, const Undo& undo_backup);  // the unnamed file's commit
    void discard() noexcept;
    [[noreturn]] void fail_errno(std::string_view doing, int error);

    std::filesystem::path target_;
    std::filesystem::path temp_;
    bool overwrite_;
    int fd_         = -1;
    bool unnamed_   = false;  // an O_TMPFILE file: temp_ is empty until the commit links it
    bool committed_ = false;
    std::string buffer_;
    off_t written_ = 0;  // bytes handed to the file so far
};

// Commits the files as one: all the new targets, or (on any error, which is thrown as
// AtomicFileError) all the old ones. `commit` is commit_together of one file. Each file holds
// its descriptor until the commit, so a set of N files needs N descriptors (see
// reserve_open_files).
void commit_together(std::span<AtomicFile* const> files);
inline void commit_together(std::initializer_list<AtomicFile*> files) {
    commit_together(std::span(files.begin(), files.size()));
}

// Raises this process's soft limit of open files (RLIMIT_NOFILE) so that `count` more files can
// be open at once, up to the hard limit. Returns false when even the hard limit is too low.
bool reserve_open_files(std::size_t count);

// Checks that `target` could be written (folder exists and is writable; the name fits; nothing
// but a regular file there, and nothing at all unless overwrite) without creating anything;
// throws AtomicFileError. Lets a command with two outputs (r16 + sidecar) refuse before it renders.
void check_writable_target(const std::filesystem::path& target, bool overwrite);

// The whole content at once.
void write_file_atomically(const std::filesystem::path& target, std::string_view content, bool overwrite);

}  // namespace app
