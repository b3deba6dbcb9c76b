// fontconfig: the installed fonts listed with their families, styles, weights and files, and sorted for a
// fallback by the characters they cover. String macros such as FC_FAMILY are not imported by Swift; they are
// re-exported as constants.
#ifndef DECOR_CFONTCONFIG_SHIM_H
#define DECOR_CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

static const char *const DECOR_FC_FAMILY = FC_FAMILY;
static const char *const DECOR_FC_STYLE = FC_STYLE;
static const char *const DECOR_FC_FILE = FC_FILE;
static const char *const DECOR_FC_INDEX = FC_INDEX;
static const char *const DECOR_FC_WEIGHT = FC_WEIGHT;
static const char *const DECOR_FC_SLANT = FC_SLANT;
static const char *const DECOR_FC_WIDTH = FC_WIDTH;
static const char *const DECOR_FC_SCALABLE = FC_SCALABLE;
static const char *const DECOR_FC_CHARSET = FC_CHARSET;

#endif
