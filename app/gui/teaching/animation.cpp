#include "gui/teaching/animation.hpp"

#include <algorithm>

namespace app::gui {

const char* animated_axis(int dimension) {
    if (dimension == 3) return "z";
    if (dimension == 4) return "w";
    return nullptr;
}

noise::Params animated(const noise::Params& params, const Animation& animation) {
    noise::Params shown = params;
    if (params.dimension == 3) shown.z += animation.phase;
    if (params.dimension == 4) shown.w += animation.phase;
    return shown;
}

bool advance(Animation& animation, double now, bool shown) {
    if (!animation.on) {
        animation.last_step.reset();
        return false;
    }
    if (!animation.last_step) {
        animation.last_step = now;  // the clock starts with the first frame after "animate"
        return false;
    }
    if (!shown) return false;
    const double seconds = std::clamp(now - *animation.last_step, 0.0, Animation::max_step_seconds);
    animation.last_step = now;
    if (seconds <= 0.0) return false;
    animation.phase += animation.speed * seconds;
    return true;
}

}  // namespace app::gui
