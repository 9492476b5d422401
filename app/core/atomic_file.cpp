// Atomic file writing: temp file in the target's folder, fsync, rename; cleanup on every failure.
#include "core/atomic_file.hpp"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace app {
namespace {

constexpr std::size_t buffer_limit = 1 << 20;  // bytes collected before one write(2)

std::string quoted(const std::filesystem::path& path) { return "'" + path.string() + "'"; }

std::filesystem::path folder_of(const std::filesystem::path& target) {
    const auto parent = target.parent_path();
    return parent.empty() ? std::filesystem::path(".") : parent;
}

// The cause of a failed write or create, in words a user acts on.
std::string cause_in_words(int error, const std::filesystem::path& folder) {
    switch (error) {
        case ENOSPC: return "the disk is full (" + std::string(std::strerror(error)) + ")";
        case EDQUOT: return "the disk quota is exhausted (" + std::string(std::strerror(error)) + ")";
        case EFBIG: return "the file size limit was reached (ulimit -f; " + std::string(std::strerror(error)) + ")";
        case EROFS: return "the folder " + quoted(folder) + " is read-only";
        case EACCES:
        case EPERM: return "no permission to write in the folder " + quoted(folder);
        default: return std::strerror(error);
    }
}

[[noreturn]] void fail(const std::filesystem::path& target, const std::string& what) {
    throw AtomicFileError(AtomicFileError::Cause::other, quoted(target) + ": " + what);
}

// Temp names differ between threads and processes; O_EXCL settles any remaining collision.
std::atomic<unsigned> temp_counter{0};

}  // namespace

void check_writable_target(const std::filesystem::path& target, bool overwrite) {
    if (target.empty()) throw AtomicFileError(AtomicFileError::Cause::other, "'': the output file name is empty");
    if (target.filename().empty() || target.filename() == "." || target.filename() == "..")
        fail(target, "expected a file name, not a folder");
    const auto folder = folder_of(target);
    struct stat info {};
    if (::stat(folder.c_str(), &info) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) fail(target, "the folder " + quoted(folder) + " does not exist");
        fail(target, "cannot reach the folder " + quoted(folder) + ": " + std::strerror(errno));
    }
    if (!S_ISDIR(info.st_mode)) fail(target, quoted(folder) + " is not a folder");
    if (::stat(target.c_str(), &info) == 0) {
        if (S_ISDIR(info.st_mode)) fail(target, "is a folder, expected a file name");
        if (!overwrite)
            throw AtomicFileError(AtomicFileError::Cause::exists, quoted(target) + ": already exists");
    }
    // access() reports EROFS even for root, whom permission bits do not stop.
    if (::access(folder.c_str(), W_OK) != 0) fail(target, cause_in_words(errno, folder));
}

AtomicFile::AtomicFile(std::filesystem::path target, bool overwrite)
    : target_(std::move(target)), overwrite_(overwrite) {
    check_writable_target(target_, overwrite_);
    const auto folder = folder_of(target_);
    for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
        temp_ = folder / ("." + target_.filename().string() + ".tmp-" + std::to_string(::getpid()) + "-" +
                          std::to_string(temp_counter.fetch_add(1)));
        // 0666 and the umask: the same permissions a plain fopen would give the final file.
        fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd_ < 0 && errno != EEXIST) {
            const int error = errno;
            temp_.clear();
            fail(target_, "cannot create a file in " + quoted(folder) + ": " + cause_in_words(error, folder));
        }
    }
    if (fd_ < 0) fail(target_, "cannot find a free temporary file name in " + quoted(folder));
    buffer_.reserve(buffer_limit);
}

AtomicFile::~AtomicFile() {
    if (!committed_) discard();
}

void AtomicFile::discard() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (!temp_.empty()) ::unlink(temp_.c_str());
    temp_.clear();
    buffer_.clear();
}

void AtomicFile::fail_errno(std::string_view doing, int error) {
    discard();
    fail(target_, std::string(doing) + ": " + cause_in_words(error, folder_of(target_)) + "; nothing was written");
}

void AtomicFile::write(const void* data, std::size_t size) {
    if (fd_ < 0) fail(target_, "write after the file was closed");
    buffer_.append(static_cast<const char*>(data), size);
    if (buffer_.size() >= buffer_limit) flush_buffer();
}

void AtomicFile::flush_buffer() {
    std::size_t done = 0;
    while (done < buffer_.size()) {
        const ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail_errno("cannot write", errno);
        }
        if (n == 0) fail_errno("cannot write", EIO);
        done += static_cast<std::size_t>(n);
    }
    buffer_.clear();
}

void AtomicFile::commit() {
    if (fd_ < 0) fail(target_, "commit after the file was closed");
    flush_buffer();
    if (::fsync(fd_) != 0) fail_errno("cannot save", errno);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail_errno("cannot save", errno);

    if (overwrite_) {
        if (::rename(temp_.c_str(), target_.c_str()) != 0) fail_errno("cannot rename into place", errno);
    } else if (::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, target_.c_str(), RENAME_NOREPLACE) != 0) {
        if (errno == EEXIST) {
            discard();
            throw AtomicFileError(AtomicFileError::Cause::exists, quoted(target_) + ": already exists");
        }
        if (errno != EINVAL && errno != ENOSYS) fail_errno("cannot rename into place", errno);
        // The file system has no RENAME_NOREPLACE: a hard link refuses an existing name too.
        if (::link(temp_.c_str(), target_.c_str()) != 0) {
            if (errno == EEXIST) {
                discard();
                throw AtomicFileError(AtomicFileError::Cause::exists, quoted(target_) + ": already exists");
            }
            fail_errno("cannot rename into place", errno);
        }
        ::unlink(temp_.c_str());
    }
    committed_ = true;
    temp_.clear();
    // Make the rename itself durable; a failure here leaves a complete file, so it is not fatal.
    const int dir = ::open(folder_of(target_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

void write_file_atomically(const std::filesystem::path& target, std::string_view content, bool overwrite) {
    AtomicFile file(target, overwrite);
    file.write(content);
    file.commit();
}

}  // namespace app
