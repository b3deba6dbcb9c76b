// Little CMS 2 (https://www.littlecms.com): ICC profiles read and RGB converted to sRGB. Only
// Sources/Decor/Codecs imports it.
#include <lcms2.h>

// The pixel-format macros Swift cannot import (lcms2's TYPE_* are built from shifts and casts).
static inline cmsUInt32Number decor_lcms_type_rgba_8(void) { return TYPE_RGBA_8; }
static inline cmsUInt32Number decor_lcms_type_gray_8(void) { return TYPE_GRAY_8; }
static inline cmsUInt32Number decor_lcms_type_rgb_8(void) { return TYPE_RGB_8; }
static inline cmsUInt32Number decor_lcms_type_rgba_16(void) { return TYPE_RGBA_16; }
static inline cmsUInt32Number decor_lcms_type_gray_16(void) { return TYPE_GRAY_16; }
static inline cmsUInt32Number decor_lcms_type_rgb_16(void) { return TYPE_RGB_16; }
static inline cmsUInt32Number decor_lcms_type_cmyk_8(void) { return TYPE_CMYK_8; }
static inline cmsUInt32Number decor_lcms_type_cmyk_8_rev(void) { return TYPE_CMYK_8_REV; }
