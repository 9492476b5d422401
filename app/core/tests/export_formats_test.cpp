// The format table's file names: an extension that names another format is refused, and a typed
// extension points the dialog at the format it names.
#include "core/export_formats.hpp"

#include <gtest/gtest.h>

namespace app {
namespace {

TEST(FileNameProblem, TheFormatsOwnExtensionOrNoneIsAccepted) {
    for (const ExportFormatInfo& info : export_format_table()) {
        EXPECT_EQ(file_name_problem(info.format, "out/h" + std::string(info.extension)), "") << info.name;
        EXPECT_EQ(file_name_problem(info.format, "out/heights"), "") << info.name;
    }
    EXPECT_EQ(file_name_problem(ExportFormat::png16, "H.PNG"), "");  // case does not matter
}

TEST(FileNameProblem, RawSamplesMayCarryAnExtensionNoImageUses) {
    EXPECT_EQ(file_name_problem(ExportFormat::r16, "terrain.raw"), "");
    EXPECT_EQ(file_name_problem(ExportFormat::r32, "terrain.height"), "");
}

TEST(FileNameProblem, AnotherFormatsExtensionIsRefusedNamingBoth) {
    EXPECT_EQ(file_name_problem(ExportFormat::r32, "dir/h.png"),
              "'h.png': .png is the extension of png8, rgb8, png16, normal8, mask16, weights8, weights16 "
              "and splat8, not of r32 (headerless raw samples): name it .r32 (or .raw), or choose png8, "
              "rgb8, png16, normal8, mask16, weights8, weights16 or splat8");
    EXPECT_EQ(
        file_name_problem(ExportFormat::png16, "h.r32"),
        "'h.r32': .r32 is the extension of r32, not of png16 (a PNG file): name it .png, or choose r32");
    EXPECT_NE(file_name_problem(ExportFormat::r16, "h.R32"), "");
    EXPECT_NE(file_name_problem(ExportFormat::glb, "h.obj"), "");
    EXPECT_NE(file_name_problem(ExportFormat::exr32, "h.png"), "");
}

TEST(FileNameProblem, AnImageFormatNoExportWritesIsRefused) {
    EXPECT_EQ(file_name_problem(ExportFormat::png8, "h.jpg"),
              "'h.jpg': .jpg is the extension of a format no export writes, not of png8 (a PNG file): "
              "name it .png");
    EXPECT_NE(file_name_problem(ExportFormat::r16, "h.tif"), "");
    EXPECT_EQ(file_name_problem(ExportFormat::png8, "still.gif"),
              "'still.gif': .gif is the extension of an animation (--animate), not of png8 (a PNG file): "
              "name it .png");
    EXPECT_NE(file_name_problem(ExportFormat::glb, "h.fbx"), "");
}

TEST(FormatNamedBy, ATypedExtensionPointsAtItsFormat) {
    EXPECT_EQ(format_named_by("h.r32", ExportFormat::png16), ExportFormat::r32);
    EXPECT_EQ(format_named_by("h.EXR", ExportFormat::png16), ExportFormat::exr32);
    EXPECT_EQ(format_named_by("h.obj", ExportFormat::glb), ExportFormat::obj);
    // The PNG rows share .png: the chosen one stays, and from another container png16 is chosen.
    EXPECT_EQ(format_named_by("h.png", ExportFormat::mask16), ExportFormat::mask16);
    EXPECT_EQ(format_named_by("h.png", ExportFormat::r16), ExportFormat::png16);
    EXPECT_EQ(format_named_by("h.jpg", ExportFormat::png8), std::nullopt);
    EXPECT_EQ(format_named_by("h", ExportFormat::png8), std::nullopt);
}

}  // namespace
}  // namespace app
