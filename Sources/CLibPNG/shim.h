// The parts of libpng's simplified API that Swift cannot import directly: macros become constants and
// static inline functions, so Swift code never repeats libpng's arithmetic.
#ifndef DECOR_CLIBPNG_SHIM_H
#define DECOR_CLIBPNG_SHIM_H

#include <png.h>

static const png_uint_32 DECOR_PNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
static const png_uint_32 DECOR_PNG_FORMAT_RGB = PNG_FORMAT_RGB;
static const png_uint_32 DECOR_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const png_uint_32 DECOR_PNG_FORMAT_LINEAR_RGB_ALPHA = PNG_FORMAT_LINEAR_RGB_ALPHA;
static const png_uint_32 DECOR_PNG_FORMAT_FLAG_ALPHA = PNG_FORMAT_FLAG_ALPHA;
static const png_uint_32 DECOR_PNG_FORMAT_FLAG_COLOR = PNG_FORMAT_FLAG_COLOR;
static const png_uint_32 DECOR_PNG_FORMAT_FLAG_LINEAR = PNG_FORMAT_FLAG_LINEAR;
static const png_uint_32 DECOR_PNG_FORMAT_FLAG_COLORMAP = PNG_FORMAT_FLAG_COLORMAP;
static const png_uint_32 DECOR_PNG_IMAGE_FLAG_16BIT_sRGB = PNG_IMAGE_FLAG_16BIT_sRGB;
static const png_uint_32 DECOR_PNG_IMAGE_WARNING = PNG_IMAGE_WARNING;
static const png_uint_32 DECOR_PNG_IMAGE_ERROR = PNG_IMAGE_ERROR;

#endif
