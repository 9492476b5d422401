#include "gui/terrain/terrain_camera.hpp"

#include <algorithm>
#include <cmath>

namespace app::gui {

namespace {

constexpr double pi        = 3.14159265358979323846;
constexpr double min_pitch = 3.0 * pi / 180.0;
constexpr double max_pitch = 89.0 * pi / 180.0;

Vec3 sub(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
double dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
Vec3 cross(Vec3 a, Vec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
Vec3 normalised(Vec3 a) {
    const double n = std::sqrt(dot(a, a));
    return n > 0.0 ? Vec3{a.x / n, a.y / n, a.z / n} : a;
}

// Column-major: element (row r, column c) at [c * 4 + r].
Mat4 multiply(const Mat4& a, const Mat4& b) {
    Mat4 m{};
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) {
            float s = 0.0f;
            for (int k = 0; k < 4; ++k) s += a[k * 4 + r] * b[c * 4 + k];
            m[c * 4 + r] = s;
        }
    return m;
}

// gluLookAt's matrix.
Mat4 look_at(Vec3 eye, Vec3 target, Vec3 up) {
    const Vec3 f = normalised(sub(target, eye));
    const Vec3 s = normalised(cross(f, up));
    const Vec3 u = cross(s, f);
    return {static_cast<float>(s.x),          static_cast<float>(u.x),
            static_cast<float>(-f.x),         0.0f,
            static_cast<float>(s.y),          static_cast<float>(u.y),
            static_cast<float>(-f.y),         0.0f,
            static_cast<float>(s.z),          static_cast<float>(u.z),
            static_cast<float>(-f.z),         0.0f,
            static_cast<float>(-dot(s, eye)), static_cast<float>(-dot(u, eye)),
            static_cast<float>(dot(f, eye)),  1.0f};
}

// gluPerspective's matrix.
Mat4 perspective(double fov_y, double aspect, double near, double far) {
    const double f = 1.0 / std::tan(fov_y / 2.0);
    Mat4 m{};
    m[0]  = static_cast<float>(f / aspect);
    m[5]  = static_cast<float>(f);
    m[10] = static_cast<float>((far + near) / (near - far));
    m[11] = -1.0f;
    m[14] = static_cast<float>(2.0 * far * near / (near - far));
    return m;
}

}  // namespace

TerrainCamera TerrainCamera::framing(double width, double length, double bottom, double top, double aspect) {
    TerrainCamera c;
    c.target = {width / 2.0, (bottom + top) / 2.0, length / 2.0};
    c.yaw    = 30.0 * pi / 180.0;
    c.pitch  = 35.0 * pi / 180.0;
    std::array<Vec3, 8> corners;
    for (int k = 0; k < 8; ++k)
        corners[static_cast<std::size_t>(k)] = {k & 1 ? width : 0.0, k & 2 ? top : bottom,
                                                k & 4 ? length : 0.0};
    // The view direction f (eye to target) and the screen's right s and up u, as look_at has them.
    const Vec3 f            = {-std::cos(c.pitch) * std::sin(c.yaw), -std::sin(c.pitch),
                               -std::cos(c.pitch) * std::cos(c.yaw)};
    const Vec3 s            = normalised(cross(f, {0.0, 1.0, 0.0}));
    const Vec3 u            = cross(s, f);
    const double tan_y      = std::tan(c.fov_y / 2.0);
    const double tan_x      = tan_y * std::max(aspect, 1e-3);
    constexpr double margin = 1.06;  // a little room around the block
    // A corner k (from the target) at camera distance d lies at depth d + k.f along f, and in the
    // picture while |k.s| <= tan_x depth and |k.u| <= tan_y depth: the least d for every corner.
    // Seen from above at an angle the block's near half looks larger than its far half, so the
    // target then moves across the screen to the middle of the corners' spread, and d follows.
    for (int pass = 0; pass < 4; ++pass) {
        c.distance = 1e-6;
        for (const Vec3& corner : corners) {
            const Vec3 k = sub(corner, c.target);
            c.distance   = std::max({c.distance, margin * std::abs(dot(k, s)) / tan_x - dot(k, f),
                                     margin * std::abs(dot(k, u)) / tan_y - dot(k, f)});
        }
        double left = 0.0, right = 0.0, low = 0.0, high = 0.0;  // on screen, as tangents
        for (const Vec3& corner : corners) {
            const Vec3 k       = sub(corner, c.target);
            const double depth = c.distance + dot(k, f);
            left               = std::min(left, dot(k, s) / depth);
            right              = std::max(right, dot(k, s) / depth);
            low                = std::min(low, dot(k, u) / depth);
            high               = std::max(high, dot(k, u) / depth);
        }
        if (pass == 3) break;
        const double across = (left + right) / 2.0 * c.distance, up = (low + high) / 2.0 * c.distance;
        c.target = {c.target.x + across * s.x + up * u.x, c.target.y + across * s.y + up * u.y,
                    c.target.z + across * s.z + up * u.z};
    }
    return c;
}

Vec3 TerrainCamera::eye() const {
    return {target.x + distance * std::cos(pitch) * std::sin(yaw), target.y + distance * std::sin(pitch),
            target.z + distance * std::cos(pitch) * std::cos(yaw)};
}

void TerrainCamera::orbit(double dx_pixels, double dy_pixels) {
    const double per_pixel = 0.3 * pi / 180.0;
    yaw                    = std::remainder(yaw - dx_pixels * per_pixel, 2.0 * pi);
    pitch                  = std::clamp(pitch + dy_pixels * per_pixel, min_pitch, max_pitch);
}

void TerrainCamera::zoom(double wheel_notches) {
    distance = std::clamp(distance * std::pow(0.85, wheel_notches), 1e-3, 1e7);
}

void TerrainCamera::pan(double dx_pixels, double dy_pixels, double viewport_height_pixels) {
    // Metres per screen pixel at the target's depth.
    const double metres = 2.0 * distance * std::tan(fov_y / 2.0) / std::max(1.0, viewport_height_pixels);
    // Right and forward along the ground: dragging right moves the ground right (target left).
    const Vec3 right{std::cos(yaw), 0.0, -std::sin(yaw)};
    const Vec3 forward{-std::sin(yaw), 0.0, -std::cos(yaw)};
    target.x += (-dx_pixels * right.x + dy_pixels * forward.x) * metres;
    target.z += (-dx_pixels * right.z + dy_pixels * forward.z) * metres;
}

Mat4 TerrainCamera::view_projection(double aspect, double scene_size) const {
    const double near = std::max(distance * 0.01, 1e-4);
    const double far  = distance * 4.0 + scene_size * 4.0;
    return multiply(perspective(fov_y, std::max(aspect, 1e-3), near, far),
                    look_at(eye(), target, {0.0, 1.0, 0.0}));
}

}  // namespace app::gui
