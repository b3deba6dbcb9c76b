// HarfBuzz: shaping, with FreeType's font functions (hb-ft), as libraqm and Pillow use them. FreeType's headers come
// through CFreeType's shim, so that the FreeType types belong to that module and are the same types here.
#ifndef DECOR_CHARFBUZZ_SHIM_H
#define DECOR_CHARFBUZZ_SHIM_H

#include "../CFreeType/shim.h"
#include <hb.h>
#include <hb-ft.h>

#endif
