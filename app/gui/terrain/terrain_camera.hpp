// gui/terrain/terrain_camera.hpp: the terrain view's orbit camera, and the 4 x 4 matrices it makes.
//
// The world is the terrain in metres (core/terrain_scale.hpp): X east, Y up, Z south (image rows
// go down), the export's first sample at the origin. The camera circles a target point:
//     eye = target + distance * (cos(pitch) sin(yaw), sin(pitch), cos(pitch) cos(yaw))
// yaw 0 looks north from the south; pitch from 3 to 89 degrees keeps it above the horizon and off
// the pole (where "up" would flip). Gestures, in screen pixels:
//     orbit (left drag): 0.3 degrees per pixel       zoom (wheel): x 0.85 per notch, around the target
//     pan (right drag): the target moves in the ground plane by the distance the cursor covers at
//                       the target's depth, so the ground follows the hand at any zoom
// Matrices are column-major float[16], as glUniformMatrix4fv takes them with transpose = false.
// Plain value, no GL: testable without a context.
#pragma once

#include <array>

namespace app::gui {

using Mat4 = std::array<float, 16>;
struct Vec3 {
    double x = 0.0, y = 0.0, z = 0.0;
};

struct TerrainCamera {
    Vec3 target;
    double yaw      = 0.0;     // radians
    double pitch    = 0.6;     // radians above the horizon
    double distance = 1.0;     // metres from the target
    double fov_y    = 0.7854;  // radians (45 degrees)

    // Frames the block [0, width] x [bottom, top] x [0, length] (metres) from the south-east,
    // above: aimed at its centre, at the closest distance that keeps all eight corners inside a
    // viewport of this aspect (width / height), with a margin.
    static TerrainCamera framing(double width, double length, double bottom, double top, double aspect);

    Vec3 eye() const;
    void orbit(double dx_pixels, double dy_pixels);
    void zoom(double wheel_notches);
    void pan(double dx_pixels, double dy_pixels, double viewport_height_pixels);

    // Projection * view for a viewport of this aspect (width / height); near and far planes follow
    // the distance so the depth buffer keeps its precision at every zoom.
    Mat4 view_projection(double aspect, double scene_size) const;
};

}  // namespace app::gui
