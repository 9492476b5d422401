// Atomic file writing: an unnamed (O_TMPFILE) or hidden temp file in the target's folder, fsync,
// link or rename into place (with backups when several files must land together); cleanup on
// every failure.
#include "core/atomic_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <vector>

#include "core/shown_text.hpp"

namespace app {
namespace {

constexpr std::size_t buffer_limit = 1 << 20;  // bytes collected before one write(2)
// The part of the target's name kept in temp names: with ".", ".tmp-", a PID and a counter
// the temp name stays far below NAME_MAX (255) even for a 255-byte target name.
constexpr std::size_t temp_name_prefix = 64;
// Paths in messages: long enough to show a deep folder, short enough for one terminal line or two.
constexpr std::size_t shown_path_limit = 160;

std::string quoted(const std::filesystem::path& path) { return shown(path.native(), shown_path_limit); }

std::filesystem::path folder_of(const std::filesystem::path& target) {
    const auto parent = target.parent_path();
    return parent.empty() ? std::filesystem::path(".") : parent;
}

// The cause of a failed write or create, in words a user acts on.
std::string cause_in_words(int error, const std::filesystem::path& folder) {
    const std::string code = std::strerror(error);
    switch (error) {
        case ENOSPC:
            return "the disk is full (" + code + ")";
        case EDQUOT:
            return "the disk quota is exhausted (" + code + ")";
        case EFBIG:
            return "the file size limit was reached (ulimit -f; " + code + ")";
        case EROFS:
            return "the folder " + quoted(folder) + " is read-only";
        case EACCES:
        case EPERM:
            return "no permission to write in the folder " + quoted(folder);
        case ENAMETOOLONG:
            return "the name is too long (" + code + ")";
        default:
            return code;
    }
}

[[noreturn]] void fail(const std::filesystem::path& target, const std::string& what) {
    throw AtomicFileError(AtomicFileError::Cause::other, quoted(target) + ": " + what);
}

[[noreturn]] void fail_exists(const std::filesystem::path& target) {
    throw AtomicFileError(AtomicFileError::Cause::exists, quoted(target) + ": already exists");
}

// Only regular files are replaced: a rename over a device node, a FIFO or a socket would swap
// it for a plain file (as root, /dev/null), and one over a symbolic link would replace the link.
void refuse_unless_regular(const std::filesystem::path& target, mode_t mode) {
    if (S_ISREG(mode)) return;
    if (S_ISDIR(mode)) fail(target, "is a folder, expected a file name");
    if (S_ISLNK(mode))
        fail(target,
             "is a symbolic link, which is not followed: expected a regular file (name the file it points "
             "to, or remove the link)");
    const char* kind = S_ISCHR(mode)    ? "a character device"
                       : S_ISBLK(mode)  ? "a block device"
                       : S_ISFIFO(mode) ? "a FIFO (named pipe)"
                       : S_ISSOCK(mode) ? "a socket"
                                        : "not a file";
    fail(target, std::string("is ") + kind + ", not a regular file: expected a regular file or a new name");
}

// Temp and backup names differ between threads and processes; O_EXCL (or link's EEXIST)
// settles any remaining collision, e.g. with a leftover of a killed process that had our PID.
std::atomic<unsigned> temp_counter{0};

std::filesystem::path fresh_temp_name(const std::filesystem::path& target) {
    std::string name = target.filename().native();
    if (name.size() > temp_name_prefix) {
        std::size_t cut = temp_name_prefix;
        while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80)
            --cut;  // not inside a letter
        name.resize(cut);
    }
    return folder_of(target) / ("." + name + ".tmp-" + std::to_string(::getpid()) + "-" +
                                std::to_string(temp_counter.fetch_add(1)));
}

// The PID in a temp name of ours, ".NAME.tmp-PID-N" (NAME not empty, PID and N decimal), or 0
// for any other name.
pid_t temp_name_pid(std::string_view name) {
    const auto tmp = name.rfind(".tmp-");
    if (!name.starts_with('.') || tmp == std::string_view::npos || tmp < 2) return 0;
    const std::string_view rest = name.substr(tmp + 5);
    const auto dash             = rest.find('-');
    if (dash == std::string_view::npos || dash == 0 || dash > 9 || dash + 1 == rest.size()) return 0;
    const std::string_view pid = rest.substr(0, dash), counter = rest.substr(dash + 1);
    if (pid.find_first_not_of("0123456789") != std::string_view::npos ||
        counter.find_first_not_of("0123456789") != std::string_view::npos)
        return 0;
    return static_cast<pid_t>(std::stol(std::string(pid)));
}

// Removes what a killed process of ours left in `folder`: regular files with our temp-name
// pattern, owned by this user, whose PID no process has (kill(pid, 0) fails with ESRCH; EPERM
// means the PID lives, under another user). Other files are never touched.
void remove_stale_temp_files(const std::filesystem::path& folder) {
    std::error_code ec;
    for (std::filesystem::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const pid_t pid = temp_name_pid(it->path().filename().native());
        if (pid <= 0 || pid == ::getpid() || ::kill(pid, 0) == 0 || errno != ESRCH) continue;
        struct stat info {};
        if (::lstat(it->path().c_str(), &info) != 0 || !S_ISREG(info.st_mode) || info.st_uid != ::geteuid())
            continue;
        ::unlink(it->path().c_str());
    }
}

// The /proc name of an open file, which linkat() follows to give an O_TMPFILE file its name.
std::string proc_fd_path(int fd) { return "/proc/self/fd/" + std::to_string(fd); }

// An unnamed file in `folder` (O_TMPFILE): it has no name until linked, so a kill at any moment
// leaves nothing behind. -1 where the kernel or the file system lacks O_TMPFILE (EOPNOTSUPP,
// EISDIR on kernels before 3.11, EINVAL) or /proc is missing, and for tests that ask for named
// temp files (NOISE_EXPLORER_NAMED_TEMP_FILES=1): the caller falls back to a named temp file,
// which also reports any other error (permissions, a full disk) in its own words.
int open_unnamed(const std::filesystem::path& folder) {
#ifdef O_TMPFILE
    if (const char* named = std::getenv("NOISE_EXPLORER_NAMED_TEMP_FILES");
        named && std::string_view(named) == "1")
        return -1;
    const int fd = ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
    if (fd < 0) return -1;
    struct stat info {};
    if (::stat(proc_fd_path(fd).c_str(), &info) != 0) {  // no /proc: nothing to link it by
        ::close(fd);
        return -1;
    }
    return fd;
#else
    (void)folder;
    return -1;
#endif
}

// Gives the unnamed file `fd` the name `path`; fails with EEXIST if the name is taken (linkat
// never replaces).
int link_unnamed(int fd, const std::filesystem::path& path) {
    if (::linkat(AT_FDCWD, proc_fd_path(fd).c_str(), AT_FDCWD, path.c_str(), AT_SYMLINK_FOLLOW) == 0)
        return 0;
    if (errno != ENOENT) return -1;
    return ::linkat(fd, "", AT_FDCWD, path.c_str(), AT_EMPTY_PATH);  // /proc gone meanwhile
}

void sync_folder(const std::filesystem::path& folder) {
    // Makes the renames durable; a failure leaves complete files, so it is not fatal.
    const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

}  // namespace

void check_writable_target(const std::filesystem::path& target, bool overwrite) {
    if (target.empty())
        throw AtomicFileError(AtomicFileError::Cause::other, "'': the output file name is empty");
    if (target.filename().empty() || target.filename() == "." || target.filename() == "..")
        fail(target, "expected a file name, not a folder");
    const auto folder = folder_of(target);
    struct stat info {};
    if (::stat(folder.c_str(), &info) != 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            fail(target, "the folder " + quoted(folder) + " does not exist");
        fail(target, "cannot reach the folder " + quoted(folder) + ": " + std::strerror(errno));
    }
    if (!S_ISDIR(info.st_mode)) fail(target, quoted(folder) + " is not a folder");
    const long name_max     = ::pathconf(folder.c_str(), _PC_NAME_MAX);
    const std::size_t limit = name_max > 0 ? static_cast<std::size_t>(name_max) : NAME_MAX;
    if (target.filename().native().size() > limit)
        fail(target, "the file name is " + std::to_string(target.filename().native().size()) +
                         " bytes long: expected at most " + std::to_string(limit) + " bytes in this folder");
    // lstat: a symbolic link is judged itself, not what it points to (a dangling one included).
    if (::lstat(target.c_str(), &info) == 0) {
        refuse_unless_regular(target, info.st_mode);
        if (!overwrite) fail_exists(target);
    } else if (errno != ENOENT) {
        fail(target, "cannot check the file: " + std::string(std::strerror(errno)));
    }
    // access() reports EROFS even for root, whom permission bits do not stop.
    if (::access(folder.c_str(), W_OK) != 0) fail(target, cause_in_words(errno, folder));
}

struct AtomicFile::Replaced {
    std::filesystem::path backup;  // the old target's other name; empty: there was no old target
    bool moved_aside = false;      // the backup is its only name (no hard links on this file system)
};

AtomicFile::AtomicFile(std::filesystem::path target, bool overwrite)
    : target_(std::move(target)), overwrite_(overwrite) {
    check_writable_target(target_, overwrite_);
    const auto folder = folder_of(target_);
    remove_stale_temp_files(folder);
    fd_      = open_unnamed(folder);
    unnamed_ = fd_ >= 0;
    for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
        temp_ = fresh_temp_name(target_);
        // 0666 and the umask: the same permissions a plain fopen would give a new file.
        fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd_ < 0 && errno != EEXIST) {
            const int error = errno;
            temp_.clear();
            fail(target_, "cannot create a file in " + quoted(folder) + ": " + cause_in_words(error, folder));
        }
    }
    if (fd_ < 0) {
        temp_.clear();
        fail(target_, "cannot find a free temporary file name in " + quoted(folder));
    }
    // Narrow the temp file to a replaced file's permissions from the start, so the new content
    // of a private (0600) file is never readable by others while it is written. The commit
    // sets the old mode exactly.
    struct stat old {
    }, temp{};
    if (::lstat(target_.c_str(), &old) == 0 && S_ISREG(old.st_mode) && ::fstat(fd_, &temp) == 0)
        (void)::fchmod(fd_, temp.st_mode & old.st_mode & 0777);
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
    fail(target_,
         std::string(doing) + ": " + cause_in_words(error, folder_of(target_)) + "; nothing was written");
}

void AtomicFile::write(const void* data, std::size_t size) {
    if (fd_ < 0) fail(target_, "write after the file was closed");
    const char* bytes = static_cast<const char*>(data);
    if (buffer_.size() + size < buffer_limit) {  // small pieces (PNG rows) collect in the buffer
        buffer_.append(bytes, size);
        return;
    }
    flush_buffer();
    if (size < buffer_limit)
        buffer_.append(bytes, size);
    else
        write_through(bytes, size);  // a whole band: straight to the file, not copied first
}

void AtomicFile::write_at(std::uint64_t offset, const void* data, std::size_t size) {
    if (fd_ < 0) fail(target_, "write after the file was closed");
    if (offset > size_written() || size > size_written() - offset)
        fail(target_, "write past the end of the file");
    flush_buffer();
    const char* bytes = static_cast<const char*>(data);
    for (std::size_t done = 0; done < size;) {
        const ssize_t n = ::pwrite(fd_, bytes + done, size - done, static_cast<off_t>(offset + done));
        if (n < 0) {
            if (errno == EINTR) continue;
            fail_errno("cannot write", errno);
        }
        if (n == 0) fail_errno("cannot write", EIO);
        done += static_cast<std::size_t>(n);
    }
}

void AtomicFile::flush_buffer() {
    write_through(buffer_.data(), buffer_.size());
    buffer_.clear();
}

void AtomicFile::write_through(const char* data, std::size_t size) {
    for (std::size_t done = 0; done < size;) {
        const ssize_t n = ::write(fd_, data + done, size - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail_errno("cannot write", errno);
        }
        if (n == 0) fail_errno("cannot write", EIO);
        done += static_cast<std::size_t>(n);
    }
#ifdef __linux__
    // Start writing these pages to the disk now, while the caller renders the next band, rather
    // than all at once in the commit's fsync (for a 32 MB r16 export the commit's fsyncs took
    // 28-32 ms without this, 18-22 ms with it). Only a hint: the fsync still makes the file
    // durable, so an error here is ignored.
    if (size > 0) (void)::sync_file_range(fd_, written_, static_cast<off_t>(size), SYNC_FILE_RANGE_WRITE);
#endif
    written_ += static_cast<off_t>(size);
}

void AtomicFile::finish_temp() {
    if (fd_ < 0) fail(target_, "commit after the file was closed");
    flush_buffer();
    struct stat old {};
    if (::lstat(target_.c_str(), &old) == 0 && S_ISREG(old.st_mode)) {
        // The owner first: a chown may clear set-user-ID bits that the chmod then restores.
        // Only root may give the file away, a member may still set the group; the mode is kept
        // regardless, so a refusal (EPERM) is not an error.
        if (::fchown(fd_, old.st_uid, old.st_gid) != 0)
            (void)::fchown(fd_, static_cast<uid_t>(-1), old.st_gid);
        if (::fchmod(fd_, old.st_mode & 07777) != 0 && errno != EPERM && errno != EOPNOTSUPP)
            fail_errno("cannot keep the old file's permissions", errno);
    }
    if (::fsync(fd_) != 0) fail_errno("cannot save", errno);
    if (unnamed_) return;  // linked by replace_target, through its descriptor
    const int fd = fd_;
    fd_          = -1;
    if (::close(fd) != 0) fail_errno("cannot save", errno);
}

AtomicFile::Replaced AtomicFile::replace_target(bool keep_backup) {
    // The target may have changed since the constructor looked (a long export is minutes).
    struct stat info {};
    const bool exists = ::lstat(target_.c_str(), &info) == 0;
    if (!exists && errno != ENOENT) fail_errno("cannot check the file", errno);
    if (exists) refuse_unless_regular(target_, info.st_mode);
    if (exists && !overwrite_) fail_exists(target_);

    Replaced replaced;
    if (exists && keep_backup) {
        // A second name for the old file, so a later failure can put it back in one rename.
        bool& moved_aside = replaced.moved_aside;
        for (int attempt = 0; attempt < 100 && replaced.backup.empty(); ++attempt) {
            auto name  = fresh_temp_name(target_);
            int result = moved_aside ? -1 : ::link(target_.c_str(), name.c_str());
            if (result != 0 && (moved_aside || errno == EPERM || errno == EOPNOTSUPP || errno == EMLINK)) {
                // No hard links here (FAT, some FUSE): move the old file aside instead. The target
                // is missing until the rename below, but never half-written.
                moved_aside = true;
                struct stat taken {};
                if (::lstat(name.c_str(), &taken) == 0) continue;  // rename would replace it
                result = ::rename(target_.c_str(), name.c_str());
            }
            if (result == 0)
                replaced.backup = std::move(name);
            else if (errno != EEXIST)
                fail_errno("cannot keep the old file until the new one is in place", errno);
        }
        if (replaced.backup.empty())
            fail_errno("cannot keep the old file until the new one is in place", EEXIST);
    }
    const auto undo_backup = [&] {
        // A hard-linked backup is the same file as the untouched target (renaming one link over
        // the other would do nothing): it only has to go.
        if (replaced.moved_aside)
            ::rename(replaced.backup.c_str(), target_.c_str());
        else if (!replaced.backup.empty())
            ::unlink(replaced.backup.c_str());
    };

    if (unnamed_) {
        link_into_place(exists, undo_backup);
        return replaced;
    }
    if (overwrite_) {
        if (::rename(temp_.c_str(), target_.c_str()) != 0) {
            const int error = errno;
            undo_backup();
            fail_errno("cannot rename into place", error);
        }
    } else if (::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, target_.c_str(), RENAME_NOREPLACE) != 0) {
        if (errno == EEXIST) {
            discard();
            fail_exists(target_);
        }
        if (errno != EINVAL && errno != ENOSYS) fail_errno("cannot rename into place", errno);
        // The file system has no RENAME_NOREPLACE: a hard link refuses an existing name too.
        if (::link(temp_.c_str(), target_.c_str()) != 0) {
            if (errno == EEXIST) {
                discard();
                fail_exists(target_);
            }
            fail_errno("cannot rename into place", errno);
        }
        ::unlink(temp_.c_str());
    }
    temp_.clear();
    return replaced;
}

template <class Undo>
void AtomicFile::link_into_place(bool exists, const Undo& undo_backup) {
    // No file at the target: link straight to it. linkat never replaces, so a file that appeared
    // meanwhile is refused (without overwrite) or replaced as below.
    if (!exists) {
        if (link_unnamed(fd_, target_) == 0) {
            discard();
            return;
        }
        if (errno != EEXIST) fail_errno("cannot give the file its name", errno);
        if (!overwrite_) {
            discard();
            fail_exists(target_);
        }
    }
    // A file to replace: link to a free temp name, rename that over the target (atomic). The
    // extra name lives for microseconds; on failure it goes at once, and a kill in between
    // leaves it with our PID, which the next AtomicFile in this folder removes.
    std::filesystem::path name;
    for (int attempt = 0; attempt < 100 && name.empty(); ++attempt) {
        auto candidate = fresh_temp_name(target_);
        if (link_unnamed(fd_, candidate) == 0)
            name = std::move(candidate);
        else if (errno != EEXIST) {
            const int error = errno;
            undo_backup();
            fail_errno("cannot give the file its name", error);
        }
    }
    if (name.empty()) {
        undo_backup();
        fail_errno("cannot give the file its name", EEXIST);
    }
    if (::rename(name.c_str(), target_.c_str()) != 0) {
        const int error = errno;
        ::unlink(name.c_str());
        undo_backup();
        fail_errno("cannot rename into place", error);
    }
    discard();
}

void AtomicFile::commit() { commit_together({this}); }

void AtomicFile::park() {
    if (fd_ < 0) fail(target_, "write after the file was closed");
    flush_buffer();
    std::string().swap(buffer_);
}

bool reserve_open_files(std::size_t count) {
    // Descriptors already open (standard streams, the PNG writer's, libraries') and a margin for
    // what opens later while the set is written.
    constexpr rlim_t margin = 64;
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return false;
    const rlim_t wanted = static_cast<rlim_t>(count) + margin;
    if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= wanted) return true;
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < wanted) return false;
    limit.rlim_cur = wanted;
    return ::setrlimit(RLIMIT_NOFILE, &limit) == 0;
}

void commit_together(std::span<AtomicFile* const> files) {
    // 1. Every file complete on disk before any target changes: a full disk stops us here.
    try {
        for (AtomicFile* file : files) file->finish_temp();
    } catch (const AtomicFileError&) {
        for (AtomicFile* file : files) file->discard();
        throw;
    }

    // 2. One rename after the other, each target checked just before its own.
    struct Done {
        AtomicFile* file;
        AtomicFile::Replaced replaced;
    };
    std::vector<Done> done;
    done.reserve(files.size());
    std::size_t index = 0;
    for (AtomicFile* file : files) {
        try {
            done.push_back({file, file->replace_target(++index < files.size())});
        } catch (const AtomicFileError& error) {
            // Put back what the earlier renames replaced, newest first.
            std::string undo;
            for (auto it = done.rbegin(); it != done.rend(); ++it) {
                const auto& target = it->file->target_;
                const auto& backup = it->replaced.backup;
                if (backup.empty() ? ::unlink(target.c_str()) != 0
                                   : ::rename(backup.c_str(), target.c_str()) != 0)
                    undo += "; could not restore " + quoted(target) +
                            (backup.empty() ? std::string()
                                            : " (the old file is kept as " + quoted(backup) + ")") +
                            ": " + std::strerror(errno);
            }
            for (AtomicFile* other : files) other->discard();
            if (undo.empty()) throw;
            throw AtomicFileError(AtomicFileError::Cause::other, error.what() + undo);
        }
    }

    // 3. All landed: the old files go, and the renames are made durable.
    std::set<std::filesystem::path> folders;
    for (auto& [file, replaced] : done) {
        if (!replaced.backup.empty()) ::unlink(replaced.backup.c_str());
        file->committed_ = true;
        folders.insert(folder_of(file->target_));
    }
    for (const auto& folder : folders) sync_folder(folder);
}

void write_file_atomically(const std::filesystem::path& target, std::string_view content, bool overwrite) {
    AtomicFile file(target, overwrite);
    file.write(content);
    file.commit();
}

}  // namespace app
