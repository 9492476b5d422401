// gui/terrain/gl_objects.hpp: one owned OpenGL name (buffer, vertex array, framebuffer, ...) that deletes
// itself, for the terrain renderer. Main thread only, like all GL here; moving transfers it.
// No GL header here (names are plain unsigned ints), so including this never fixes the order of
// glad and GLFW for the includer.
#pragma once

#include <utility>

namespace app::gui {

class GlName {
public:
    using Deleter = void (*)(unsigned);
    GlName() = default;
    GlName(unsigned name, Deleter deleter) : name_(name), deleter_(deleter) {}
    ~GlName() { reset(); }
    GlName(GlName&& other) noexcept : name_(std::exchange(other.name_, 0)), deleter_(other.deleter_) {}
    GlName& operator=(GlName&& other) noexcept {
        if (this != &other) {
            reset();
            name_ = std::exchange(other.name_, 0);
            deleter_ = other.deleter_;
        }
        return *this;
    }
    GlName(const GlName&) = delete;
    GlName& operator=(const GlName&) = delete;

    unsigned get() const { return name_; }
    explicit operator bool() const { return name_ != 0; }
    void reset() {
        if (name_ && deleter_) deleter_(name_);
        name_ = 0;
    }

private:
    unsigned name_ = 0;
    Deleter deleter_ = nullptr;
};

// New names, each with its glDelete* (gl_objects.cpp).
GlName gl_buffer();
GlName gl_vertex_array();
GlName gl_framebuffer();
GlName gl_renderbuffer();
GlName gl_texture();
GlName gl_query();
GlName gl_program();

}  // namespace app::gui
