#include "gui/terrain/gl_objects.hpp"

#include <glad/gl.h>

namespace app::gui {

GlName gl_buffer() {
    GLuint n = 0;
    glGenBuffers(1, &n);
    return {n, [](unsigned x) { glDeleteBuffers(1, &x); }};
}

GlName gl_vertex_array() {
    GLuint n = 0;
    glGenVertexArrays(1, &n);
    return {n, [](unsigned x) { glDeleteVertexArrays(1, &x); }};
}

GlName gl_framebuffer() {
    GLuint n = 0;
    glGenFramebuffers(1, &n);
    return {n, [](unsigned x) { glDeleteFramebuffers(1, &x); }};
}

GlName gl_renderbuffer() {
    GLuint n = 0;
    glGenRenderbuffers(1, &n);
    return {n, [](unsigned x) { glDeleteRenderbuffers(1, &x); }};
}

GlName gl_texture() {
    GLuint n = 0;
    glGenTextures(1, &n);
    return {n, [](unsigned x) { glDeleteTextures(1, &x); }};
}

GlName gl_query() {
    GLuint n = 0;
    glGenQueries(1, &n);
    return {n, [](unsigned x) { glDeleteQueries(1, &x); }};
}

GlName gl_program() { return {glCreateProgram(), [](unsigned x) { glDeleteProgram(x); }}; }

}  // namespace app::gui
