// GNU FriBiDi: the Unicode bidirectional algorithm (UAX #9), embedding levels of a paragraph.
#ifndef DECOR_CFRIBIDI_SHIM_H
#define DECOR_CFRIBIDI_SHIM_H

#include <fribidi.h>

static const FriBidiParType DECOR_FRIBIDI_PAR_ON = FRIBIDI_PAR_ON;
static const FriBidiParType DECOR_FRIBIDI_PAR_LTR = FRIBIDI_PAR_LTR;
static const FriBidiParType DECOR_FRIBIDI_PAR_RTL = FRIBIDI_PAR_RTL;

#endif
