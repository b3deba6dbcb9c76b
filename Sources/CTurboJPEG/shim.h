// libjpeg-turbo's TurboJPEG API (https://libjpeg-turbo.org): JPEG decoding and encoding through calls that return
// error codes, so no longjmp ever crosses a Swift frame. Only Sources/Decor/Codecs imports it.
#include <stddef.h>
#include <turbojpeg.h>
