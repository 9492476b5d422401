// gui/gl_objects.hpp: one owned OpenGL name (buffer, vertex array, framebuffer, ...) that deletes
// itself, for the terrain renderer. Main thread only, like all GL here; moving transfers it.
#pragma once

#include <utility>

#include <glad/gl.h>

namespace app::gui {

class GlName {
public:
    using Deleter = void (*)(GLuint);
    GlName() = default;
    GlName(GLuint name, Deleter deleter) : name_(name), deleter_(deleter) {}
    ~GlName() { reset(); }
    GlName(GlName&& other) noexcept
        : name_(std::exchange(other.name_, 0)), deleter_(other.deleter_) {}
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

    GLuint get() const { return name_; }
    explicit operator bool() const { return name_ != 0; }
    void reset() {
        if (name_ && deleter_) deleter_(name_);
        name_ = 0;
    }

private:
    GLuint name_ = 0;
    Deleter deleter_ = nullptr;
};

inline GlName gl_buffer() {
    GLuint n = 0;
    glGenBuffers(1, &n);
    return {n, [](GLuint x) { glDeleteBuffers(1, &x); }};
}
inline GlName gl_vertex_array() {
    GLuint n = 0;
    glGenVertexArrays(1, &n);
    return {n, [](GLuint x) { glDeleteVertexArrays(1, &x); }};
}
inline GlName gl_framebuffer() {
    GLuint n = 0;
    glGenFramebuffers(1, &n);
    return {n, [](GLuint x) { glDeleteFramebuffers(1, &x); }};
}
inline GlName gl_renderbuffer() {
    GLuint n = 0;
    glGenRenderbuffers(1, &n);
    return {n, [](GLuint x) { glDeleteRenderbuffers(1, &x); }};
}
inline GlName gl_texture() {
    GLuint n = 0;
    glGenTextures(1, &n);
    return {n, [](GLuint x) { glDeleteTextures(1, &x); }};
}
inline GlName gl_query() {
    GLuint n = 0;
    glGenQueries(1, &n);
    return {n, [](GLuint x) { glDeleteQueries(1, &x); }};
}
inline GlName gl_program() { return {glCreateProgram(), [](GLuint x) { glDeleteProgram(x); }}; }

}  // namespace app::gui
