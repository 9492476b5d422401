// Atomic writes: all or nothing (for pairs too), never replacing without permission or anything but
// a regular file, keeping the old mode, never leaving temp files.
#include <gtest/gtest.h>

#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <vector>

#include "core/atomic_file.hpp"
#include "test_dir.hpp"

namespace app {
namespace {

using testing::read;

// Named temp files (the fallback where the file system has no O_TMPFILE) for one test's scope.
class NamedTempFiles {
public:
    NamedTempFiles() { ::setenv("NOISE_EXPLORER_NAMED_TEMP_FILES", "1", 1); }
    ~NamedTempFiles() { ::unsetenv("NOISE_EXPLORER_NAMED_TEMP_FILES"); }
};

TEST(AtomicFile, WritesOnlyOnCommit) {
    testing::TestDir dir;
    const auto target = dir / "out.txt";
    {
        AtomicFile file(target, false);
        file.write("hello ");
        file.write(std::string(2 << 20, 'w'));  // past the buffer: on disk, still without a name
        EXPECT_TRUE(file.unnamed()) << "this file system has no O_TMPFILE";
        EXPECT_EQ(dir.entry_count(), 0u);  // nothing a kill -9 could leave behind
        file.commit();
    }
    EXPECT_EQ(read(target), "hello " + std::string(2 << 20, 'w'));
    EXPECT_EQ(dir.entry_count(), 1u);
}

TEST(AtomicFile, NamedFallbackWritesOnlyOnCommit) {
    NamedTempFiles named;
    testing::TestDir dir;
    const auto target = dir / "out.txt";
    {
        AtomicFile file(target, false);
        file.write("hello ");
        file.write("world");
        EXPECT_FALSE(file.unnamed());
        EXPECT_FALSE(std::filesystem::exists(target));
        EXPECT_TRUE(std::filesystem::exists(file.temp_path()));
        EXPECT_EQ(file.temp_path().parent_path(), target.parent_path());  // same folder: rename is atomic
        file.commit();
    }
    EXPECT_EQ(read(target), "hello world");
    EXPECT_EQ(dir.entry_count(), 1u);
}

// Both kinds of temp file, through every kind of commit: new, replaced, refused, a pair.
TEST(AtomicFile, UnnamedAndNamedCommitAlike) {
    for (const bool use_named : {false, true}) {
        std::optional<NamedTempFiles> named;
        if (use_named) named.emplace();
        testing::TestDir dir;
        write_file_atomically(dir / "a", "one", false);
        EXPECT_THROW(write_file_atomically(dir / "a", "two", false), AtomicFileError);
        EXPECT_EQ(read(dir / "a"), "one");
        write_file_atomically(dir / "a", "three", true);
        EXPECT_EQ(read(dir / "a"), "three");
        {
            AtomicFile raw(dir / "h.r16", true), facts(dir / "h.r16.json", true);
            raw.write("raw");
            facts.write("facts");
            commit_together({&raw, &facts});
        }
        {
            AtomicFile raw(dir / "h.r16", true), facts(dir / "h.r16.json", true);
            raw.write("raw 2");
            facts.write("facts 2");
            commit_together({&raw, &facts});
        }
        EXPECT_EQ(read(dir / "h.r16"), "raw 2");
        EXPECT_EQ(read(dir / "h.r16.json"), "facts 2");
        EXPECT_EQ(dir.entry_count(), 3u) << (use_named ? "named" : "unnamed");
    }
}

// What a killed process left (a named temp file with its PID) goes with the next write into
// that folder; anything that is not surely a dead process's own leftover stays.
TEST(AtomicFile, RemovesOnlyStaleTempFilesOfDeadProcesses) {
    testing::TestDir dir;
    // A PID no process has: a child that has ended and been waited for.
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    ASSERT_GT(child, 0);
    ::waitpid(child, nullptr, 0);
    const std::string dead = std::to_string(child), alive = std::to_string(::getppid());
    const std::vector<std::string> stale{".t.png.tmp-" + dead + "-0", ".h.r16.json.tmp-" + dead + "-17"};
    const std::vector<std::string> kept{".t.png.tmp-" + alive + "-0",   // a live process's
                                        "t.png.tmp-" + dead + "-0",     // not hidden
                                        ".t.png.tmp-" + dead + "-",     // no counter
                                        ".t.png.tmp-" + dead + "-0x",   // not a number
                                        ".tmp-" + dead + "-0",          // no name
                                        ".t.png.tmp-" + dead + "-0.keep", "notes.txt"};
    for (const auto& name : stale) std::ofstream(dir / name) << "left";
    for (const auto& name : kept) std::ofstream(dir / name) << "mine";
    std::filesystem::create_directory(dir / (".d.tmp-" + dead + "-1"));  // a folder is never removed
    write_file_atomically(dir / "new.png", "new", false);
    for (const auto& name : stale) EXPECT_FALSE(std::filesystem::exists(dir / name)) << name;
    for (const auto& name : kept) EXPECT_EQ(read(dir / name), "mine") << name;
    EXPECT_TRUE(std::filesystem::is_directory(dir / (".d.tmp-" + dead + "-1")));
    EXPECT_EQ(read(dir / "new.png"), "new");
}

TEST(AtomicFile, AbandonedWriteLeavesNothing) {
    testing::TestDir dir;
    {
        AtomicFile file(dir / "out.txt", false);
        file.write(std::string(3 << 20, 'x'));  // more than the buffer: really on disk
    }
    EXPECT_EQ(dir.entry_count(), 0u);
}

TEST(AtomicFile, ExistingFileIsRefusedAndUntouched) {
    testing::TestDir dir;
    const auto target = dir / "keep.txt";
    std::ofstream(target) << "precious";
    try {
        AtomicFile file(target, false);
        FAIL();
    } catch (const AtomicFileError& error) {
        EXPECT_EQ(error.cause(), AtomicFileError::Cause::exists);
        EXPECT_EQ(std::string(error.what()), "'" + target.string() + "': already exists");
    }
    EXPECT_EQ(read(target), "precious");
    write_file_atomically(target, "new", true);
    EXPECT_EQ(read(target), "new");
    EXPECT_EQ(dir.entry_count(), 1u);
}

TEST(AtomicFile, FileThatAppearsMeanwhileIsNotReplaced) {
    testing::TestDir dir;
    const auto target = dir / "race.txt";
    AtomicFile file(target, false);
    file.write("mine");
    std::ofstream(target) << "theirs";
    EXPECT_THROW(file.commit(), AtomicFileError);
    EXPECT_EQ(read(target), "theirs");
    EXPECT_EQ(dir.entry_count(), 1u);
}

TEST(AtomicFile, MissingFolderAndFolderTarget) {
    testing::TestDir dir;
    try {
        AtomicFile file(dir / "no" / "such" / "x.png", false);
        FAIL();
    } catch (const AtomicFileError& error) {
        EXPECT_NE(std::string(error.what()).find("the folder '" + (dir / "no" / "such").string() + "' does not exist"),
                  std::string::npos)
            << error.what();
    }
    EXPECT_THROW(AtomicFile(dir.path(), true), AtomicFileError);
    EXPECT_THROW(AtomicFile("", true), AtomicFileError);
}

// [Commit together] --------------------------------------------------------------------------

// Two files with their old bytes, as a pair that must change together.
struct OldPair {
    explicit OldPair(const testing::TestDir& dir) : a(dir / "h.r16"), b(dir / "h.r16.json") {
        std::ofstream(a) << "old data";
        std::ofstream(b) << "old facts";
    }
    std::filesystem::path a, b;
};

TEST(AtomicFile, CommitTogetherReplacesBothAndLeavesNoBackup) {
    testing::TestDir dir;
    const OldPair old(dir);
    AtomicFile a(old.a, true), b(old.b, true);
    a.write("new data");
    b.write("new facts");
    commit_together({&a, &b});
    EXPECT_EQ(read(old.a), "new data");
    EXPECT_EQ(read(old.b), "new facts");
    EXPECT_EQ(dir.entry_count(), 2u);  // no temp file, no backup
}

TEST(AtomicFile, CommitTogetherPutsTheFirstBackWhenTheSecondRenameIsRefused) {
    testing::TestDir dir;
    const OldPair old(dir);
    ::chmod(old.a.c_str(), 0640);
    struct stat before {};
    ASSERT_EQ(::stat(old.a.c_str(), &before), 0);
    AtomicFile a(old.a, true), b(old.b, true);
    a.write("new data");
    b.write("new facts");
    // The second target turns into a folder after the checks: its rename must fail after the
    // first one has already happened, so only a rollback keeps the pair consistent.
    std::filesystem::remove(old.b);
    std::filesystem::create_directory(old.b);
    try {
        commit_together({&a, &b});
        FAIL();
    } catch (const AtomicFileError& error) {
        EXPECT_NE(std::string(error.what()).find("h.r16.json': is a folder"), std::string::npos) << error.what();
    }
    EXPECT_EQ(read(old.a), "old data");
    struct stat after {};
    ASSERT_EQ(::stat(old.a.c_str(), &after), 0);
    EXPECT_EQ(after.st_ino, before.st_ino);  // the very same file, back under its name
    EXPECT_EQ(after.st_mode, before.st_mode);
    EXPECT_EQ(dir.entry_count(), 2u);  // h.r16 and the folder: no temp file, no backup
}

TEST(AtomicFile, CommitTogetherRemovesTheFirstWhenTheSecondAppearedMeanwhile) {
    testing::TestDir dir;
    AtomicFile a(dir / "n.r16", false), b(dir / "n.r16.json", false);
    a.write("new data");
    b.write("new facts");
    std::ofstream(dir / "n.r16.json") << "theirs";
    try {
        commit_together({&a, &b});
        FAIL();
    } catch (const AtomicFileError& error) {
        EXPECT_EQ(error.cause(), AtomicFileError::Cause::exists);
    }
    EXPECT_FALSE(std::filesystem::exists(dir / "n.r16"));
    EXPECT_EQ(read(dir / "n.r16.json"), "theirs");
    EXPECT_EQ(dir.entry_count(), 1u);
}

TEST(AtomicFile, CommitTogetherChangesNothingWhenTheSecondCannotBeSaved) {
    testing::TestDir dir;
    const OldPair old(dir);
    // A file size limit the first file fits in and the second does not; the second's bytes are
    // still buffered, so the failure comes at the commit (like a full disk at the sidecar).
    const auto previous_handler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit previous {};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &previous), 0);
    struct rlimit limit = previous;
    limit.rlim_cur = 64 * 1024;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limit), 0);
    {
        AtomicFile a(old.a, true), b(old.b, true);
        a.write("new data");
        b.write(std::string(200 * 1024, 'x'));
        try {
            commit_together({&a, &b});
            ADD_FAILURE() << "commit_together succeeded past the file size limit";
        } catch (const AtomicFileError& error) {
            EXPECT_NE(std::string(error.what()).find("file size limit"), std::string::npos) << error.what();
        }
    }
    ::setrlimit(RLIMIT_FSIZE, &previous);
    std::signal(SIGXFSZ, previous_handler);
    EXPECT_EQ(read(old.a), "old data");
    EXPECT_EQ(read(old.b), "old facts");
    EXPECT_EQ(dir.entry_count(), 2u);
}

// [What may be replaced] ---------------------------------------------------------------------

// Expects `target` to be refused with and without overwrite, with `words` in the message, and
// the folder to stay as it was (no temp file).
void expect_refused(const testing::TestDir& dir, const std::filesystem::path& target, const std::string& words) {
    const std::size_t entries = dir.entry_count();
    for (const bool overwrite : {false, true}) {
        try {
            AtomicFile file(target, overwrite);
            ADD_FAILURE() << target << " was accepted";
        } catch (const AtomicFileError& error) {
            EXPECT_EQ(error.cause(), AtomicFileError::Cause::other) << error.what();
            EXPECT_NE(std::string(error.what()).find(words), std::string::npos) << error.what();
        }
        EXPECT_EQ(dir.entry_count(), entries);
    }
}

TEST(AtomicFile, OnlyRegularFilesAreReplaced) {
    testing::TestDir dir;
    ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0644), 0);
    expect_refused(dir, dir / "fifo", "is a FIFO (named pipe), not a regular file");
    std::ofstream(dir / "file") << "pointed at";
    std::filesystem::create_symlink(dir / "file", dir / "link");
    expect_refused(dir, dir / "link", "is a symbolic link");
    std::filesystem::create_symlink(dir / "nowhere", dir / "dangling");
    expect_refused(dir, dir / "dangling", "is a symbolic link");
    std::filesystem::create_directory(dir / "folder");
    expect_refused(dir, dir / "folder", "is a folder");
    EXPECT_EQ(read(dir / "file"), "pointed at");
    EXPECT_TRUE(std::filesystem::is_symlink(dir / "link"));
    if (::geteuid() == 0) {  // only root may make device nodes: this one is /dev/null's twin
        ASSERT_EQ(::mknod((dir / "null").c_str(), S_IFCHR | 0666, ::makedev(1, 3)), 0);
        expect_refused(dir, dir / "null", "is a character device, not a regular file");
        struct stat info {};
        ASSERT_EQ(::lstat((dir / "null").c_str(), &info), 0);
        EXPECT_TRUE(S_ISCHR(info.st_mode));
    }
}

TEST(AtomicFile, TargetThatTurnsIntoAFifoBeforeTheCommitIsKept) {
    testing::TestDir dir;
    const auto target = dir / "out.png";
    std::ofstream(target) << "old";
    AtomicFile file(target, true);
    file.write("new");
    std::filesystem::remove(target);
    ASSERT_EQ(::mkfifo(target.c_str(), 0644), 0);
    EXPECT_THROW(file.commit(), AtomicFileError);
    struct stat info {};
    ASSERT_EQ(::lstat(target.c_str(), &info), 0);
    EXPECT_TRUE(S_ISFIFO(info.st_mode));
    EXPECT_EQ(dir.entry_count(), 1u);
}

TEST(AtomicFile, ReplacedFileKeepsItsModeAndOwner) {
    testing::TestDir dir;
    for (const mode_t mode : {0600, 0444, 0640, 0000, 0755}) {
        const auto target = dir / ("m" + std::to_string(mode));
        std::ofstream(target) << "old";
        ASSERT_EQ(::chmod(target.c_str(), mode), 0);
        const bool root = ::geteuid() == 0;
        if (root) {
            ASSERT_EQ(::chown(target.c_str(), 1234, 5678), 0);
        }
        write_file_atomically(target, "new", true);
        struct stat info {};
        ASSERT_EQ(::stat(target.c_str(), &info), 0);
        EXPECT_EQ(info.st_mode & 07777, mode) << target;
        if (root) {
            EXPECT_EQ(info.st_uid, 1234u);
            EXPECT_EQ(info.st_gid, 5678u);
        }
        ::chmod(target.c_str(), 0600);
        EXPECT_EQ(read(target), "new");
    }
    EXPECT_EQ(dir.entry_count(), 5u);
}

TEST(AtomicFile, PrivateFileIsNeverReadableByOthersWhileReplaced) {
    NamedTempFiles named;  // an unnamed file has no name to open it by
    testing::TestDir dir;
    const auto target = dir / "secret";
    std::ofstream(target) << "old";
    ASSERT_EQ(::chmod(target.c_str(), 0600), 0);
    AtomicFile file(target, true);
    file.write("new");
    struct stat temp {};
    ASSERT_EQ(::stat(file.temp_path().c_str(), &temp), 0);
    EXPECT_EQ(temp.st_mode & 077, 0u);
    file.commit();
}

// [Names] ------------------------------------------------------------------------------------

TEST(AtomicFile, LongestNamesFitTheirTempNames) {
    NamedTempFiles named;
    testing::TestDir dir;
    for (const std::size_t length : {200u, 245u, 250u, 255u}) {
        const auto target = dir / std::string(length, 'n');
        AtomicFile file(target, false);
        const std::string temp = file.temp_path().filename().string();
        EXPECT_LE(temp.size(), 100u);
        EXPECT_TRUE(temp.starts_with("." + std::string(64, 'n') + ".tmp-")) << temp;  // still says whose it is
        file.write("long");
        file.commit();
        EXPECT_EQ(read(target), "long");
    }
    // A UTF-8 name is cut between letters, never inside one.
    const std::string letters = std::string(63, 'a') + "\xc3\xa9" + std::string(100, 'b');
    AtomicFile file(dir / letters, false);
    EXPECT_TRUE(file.temp_path().filename().string().starts_with("." + std::string(63, 'a') + ".tmp-"));
    try {
        AtomicFile too_long(dir / std::string(256, 'n'), false);
        FAIL();
    } catch (const AtomicFileError& error) {
        EXPECT_NE(std::string(error.what()).find("256 bytes long: expected at most 255"), std::string::npos)
            << error.what();
    }
}

}  // namespace
}  // namespace app
