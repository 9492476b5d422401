// Values in error messages: escaped, one line, short.
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <system_error>

#include <nlohmann/json.hpp>

#include "core/read_limited.hpp"
#include "core/shown_text.hpp"

namespace app {
namespace {

TEST(ShownText, PlainValuesAreQuotedAsTheyAre) {
    EXPECT_EQ(shown("octaves"), "'octaves'");
    EXPECT_EQ(shown(""), "''");
    EXPECT_EQ(shown("höhe-\u00e9t\u00e9-\u6f22\u5b57-\U0001F600"), "'höhe-\u00e9t\u00e9-\u6f22\u5b57-\U0001F600'");
}

TEST(ShownText, ControlBytesAndInvalidUtf8AreEscaped) {
    EXPECT_EQ(shown("a\nb\rc\td"), "'a\\nb\\rc\\td'");
    EXPECT_EQ(shown("\x1b]0;title\x07"), "'\\x1b]0;title\\x07'");
    EXPECT_EQ(shown(std::string("a\0b", 3)), "'a\\x00b'");
    EXPECT_EQ(shown("it's \\"), "'it\\'s \\\\'");
    EXPECT_EQ(shown("\x7f"), "'\\x7f'");
    EXPECT_EQ(shown("\xff\xfe"), "'\\xff\\xfe'");      // never valid in UTF-8
    EXPECT_EQ(shown("\xc3"), "'\\xc3'");               // a lead byte cut off
    EXPECT_EQ(shown("\xc0\xaf"), "'\\xc0\\xaf'");       // an overlong '/'
    EXPECT_EQ(shown("\xed\xa0\x80"), "'\\xed\\xa0\\x80'");  // a UTF-16 surrogate
    EXPECT_EQ(shown("\xc2\x9b" "31m"), "'\\xc2\\x9b31m'");  // C1 CSI, which terminals obey
}

TEST(ShownText, LongValuesKeepHeadAndTailAndSayHowLong) {
    const std::string big = "start" + std::string(10'000'000, 'x') + "end";
    const std::string text = shown(big);
    EXPECT_LE(text.size(), 90u);
    EXPECT_EQ(text.rfind("'start", 0), 0u) << text;
    EXPECT_NE(text.find("xend' (10000008 bytes)"), std::string::npos) << text;
    EXPECT_EQ(text.find('\n'), std::string::npos);

    // Cutting never splits an escape or a UTF-8 letter.
    const std::string letters(400, '\x01');
    const std::string cut = escaped(letters, 21);
    EXPECT_EQ(cut, "\\x01\\x01...\\x01\\x01 (400 bytes)");
    std::string accents;
    for (int i = 0; i < 100; ++i) accents += "\u00e9";
    const std::string accent_cut = escaped(accents, 11);
    EXPECT_EQ(accent_cut, "\u00e9\u00e9...\u00e9\u00e9 (200 bytes)");  // the limit counts bytes
    EXPECT_EQ(escaped(std::string(60, 'a')), std::string(60, 'a'));
}

// What a catch-all shows: our own messages as they are, never the library's raw text.
TEST(ShownText, FailureTextIsInOurWords) {
    EXPECT_EQ(failure_text(ReadError("p.json: is a folder, expected a preset file")),
              "p.json: is a folder, expected a preset file");
    EXPECT_EQ(failure_text(std::runtime_error("key 'a\\x01': bad")), "key 'a\\x01': bad");  // not escaped twice
    EXPECT_EQ(failure_text(std::runtime_error("two\nlines")), "two\\nlines");
    EXPECT_EQ(failure_text(std::bad_alloc()), "not enough memory");
    const std::filesystem::filesystem_error fs("filesystem error: cannot create directories", "/x/y",
                                               std::make_error_code(std::errc::permission_denied));
    EXPECT_EQ(failure_text(fs), "'/x/y': Permission denied");
    EXPECT_EQ(failure_text(std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again))),
              "the system refused: Resource temporarily unavailable");
    try {
        (void)nlohmann::json::parse("[1,");
    } catch (const nlohmann::json::exception& error) {
        const std::string text = failure_text(error);
        EXPECT_EQ(text.rfind("an internal error (please report it): ", 0), 0u) << text;
    }
    try {
        (void)std::string("abc").substr(5);
    } catch (const std::out_of_range& error) {
        EXPECT_EQ(failure_text(error).rfind("an internal error (please report it): ", 0), 0u);
    }
}

}  // namespace
}  // namespace app
