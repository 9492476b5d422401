// A file of app/core as it must not be (the test app_layers_refused): it reaches up into the
// command line and climbs out of its folder. check_layers.cmake must refuse both lines and
// accept the others.
#include "../gui/terrain/terrain_view.hpp"
#include "cli/export_command.hpp"
#include "core/preset.hpp"
#include "noise/params.hpp"
