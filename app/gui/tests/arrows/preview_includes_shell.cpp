// A file that breaks an arrow on purpose, for the test gui_arrows_refused: checked as if it were
// in app/gui/preview/, it includes the composition (shell/), which app_gui_preview does not
// link. The two includes before it are allowed and must not be refused. Never compiled.
#include "gui/common/settings.hpp"
#include "gui/preview/view_transform.hpp"
#include "gui/shell/explorer.hpp"
