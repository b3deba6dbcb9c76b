// libunibreak: line break opportunities (UAX #14).
#ifndef DECOR_CUNIBREAK_SHIM_H
#define DECOR_CUNIBREAK_SHIM_H

#include <linebreak.h>

static const char DECOR_LINEBREAK_MUSTBREAK = LINEBREAK_MUSTBREAK;
static const char DECOR_LINEBREAK_ALLOWBREAK = LINEBREAK_ALLOWBREAK;
static const char DECOR_LINEBREAK_NOBREAK = LINEBREAK_NOBREAK;

#endif
