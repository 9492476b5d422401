/* stb_perlin.h compiled here, optimised for this CPU (-O3 -march=native), as the issue's
   side-by-side measured it: the fastest build of the simplest peer, not Debian's generic one. */
#define STB_PERLIN_IMPLEMENTATION
#include <stb_perlin.h>
