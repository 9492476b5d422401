// app/core/export_failure.hpp: how the export's steps stop (export_image.hpp's ExportError), for
// the files that make up export_image: export_image.cpp, export_encoders.cpp.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

#include "core/export_image.hpp"
#include "core/shown_text.hpp"

namespace app::export_failure {

// One line in our words: the export stops and writes nothing.
[[noreturn]] inline void fail(const std::string& message) {
    throw ExportError(ExportError::Cause::other, message);
}
// A setting the export cannot honour (a key, --threads, a size): the CLI's usage error.
[[noreturn]] inline void refuse_setting(const std::string& message) {
    throw ExportError(ExportError::Cause::setting, message);
}
[[noreturn]] inline void cancelled() { throw ExportError(ExportError::Cause::cancelled, "export cancelled"); }

// Heights past the 32-bit floats (a stack multiplying large heightmaps, a huge remap) would be
// inf or NaN in every format: -nan in an OBJ, null bounds in a glb, a black stretched PNG. Such a
// field is refused, naming the first pixel, before its file is put in place.
[[noreturn]] inline void not_finite(const ExportRequest& request, double value, double x, double y) {
    char where[96];
    std::snprintf(where, sizeof where, "%s at pixel x %.6g, y %.6g", std::isnan(value) ? "NaN" : "infinite",
                  x, y);
    fail(shown(request.path.string()) + ": the field is " + where +
         " (the layers' heights pass the range of 32-bit floats): nothing was written; expected finite "
         "heights, e.g. smaller heightmap samples or another blend");
}

}  // namespace app::export_failure
