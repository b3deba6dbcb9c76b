// FreeType: font files opened from memory, glyphs loaded (hinted as FT_LOAD_DEFAULT) and rendered antialiased.
// Macros Swift cannot import (function-like ones) become constants. CHarfBuzz's shim includes this header, so the
// FreeType types belong to this module alone.
#ifndef DECOR_CFREETYPE_SHIM_H
#define DECOR_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

static const FT_Int32 DECOR_FT_LOAD_DEFAULT = FT_LOAD_DEFAULT;
static const FT_Int32 DECOR_FT_LOAD_NO_HINTING = FT_LOAD_NO_HINTING;
static const FT_Int32 DECOR_FT_LOAD_NO_BITMAP = FT_LOAD_NO_BITMAP;
static const FT_Int32 DECOR_FT_LOAD_TARGET_NORMAL = FT_LOAD_TARGET_NORMAL;
static const FT_Long DECOR_FT_FACE_FLAG_SCALABLE = FT_FACE_FLAG_SCALABLE;

#endif
