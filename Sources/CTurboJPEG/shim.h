// libjpeg-turbo's TurboJPEG API (https://libjpeg-turbo.org): JPEG decoding through calls that return error codes, so
// no longjmp ever crosses a Swift frame (encoding goes through libjpeg's API by scanlines, Sources/CJPEG). Only
// Sources/Decor/Codecs imports it, and the tests, whose reference encoder is TurboJPEG's.
#include <stddef.h>
#include <turbojpeg.h>
