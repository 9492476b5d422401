// Atomic writes: all or nothing, never replacing without permission, never leaving temp files.
#include <gtest/gtest.h>

#include "core/atomic_file.hpp"
#include "test_dir.hpp"

namespace app {
namespace {

using testing::read;

TEST(AtomicFile, WritesOnlyOnCommit) {
    testing::TestDir dir;
    const auto target = dir / "out.txt";
    {
        AtomicFile file(target, false);
        file.write("hello ");
        file.write("world");
        EXPECT_FALSE(std::filesystem::exists(target));
        EXPECT_TRUE(std::filesystem::exists(file.temp_path()));
        EXPECT_EQ(file.temp_path().parent_path(), target.parent_path());  // same folder: rename is atomic
        file.commit();
    }
    EXPECT_EQ(read(target), "hello world");
    EXPECT_EQ(dir.entry_count(), 1u);
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

}  // namespace
}  // namespace app
