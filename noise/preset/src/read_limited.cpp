// One open, bounded reads: see read_limited.hpp.
#include "noise_io/read_limited.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "noise_io/shown_text.hpp"

namespace noise::io {
namespace {

// File names may be long paths; the end of a long one is kept by escaped() too.
constexpr std::size_t shown_name_limit = 160;

// Each errno open() and stat() give for a path a user typed, in words.
std::string errno_words(int error) {
    switch (error) {
        case ENOENT:
            return "not found";
        case EACCES:
        case EPERM:
            return "permission denied";
        case ELOOP:
            return "symbolic link loop (a link that leads back to itself, or too many links in a row)";
        case EISDIR:
            return "is a folder";
        case ENOTDIR:
            return "a part of the path is not a folder";
        case ENAMETOOLONG:
            return "the name is too long";
        case ENXIO:
            return "no such device or address (a socket?)";
        default:
            return std::strerror(error);
    }
}

// Why a file of this type is not read, or "" when it is read (regular files, and pipes unless
// `regular_only`).
std::string refused_type(mode_t mode, bool regular_only = false) {
    if (S_ISREG(mode) || (S_ISFIFO(mode) && !regular_only)) return {};
    if (S_ISFIFO(mode)) return "is a FIFO (named pipe)";
    if (S_ISDIR(mode)) return "is a folder";
    if (S_ISCHR(mode))
        return "is a character device (a terminal, or a device like /dev/zero that never ends)";
    if (S_ISBLK(mode)) return "is a block device (a disk)";
    if (S_ISSOCK(mode)) return "is a socket";
    return "is not a regular file or a pipe";
}

}  // namespace

std::string byte_count_text(std::uint64_t bytes) {
    if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= (1u << 10) && bytes % (1u << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

LimitedInput LimitedInput::open_regular(const std::filesystem::path& file, std::string_view noun) {
    return open(file, noun, default_pipe_wait, /*regular_only=*/true);
}

LimitedInput LimitedInput::open(const std::filesystem::path& file, std::string_view noun,
                                std::chrono::milliseconds pipe_wait, bool regular_only) {
    const std::string name = escaped(file.native(), shown_name_limit);
    const std::string what(noun);
    const auto fail_with = [&](const std::string& problem) -> void {
        throw ReadError(name + ": " + problem);
    };
    if (file.empty()) throw ReadError("empty file name: expected the name of a " + what);

    // The type first, from the path: opening a device can have effects (a tape rewinds, a modem
    // hangs up), so a device is refused without being opened.
    struct stat info {};
    if (::stat(file.c_str(), &info) != 0) {
        const int error = errno;
        struct stat link {};
        if (error == ENOENT && ::lstat(file.c_str(), &link) == 0 && S_ISLNK(link.st_mode))
            fail_with(what + " not found: a symbolic link to a missing file");
        if (error == ENOENT) fail_with(what + " not found");
        fail_with("cannot open the " + what + ": " + errno_words(error));
    }
    if (auto refused = refused_type(info.st_mode, regular_only); !refused.empty())
        fail_with(refused + ", expected a " + what);

    // O_NONBLOCK: opening a FIFO for reading blocks until a writer comes, possibly forever;
    // reads then wait with poll() and a deadline instead.
    const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) fail_with("cannot open the " + what + ": " + errno_words(errno));
    // The path may have been replaced between stat() and open().
    if (::fstat(fd, &info) != 0 || !refused_type(info.st_mode, regular_only).empty()) {
        const std::string refused = refused_type(info.st_mode, regular_only);
        ::close(fd);
        fail_with((refused.empty() ? std::string("cannot read the file") : refused) + ", expected a " + what);
    }
    std::optional<std::uint64_t> size;
    if (S_ISREG(info.st_mode)) size = static_cast<std::uint64_t>(info.st_size);
    return LimitedInput(fd, name, size, std::chrono::steady_clock::now() + pipe_wait, pipe_wait);
}

LimitedInput::LimitedInput(int fd, std::string shown_name, std::optional<std::uint64_t> size,
                           std::chrono::steady_clock::time_point deadline,
                           std::chrono::milliseconds pipe_wait)
    : fd_(fd), shown_name_(std::move(shown_name)), size_(size), deadline_(deadline), pipe_wait_(pipe_wait) {}

LimitedInput::LimitedInput(LimitedInput&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      shown_name_(std::move(other.shown_name_)),
      size_(other.size_),
      position_(other.position_),
      deadline_(other.deadline_),
      pipe_wait_(other.pipe_wait_) {}

LimitedInput::~LimitedInput() {
    if (fd_ >= 0) ::close(fd_);
}

void LimitedInput::fail(const std::string& problem) const { throw ReadError(shown_name_ + ": " + problem); }

std::size_t LimitedInput::read(char* out, std::size_t count) {
    std::size_t done = 0;
    bool hung_up     = false;  // poll() saw a writer come and go
    while (done < count) {
        const ssize_t got = ::read(fd_, out + done, count - done);
        if (got > 0) {
            done += static_cast<std::size_t>(got);
            position_ += static_cast<std::uint64_t>(got);
            continue;
        }
        if (got < 0 && errno == EINTR) continue;
        if (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            fail("cannot read the file: " + errno_words(errno));
        // read() gives 0 at the end of a file, and also on a FIFO no writer has opened yet: then
        // wait for one, unless bytes came already or a writer has come and gone (the end).
        if (got == 0 && (size_ || position_ > 0 || hung_up)) break;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline_ - std::chrono::steady_clock::now());
        if (left.count() <= 0)
            fail("no data within " + std::to_string(pipe_wait_.count() / 1000) + "." +
                 std::to_string(pipe_wait_.count() % 1000 / 100) +
                 " s: a pipe or FIFO that nobody writes to (or too slowly)");
        pollfd wait{fd_, POLLIN, 0};
        const int ready = ::poll(&wait, 1, static_cast<int>(left.count()) + 1);
        if (ready < 0 && errno != EINTR) fail("cannot wait for the pipe: " + errno_words(errno));
        if (ready > 0 && (wait.revents & POLLHUP)) hung_up = true;
    }
    return done;
}

void LimitedInput::read_exact(std::string& out, std::size_t count, std::string_view what) {
    const std::size_t start = out.size();
    out.resize(start + count);
    const std::size_t got = read(out.data() + start, count);
    if (got != count) {
        out.resize(start + got);
        fail("the file ends early, inside " + std::string(what));
    }
}

std::string LimitedInput::read_rest(std::size_t limit, std::string_view what) {
    const auto too_large = [&](const std::string& size_text) {
        fail(size_text + ": " + std::string(what) + " is at most " + byte_count_text(limit));
    };
    if (size_ && *size_ > limit) too_large("is " + std::to_string(*size_) + " bytes");
    // What was read before counts too: the limit is on the whole file.
    const std::size_t rest_limit = limit - std::min<std::uint64_t>(position_, limit);
    std::string text;
    // The size may change while we read (and /proc files say 0): read in steps, never more than
    // the limit plus one byte, which tells a file of exactly `limit` bytes from a longer one.
    char buffer[64 * 1024];
    while (true) {
        const std::size_t room = rest_limit + 1 - text.size();
        const std::size_t got  = read(buffer, std::min(room, sizeof buffer));
        text.append(buffer, got);
        if (text.size() > rest_limit) too_large("is more than " + byte_count_text(limit));
        if (got == 0) break;
    }
    return text;
}

}  // namespace noise::io
